"""The optional meld entry of the player who went out: meld shapes (§R.1) and the deal's contract (§R.2).

A meld is ``{"type": "set" | "run", "cards": [...], "jokers": [...]}``; every ``JKR`` in ``cards`` stands for the
card declared for it in ``jokers``, in order (the seed: "the card a joker stands for must be declared").
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise

from games.rules.cards import RANKS, SUIT_SYMBOLS, Card, card_codes
from games.rules.contract_rummy.settings import parse_hand
from games.rules.errors import RuleViolation
from games.rules.messages import and_chain, and_list, msg, msg_template, nmsg
from games.rules.shapes import reject_unknown_keys

MELD_TYPES: tuple[str, ...] = ("set", "run")
MELD_KEYS: tuple[str, ...] = ("type", "cards", "jokers")
NUMBER_WORDS: tuple[str, ...] = (
    msg("no"),
    msg("one"),
    msg("two"),
    msg("three"),
    msg("four"),
    msg("five"),
    msg("six"),
    msg("seven"),
    msg("eight"),
)
# meld_invalid for jokers not declared, one whole sentence per kind of meld.
UNDECLARED_JOKERS: dict[str, str] = {
    "set": msg_template(
        "{show}: every joker must be declared as the card it stands for; this set has {joker_count} joker(s) and "
        "{jokers_count} declared card(s) in jokers."
    ),
    "run": msg_template(
        "{show}: every joker must be declared as the card it stands for; this run has {joker_count} joker(s) and "
        "{jokers_count} declared card(s) in jokers."
    ),
}
RANK_LOW: dict[str, int] = {rank: index + 1 for index, rank in enumerate(RANKS)}  # A=1 ... K=13


@dataclass(frozen=True)
class Meld:
    type: str
    cards: tuple[Card, ...]
    jokers: tuple[Card, ...] = ()


def parse_melds(value: object, field: str = "melds") -> tuple[Meld, ...] | None:
    """Shape and card codes only; whether the melds are legal is ``check_melds``'s business."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise RuleViolation(
            "invalid",
            msg(
                'melds is a list such as [{{"type": "set", "cards": ["5H", "5S", "JKR"], "jokers": ["5D"]}}].',
            ),
            field,
        )
    melds = []
    for index, item in enumerate(value):
        path = f"{field}[{index}]"
        if not isinstance(item, Mapping):
            raise RuleViolation("invalid", msg("A meld is an object with type (set or run), cards and jokers."), path)
        reject_unknown_keys(
            item,
            MELD_KEYS,
            path,
            lambda key: msg("A meld has type, cards and jokers; {key!r} is not allowed.", key=key),
        )
        kind = item.get("type")
        if kind not in MELD_TYPES:
            raise RuleViolation(
                "invalid",
                msg(
                    "A meld's type is 'set' or 'run'; {kind!r} is not.",
                    kind=kind,
                ),
                f"{path}.type",
            )
        if "cards" not in item:
            raise RuleViolation("invalid", msg("List the meld's cards."), f"{path}.cards")
        cards = parse_hand(item["cards"], f"{path}.cards")
        jokers_value = item.get("jokers")
        jokers = () if jokers_value is None else parse_hand(jokers_value, f"{path}.jokers")
        melds.append(Meld(str(kind), cards, jokers))
    return tuple(melds)


def meld_json(meld: Meld) -> dict[str, object]:
    return {"type": meld.type, "cards": card_codes(meld.cards), "jokers": card_codes(meld.jokers)}


def _show(meld: Meld) -> str:
    declared = iter(meld.jokers)
    words = []
    for card in meld.cards:
        if card.is_joker:
            stands_for = next(declared, None)
            words.append(f"JKR({stands_for.code})" if stands_for else "JKR")
        else:
            words.append(card.code)
    return " ".join(words)


