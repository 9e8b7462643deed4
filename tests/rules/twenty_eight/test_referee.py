"""Twenty-Eight's trick-by-trick entry (twenty_eight.md §T.7a): the concealed trump, its calls and the face-down
card, the offences the tricks prove, the pair, and every check with its code and field."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tests.rules.twenty_eight.helpers import (
    E08_TRICKS,
    TEAM_OF,
    ModelDeal,
    bid,
    e08,
    pas,
    play_model,
    play_one,
    refusal,
    refused,
    tricks,
)

Rows = list[list[tuple[str, str]]]


def rows_with(*changes: tuple[int, int, tuple[str, str]]) -> Rows:
    """28-e08's tricks with ``(trick, position, (seat, card))`` replaced (0-based)."""
    rows = copy.deepcopy(E08_TRICKS)
    for i, j, play in changes:
        rows[i][j] = play
    return rows


def swap_cards(rows: Rows, first: str, second: str) -> Rows:
    """Exchange two cards wherever they were played (the seats keep their turns)."""
    out: Rows = []
    for row in rows:
        new_row = []
        for seat, card in row:
            mark = "*" if card.endswith("*") else ""
            plain = card.rstrip("*")
            plain = second if plain == first else first if plain == second else plain
            new_row.append((seat, plain + mark))
        out.append(new_row)
    return out


def test_28_e08_through_the_referee() -> None:
    result = play_one(e08())
    assert [trick["winner"] for trick in result["tricks"]] == ["S1", "S1", "S4", "S2", "S2", "S2", "S2", "S2"]
    assert (result["card_points_by_team"], result["bidding_team_card_points"], result["made"]) == (
        {"A": 6, "B": 22},
        22,
        True,
    )
    assert result["trump_revealed"] == {"trick": 3, "seat": "S4", "by": "call"}
    assert (result["reneges_found"], result["trump_not_played_found"]) == ([], [])
    assert "concealed_trump_leads_found" not in result


def test_the_result_lists_the_cards_without_the_call_mark() -> None:
    assert play_one(e08())["tricks"][2]["cards"][3] == {"seat": "S4", "card": "7H"}


@pytest.mark.parametrize("seed", range(5))
def test_without_a_call_the_face_down_card_shows_the_trump_as_the_last_card(seed: int) -> None:
    model = play_model(random.Random(seed), call_rate=0)
    result = play_one(model.payload())
    assert result["trump_revealed"] == {"trick": 8, "seat": model.bidder, "by": "last_card"}
    assert [trick["winner"] for trick in result["tricks"]] == model.winners


def test_a_trump_suit_card_discarded_before_the_call_does_not_count() -> None:
    assert play_one(e08())["tricks"][2]["winner"] == "S4"  # 7H called beats the AH discarded before


def test_when_the_trump_suit_is_led_its_cards_compete_by_rank_whenever_they_fell() -> None:
    # Trick 5 leads JH after the reveal: the jack wins by rank; in a deal where hearts are led before the reveal,
    # the same holds (T-A16).
    result = play_one(e08())
    assert result["tricks"][4]["winner"] == "S2"


def test_a_call_by_the_leader_is_refused() -> None:
    rows = rows_with((1, 0, ("S1", "JD*")))
    violation = refusal(e08(tricks=tricks(rows)))
    assert (violation.code, violation.field, violation.extra) == ("trump_call_invalid", "tricks[1][0]", {"seat": "S1"})


def test_a_call_by_a_seat_that_then_follows_suit_is_refused() -> None:
    rows = rows_with((0, 1, ("S3", "8S*")))
    violation = refusal(e08(tricks=tricks(rows)))
    assert (violation.code, violation.field) == ("trump_call_invalid", "tricks[0][1]")
    assert violation.detail == (
        "S3 followed suit (8\u2660) in trick 1: only a player who cannot follow suit may call for the trump."
    )


def test_a_second_call_after_the_trump_is_shown_is_refused() -> None:
    rows = rows_with((3, 2, ("S2", "9H*")))
    assert refused(e08(tricks=tricks(rows))) == ("trump_call_invalid", "tricks[3][2]")


