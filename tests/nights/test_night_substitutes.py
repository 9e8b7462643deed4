"""A substitute takes an entrant's seat for a round (issue 25): the table's match seats them, the seat's score stays
the entrant's, the change is audited in the club's log and the match's, and the night exports and imports back with
it. Refused: a player on a bye or not drawn, a substitute already in the round, a closed round, a member who is not
the club's admin."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from exports.writers.cards import score_card_lines
from games.models import AuditEntry, Membership, Player
from nights.models import Event, Substitute
from nights.selectors import event_standings, table_scores
from nights.services import round_start
from tests.api.helpers import assert_error
from tests.exports.helpers import pdf_text
from tests.exports.nights import Night, export_json, make_night, renumbered, write
from tests.exports.roundtrip import empty_the_database
from tests.factories import UserFactory
from tests.nights.helpers import euchre_deal
from tests.support.auth import client_for

pytestmark = pytest.mark.django_db


def _substitute(client: APIClient, night: Night, number: int, entrant: int, player: Any) -> Any:
    url = f"/api/v1/events/{night.event.pk}/rounds/{number}/substitutes/"
    return client.post(url, {"entrant": entrant, "player": player}, format="json")


@pytest.fixture
def open_night(monkeypatch: pytest.MonkeyPatch) -> Night:
    """The five-player night of the export tests with a third round drawn and not yet played."""
    night = make_night(monkeypatch)
    Event.objects.filter(pk=night.event.pk).update(rounds_planned=3, status=Event.Status.OPEN)
    monkeypatch.setattr("nights.services.secrets.randbits", lambda bits: 33)
    round_start(actor=night.director, event_id=night.event.pk)
    night.event.refresh_from_db()
    return night


def _seat_of(night: Night, number: int, name: str) -> tuple[int, str]:
    table = night.round(number).tables.get()
    seat = table.match.seats.get(player__name=name)
    return table.match_id, seat.seat


def test_a_substitute_takes_the_seat_and_the_score_stays_the_entrants(open_night: Night) -> None:
    night, client = open_night, client_for(open_night.director)
    seated = [seat.player.name for seat in night.round(3).tables.get().match.seats.order_by("position")]
    name = seated[0]
    match_id, seat = _seat_of(night, 3, name)
    entrant = night.entrant(name)
    answer = _substitute(client, night, 3, entrant.pk, {"name": "Zoe"})
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    zoe = Player.objects.get(name="Zoe")
    assert body["substitutes"] == [
        {"entrant": entrant.pk, "table": 1, "seat": seat, "player": {"id": zoe.pk, "name": "Zoe"}}
    ]
    assert [s["player"]["name"] for s in body["tables"][0]["seats"]] == ["Zoe", *seated[1:]]
    club_entry = AuditEntry.objects.get(action="night.substituted")
    assert club_entry.before is not None and club_entry.after is not None
    assert (club_entry.club_id, club_entry.before["player"], club_entry.after["player"]) == (
        night.club.pk,
        entrant.player_id,
        zoe.pk,
    )
    assert club_entry.after == {
        "event": night.event.pk, "round": 3, "table": 1, "seat": seat, "player": zoe.pk, "entrant": entrant.pk
    }  # fmt: skip
    audit = client.get(f"/api/v1/matches/{match_id}/audit/").json()
    entries = audit["results"] if isinstance(audit, dict) else audit
    assert [entry["action"] for entry in entries][-1] == "match.seat_substituted"
    # Zoe plays the round's two deals in the seat; the seat's side score is the entrant's round 3.
    table = night.round(3).tables.get()
    dealer, rng = table.first_dealer, random.Random(8)
    for _ in range(2):
        deal = client.post(f"/api/v1/matches/{match_id}/deals/", euchre_deal(dealer, rng), format="json").json()
        dealer = deal["match"]["state"]["next_dealer"]
    table.refresh_from_db()
    table.match.refresh_from_db()
    side = next(team for team, seats in (table.match.teams or {}).items() if seat in seats)
    close = client.post(f"/api/v1/events/{night.event.pk}/rounds/3/close/", {"reason": "All done."}, format="json")
    assert close.status_code == 200, close.json()
    rows = {row.name: row for row in event_standings(night.event)}
    assert rows[name].rounds[3] == table_scores(table)[side]
    assert "Zoe" not in rows
    assert len(rows) == 5


def test_a_second_substitute_takes_the_seat_from_the_first(open_night: Night) -> None:
    night, client = open_night, client_for(open_night.director)
    name = night.round(3).tables.get().match.seats.get(seat="S1").player.name
    entrant = night.entrant(name)
    assert _substitute(client, night, 3, entrant.pk, {"name": "Zoe"}).status_code == 201
    answer = _substitute(client, night, 3, entrant.pk, {"name": "Yann"})
    assert answer.status_code == 201, answer.json()
    assert [sub["player"]["name"] for sub in answer.json()["substitutes"]] == ["Yann"]
    assert answer.json()["tables"][0]["seats"][0]["player"]["name"] == "Yann"
    assert Substitute.objects.count() == 1


def test_a_substitute_is_refused_for_a_player_not_seated_or_already_in_the_round(open_night: Night) -> None:
    night, client = open_night, client_for(open_night.director)
    on_bye = night.round(3).byes.get().entrant
    seated = night.round(3).tables.get().match.seats.order_by("position")
    first, second = (night.entrant(seat.player.name) for seat in seated[:2])
    answer = _substitute(client, night, 3, on_bye.pk, {"name": "Zoe"})
    assert_error(answer, 400, "invalid", field="entrant")
    assert answer.json()["detail"] == (
        f"{on_bye.player.name} has no seat in round 3: only a seated player can be replaced."
    )
    answer = _substitute(client, night, 3, first.pk, second.player_id)
    assert_error(answer, 409, "player_already_drawn", field="player")
    assert answer.json()["detail"] == (
        f"{second.player.name} is already drawn in round 3: a substitute is someone not playing it."
    )
    assert_error(_substitute(client, night, 3, first.pk, on_bye.player_id), 409, "player_already_drawn", field="player")
    assert_error(_substitute(client, night, 3, 999999, {"name": "Zoe"}), 400, "invalid", field="entrant")
    assert_error(_substitute(client, night, 2, first.pk, {"name": "Zoe"}), 409, "round_closed")
    assert_error(_substitute(client, night, 3, first.pk, {}), 400, "invalid", field="player.name")
    member = UserFactory.create()
    Membership.objects.create(club=night.club, user=member, role=Membership.Role.MEMBER)
    assert_error(_substitute(client_for(member), night, 3, first.pk, {"name": "Zoe"}), 403, "permission_denied")
    assert_error(_substitute(client_for(UserFactory.create()), night, 3, first.pk, {"name": "Zoe"}), 404, "not_found")
    assert not Substitute.objects.exists()
    assert not Player.objects.filter(name="Zoe").exists()


def test_the_score_card_and_the_interchange_file_keep_the_substitute(open_night: Night, tmp_path: Path) -> None:
    night, client = open_night, client_for(open_night.director)
    table = night.round(3).tables.get()
    seats = list(table.match.seats.order_by("position"))
    name = seats[0].player.name
    assert _substitute(client, night, 3, night.entrant(name).pk, {"name": "Zoe"}).status_code == 201
    card = pdf_text(write("entrant", night.entrant(name).pk, "pdf", tmp_path), tmp_path).splitlines()
    assert card[card.index("Round") + 1 : card.index("Round") + 4] == ["1", "2", "3"]  # round 3 is on the card
    assert f"{seats[1].player.name}, {seats[3].player.name}" in card
    assert "Zoe" not in " ".join(card)
    # Round 3 as seen from the seat Zoe sits in: the partner across, the opponents beside, the table as it stands.
    entrant = night.entrant(name)
    row = next(row for row in event_standings(night.event) if row.entrant == entrant)
    last = score_card_lines(night.event, entrant, row.rounds)[-1]
    assert last == {
        "round": 3,
        "table": "1",
        "partners": [seats[2].player.name],
        "opponents": [seats[1].player.name, seats[3].player.name],
        "score": 0.0,
        "total": row.total,
    }
    exported = export_json("event", night.event.pk, tmp_path)
    assert exported["events"][0]["rounds"][2]["substitutes"] == [
        {"entrant": night.entrant(name).pk, "player": Player.objects.get(name="Zoe").pk, "table": 1, "seat": "S1"}
    ]
    Event.objects.all().delete()
    empty_the_database()
    from exports.importer import club_import

    club_import(actor=UserFactory.create(), document=exported)
    again = export_json("event", Event.objects.get().pk, tmp_path)
    assert renumbered(again) == renumbered(exported)
