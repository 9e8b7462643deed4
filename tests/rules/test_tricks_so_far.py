"""The trick games' deals part way through their tricks (games/rules/tricks.py ``tricks_so_far`` and each engine's
``play_progress``): every prefix of a refereed deal gives the referee's own winners, the card points of each whole
trick and the tally by team; a short trick is refused only before the last one."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from tests.rules.twenty_eight.helpers import e08
from tests.support.referee_bid_euchre import CLEAN
from tests.support.referee_fifty_six import FOUR

FIFTY_SIX = {
    "dealer": "S1",
    "auction": [{"seat": "S2", "call": "bid", "points": 28, "trump": "hearts"}]
    + [{"seat": seat, "call": "pass"} for seat in ("S3", "S4", "S1")],
    "tricks": FOUR,
}
EUCHRE = {
    "dealer": "S4",
    "auction": [{"seat": "S1", "call": "bid", "tricks": 3}] + [{"seat": s, "call": "pass"} for s in ("S2", "S3", "S4")],
    "trump": "hearts",
    "tricks": CLEAN,
}
DEALS = {"fifty_six": FIFTY_SIX, "twenty_eight": e08(), "bid_euchre": EUCHRE}


def progress(game: str, payload: dict[str, Any]) -> dict[str, Any]:
    engine = get_engine(game)
    rules = engine.rules_from_settings({}, 4)
    return engine.play_progress(rules, engine.initial_state(rules), payload)


def whole(game: str) -> dict[str, Any]:
    """The deal's result from the referee (every trick)."""
    engine = get_engine(game)
    rules = engine.rules_from_settings({}, 4)
    return engine.play_deal(engine.initial_state(rules), engine.parse_deal(DEALS[game], rules), rules).result


@pytest.mark.parametrize("game", sorted(DEALS))
def test_every_prefix_of_a_refereed_deal_gives_the_referees_winners_so_far(game: str) -> None:
    tricks = DEALS[game]["tricks"]
    winners = [trick["winner"] for trick in whole(game)["tricks"]]
    for i in range(len(tricks)):
        for j in range(len(tricks[i]) + 1):
            answer = progress(game, {**DEALS[game], "tricks": [*tricks[:i], tricks[i][:j]]})
            done = i + (j == len(tricks[i]))
            assert [trick["winner"] for trick in answer["tricks"]] == winners[:done], (i, j)
            if j == 0 and i > 0:
                assert answer["leader"] == answer["to_play"] == winners[i - 1]


@pytest.mark.parametrize("game", ["fifty_six", "twenty_eight"])
def test_the_tally_of_every_trick_is_the_referees_card_points_by_team(game: str) -> None:
    answer = progress(game, DEALS[game])
    assert answer["card_points_by_team"] == whole(game)["card_points_by_team"]
    assert sum(trick["card_points"] for trick in answer["tricks"]) == {"fifty_six": 56, "twenty_eight": 28}[game]
    assert (answer["leader"], answer["to_play"]) == (None, None)


def test_56_half_way_through_the_third_trick() -> None:
    answer = progress("fifty_six", {**FIFTY_SIX, "tricks": [*FOUR[:2], FOUR[2][:2]]})
    assert [(t["winner"], t["card_points"]) for t in answer["tricks"]] == [("S2", 9), ("S3", 3)]
    assert (answer["leader"], answer["to_play"]) == ("S3", "S1")
    assert (answer["tricks_by_team"], answer["card_points_by_team"]) == ({"A": 1, "B": 1}, {"A": 3, "B": 9})


def test_no_trick_yet_names_the_first_leader() -> None:
    answer = progress("fifty_six", {**FIFTY_SIX, "tricks": []})
    assert (answer["tricks"], answer["leader"], answer["to_play"]) == ([], "S2", "S2")
    assert answer["card_points_by_team"] == {"A": 0, "B": 0}


def test_bid_euchre_counts_tricks_and_no_card_points() -> None:
    answer = progress("bid_euchre", {**EUCHRE, "tricks": CLEAN[:3]})
    assert answer["card_points_by_team"] is None
    assert [trick["card_points"] for trick in answer["tricks"]] == [None, None, None]
    assert sum(answer["tricks_by_team"].values()) == 3


def test_a_short_trick_before_the_last_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        progress("fifty_six", {**FIFTY_SIX, "tricks": [FOUR[0][:3], FOUR[1]]})
    assert (refused.value.code, refused.value.field) == ("trick_count_invalid", "tricks[0]")


def test_a_wrong_leader_is_refused_as_the_referee_refuses_it() -> None:
    with pytest.raises(RuleViolation) as refused:
        progress("fifty_six", {**FIFTY_SIX, "tricks": [FOUR[0], FOUR[2]]})
    assert (refused.value.code, refused.value.field) == ("wrong_leader", "tricks[1]")