def test_the_face_down_card_played_while_hidden_is_refused() -> None:
    # S2 plays 8H in trick 1 (he leads it) and AS at the end: the trump is still hidden at trick 1.
    rows = swap_cards(E08_TRICKS, "AS", "8H")
    violation = refusal(e08(tricks=tricks(rows)))
    assert (violation.code, violation.field) == ("trump_card_invalid", "tricks[0][0]")


def test_the_face_down_card_played_by_another_seat_is_refused() -> None:
    assert refused(e08(trump_card="7H")) == ("trump_card_invalid", "tricks[2][3]")


@pytest.mark.parametrize(
    ("trump_card", "code"),
    [
        (None, "trump_card_invalid"),
        ("8S", "trump_card_invalid"),
        ("6H", "card_not_in_pack"),
        ("XX", "trump_card_invalid"),
    ],
)
def test_the_face_down_card_is_a_card_of_the_trump_suit_in_the_pack(trump_card: Any, code: str) -> None:
    payload = e08()
    payload.pop("trump_card")
    if trump_card is not None:
        payload["trump_card"] = trump_card
    assert refused(payload) == (code, "trump_card")


def test_with_a_spare_card_no_trump_card_is_sent_and_the_trump_may_stay_hidden() -> None:
    assert refused(e08(), trump_indicator="spare_card") == ("invalid", "trump_card")
    payload = play_model(random.Random(7), call_rate=0).payload()
    payload.pop("trump_card")
    result = play_one(payload, trump_indicator="spare_card")
    assert result["trump_revealed"] is None
    assert sum(result["card_points_by_team"].values()) == 28


def test_trump_card_without_tricks_is_invalid() -> None:
    payload = e08(bidding_team_card_points=20)
    payload.pop("tricks")
    assert refused(payload) == ("invalid", "trump_card")


def test_tricks_need_the_trump() -> None:
    payload = e08()
    payload.pop("trump")
    assert refused(payload) == ("trump_missing", "trump")


def test_eight_tricks_of_four_cards() -> None:
    rows = tricks(E08_TRICKS)
    assert refused(e08(tricks=rows[:7])) == ("trick_count_invalid", "tricks")
    short = copy.deepcopy(rows)
    short[4] = short[4][:3]
    assert refused(e08(tricks=short)) == ("trick_count_invalid", "tricks[4]")


def test_the_leader_and_the_turn_are_checked() -> None:
    assert refused(e08(tricks=tricks(rows_with((1, 0, ("S2", "JD")))))) == ("wrong_leader", "tricks[1]")
    first_led_by_s3 = [row[1:] + row[:1] for row in E08_TRICKS[:1]] + E08_TRICKS[1:]
    assert refused(e08(tricks=tricks(first_led_by_s3))) == ("wrong_leader", "tricks[0]")


def test_with_first_lead_bidder_the_bidder_leads() -> None:
    # S2 is both the first speaker and the bidder in 28-e08.
    assert play_one(e08(), first_lead="bidder")["tricks"][0]["leader"] == "S2"
    payload = e08(auction=[bid("S2", 14), bid("S3", 16), *pas("S4", "S1", "S2")])
    violation = refusal(payload, first_lead="bidder")
    assert (violation.code, violation.field) == ("wrong_leader", "tricks[0]")
    assert violation.detail == (
        "The leader is wrong: the winning bidder S3 leads the first trick; this trick is led by S2."
    )


def test_a_card_outside_the_pack_or_played_twice() -> None:
    assert refused(e08(tricks=tricks(rows_with((0, 1, ("S3", "6S")))))) == ("card_not_in_pack", "tricks[0][1]")
    assert refused(e08(tricks=tricks(rows_with((1, 2, ("S3", "8S")))))) == ("card_count_exceeds_pack", "tricks[1][2]")


def test_summary_figures_must_equal_the_tricks() -> None:
    assert play_one(e08(bidding_team_card_points=22, card_points_by_team={"A": 6, "B": 22}))["made"] is True
    violation = refusal(e08(bidding_team_card_points=21))
    assert (violation.code, violation.field, violation.extra) == (
        "card_points_inconsistent",
        "bidding_team_card_points",
        {"team": "B", "from_tricks": {"A": 6, "B": 22}},
    )
    assert refused(e08(card_points_by_team={"A": 7, "B": 21})) == ("card_points_inconsistent", "card_points_by_team")
    assert refused(e08(card_points_by_team={"A": 7, "B": 22})) == ("card_points_total_mismatch", "card_points_by_team")


