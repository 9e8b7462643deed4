"""Seep matches pinned before the play-level settings of seep.md §S.7a existed get those settings at their defaults,
so that every match lists every house rule of its game (the match resource, the interchange file's check)."""

from django.db import migrations

# The defaults as seep.md §S.9 gives them, frozen here: the migration must not change if the engine does.
PLAY_LEVEL_DEFAULTS = {
    "capture_must_take_all_sets": True,
    "owner_may_throw_loose": True,
    "house_only_sweep_counts": True,
    "loose_sets_join_house": "optional",
}


def fill_in_play_level_settings(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    for match in Match.objects.filter(game="seep").only("pk", "settings").iterator():
        missing = {name: value for name, value in PLAY_LEVEL_DEFAULTS.items() if name not in match.settings}
        if missing:
            Match.objects.filter(pk=match.pk).update(settings={**match.settings, **missing})


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0003_league_rating_pool"),
    ]

    operations = [
        migrations.RunPython(fill_in_play_level_settings, migrations.RunPython.noop),
    ]
