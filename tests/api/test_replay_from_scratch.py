"""For every game: after recordings, a void and corrections through the API, the stored states are exactly what
``games.rules.replay`` gives when it folds every deal of the match again from the initial state."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Deal, Match
from games.rules.registry import GAME_KEYS, get_engine
from games.rules.replay import replay, replay_steps
from tests.api.helpers import post_deal, start_match
from tests.deals import euchre_partners_best, fifty_six_made, rummy_deal, seep_deal

pytestmark = pytest.mark.django_db


def twenty_eight_deal(dealer: str, first: str, card_points: int) -> dict[str, Any]:
    """The first speaker bids 16 and the other three pass."""
    order = ["S1", "S2", "S3", "S4"]
    passes = [order[(order.index(first) + step) % 4] for step in (1, 2, 3)]
    auction = [{"seat": first, "call": "bid", "points": 16}, *({"seat": seat, "call": "pass"} for seat in passes)]
    return {"dealer": dealer, "auction": auction, "bidding_team_card_points": card_points}


# Four legal deals per game, with default house rules, that do not finish the match (nor does deal 2 in deal 1's
# place, the correction below).
HISTORIES: dict[str, list[dict[str, Any]]] = {
    "seep": [seep_deal("S1", 62), seep_deal("S2", 45), seep_deal("S2", 55), seep_deal("S1", 50)],
    "fifty_six": [fifty_six_made("S1"), fifty_six_made("S2", 30), fifty_six_made("S3"), fifty_six_made("S4", 40)],
    "bid_euchre": [
        euchre_partners_best("A"),
        euchre_partners_best("B"),
        euchre_partners_best("A"),
        euchre_partners_best("B"),
    ],
    "contract_rummy": [
        rummy_deal({"S1": 0, "S2": 10, "S3": 20, "S4": 5}, dealer) for dealer in ("S1", "S2", "S3", "S4")
    ],
    "twenty_eight": [
        twenty_eight_deal(dealer, first, points)
        for dealer, first, points in (("S1", "S2", 18), ("S2", "S3", 12), ("S3", "S4", 16), ("S4", "S1", 20))
    ],
}


def change(api: Any, method: str, match_id: int, number: int, body: dict[str, Any] | None = None) -> None:
    version = Match.objects.get(pk=match_id).version
    response = getattr(api, method)(
        f"/api/v1/matches/{match_id}/deals/{number}/", body, format="json", headers={"If-Match": f'"{version}"'}
    )
    assert response.status_code == 200, response.json()


def assert_stored_as_replayed(match: Match) -> None:
    engine = get_engine(match.game)
    rules = engine.rules_from_settings(match.settings, match.player_count)
    rows = list(match.deals.order_by("number"))
    voided = {index for index, row in enumerate(rows) if row.status == Deal.Status.VOIDED}
    steps = list(replay_steps(engine, rules, [row.input for row in rows], voided=voided))
    assert [row.state_after for row in rows] == [engine.state_json(step.outcome.state) for step in steps]
    assert [row.result for row in rows if row.status != Deal.Status.VOIDED] == [
        {"deal_number": rows[step.index].number, **step.outcome.result} for step in steps if not step.voided
    ]
    whole = replay(engine, rules, [row.input for row in rows], voided=voided)
    assert (whole.refusal, engine.state_json(whole.state)) == (None, match.state)


def test_every_game_has_a_history_here() -> None:
    assert set(HISTORIES) == set(GAME_KEYS)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_match_after_a_void_and_corrections_is_its_deals_replayed_from_scratch(api: Any, game: str) -> None:
    deals = HISTORIES[game]
    match_id = start_match(api, game, 4)["id"]
    for deal in deals:
        assert post_deal(api, match_id, deal).status_code == 201
    last = len(deals)
    change(api, "delete", match_id, last, {"reason": "Scored twice"})
    assert post_deal(api, match_id, deals[-1]).status_code == 201  # deal last + 1, after the voided one
    change(api, "put", match_id, 1, {**deals[1], "reason": "Deal 2 was entered as deal 1"})

    match = Match.objects.get(pk=match_id)
    assert (match.deals_count, match.last_deal_number) == (last, last + 1)
    assert list(match.deals.order_by("number").values_list("status", flat=True)) == [
        Deal.Status.CORRECTED,
        *[Deal.Status.RECORDED] * (last - 2),
        Deal.Status.VOIDED,
        Deal.Status.RECORDED,
    ]
    assert_stored_as_replayed(match)