# --- offences ---------------------------------------------------------------------------------------------------


def test_a_renege_is_proved_by_a_later_card_of_the_suit_led() -> None:
    # S3 discards 10S on trick 2's diamonds and plays 7D in trick 4 (spades led): a renege at trick 2, and one at 4.
    rows = swap_cards(E08_TRICKS, "7D", "10S")
    result = play_one(e08(tricks=tricks(rows)))
    assert result["reneges_found"][0] == {
        "seat": "S3",
        "trick": 2,
        "led_suit": "diamonds",
        "card_played": "10S",
        "held_card": "7D",
    }


def test_the_face_down_card_proves_no_renege_while_hidden() -> None:
    # Hearts led at trick 1 before the reveal: S2 (bidder) holds only the face-down 8H in hearts and may play anything.
    rows: Rows = [
        [("S2", "JC"), ("S3", "QS"), ("S4", "KS"), ("S1", "7C")],
        [("S2", "AS"), ("S3", "8S"), ("S4", "7S"), ("S1", "9S")],
        [("S1", "JD"), ("S2", "QC"), ("S3", "7D"), ("S4", "8D")],
        [("S1", "10C"), ("S2", "KC"), ("S3", "AH"), ("S4", "7H*")],
        [("S4", "JS"), ("S1", "8C"), ("S2", "9H"), ("S3", "10S")],
        [("S2", "JH"), ("S3", "QH"), ("S4", "KH"), ("S1", "10H")],
        [("S2", "9C"), ("S3", "QD"), ("S4", "10D"), ("S1", "AC")],
        [("S2", "8H"), ("S3", "9D"), ("S4", "AD"), ("S1", "KD")],
    ]
    result = play_one(e08(tricks=tricks(rows)))
    assert result["reneges_found"] == []


def lazy_caller_deal() -> tuple[ModelDeal, dict[str, Any]]:
    """A legal deal but for a caller who discards no trump while holding one he plays later."""
    for seed in range(500):
        model = play_model(random.Random(seed), call_rate=1, caller_skips_trump=True)
        reveal = model.revealed
        if reveal is None or reveal["by"] != "call":
            continue
        row = model.tricks[reveal["trick"] - 1]
        called = next(card for seat, card in row if card.endswith("*"))
        later = [card for trick in model.tricks[reveal["trick"] :] for seat, card in trick if seat == reveal["seat"]]
        held = next((card for card in later if card[-1] == model.trump), None)
        if called[-2] != model.trump and held is not None:
            entry = {"seat": reveal["seat"], "trick": reveal["trick"], "card_played": called[:-1], "held_card": held}
            return model, entry
    raise AssertionError("no such deal in 500 seeds")


def test_a_caller_who_does_not_trump_while_holding_one_is_listed() -> None:
    model, entry = lazy_caller_deal()
    result = play_one(model.payload())
    assert result["trump_not_played_found"] == [entry]
    assert [trick["winner"] for trick in result["tricks"]] == model.winners


def test_forfeit_the_first_offence_decides_against_its_team() -> None:
    # S4 (team B, the bidders) plays 8D on spades at trick 1 and 7S on diamonds at trick 2: two reneges.
    rows = swap_cards(E08_TRICKS, "8D", "7S")
    reported = play_one(e08(tricks=tricks(rows)))
    assert [renege["seat"] for renege in reported["reneges_found"]] == ["S4", "S4"]
    forfeited = play_one(e08(tricks=tricks(rows)), revoke_rule="forfeit_deal")
    assert (reported["made"], forfeited["made"], forfeited["game_points_delta"]) == (True, False, {"A": 0, "B": -1})


def test_a_lazy_caller_decides_under_forfeit() -> None:
    model, entry = lazy_caller_deal()
    result = play_one(model.payload(), revoke_rule="forfeit_deal")
    bidders = TEAM_OF[model.bidder]
    assert result["made"] is (TEAM_OF[entry["seat"]] != bidders)


def test_forfeit_by_a_defender_makes_the_contract() -> None:
    rows = swap_cards(E08_TRICKS, "7D", "10S")  # S3 (team A, defending) reneges at trick 2
    result = play_one(e08(tricks=tricks(rows), auction=[bid("S2", 28)]), revoke_rule="forfeit_deal")
    assert (result["bidding_team_card_points"] < 28, result["made"]) == (True, True)


