"""A night's closed rounds' results are kept (nights.selectors.night_results), as league standings are: a read after
a deal in the round being played folds no closed round again, and a correction at a closed round's table folds that
round again, its standings moved by exactly the correction."""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

import pytest
from rest_framework.test import APIClient

from games.models import Player
from nights import selectors
from nights.models import Table
from tests.nights.helpers import SEATS, euchre_deal, night_of_eight, start_round
from tests.support.auth import client_for
from tests.support.corrections import put

pytestmark = pytest.mark.django_db


def bid_and_take(dealer: str, tricks: int) -> dict[str, Any]:
    """The dealer's left bids 3 in hearts and the others pass; the bidders take ``tricks`` of 6."""
    deal = euchre_deal(dealer, random.Random(0))
    bidders = "A" if SEATS[(SEATS.index(dealer) + 1) % 4] in ("S1", "S3") else "B"
    deal["tricks_won"] = {bidders: tricks, ("B" if bidders == "A" else "A"): 6 - tricks}
    return deal


@pytest.fixture
def night(user: Any) -> dict[str, Any]:
    """8 players; round 1 closed after one deal at each of its two tables; round 2 drawn."""
    api = client_for(user)
    event = night_of_eight(api)
    first = start_round(api, event)["tables"]
    for table in first:
        posted = api.post(
            f"/api/v1/matches/{table['match']}/deals/", bid_and_take(table["first_dealer"], 4), format="json"
        )
        assert posted.status_code == 201, posted.json()
    closed = api.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "Time is up"}, format="json")
    assert closed.status_code == 200, closed.json()
    second = start_round(api, event)["tables"]
    return {"api": api, "event": event, "first": first, "second": second}


def folds(api: APIClient, event: int) -> tuple[int, dict[str, float]]:
    """How many tables' scores the standings read folded, and each player's total."""
    with mock.patch.object(selectors, "table_scores", wraps=selectors.table_scores) as scored:
        rows = api.get(f"/api/v1/events/{event}/standings/").json()["rows"]
    return scored.call_count, {row["player"]["name"]: row["total"] for row in rows}


def test_a_read_after_a_deal_folds_only_the_round_being_played(night: dict[str, Any]) -> None:
    api, event = night["api"], night["event"]
    assert folds(api, event)[0] == 0  # round 1's two tables were folded once, by round 2's draw, and kept
    table = night["second"][0]
    posted = api.post(f"/api/v1/matches/{table['match']}/deals/", bid_and_take(table["first_dealer"], 4), format="json")
    assert posted.status_code == 201, posted.json()
    count, _ = folds(api, event)
    assert count == 0  # round 2 has no result yet, round 1's is kept
    document = api.get(f"/api/v1/events/{event}/room/").json()
    assert [entry["deals"] for entry in document["tables"]] == [1, 0]


def test_a_correction_in_a_closed_round_folds_that_round_again(night: dict[str, Any]) -> None:
    api, event = night["api"], night["event"]
    _, before = folds(api, event)
    table = night["first"][0]
    corrected = put(api, table["match"], 1, {**bid_and_take(table["first_dealer"], 6), "reason": "6 tricks"}, 1)
    assert corrected.status_code == 200, corrected.json()
    count, after = folds(api, event)
    assert count == 2  # round 1 again (its tables' versions moved), nothing else
    # The table's four players now stand at their sides' scores after the correction, exactly; the others as before.
    played = Table.objects.select_related("match").get(round__event_id=event, round__number=1, number=1)
    scores = selectors.table_scores(played)
    expected = {
        Player.objects.get(pk=player).name: scores[side]
        for side, players in selectors.table_sides(played).items()
        for player in players
    }
    assert {name: after[name] for name in expected} == expected
    assert {name: total for name, total in after.items() if name not in expected} == {
        name: total for name, total in before.items() if name not in expected
    }
    assert any(before[name] != after[name] for name in expected)
