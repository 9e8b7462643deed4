"""Twenty-Eight served (issue 29): trick entry and its refusals through the HTTP API, a match played to its end,
and the score sheet's lines, all from the engine's own answers."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from rest_framework.test import APIClient

from exports.writers.pdf import _deal_line, _running_columns
from games.rules.registry import get_engine
from tests.api.helpers import assert_error, post_deal, start_match
from tests.rules.twenty_eight.helpers import bid, e08, pas, tricks

pytestmark = pytest.mark.django_db


def test_28_e08_trick_by_trick_through_the_api(api: APIClient) -> None:
    match = start_match(api, game="twenty_eight")
    response = post_deal(api, match["id"], e08())
    body = response.json()
    assert response.status_code == 201, body
    result = body["result"]
    assert (result["trump_revealed"], result["card_points_by_team"], result["game_points_after"]) == (
        {"trick": 3, "seat": "S4", "by": "call"},
        {"A": 6, "B": 22},
        {"A": 0, "B": 1},
    )
    assert body["input"]["tricks"][2][3] == {"seat": "S4", "card": "7H", "reveals_trump": True}


def test_a_call_by_a_seat_that_follows_suit_is_refused_with_its_field(api: APIClient) -> None:
    match = start_match(api, game="twenty_eight")
    rows = e08()["tricks"]
    rows[0][1]["reveals_trump"] = True
    assert_error(post_deal(api, match["id"], e08(tricks=rows)), 400, "trump_call_invalid", "tricks[0][1]")


def test_a_match_is_played_to_its_target_and_then_closed(api: APIClient) -> None:
    match = start_match(api, game="twenty_eight", settings={"target_game_points": 1})
    made = {"dealer": "S1", "auction": [bid("S2", 16), *pas("S3", "S4", "S1")], "bidding_team_card_points": 16}
    assert post_deal(api, match["id"], made).status_code == 201
    state = api.get(f"/api/v1/matches/{match['id']}/").json()["state"]
    assert state == {"game_points": {"A": 0, "B": 1}, "next_dealer": None, "match_over": True, "match_winner": "B"}
    assert_error(post_deal(api, match["id"], made | {"dealer": "S2"}), 400, "match_already_finished", None)


def test_the_score_sheet_writes_the_game_points_after_each_deal() -> None:
    engine = get_engine("twenty_eight")
    rules = engine.rules_from_settings({}, 4)
    outcome = engine.play_deal(engine.initial_state(rules), engine.parse_deal(e08(), rules), rules)
    deal: Any = SimpleNamespace(number=1, status="recorded", input={"dealer": "S1"}, result=outcome.result)
    columns = _running_columns(engine, [deal])
    assert columns == ["A", "B"]
    assert _deal_line(engine, deal, columns) == ["1", "S1", "S2 bid 16. Hearts are trumps. Made.", "A 0  B 1", "0", "1"]


def test_the_tricks_helper_marks_a_call() -> None:
    assert tricks([[("S1", "JH*")]]) == [[{"seat": "S1", "card": "JH", "reveals_trump": True}]]
