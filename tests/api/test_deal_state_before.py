"""Each deal answers ``state_before``, the match state it was played in (docs/api.md): what a correction of it
starts from, so a phone can build the correction form for that deal rather than for the next one."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Deal, Match
from games.rules.registry import get_engine
from tests.api.helpers import post_deal, start_match
from tests.deals import seep_deal
from tests.support.corrections import alternating_deals, put, record

pytestmark = pytest.mark.django_db


def initial_state(match_id: int) -> dict[str, Any]:
    match = Match.objects.get(pk=match_id)
    engine = get_engine(match.game)
    return engine.state_json(engine.initial_state(engine.rules_from_settings(match.settings, match.player_count)))


def stored_states_after(match_id: int) -> dict[int, dict[str, Any]]:
    return dict(Deal.objects.filter(match_id=match_id).values_list("number", "state_after"))


def listed(api: Any, match_id: int) -> list[dict[str, Any]]:
    response = api.get(f"/api/v1/matches/{match_id}/deals/")
    assert response.status_code == 200, response.json()
    body: list[dict[str, Any]] = response.json()["results"]
    return body


def assert_chained(api: Any, match_id: int) -> list[dict[str, Any]]:
    """Deal 1 starts from the initial state, deal k from deal k-1's stored state_after; list and read agree."""
    deals = listed(api, match_id)
    after = stored_states_after(match_id)
    assert [d["number"] for d in deals] == list(range(1, len(after) + 1))
    assert deals[0]["state_before"] == initial_state(match_id)
    for deal in deals[1:]:
        assert deal["state_before"] == after[deal["number"] - 1], deal["number"]
    for deal in deals:
        one = api.get(f"/api/v1/matches/{match_id}/deals/{deal['number']}/").json()
        assert one["state_before"] == deal["state_before"]
    return deals


def test_state_before_is_the_initial_state_then_the_state_after_the_deal_before(api: Any) -> None:
    match = start_match(api)
    states = [api.get(f"/api/v1/matches/{match['id']}/").json()["state"]]
    for deal in alternating_deals(4):
        answer = post_deal(api, match["id"], deal)
        assert answer.status_code == 201, answer.json()
        # The answer to a POST carries it too: the match state before this deal.
        assert answer.json()["state_before"] == states[-1]
        states.append(answer.json()["match"]["state"])
    deals = assert_chained(api, match["id"])
    assert [d["state_before"] for d in deals] == states[:-1]
    assert deals[1]["state_before"] != deals[2]["state_before"]  # the dealer moved on
    assert deals[1]["state_before"]["next_dealer"] == deals[1]["input"]["dealer"]


def test_a_repeated_post_answers_the_state_before_of_the_deal_recorded(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal("S1")])
    deal = {**seep_deal("S2"), "client_deal_id": "1b4e28ba-2fa1-11d2-883f-0016d3cca427"}
    first = post_deal(api, match["id"], deal)
    record(api, match["id"], [seep_deal("S2")])
    again = post_deal(api, match["id"], deal)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["state_before"] == first.json()["state_before"] == stored_states_after(match["id"])[1]


def test_state_before_passes_over_a_voided_deal(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], alternating_deals(4))
    voided = api.delete(f"/api/v1/matches/{match['id']}/deals/2/", {"reason": "Dealt twice"}, format="json")
    assert voided.status_code == 200, voided.json()
    after = stored_states_after(match["id"])
    assert voided.json()["state_before"] == after[1]
    deals = assert_chained(api, match["id"])
    assert deals[1]["status"] == "voided"
    # A voided deal's state_after is the state before it, so the deal after it starts where deal 1 ended.
    assert deals[2]["state_before"] == after[1]


def test_state_before_follows_a_correction_of_an_earlier_deal(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], alternating_deals(3))
    old = listed(api, match["id"])
    corrected = put(api, match["id"], 1, {**seep_deal(points_a=65), "reason": "Miscounted spades"}, 3)
    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["state_before"] == initial_state(match["id"])
    deals = assert_chained(api, match["id"])
    assert deals[1]["state_before"] != old[1]["state_before"]  # deal 1's new result moved the scores
    assert deals[1]["state_before"] == stored_states_after(match["id"])[1]
    # A correction of deal 2 answers the state deal 2 was played in, not the match's state before the change.
    second = put(
        api, match["id"], 2, {**alternating_deals(2)[1], "reason": "Recounted"}, corrected.json()["match"]["version"]
    )
    assert second.status_code == 200, second.json()
    assert second.json()["state_before"] == deals[1]["state_before"]


def fifty_six_knockout(api: Any) -> dict[str, Any]:
    """Six players, four tables each: team T2 (S2, S5) bids 32 and takes no card points, losing all four."""
    match = start_match(api, "fifty_six", 6, settings={"starting_tables": 4})
    pas = [{"seat": seat, "call": "pass"} for seat in ("S3", "S4", "S5", "S6", "S1")]
    record(
        api,
        match["id"],
        [
            {
                "dealer": "S1",
                "auction": [{"seat": "S2", "call": "bid", "points": 32, "trump": "hearts"}, *pas],
                "bidding_team_card_points": 0,
            },
            {
                "dealer": "S3",
                "auction": [
                    {"seat": "S4", "call": "bid", "points": 30, "trump": "hearts"},
                    *[{"seat": s, "call": "pass"} for s in ("S6", "S1", "S3")],
                ],
                "bidding_team_card_points": 30,
            },
        ],
    )
    return match


def test_a_56_deal_before_a_knockout_keeps_the_seats_and_pack_it_was_played_with(api: Any) -> None:
    match = fifty_six_knockout(api)
    deals = assert_chained(api, match["id"])
    first, second = deals[0]["state_before"], deals[1]["state_before"]
    assert first["active_seats"] == ["S1", "S2", "S3", "S4", "S5", "S6"]
    assert first["next_deal_cards"] == {"deck_size": 48, "cards_per_player": 8}
    assert second["active_seats"] == ["S1", "S3", "S4", "S6"]
    assert second["next_deal_cards"] == {"deck_size": 48, "cards_per_player": 12}


def list_queries(api: Any, match_id: int) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert len(listed(api, match_id)) > 0
        board = api.get(f"/api/v1/matches/{match_id}/board/")
        assert board.status_code == 200
        assert all("state_before" in deal for deal in board.json()["deals"])
    return len(queries)


def test_the_deal_list_and_the_board_make_the_same_queries_for_3_deals_as_for_30(api: Any) -> None:
    few, many = start_match(api), start_match(api)
    record(api, few["id"], alternating_deals(3))
    record(api, many["id"], alternating_deals(30))
    assert list_queries(api, many["id"]) == list_queries(api, few["id"])
