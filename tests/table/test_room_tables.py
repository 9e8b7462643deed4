"""The director's room's tables: a deal waits for a confirmation only where someone can answer it (an opponent
seated with a linked account), and the minutes since a table's last deal count from that deal's recording, not from
the match's last change (a correction or an answer)."""

from __future__ import annotations

import datetime
import random
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from games.models import Deal, Match, Player
from tests.factories import UserFactory
from tests.nights.helpers import euchre_deal, night_of_eight, start_round
from tests.support.auth import client_for
from tests.support.corrections import put

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(user: Any) -> dict[str, Any]:
    """The director's (``user``) night of 8 names, round 1 drawn, one deal recorded by the director at table 1."""
    api = client_for(user)
    event = night_of_eight(api)
    table = start_round(api, event)["tables"][0]
    deal = api.post(
        f"/api/v1/matches/{table['match']}/deals/", euchre_deal(table["first_dealer"], random.Random(1)), format="json"
    )
    assert deal.status_code == 201, deal.json()
    return {"api": api, "event": event, "table": table, "match": Match.objects.get(pk=table["match"])}


def room_table(night: dict[str, Any], number: int = 1) -> dict[str, Any]:
    tables = night["api"].get(f"/api/v1/events/{night['event']}/room/").json()["tables"]
    return next(table for table in tables if table["number"] == number)


def link_seat(match: Match, seat: str) -> Any:
    """The player in ``seat`` linked to a new account: the room's ETag moves (who can confirm decides what waits)."""
    account = UserFactory.create()
    Player.objects.filter(pk=match.seats.get(seat=seat).player_id).update(user=account)
    return account


def test_a_deal_at_a_table_of_names_waits_for_no_confirmation(night: dict[str, Any]) -> None:
    # Nobody at the table has an account: nobody can confirm, so the table is not shown waiting.
    found = room_table(night)
    assert (found["deals"], found["waiting"], found["disputed"]) == (1, 0, 0)


def test_a_deal_waits_while_a_linked_opponent_can_answer_it(night: dict[str, Any]) -> None:
    match = night["match"]
    opponent = link_seat(match, "S2")  # the director recorded without a seat: any linked seat answers
    assert room_table(night)["waiting"] == 1
    answered = client_for(opponent).post(f"/api/v1/matches/{match.pk}/deals/1/confirm/", {}, format="json")
    assert answered.status_code == 201, answered.json()
    assert room_table(night)["waiting"] == 0


def test_a_deal_recorded_by_a_side_waits_only_for_another_sides_linked_player(night: dict[str, Any]) -> None:
    match = night["match"]
    scorer = link_seat(match, "S2")  # team B
    state = client_for(scorer).get(f"/api/v1/matches/{match.pk}/").json()["state"]
    deal = client_for(scorer).post(
        f"/api/v1/matches/{match.pk}/deals/", euchre_deal(state["next_dealer"], random.Random(2)), format="json"
    )
    assert deal.status_code == 201, deal.json()
    # Deal 1 (the director's) waits for S2; deal 2 is S2's own side's, and team A has no linked player.
    assert room_table(night)["waiting"] == 1
    link_seat(match, "S4")  # team B again: still nobody of team A
    assert room_table(night)["waiting"] == 1
    link_seat(match, "S1")  # team A
    assert room_table(night)["waiting"] == 2


def test_a_voided_deal_waits_for_nothing(night: dict[str, Any]) -> None:
    match = night["match"]
    link_seat(match, "S2")
    voided = night["api"].delete(f"/api/v1/matches/{match.pk}/deals/1/", {"reason": "dealt twice"}, format="json")
    assert voided.status_code == 200, voided.json()
    assert room_table(night)["waiting"] == 0


def test_the_minutes_since_the_last_deal_count_from_its_recording_not_a_correction(night: dict[str, Any]) -> None:
    match = night["match"]
    recorded = datetime.datetime(2026, 12, 2, 19, 30, tzinfo=datetime.UTC)
    Deal.objects.filter(match=match, number=1).update(recorded_at=recorded)
    cache.clear()
    assert room_table(night)["last_deal_at"] == "2026-12-02T19:30:00+00:00"
    deal = euchre_deal(night["table"]["first_dealer"], random.Random(3))
    corrected = put(night["api"], match.pk, 1, {**deal, "reason": "tricks miscounted"}, 1)
    assert corrected.status_code == 200, corrected.json()
    # The correction changed the match now; the table has still not played a deal since 19:30.
    assert room_table(night)["last_deal_at"] == "2026-12-02T19:30:00+00:00"
    assert room_table(night, 2)["last_deal_at"] is None


def test_the_room_page_draws_the_display_links_qr_code(night: dict[str, Any], user: Any) -> None:
    page = Client()
    page.force_login(user)
    assert 'id="display-qr" class="qr"></figure>' in page.get(f"/table/events/{night['event']}/room/").content.decode()
    made = night["api"].post(f"/api/v1/events/{night['event']}/display-link/").json()
    assert made["qr_svg"].startswith("<svg") and "<title>QR code of the room display's link</title>" in made["qr_svg"]
    html = page.get(f"/table/events/{night['event']}/room/").content.decode()
    drawn = re.search(r'<figure id="display-qr" class="qr">(<svg .*?</svg>)</figure>', html, re.S)
    assert drawn is not None and drawn.group(1) == made["qr_svg"]  # the page draws the code the API gives
