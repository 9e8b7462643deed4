"""A night of fixed partnerships out and back: its standings name the teams, its rounds list a team's bye once, and
the interchange file carries its teams, imports back (the summary counts the night) and exports again equal."""

from __future__ import annotations

import random
import secrets
from pathlib import Path

import pytest

from exports.importer import check_shape, club_import
from exports.writers.cards import score_card_lines
from games.errors import ImportRefused
from games.services.deals import deal_record
from nights.models import Event, Round, Team
from nights.selectors import event_standings
from nights.services import event_create, round_start, team_check_in
from tests.exports.helpers import csv_rows, xlsx_sheets
from tests.exports.nights import directed_club, export_json, renumbered, write
from tests.exports.roundtrip import empty_the_database
from tests.factories import UserFactory
from tests.nights.helpers import euchre_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(monkeypatch: pytest.MonkeyPatch) -> Event:
    """Three Bid Euchre teams in a round robin, round 1 drawn (a table and a bye) and played for two deals."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 7)
    director, club = directed_club("Euchre club")
    night = event_create(
        actor=director,
        club=club,
        name="Round robin",
        game="bid_euchre",
        settings={},
        format="round_robin",
        format_settings={},
        rounds_planned=3,
        round_length="deals",
        deals_per_round=2,
    )
    for first, second in (("Asha", "Bala"), ("Chen", "Dora"), ("Emil", "Fay")):
        team_check_in(actor=director, event_id=night.pk, players=[{"name": first}, {"name": second}])
    played: Round = round_start(actor=director, event_id=night.pk)
    rng = random.Random(4)
    table = played.tables.get()
    dealer = table.first_dealer
    for _ in range(2):
        dealer = deal_record(match_id=table.match_id, actor=director, payload=euchre_deal(dealer, rng)).match.state[
            "next_dealer"
        ]
    return night


def test_the_standings_and_rounds_name_the_teams(event: Event, tmp_path: Path) -> None:
    rows = csv_rows(write("event", event.pk, "csv", tmp_path))
    assert rows[0] == ["rank", "player", "total", "played", "byes", "round 1"]
    standings = event_standings(event)
    assert [row[1] for row in rows[1:]] == [row.name for row in standings]
    assert sorted(row[1] for row in rows[1:]) == ["Asha & Bala", "Chen & Dora", "Emil & Fay"]
    rounds = xlsx_sheets(write("event", event.pk, "xlsx", tmp_path))["Rounds"]
    byes = [row for row in rounds[1:] if row[5] == "bye"]
    (bye_team,) = [row for row in standings if row.byes == 1]
    assert [row[6] for row in byes] == [bye_team.name]  # one row for the team's bye, its players joined


def test_the_interchange_file_carries_the_teams_and_imports_back_equal(event: Event, tmp_path: Path) -> None:
    exported = export_json("event", event.pk, tmp_path)
    check_shape(exported)
    (night,) = renumbered(exported)["events"]
    assert [(team["id"], team["name"], team["joined_from_round"]) for team in night["teams"]] == [
        (0, "", 1),
        (1, "", 1),
        (2, "", 1),
    ]
    assert [entrant["team"] for entrant in night["entrants"]] == [0, 0, 1, 1, 2, 2]
    standings = [(row.rank, row.name, row.total, row.match_points) for row in event_standings(event)]
    Event.objects.all().delete()
    empty_the_database()
    summary = club_import(actor=UserFactory.create(), document=exported)
    assert (summary.events, summary.matches) == (1, 1)
    imported = Event.objects.get()
    assert renumbered(export_json("event", imported.pk, tmp_path)) == renumbered(exported)
    assert [(row.rank, row.name, row.total, row.match_points) for row in event_standings(imported)] == standings
    assert Team.objects.filter(event=imported).count() == 3


def test_a_team_of_the_wrong_size_or_an_entrant_without_a_team_is_refused(event: Event, tmp_path: Path) -> None:
    exported = export_json("event", event.pk, tmp_path)
    Event.objects.all().delete()
    empty_the_database()
    alone = {**exported, "events": [{**exported["events"][0]}]}
    alone["events"][0]["entrants"] = [{**entrant, "team": None} for entrant in exported["events"][0]["entrants"]]
    with pytest.raises(ImportRefused) as refused:
        club_import(actor=UserFactory.create(), document=alone)
    assert refused.value.field == "events[0].entrants[0].team"
    shrunk = {**exported, "events": [{**exported["events"][0]}]}
    shrunk["events"][0]["entrants"] = exported["events"][0]["entrants"][1:]
    with pytest.raises(ImportRefused) as refused:
        club_import(actor=UserFactory.create(), document=shrunk)
    assert refused.value.field == "events[0].teams[0]"
    assert not Event.objects.exists()


def test_a_team_player_s_score_card_shows_the_partner_and_the_team_s_score(event: Event) -> None:
    for member in event.entrants.select_related("player").order_by("pk"):
        row = next(row for row in event_standings(event) if member in row.members)
        (line,) = score_card_lines(event, member, row.rounds)
        partner = next(other.player.name for other in row.members if other != member)
        if row.byes:
            assert (line["table"], line["partners"], line["score"]) == ("Sat out", [], None)
        else:
            assert (line["table"], line["partners"], line["score"]) == ("1", [partner], row.rounds[1])
            assert len(line["opponents"]) == 2
