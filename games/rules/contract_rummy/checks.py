"""The legality checks of a Contract Rummy deal (shared/rules/contract_rummy.md §R.5): they raise, and change
nothing."""

from __future__ import annotations

from collections import Counter

from games.rules.cards import Card
from games.rules.contract_rummy.deal import ContractRummyDeal
from games.rules.contract_rummy.melds import check_melds
from games.rules.contract_rummy.settings import GAME_NAME, ContractRummyRules
from games.rules.contract_rummy.state import ContractRummyState
from games.rules.errors import RuleViolation
from games.rules.messages import and_chain, msg, msg_template

# A player reported with nothing left went out: one whole sentence per way of reporting it (no cards left, or a
# penalty of 0 points), so no word is pasted into another language's sentence.
WENT_OUT_MISSING: dict[str, str] = {
    "cards_left": msg_template(
        "{seat} is reported with no cards, so {seat} went out: mark {seat} as the player who went out."
    ),
    "penalty_points": msg_template(
        "{seat} is reported with 0 points, so {seat} went out: mark {seat} as the player who went out."
    ),
}
ANOTHER_PLAYER_OUT: dict[str, str] = {
    "cards_left": msg_template(
        "Exactly one player goes out in a deal: {went_out} is marked out, but {seat} is also reported with no "
        "cards. Enter {seat}'s remaining cards."
    ),
    "penalty_points": msg_template(
        "Exactly one player goes out in a deal: {went_out} is marked out, but {seat} is also reported with 0 "
        "points. Enter {seat}'s remaining penalty."
    ),
}


# match_already_finished, one whole sentence for one winner and one for a shared win.
ONE_WINNER = msg_template("{game_name} has {deals} deals and all {deals} are recorded; {winners_0} won with {best}.")
SHARED_WIN = msg_template(
    "{game_name} has {deals} deals and all {deals} are recorded; {winners} shared the win with {best}."
)


def _finished(state: ContractRummyState, rules: ContractRummyRules) -> str:
    said = {"game_name": GAME_NAME, "deals": rules.deals, "best": min(state.totals)}
    if len(state.winners) == 1:
        return msg(ONE_WINNER, winners_0=state.winners[0], **said)
    return msg(SHARED_WIN, winners=and_chain(state.winners), **said)


def _check_seat_entry(
    seat: str, cards: tuple[Card, ...] | None, points: int | None, deal: ContractRummyDeal, rules: ContractRummyRules
) -> None:
    if seat == deal.went_out:
        if cards:
            raise RuleViolation(
                "went_out_with_cards",
                msg(
                    "{seat} is marked as going out, so {seat} has no cards left; remove {cards} or pick the player "
                    "who really went out.",
                    seat=seat,
                    cards=" ".join(c.code for c in cards),
                ),
                f"cards_left.{seat}",
            )
        if points:
            raise RuleViolation(
                "went_out_with_cards",
                msg(
                    "{seat} is marked as going out, so {seat} scores 0, not {points}; enter 0 or pick the player who "
                    "really went out.",
                    seat=seat,
                    points=points,
                ),
                f"penalty_points.{seat}",
            )
        return
    if cards is None and points is None:
        name = "penalty_points" if deal.cards_left is None and deal.penalty_points is not None else "cards_left"
        raise RuleViolation(
            "invalid",
            msg(
                "{seat} did not go out: enter {seat}'s cards left (cards_left) or penalty points (penalty_points).",
                seat=seat,
            ),
            f"{name}.{seat}",
        )
    for empty, name in ((cards == (), "cards_left"), (points == 0, "penalty_points")):
        if not empty:
            continue
        if deal.went_out is None:
            raise RuleViolation("went_out_missing", msg(WENT_OUT_MISSING[name], seat=seat), "went_out")
        raise RuleViolation(
            "exactly_one_player_out",
            msg(ANOTHER_PLAYER_OUT[name], went_out=deal.went_out, seat=seat),
            f"{name}.{seat}",
            went_out=deal.went_out,
        )
    if points is not None:
        _check_penalty(seat, points, rules)
        if cards is not None and rules.hand_value(cards) != points:
            worth = " + ".join(f"{card.code} {rules.card_values[card]}" for card in cards)
            raise RuleViolation(
                "penalty_mismatch",
                msg(
                    "{seat}'s cards ({worth}) are worth {hand_value}, not {points}.",
                    seat=seat,
                    worth=worth,
                    hand_value=rules.hand_value(cards),
                    points=points,
                ),
                f"penalty_points.{seat}",
                cards_value=rules.hand_value(cards),
                entered=points,
            )


