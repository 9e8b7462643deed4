"""The table referee over HTTP: deals posted with their tricks (bid_euchre.md §E.7a, fifty_six.md §F.9a)."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Deal, Match
from tests.api.helpers import assert_error, post_deal, start_match
from tests.support.referee_bid_euchre import CLEAN, RENEGE
from tests.support.referee_docs import doc_blocks
from tests.support.referee_fifty_six import BIDDER_REVOKE, FOUR

pytestmark = pytest.mark.django_db

EUCHRE_AUCTION = [{"seat": "S1", "call": "bid", "tricks": 3}] + [
    {"seat": seat, "call": "pass"} for seat in ("S2", "S3", "S4")
]
FIFTY_SIX_AUCTION = [{"seat": "S2", "call": "bid", "points": 28, "trump": "hearts"}] + [
    {"seat": seat, "call": "pass"} for seat in ("S3", "S4", "S1")
]


def euchre_deal(tricks: list[Any], **extra: Any) -> dict[str, Any]:
    return {"dealer": "S4", "auction": EUCHRE_AUCTION, "trump": "hearts", "tricks": tricks, **extra}


def test_a_bid_euchre_deal_with_its_tricks_finds_the_renege_and_charges_it(api: Any) -> None:
    match = start_match(api, game="bid_euchre")
    response = post_deal(api, match["id"], euchre_deal(RENEGE))
    body = response.json()
    assert response.status_code == 201, body
    assert body["result"]["reneges_found"] == [
        {"seat": "S4", "trick": 3, "led_suit": "clubs", "card_played": "KD", "held_card": "QC"}
    ]
    assert body["result"]["tricks_won"] == {"A": 3, "B": 3}
    assert body["result"]["renege_penalties"] == {"A": 0, "B": -2}
    assert [trick["winner"] for trick in body["result"]["tricks"]] == ["S3", "S1", "S1", "S2", "S2", "S2"]
    assert body["match"]["state"]["scores"] == {"A": 3, "B": 1}
    assert body["input"]["tricks"] == RENEGE
    assert Deal.objects.get(match_id=match["id"], number=1).input["tricks"] == RENEGE


def test_tricks_are_stored_in_canonical_codes(api: Any) -> None:
    match = start_match(api, game="bid_euchre")
    lower = [[{"seat": play["seat"].lower(), "card": play["card"].lower()} for play in trick] for trick in CLEAN]
    body = post_deal(api, match["id"], euchre_deal(lower)).json()
    assert body["input"]["tricks"] == CLEAN
    assert body["result"]["reneges_found"] == []


def test_tricks_won_that_disagree_with_the_tricks_are_refused_and_nothing_is_stored(api: Any) -> None:
    match = start_match(api, game="bid_euchre")
    response = post_deal(api, match["id"], euchre_deal(CLEAN, tricks_won={"A": 4, "B": 2}))
    body = assert_error(response, 400, "tricks_inconsistent", "tricks_won")
    assert body["extra"] == {"from_tricks": {"A": 3, "B": 3}}
    assert Match.objects.get(pk=match["id"]).deals_count == 0


def test_a_trick_led_by_the_wrong_seat_is_refused_on_that_trick(api: Any) -> None:
    match = start_match(api, game="bid_euchre")
    wrong = [
        CLEAN[0],
        [
            {"seat": "S1", "card": "JH"},
            {"seat": "S2", "card": "QH"},
            {"seat": "S3", "card": "KH"},
            {"seat": "S4", "card": "AS"},
        ],
        *CLEAN[2:],
    ]
    assert_error(post_deal(api, match["id"], euchre_deal(wrong)), 400, "wrong_leader", "tricks[1]")


@pytest.mark.parametrize(
    ("revoke_rule", "made", "tables"),
    [
        ("report", True, {"A": 11, "B": 13}),
        ("forfeit_deal", False, {"A": 14, "B": 10}),
    ],
)
def test_a_56_deal_with_a_revoke_under_each_revoke_rule(
    api: Any, revoke_rule: str, made: bool, tables: dict[str, Any]
) -> None:
    match = start_match(api, game="fifty_six", settings={"revoke_rule": revoke_rule})
    assert match["settings"]["revoke_rule"] == revoke_rule
    response = post_deal(api, match["id"], {"dealer": "S1", "auction": FIFTY_SIX_AUCTION, "tricks": BIDDER_REVOKE})
    body = response.json()
    assert response.status_code == 201, body
    assert body["result"]["card_points_by_team"] == {"A": 25, "B": 31}
    assert body["result"]["reneges_found"] == [
        {"seat": "S2", "trick": 4, "led_suit": "spades", "card_played": "KC", "held_card": "KS"}
    ]
    assert (body["result"]["made"], body["result"]["tables_after"]) == (made, tables)
    assert body["match"]["state"]["tables"] == tables


def test_a_56_deal_recorded_from_points_can_be_corrected_with_its_tricks(api: Any) -> None:
    match = start_match(api, game="fifty_six")
    post_deal(api, match["id"], {"dealer": "S1", "auction": FIFTY_SIX_AUCTION, "bidding_team_card_points": 20})
    response = api.put(
        f"/api/v1/matches/{match['id']}/deals/1/",
        {"dealer": "S1", "auction": FIFTY_SIX_AUCTION, "tricks": FOUR, "reason": "entered the tricks"},
        format="json",
        headers={"If-Match": '"1"'},
    )
    body = response.json()
    assert response.status_code == 200, body
    assert (body["result"]["made"], body["result"]["card_points_by_team"]) == (True, {"A": 25, "B": 31})
    assert body["match"]["state"]["tables"] == {"A": 11, "B": 13}


def test_card_points_sent_with_the_tricks_must_agree(api: Any) -> None:
    match = start_match(api, game="fifty_six")
    deal = {"dealer": "S1", "auction": FIFTY_SIX_AUCTION, "tricks": FOUR, "bidding_team_card_points": 35}
    assert_error(post_deal(api, match["id"], deal), 400, "card_points_inconsistent", "bidding_team_card_points")


@pytest.mark.parametrize(("game", "settings"), [("bid_euchre", {}), ("fifty_six", {"revoke_rule": "forfeit_deal"})])
def test_the_documented_examples_are_what_the_service_answers(api: Any, game: str, settings: dict[str, Any]) -> None:
    blocks = doc_blocks()
    match = start_match(api, game=game, settings=settings)
    response = post_deal(api, match["id"], blocks[f"request {game}"])
    assert response.status_code == 201, response.json()
    assert response.json()["result"] == blocks[f"result {game}"]
