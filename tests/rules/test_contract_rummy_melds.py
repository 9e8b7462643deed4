"""Contract Rummy: the optional meld entry of the player who went out (§R.1 melds, §R.2 contracts, §R.5 checks)."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.contract_rummy.engine import ENGINE
from games.rules.contract_rummy.settings import ContractRummyRules
from games.rules.errors import RuleViolation


def make_rules(players: int = 4, **house: Any) -> ContractRummyRules:
    return ENGINE.rules_from_settings(house, players)


def filler(number: int) -> dict[str, Any]:
    """A deal with no melds; ``number`` deals of it bring the match to deal ``number + 1``."""
    return {"dealer": "S1", "went_out": "S3", "penalty_points": {"S1": 5, "S2": 5, "S4": 5}}


def meld_deal(melds: Any) -> dict[str, Any]:
    return {"dealer": "S1", "went_out": "S3", "penalty_points": {"S1": 5, "S2": 6, "S4": 7}, "melds": melds}


def run_at(deal_number: int, melds: Any, rules: ContractRummyRules | None = None) -> dict[str, Any]:
    """Play ``deal_number - 1`` plain deals, then the deal with ``melds``; return its result (or raise)."""
    rules = rules or make_rules()
    state = ENGINE.initial_state(rules)
    for index in range(deal_number - 1):
        state = ENGINE.play_deal(state, ENGINE.parse_deal(filler(index), rules), rules).state
    return ENGINE.play_deal(state, ENGINE.parse_deal(meld_deal(melds), rules), rules).result


# What the deal of ``meld_deal`` scores once its melds are accepted: S3 went out, the others as entered.
SCORED_AS_ENTERED = {"went_out": "S3", "penalties": {"S1": 5, "S2": 6, "S3": 0, "S4": 7}}


def accepted(deal_number: int, melds: Any, rules: ContractRummyRules | None = None) -> dict[str, Any]:
    """The part of the deal's result that shows it was accepted and scored as entered."""
    result = run_at(deal_number, melds, rules)
    return {"went_out": result["went_out"], "penalties": result["penalties"]}


def meld_refusal(deal_number: int, melds: Any, rules: ContractRummyRules | None = None) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        run_at(deal_number, melds, rules)
    return caught.value


def s(*cards: str, jokers: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "set", "cards": list(cards), "jokers": list(jokers)}


def r(*cards: str, jokers: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "run", "cards": list(cards), "jokers": list(jokers)}


SET_5 = s("5S", "5D", "5C")
SET_9 = s("9H", "9S", "9C")
SET_K = s("KH", "KS", "KD", "KC")
RUN_H = r("3H", "4H", "5H", "6H")
RUN_S = r("10S", "JS", "QS", "KS")
RUN_C = r("AC", "2C", "3C", "4C")
RUN_D = r("7D", "8D", "9D", "10D")

# A legal meld entry for each seed contract, and the same entry one meld short.
CONTRACT_MELDS = [
    (1, [SET_5, SET_9], "Deal 1 needs two sets; only one set was entered."),
    (2, [SET_5, RUN_S], "Deal 2 needs one set and one run; only one set was entered."),
    (3, [RUN_H, RUN_S], "Deal 3 needs two runs; only one run was entered."),
    (4, [SET_5, SET_9, SET_K], "Deal 4 needs three sets; only two sets were entered."),
    (5, [SET_5, SET_9, RUN_D], "Deal 5 needs two sets and one run; only two sets were entered."),
    (6, [SET_9, RUN_H, RUN_C], "Deal 6 needs one set and two runs; only one set and one run were entered."),
    (7, [RUN_H, RUN_S, r("5C", "6C", "7C", "8C")], "Deal 7 needs three runs; only two runs were entered."),
]


@pytest.mark.parametrize(("deal_number", "melds", "message"), CONTRACT_MELDS)
def test_the_melds_of_the_player_who_went_out_meet_each_deals_contract(
    deal_number: int, melds: list[dict[str, Any]], message: str
) -> None:
    result = run_at(deal_number, melds)
    assert result["penalties"] == {"S1": 5, "S2": 6, "S3": 0, "S4": 7}


@pytest.mark.parametrize(("deal_number", "melds", "message"), CONTRACT_MELDS)
def test_melds_one_short_of_the_contract_are_refused(
    deal_number: int, melds: list[dict[str, Any]], message: str
) -> None:
    violation = meld_refusal(deal_number, melds[:-1])
    assert (violation.code, violation.field, violation.detail) == ("contract_not_met", "melds", message)


def test_no_melds_at_all_do_not_meet_a_contract() -> None:
    violation = meld_refusal(1, [])
    assert (violation.code, violation.field) == ("contract_not_met", "melds")
    assert violation.detail == "Deal 1 needs two sets; no melds were entered."