def _check_penalty(seat: str, points: int, rules: ContractRummyRules) -> None:
    field = f"penalty_points.{seat}"
    if points < 0:
        reason = msg("a penalty cannot be negative; {points} cannot happen.", points=points)
    elif points < rules.min_penalty:
        reason = msg(
            "{seat} still holds at least one card, worth {min_penalty} or more; a penalty of {points} cannot happen.",
            seat=seat,
            min_penalty=rules.min_penalty,
            points=points,
        )
    elif points % rules.penalty_step:
        reason = msg(
            "every card is worth a multiple of {penalty_step} points; a penalty of {points} cannot happen.",
            penalty_step=rules.penalty_step,
            points=points,
        )
    elif points > rules.pack_value:
        reason = msg(
            "the whole pack is worth {pack_value}; a penalty of {points} cannot happen.",
            pack_value=rules.pack_value,
            points=points,
        )
    else:
        return
    raise RuleViolation(
        "penalty_impossible",
        msg("{seat} did not go out, so {reason}", seat=seat, reason=reason),
        field,
        minimum=rules.min_penalty,
        multiple_of=rules.penalty_step,
        maximum=rules.pack_value,
    )


def _check_card_counts(deal: ContractRummyDeal, rules: ContractRummyRules) -> None:
    seen: Counter[Card] = Counter()
    places = [(f"cards_left.{seat}", cards) for seat, cards in deal.cards_left or ()]
    places += [(f"melds[{index}].cards", meld.cards) for index, meld in enumerate(deal.melds or ())]
    for path, cards in places:
        for position, card in enumerate(cards):
            seen[card] += 1
            allowed = rules.copies_in_pack(card)
            if seen[card] > allowed:
                refusal = (
                    msg("{code} is reported, but this match is played without jokers.", code=card.code)
                    if not allowed
                    else msg(
                        "{code} is reported {seen} times, but this match's pack has only {allowed} of it.",
                        code=card.code,
                        seen=seen[card],
                        allowed=allowed,
                    )
                )
                raise RuleViolation(
                    "card_count_exceeds_pack",
                    refusal,
                    f"{path}[{position}]",
                    card=card.code,
                    in_pack=allowed,
                    copies_in_pack=allowed,  # deprecated: in_pack, as in every game
                )


def check_deal(state: ContractRummyState, deal: ContractRummyDeal, rules: ContractRummyRules) -> None:
    """Every check of §R.5 against the match so far; raises ``RuleViolation`` on the first that fails."""
    if state.match_over:
        raise RuleViolation(
            "match_already_finished",
            _finished(state, rules),
            winners=list(state.winners),
        )
    number = state.deals_played + 1
    if rules.enforce_dealer_order and state.next_dealer is not None and deal.dealer != state.next_dealer:
        raise RuleViolation(
            "dealer_out_of_turn",
            msg(
                "{next_dealer} deals deal {number} (the deal passes to the left); {dealer} was entered.",
                next_dealer=state.next_dealer,
                number=number,
                dealer=deal.dealer,
            ),
            "dealer",
            expected_dealer=state.next_dealer,
            expected=state.next_dealer,  # expected: deprecated
        )
    if deal.went_out is None and not rules.allow_no_winner_deal:
        raise RuleViolation("went_out_missing", msg("Mark the player who went out."), "went_out")
    cards = dict(deal.cards_left or ())
    points = dict(deal.penalty_points or ())
    order = rules.seats if deal.went_out is None else (deal.went_out, *rules.seats)
    for seat in order:
        _check_seat_entry(seat, cards.get(seat), points.get(seat), deal, rules)
    _check_card_counts(deal, rules)
    if deal.melds is not None:
        if deal.went_out is None:
            raise RuleViolation(
                "invalid",
                msg(
                    "Melds are entered for the player who went out, and nobody went out in this deal.",
                ),
                "melds",
            )
        check_melds(
            deal.melds,
            rules.contracts[state.deals_played],
            number,
            min_set_length=rules.min_set_length,
            min_run_length=rules.min_run_length,
            distinct_suits_in_sets=rules.distinct_suits_in_sets,
            contract_runs_distinct_suits=rules.contract_runs_distinct_suits,
            decks=rules.decks,
        )
