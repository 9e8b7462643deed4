"""One ``extra`` key, one meaning, in every game: the keys a refusal carries, with the deprecated ones still sent
beside them (docs/api.md lists both)."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from games.rules.replay import replay
from tests.deals import euchre_partners_best, fifty_six_made, rummy_deal, seep_deal, seep_win


def refusal(
    game: str, deals: list[dict[str, Any]], settings: dict[str, Any] | None = None, players: int = 4
) -> RuleViolation:
    engine = get_engine(game)
    folded = replay(engine, engine.rules_from_settings(settings or {}, players), deals)
    assert folded.refusal is not None
    return folded.refusal


def test_a_seep_bid_by_the_wrong_seat_names_the_expected_bidder() -> None:
    deal = seep_deal("S1")
    deal["bid"]["bidder"] = "S3"
    refused = refusal("seep", [deal])
    assert (refused.code, refused.extra) == ("wrong_bidder", {"expected_bidder": "S2", "expected": "S2"})


def test_an_unknown_contract_rummy_player_is_refused_with_the_seats_allowed() -> None:
    refused = refusal("contract_rummy", [rummy_deal({"S1": 0, "S2": 10, "S9": 5})], players=3)
    assert (refused.code, refused.extra) == (
        "unknown_player",
        {"allowed": ["S1", "S2", "S3"], "seats": ["S1", "S2", "S3"]},
    )


def test_a_bid_euchre_bid_not_higher_names_the_calls_legal_now_as_56_does() -> None:
    deal = euchre_partners_best("A")
    deal["auction"][2] = {"seat": deal["auction"][2]["seat"], "call": "bid", "tricks": 3}
    refused = refusal("bid_euchre", [deal])
    assert refused.code == "bid_not_higher"
    assert (
        refused.extra["legal"] == refused.extra["allowed"] == ["bid 4 or 5", "partner's best", "shoot the moon", "pass"]
    )
    fifty_six = fifty_six_made("S1")
    fifty_six["auction"][1] = {"seat": "S3", "call": "bid", "points": 30, "trump": "spades"}
    assert set(refusal("fifty_six", [fifty_six]).extra) == {"legal", "seat"}


@pytest.mark.parametrize(
    ("game", "deals", "settings", "winners"),
    [
        ("seep", [seep_win("A"), seep_deal("S4")], {"match_end": {"type": "first_to_baazis", "count": 1}}, ["A"]),
        ("bid_euchre", [euchre_partners_best("A")] * 3 + [euchre_partners_best("A")], {}, ["A"]),
    ],
)
def test_a_deal_after_the_match_is_won_names_the_winners_as_a_list_in_every_game(
    game: str, deals: list[dict[str, Any]], settings: dict[str, Any], winners: list[str]
) -> None:
    refused = refusal(game, deals, settings)
    assert (refused.code, refused.extra["winners"], refused.extra["match_winner"]) == (
        "match_already_finished",
        winners,
        winners[0],
    )


def test_an_unfinished_auction_names_the_seats_still_to_call_in_both_auction_games() -> None:
    fifty_six = fifty_six_made("S1")
    fifty_six["auction"] = fifty_six["auction"][:2]
    assert refusal("fifty_six", [fifty_six]).extra == {"to_call": ["S4", "S1"], "waiting_for": ["S4", "S1"]}
    euchre = euchre_partners_best("A")
    euchre["auction"] = euchre["auction"][:3]
    assert refusal("bid_euchre", [euchre]).extra == {"to_call": ["S4"]}