def test_concealed_trump_leads_are_listed_only_when_forbidden() -> None:
    # S2 leads JH at trick 1 while hearts are hidden and still holds clubs.
    rows: Rows = [
        [("S2", "JH"), ("S3", "QH"), ("S4", "KH"), ("S1", "10H")],
        [("S2", "AS"), ("S3", "8S"), ("S4", "7S"), ("S1", "9S")],
        [("S1", "JD"), ("S2", "QC"), ("S3", "7D"), ("S4", "8D")],
        [("S1", "10C"), ("S2", "KC"), ("S3", "AH"), ("S4", "7H*")],
        [("S4", "JS"), ("S1", "8C"), ("S2", "9H"), ("S3", "10S")],
        [("S2", "JC"), ("S3", "QS"), ("S4", "KS"), ("S1", "7C")],
        [("S2", "9C"), ("S3", "QD"), ("S4", "10D"), ("S1", "AC")],
        [("S2", "8H"), ("S3", "9D"), ("S4", "AD"), ("S1", "KD")],
    ]
    assert "concealed_trump_leads_found" not in play_one(e08(tricks=tricks(rows)))
    result = play_one(e08(tricks=tricks(rows)), bidder_concealed_trump_lead="forbidden")
    assert result["concealed_trump_leads_found"] == [{"seat": "S2", "trick": 1, "card_led": "JH", "held_card": "AS"}]
    forfeited = play_one(e08(tricks=tricks(rows)), bidder_concealed_trump_lead="forbidden", revoke_rule="forfeit_deal")
    assert forfeited["made"] is False


# --- the pair -----------------------------------------------------------------------------------------------------


def test_a_pair_played_after_the_reveal_stands() -> None:
    # S4 plays KH at trick 5 but QH is S3's: no pair for S4; S3 holds QH only.
    violation = refusal(e08(pair={"seat": "S4"}), pair_rule=True)
    assert (violation.code, violation.field) == ("pair_not_allowed", "pair")
    assert violation.detail == "S4 never holds Q\u2665; no pair."


def pair_deal(after_reveal: bool) -> tuple[ModelDeal, str]:
    """A legal deal in which one seat plays both the king and queen of trumps, after the reveal or not."""
    for seed in range(2000):
        model = play_model(random.Random(seed))
        reveal = model.revealed
        plays = {
            card.rstrip("*"): (number, position, seat)
            for number, row in enumerate(model.tricks, start=1)
            for position, (seat, card) in enumerate(row)
        }
        king, queen = plays[f"K{model.trump}"], plays[f"Q{model.trump}"]
        if king[2] != queen[2] or reveal is None:
            continue
        reveal_at = _reveal_position(model)
        late = all((card[0], card[1]) >= reveal_at for card in (king, queen))
        if late == after_reveal:
            return model, king[2]
    raise AssertionError("no such deal")


def _reveal_position(model: ModelDeal) -> tuple[int, int]:
    assert model.revealed is not None
    number = model.revealed["trick"]
    row = model.tricks[number - 1]
    if model.revealed["by"] == "call":
        return number, next(k for k, (_, card) in enumerate(row) if card.endswith("*"))
    return number, next(k for k, (_, card) in enumerate(row) if card == model.face_down)


def test_a_pair_whose_cards_fall_after_the_reveal_moves_the_target() -> None:
    model, seat = pair_deal(after_reveal=True)
    result = play_one(model.payload() | {"pair": {"seat": seat}}, pair_rule=True)
    points = result["contract"]["points"]
    target = max(points - 4, 14) if TEAM_OF[seat] == TEAM_OF[model.bidder] else min(points + 4, 28)
    assert (result["target"], result["pair"]) == (
        target,
        {"seat": seat, "team": TEAM_OF[seat], "adjustment": target - points},
    )
    assert result["made"] is (result["bidding_team_card_points"] >= target)


def test_a_pair_played_before_the_reveal_is_not_allowed() -> None:
    model, seat = pair_deal(after_reveal=False)
    violation = refusal(model.payload() | {"pair": {"seat": seat}}, pair_rule=True)
    assert (violation.code, violation.field) == ("pair_not_allowed", "pair")