def test_sets_do_not_stand_in_for_runs() -> None:
    violation = meld_refusal(2, [SET_5, SET_9])
    assert violation.code == "contract_not_met"
    assert violation.detail == "Deal 2 needs one set and one run; two sets were entered."


def test_melds_beyond_the_contract_are_accepted() -> None:
    assert accepted(1, [SET_5, SET_9, RUN_H]) == SCORED_AS_ENTERED


@pytest.mark.parametrize(
    ("deal_number", "melds", "house", "field", "detail_part"),
    [
        (1, [s("5H", "5S"), SET_9], {}, "melds[0]", "a set has at least 3 cards; this one has 2"),
        (1, [s("5H", "5S", "6D"), SET_9], {}, "melds[0]", "a set is cards of one rank"),
        (1, [SET_5, SET_9], {"min_set_length": 4}, "melds[0]", "a set has at least 4 cards"),
        (
            1,
            [s("5H", "5S", "5H"), SET_9],
            {"decks": 2, "jokers": 2},
            "melds[0]",
            "a set may not hold two cards of one suit",
        ),
        (1, [s("5H", "5S", "JKR", jokers=("5S",)), SET_9], {}, "melds[0]", "a set may not hold two cards of one suit"),
        (
            1,
            [s("5H", "5S", "JKR", jokers=("5H",)), SET_9],
            {"distinct_suits_in_sets": False},
            "melds[0]",
            "one pack has only one of each card",
        ),
        (2, [SET_5, r("10S", "JS", "QS")], {}, "melds[1]", "a run has at least 4 cards; this one has 3"),
        (2, [SET_5, r("10S", "JS", "QH", "KS")], {}, "melds[1]", "a run is consecutive cards of one suit"),
        (2, [SET_5, r("QH", "KH", "AH", "2H")], {}, "melds[1]", "the ace is high or low, not both"),
        (2, [SET_5, r("KH", "AH", "2H", "3H")], {}, "melds[1]", "the ace is high or low, not both"),
        (2, [SET_5, r("3H", "4H", "6H", "8H")], {}, "melds[1]", "without gaps (5, 7 missing)"),
        (2, [SET_5, r("QH", "KH", "AH", "3H")], {}, "melds[1]", "without gaps"),
        (2, [SET_5, r("3H", "4H", "4H", "5H")], {"decks": 2, "jokers": 2}, "melds[1]", "it has 4♥ twice"),
        (2, [SET_5, r("2H", "3H", "4H", "JKR", jokers=("JKR",))], {}, "melds[1].jokers", "not for another joker"),
        (
            2,
            [SET_5, r("2H", "3H", "4H", "JKR", jokers=("5S",))],
            {},
            "melds[1]",
            "a run is consecutive cards of one suit",
        ),
        (3, [r("3H", "4H", "5H", "6H"), r("9H", "10H", "JH", "QH")], {}, "melds[1]", "must be in different suits"),
    ],
)
def test_an_illegal_meld_is_refused_with_its_reason(
    deal_number: int, melds: list[dict[str, Any]], house: dict[str, Any], field: str, detail_part: str
) -> None:
    violation = meld_refusal(deal_number, melds, make_rules(**house))
    assert (violation.code, violation.field) == ("meld_invalid", field)
    assert detail_part in violation.detail


@pytest.mark.parametrize(
    ("melds", "field"),
    [
        ([s("5H", "5S"), SET_9], "melds[0]"),
        ([SET_9, s("5H", "5S")], "melds[1]"),
        ([SET_9, s("5H", "5S", "JKR")], "melds[1].jokers"),
        ([SET_9, s("5H", "5S", "5D", jokers=("5C",))], "melds[1].jokers"),
    ],
)
def test_a_meld_refusal_names_the_meld(melds: list[dict[str, Any]], field: str) -> None:
    violation = meld_refusal(1, melds)
    assert (violation.code, violation.field) == ("meld_invalid", field)


def test_a_run_crossing_k_a_2_has_the_rules_message() -> None:
    violation = meld_refusal(2, [SET_5, r("QH", "KH", "AH", "2H")])
    assert (violation.field, violation.detail) == (
        "melds[1]",
        "QH KH AH 2H is not a run: it turns the corner K-A-2, and the ace is high or low, not both.",
    )


def test_two_contract_runs_in_one_suit_name_the_second_run() -> None:
    violation = meld_refusal(3, [r("3H", "4H", "5H", "6H"), r("9H", "10H", "JH", "QH")])
    assert (violation.code, violation.field) == ("meld_invalid", "melds[1]")


