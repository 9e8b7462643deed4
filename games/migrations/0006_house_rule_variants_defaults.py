"""56, Bid Euchre and Contract Rummy matches pinned before issue 20's house rules existed get those settings at their
defaults, so that every match lists every house rule of its game (the match resource, the interchange file's check).
"""

from django.db import migrations

# The defaults as the rules files give them (fifty_six.md §F.9, bid_euchre.md §E.7, contract_rummy.md §R.7), frozen
# here: the migration must not change if an engine does.
VARIANT_DEFAULTS = {
    "fifty_six": {
        "redouble_out_of_turn": False,
        "calls_limited_by_tables": False,
        "redeal_team_without_jack": False,
        "redeal_hand_points_at_most": None,
        "eight_player_pack": 64,
        "trump_lead_rule": "any_time",
    },
    "bid_euchre": {
        "allow_low_no_trump": False,
        "made_contract_scores": "tricks_taken",
        "extra_moon_calls": False,
        "triple_moon_points": 32,
        "quadruple_moon_points": 48,
        "renege_award": 0,
        "renege_ends_deal": False,
    },
    "contract_rummy": {
        "allow_two_players": False,
        "non_dealer_extra_card": False,
    },
}


def fill_in_variant_settings(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    for match in Match.objects.filter(game__in=VARIANT_DEFAULTS).only("pk", "game", "settings").iterator():
        defaults = VARIANT_DEFAULTS[match.game]
        missing = {name: value for name, value in defaults.items() if name not in match.settings}
        if missing:
            Match.objects.filter(pk=match.pk).update(settings={**match.settings, **missing})


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0005_recordings_read_from_deal_rows"),
    ]

    operations = [
        migrations.RunPython(fill_in_variant_settings, migrations.RunPython.noop),
    ]