def effective_cards(meld: Meld, path: str) -> tuple[Card, ...]:
    """The cards the meld shows, each joker replaced by the card declared for it."""
    joker_count = sum(card.is_joker for card in meld.cards)
    if joker_count != len(meld.jokers):
        raise RuleViolation(
            "meld_invalid",
            msg(UNDECLARED_JOKERS[meld.type], show=_show(meld), joker_count=joker_count, jokers_count=len(meld.jokers)),
            f"{path}.jokers",
            jokers=joker_count,
            declared=len(meld.jokers),
        )
    if any(card.is_joker for card in meld.jokers):
        raise RuleViolation(
            "meld_invalid", msg("A joker stands for a real card (such as 6H), not for another joker."), f"{path}.jokers"
        )
    declared = iter(meld.jokers)
    return tuple(next(declared) if card.is_joker else card for card in meld.cards)


def _check_set(
    meld: Meld, cards: tuple[Card, ...], path: str, min_length: int, *, distinct_suits: bool, one_pack: bool
) -> None:
    shown = _show(meld)
    ranks = {card.rank for card in cards}
    if len(ranks) > 1:
        raise RuleViolation(
            "meld_invalid",
            msg(
                "{shown} is not a set: a set is cards of one rank, and this one mixes {ranks}.",
                shown=shown,
                ranks=", ".join(sorted(ranks, key=RANK_LOW.__getitem__)),
            ),
            path,
        )
    if len(cards) < min_length:
        raise RuleViolation(
            "meld_invalid",
            msg(
                "{shown} is not a set: a set has at least {min_length} cards; this one has {cards_count}.",
                shown=shown,
                min_length=min_length,
                cards_count=len(cards),
            ),
            path,
            min_length=min_length,
        )
    suits = [card.suit for card in cards]
    if len(set(suits)) < len(suits) and (distinct_suits or one_pack):
        repeated = next(card for card in cards if suits.count(card.suit) > 1)  # one rank, so the same card twice
        template = (
            msg_template("{shown} is not a set: a set may not hold two cards of one suit, and it has {card} twice.")
            if distinct_suits
            else msg_template("{shown} is not a set: one pack has only one of each card, and it has {card} twice.")
        )
        raise RuleViolation("meld_invalid", msg(template, shown=shown, card=repeated.symbol), path)


def _check_run(meld: Meld, cards: tuple[Card, ...], path: str, min_length: int) -> None:
    shown = _show(meld)
    suits = {card.suit for card in cards}
    if len(suits) > 1:
        raise RuleViolation(
            "meld_invalid",
            msg(
                "{shown} is not a run: a run is consecutive cards of one suit, and this one mixes {suits}.",
                shown=shown,
                suits=and_chain(SUIT_SYMBOLS[suit] for suit in sorted(suits)),
            ),
            path,
        )
    if len(cards) < min_length:
        raise RuleViolation(
            "meld_invalid",
            msg(
                "{shown} is not a run: a run has at least {min_length} cards; this one has {cards_count}.",
                shown=shown,
                min_length=min_length,
                cards_count=len(cards),
            ),
            path,
            min_length=min_length,
        )
    low = sorted(RANK_LOW[card.rank] for card in cards)
    high = sorted(14 if value == 1 else value for value in low)
    for values in (low, high):
        if all(later == earlier + 1 for earlier, later in pairwise(values)):
            return
    ranks = [card.rank for card in cards]
    if len(set(ranks)) < len(ranks):
        repeated = next(card for card in cards if ranks.count(card.rank) > 1)  # one suit, so the same card twice
        raise RuleViolation(
            "meld_invalid",
            msg(
                "{shown} is not a run: it has {card} twice, and a run has each rank once.",
                shown=shown,
                card=repeated.symbol,
            ),
            path,
        )
    if "A" in ranks and "K" in ranks and "2" in ranks:
        raise RuleViolation(
            "meld_invalid",
            msg(
                "{shown} is not a run: it turns the corner K-A-2, and the ace is high or low, not both.",
                shown=shown,
            ),
            path,
        )
    values = low if "A" in ranks and "2" in ranks else high
    gaps = [RANKS[value % 13] for earlier, later in pairwise(values) for value in range(earlier, later - 1)]
    raise RuleViolation(
        "meld_invalid",
        msg(
            "{shown} is not a run: its ranks must follow on without gaps ({gaps} missing).",
            shown=shown,
            gaps=", ".join(gaps),
        ),
        path,
        missing=gaps,
    )