def test_an_undeclared_joker_is_refused() -> None:
    violation = meld_refusal(1, [s("5H", "5S", "JKR"), SET_9])
    assert (violation.code, violation.field) == ("meld_invalid", "melds[0].jokers")
    assert "every joker must be declared" in violation.detail


@pytest.mark.parametrize(
    ("deal_number", "melds", "house"),
    [
        (2, [SET_5, r("JH", "QH", "KH", "AH")], {}),  # ace high
        (2, [SET_5, r("AH", "2H", "3H", "4H")], {}),  # ace low
        (2, [SET_5, r("4H", "2H", "AH", "3H")], {}),  # listed in any order
        (2, [SET_5, r("4H", "5H", "JKR", "7H", jokers=("6H",))], {}),  # a declared joker fills the gap
        (2, [SET_5, r("JKR", "5H", "6H", "7H", jokers=("4H",))], {}),
        (2, [SET_5, r("10S", "JS", "QS")], {"min_run_length": 3}),
        (1, [s("5H", "5S", "JKR", jokers=("5D",)), SET_9], {}),
        (1, [s("5H", "5S", "5D", "5C"), SET_9], {}),
        (1, [s("5H", "5S", "5H"), SET_9], {"decks": 2, "jokers": 2, "distinct_suits_in_sets": False}),
        (3, [r("3H", "4H", "5H", "6H"), r("9H", "10H", "JH", "QH")], {"contract_runs_distinct_suits": False}),
        (3, [r("3H", "4H", "5H", "6H"), r("9H", "10H", "JH", "QH"), RUN_S], {}),  # two suits among three runs
        (7, [r("AH", "2H", "3H", "4H", "5H"), r("6S", "7S", "8S", "9S"), r("10C", "JC", "QC")], {"min_run_length": 3}),
        (7, [r("AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"), RUN_S, RUN_C], {}),
    ],
)
def test_legal_melds_are_accepted(deal_number: int, melds: list[dict[str, Any]], house: dict[str, Any]) -> None:
    assert accepted(deal_number, melds, make_rules(**house)) == SCORED_AS_ENTERED


def test_a_run_may_be_longer_than_four_cards_in_the_last_deal() -> None:
    assert accepted(7, [r("3H", "4H", "5H", "6H", "7H", "8H"), RUN_S, RUN_C]) == SCORED_AS_ENTERED


@pytest.mark.parametrize(
    ("melds", "code", "field"),
    [
        ("5H 5S 5D", "invalid", "melds"),
        ([["5H", "5S", "5D"]], "invalid", "melds[0]"),
        ([{"type": "book", "cards": ["5H", "5S", "5D"]}], "invalid", "melds[0].type"),
        ([{"cards": ["5H", "5S", "5D"]}], "invalid", "melds[0].type"),
        ([{"type": "set"}], "invalid", "melds[0].cards"),
        ([{"type": "set", "cards": ["5H", "5S", "5X"]}], "invalid_card", "melds[0].cards[2]"),
        ([{"type": "set", "cards": ["5H", "5S", "JKR"], "jokers": ["5Z"]}], "invalid_card", "melds[0].jokers[0]"),
        ([{"type": "set", "cards": ["5H", "5S", "JKR"], "jokers": "5D"}], "invalid", "melds[0].jokers"),
        ([{"type": "set", "cards": ["5H", "5S", "5D"], "owner": "S3"}], "invalid", "melds[0].owner"),
    ],
)
def test_a_malformed_meld_entry_is_refused_on_its_field(melds: Any, code: str, field: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.parse_deal(meld_deal(melds), make_rules())
    assert (caught.value.code, caught.value.field) == (code, field)


def test_melds_cannot_be_entered_for_a_deal_nobody_went_out_of() -> None:
    rules = make_rules(allow_no_winner_deal=True)
    payload = {"dealer": "S1", "penalty_points": {"S1": 5, "S2": 5, "S3": 5, "S4": 5}, "melds": [SET_5, SET_9]}
    with pytest.raises(RuleViolation) as caught:
        ENGINE.play_deal(ENGINE.initial_state(rules), ENGINE.parse_deal(payload, rules), rules)
    assert (caught.value.code, caught.value.field) == ("invalid", "melds")


def test_a_house_contract_list_is_checked_deal_by_deal() -> None:
    rules = make_rules(deals=2, cards_dealt=[10, 12], contracts=[{"sets": 0, "runs": 1}, {"sets": 4, "runs": 0}])
    run_at(1, [RUN_H], rules)
    violation = meld_refusal(2, [SET_5, SET_9, SET_K], rules)
    assert violation.detail == "Deal 2 needs four sets; only three sets were entered."
