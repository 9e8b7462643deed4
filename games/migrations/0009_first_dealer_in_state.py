"""A club night's table not dealt yet when its first dealer moved into the engines (games.rules.first_dealer): its
state before the first counted deal gets the ``first_dealer`` key beside ``next_dealer``, so the engine refuses
another first dealer as the service did. That state is the match's own while no deal counts, and the stored state
after each voided deal before the first counted one (a correction of the next deal replays from it)."""

from django.db import migrations

# The state key, frozen here: the migration must not change if the engines' module does.
FIRST_DEALER = "first_dealer"


def marked(state, first_dealer):
    if not isinstance(state, dict) or "next_dealer" not in state or FIRST_DEALER in state:
        return state
    return {**state, "next_dealer": first_dealer, FIRST_DEALER: first_dealer}


def mark_drawn_first_dealers(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Deal = apps.get_model("games", "Deal")
    for match in Match.objects.exclude(first_dealer="").only("pk", "first_dealer", "state").iterator():
        counted = False
        for deal in Deal.objects.filter(match_id=match.pk).order_by("number").only("pk", "status", "state_after"):
            if deal.status != "voided":
                counted = True
                break
            state = marked(deal.state_after, match.first_dealer)
            if state is not deal.state_after:
                Deal.objects.filter(pk=deal.pk).update(state_after=state)
        state = marked(match.state, match.first_dealer)
        if not counted and state is not match.state:
            Match.objects.filter(pk=match.pk).update(state=state)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_match_club_first_dealer"),
    ]

    operations = [
        migrations.RunPython(mark_drawn_first_dealers, migrations.RunPython.noop),
    ]