def _sets_words(count: int) -> str:
    return nmsg("{number} set", "{number} sets", "count", number=NUMBER_WORDS[min(count, 8)], count=count)


def _runs_words(count: int) -> str:
    return nmsg("{number} run", "{number} runs", "count", number=NUMBER_WORDS[min(count, 8)], count=count)


def _count_words(sets: int, runs: int) -> str:
    parts = []
    if sets or not runs:
        parts.append(_sets_words(sets))
    if runs or not sets:
        parts.append(_runs_words(runs))
    return and_list(parts)


@functools.cache  # every deal's result names its contract: the words of each of the few contracts built once
def contract_words(sets: int, runs: int) -> str:
    """``two sets``, ``one set and one run``, ``three runs``."""
    parts = []
    if sets:
        parts.append(_sets_words(sets))
    if runs:
        parts.append(_runs_words(runs))
    return and_list(parts) if parts else ""


def _missed_contract(deal_number: int, contract: tuple[int, int], entered: tuple[int, int]) -> str:
    """contract_not_met in one whole sentence: none entered, fewer melds than the contract (one, or more), or as
    many or more but not the right ones; the counts are whole phrases ("two sets and one run")."""
    need_sets, need_runs = contract
    sets, runs = entered
    needs = contract_words(need_sets, need_runs)
    if not sets + runs:
        return msg(
            "Deal {deal_number} needs {contract_words}; no melds were entered.",
            deal_number=deal_number,
            contract_words=needs,
        )
    values = {
        "deal_number": deal_number,
        "contract_words": needs,
        "count_words": _count_words(sets, runs),
        "melds": sets + runs,
    }
    if sets + runs < need_sets + need_runs:
        return nmsg(
            "Deal {deal_number} needs {contract_words}; only {count_words} was entered.",
            "Deal {deal_number} needs {contract_words}; only {count_words} were entered.",
            "melds",
            **values,
        )
    return nmsg(
        "Deal {deal_number} needs {contract_words}; {count_words} was entered.",
        "Deal {deal_number} needs {contract_words}; {count_words} were entered.",
        "melds",
        **values,
    )


def check_melds(
    melds: tuple[Meld, ...],
    contract: tuple[int, int],
    deal_number: int,
    *,
    min_set_length: int,
    min_run_length: int,
    distinct_suits_in_sets: bool,
    contract_runs_distinct_suits: bool,
    decks: int,
    field: str = "melds",
) -> None:
    """Each meld is a legal set or run, and together they contain the deal's contract (§R.5)."""
    run_suits: list[tuple[int, str]] = []
    sets = 0
    for index, meld in enumerate(melds):
        path = f"{field}[{index}]"
        cards = effective_cards(meld, path)
        if meld.type == "set":
            _check_set(meld, cards, path, min_set_length, distinct_suits=distinct_suits_in_sets, one_pack=decks == 1)
            sets += 1
        else:
            _check_run(meld, cards, path, min_run_length)
            run_suits.append((index, cards[0].suit))
    need_sets, need_runs = contract
    runs = len(run_suits)
    if sets < need_sets or runs < need_runs:
        raise RuleViolation(
            "contract_not_met",
            _missed_contract(deal_number, (need_sets, need_runs), (sets, runs)),
            field,
            contract={"sets": need_sets, "runs": need_runs},
            entered={"sets": sets, "runs": runs},
        )
    if contract_runs_distinct_suits and need_runs > 1 and len({suit for _, suit in run_suits}) < need_runs:
        seen: set[str] = set()
        for index, suit in run_suits:
            if suit in seen:
                raise RuleViolation(
                    "meld_invalid",
                    msg(
                        "{show}: the {need_runs} runs of deal {deal_number}'s contract must be in different suits, "
                        "and another run is already in {suit}.",
                        show=_show(melds[index]),
                        need_runs=need_runs,
                        deal_number=deal_number,
                        suit=SUIT_SYMBOLS[suit],
                    ),
                    f"{field}[{index}]",
                )
            seen.add(suit)
