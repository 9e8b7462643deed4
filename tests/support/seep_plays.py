"""Seep deals entered play by play (shared/rules/seep.md §S.7a): a seeded legal-play simulator, the oracle of the
referee tests, whose deals bench/seep_plays.py also folds.

The simulator keeps its own floor and its own arithmetic, written from the rules file (P1-P12), not taken from
games/rules/seep, so the referee tests (tests/rules/test_referee_seep.py) can check the engine against it. Each
turn the seat picks a card at random and one of the moves the default rules allow for it: capture if it can (all
the sets it can, P5), else throw (P4); or build a house of 9-13 keeping a card of its value (P6), add to a standing
house (P7), raise an uncemented house it does not own (P10). A move that would leave an owner of a house without a
card of its value (P9) is never chosen; capturing the house is always possible, so every card has a move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

SEATS4 = ("S1", "S2", "S3", "S4")


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
VALUE = {rank: number for number, rank in enumerate(RANKS, start=1)}
PACK = tuple(f"{rank}{suit}" for suit in "SHDC" for rank in RANKS)
TEAM = {"S1": "A", "S3": "A", "S2": "B", "S4": "B"}
PARTNER = {"S1": "S3", "S3": "S1", "S2": "S4", "S4": "S2"}
HOUSES = range(9, 14)
# How often each kind of move is picked, among those a card allows.
WEIGHTS = {"capture": 4, "throw": 1, "build": 2, "cement": 2, "raise": 1}


def value(card: str) -> int:
    return VALUE[card[:-1]]


def right_of(seat: str, steps: int = 1) -> str:
    return SEATS4[(SEATS4.index(seat) + steps) % 4]


def sets_worth(cards: list[str], target: int) -> list[tuple[str, ...]]:
    """Every group of ``cards`` adding up to ``target``."""
    found: list[tuple[str, ...]] = []
    small = [(card, value(card)) for card in cards if value(card) <= target]

    def extend(start: int, total: int, chosen: tuple[str, ...]) -> None:
        for index in range(start, len(small)):
            card, new_total = small[index][0], total + small[index][1]
            if new_total == target:
                found.append((*chosen, card))
            elif new_total < target:
                extend(index + 1, new_total, (*chosen, card))

    extend(0, 0, ())
    return found


@dataclass
class House:
    value: int
    cards: list[str]
    owners: list[str]

    @property
    def cemented(self) -> bool:
        return sum(map(value, self.cards)) > self.value


@dataclass
class Move:
    action: str
    card: str
    takes: tuple[str, ...] = ()
    with_: tuple[str, ...] = ()
    house: int | None = None


@dataclass
class SimulatedDeal:
    """A legal deal as a scorer would post it (every field given), and what the simulator saw happen."""

    payload: dict[str, Any]
    captured: dict[str, list[str]]
    sweeps: list[tuple[int, str, str]]  # (play from 1, seat, kind)
    last_capture: tuple[int, str]
    houses_built: int = 0


@dataclass
class Table:
    """The floor and the hands while a deal is played."""

    loose: list[str]
    hands: dict[str, list[str]]
    first_hand: list[str]
    bid: int
    houses: dict[int, House] = field(default_factory=dict)

    def can_capture(self, card: str) -> bool:
        return value(card) in self.houses or bool(sets_worth(self.loose, value(card)))

    def holds_after(self, seat: str, card: str, number: int, wanted: int) -> bool:
        held = self.first_hand if number == 0 else self.hands[seat]
        return any(value(other) == wanted for other in held if other != card)

    def keeps_duties(self, seat: str, move: Move, number: int) -> bool:
        """P9 after the move: every house the seat will own still has a card of its value in his hand."""
        owned = {house.value for house in self.houses.values() if seat in house.owners}
        if move.action == "capture":
            owned.discard(value(move.card))
        elif move.action == "raise":
            assert move.house is not None
            owned.discard(move.house)
            owned.add(move.house + value(move.card))
        elif move.action in ("build", "cement"):
            assert move.house is not None
            standing = self.houses.get(move.house)
            if standing is None or not {seat, PARTNER[seat]} & set(standing.owners):
                owned.add(move.house)
        return all(self.holds_after(seat, move.card, number, wanted) for wanted in owned)


def greedy_takes(loose: list[str], target: int, rng: random.Random) -> tuple[str, ...]:
    """Sets worth ``target`` taken one at a time at random until none is left among the loose cards (P5)."""
    left: list[str] = list(loose)
    taken: list[str] = []
    while options := sets_worth(left, target):
        chosen = rng.choice(options)
        taken.extend(chosen)
        left = [card for card in left if card not in chosen]
    return tuple(taken)


def moves_for(table: Table, seat: str, card: str, number: int, rng: random.Random) -> list[Move]:
    """The moves the default rules allow for ``card``; play 1 must use the bid value (P3)."""
    x = value(card)
    moves = []
    if table.can_capture(card):
        moves.append(Move("capture", card, greedy_takes(table.loose, x, rng)))
    else:
        moves.append(Move("throw", card))
    for target in HOUSES:
        standing = table.houses.get(target)
        if x == target:
            groups: list[tuple[str, ...]] = [(), *sets_worth(table.loose, target)]
        elif x < target:
            groups = sets_worth(table.loose, target - x)
        else:
            continue
        for group in groups:
            if standing is not None:
                moves.append(Move(rng.choice(("cement", "build")), card, with_=group, house=target))
            elif group:
                moves.append(Move("build", card, with_=group, house=target))
    for house in table.houses.values():
        if not house.cemented and seat not in house.owners and house.value + x <= max(HOUSES):
            moves.append(Move("raise", card, house=house.value))
    if number == 0:
        moves = [move for move in moves if (move.house if move.action in ("build", "cement") else x) == table.bid]
    return [move for move in moves if table.keeps_duties(seat, move, number)]


def apply(table: Table, seat: str, move: Move) -> list[str]:
    """Play the move; the cards it captured (empty unless a capture)."""
    if move.action == "throw":
        table.loose.append(move.card)
        return []
    table.loose = [card for card in table.loose if card not in (*move.takes, *move.with_)]
    if move.action == "capture":
        house = table.houses.pop(value(move.card), None)
        return [move.card, *move.takes, *(house.cards if house else [])]
    assert move.house is not None
    if move.action == "raise":
        old = table.houses.pop(move.house)
        target, cards, owners = move.house + value(move.card), [*old.cards, move.card], [seat]
        standing = table.houses.get(target)
        if standing is not None:
            cards = [*standing.cards, *cards]
            owners = standing.owners if seat in standing.owners else [*standing.owners, seat]
    else:
        target, standing = move.house, table.houses.get(move.house)
        if standing is None:
            cards, owners = [move.card, *move.with_], [seat]
        else:
            cards = [*standing.cards, move.card, *move.with_]
            owners = standing.owners if {seat, PARTNER[seat]} & set(standing.owners) else [*standing.owners, seat]
    joining = [card for card in table.loose if value(card) == target]  # P8
    table.loose = [card for card in table.loose if value(card) != target]
    table.houses[target] = House(target, [*cards, *joining], owners)
    return []


def play_json(seat: str, move: Move) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": seat, "card": move.card, "action": move.action}
    if move.action == "capture":
        data["takes"] = list(move.takes)
    if move.action in ("build", "cement"):
        data["with"] = list(move.with_)
    if move.house is not None:
        data["house"] = move.house
    return data


def pick_card(table: Table, seat: str, number: int, rng: random.Random) -> tuple[str, list[Move]]:
    """A card at random and its moves; on play 1 only cards that can use the bid value have any."""
    cards = list(table.first_hand if number == 0 else table.hands[seat])
    rng.shuffle(cards)
    for card in cards:
        options = moves_for(table, seat, card, number, rng)
        if options:
            return card, options
    raise AssertionError("the bidder always holds a card of the bid value")


def deal_cards(rng: random.Random) -> tuple[list[str], list[str], list[str]]:
    """A shuffled pack: the bidder's first four (one worth 9-13, else it is dealt again), the floor, the rest."""
    while True:
        pack = list(PACK)
        rng.shuffle(pack)
        if any(value(card) >= min(HOUSES) for card in pack[:4]):
            return pack[:4], pack[4:8], pack[8:]


def simulate(rng: random.Random, dealer: str | None = None) -> SimulatedDeal:
    """One legal deal, played at random from a seeded generator."""
    dealer = dealer or rng.choice(SEATS4)
    bidder = right_of(dealer)
    first, floor, rest = deal_cards(rng)
    bid = rng.choice(sorted({value(card) for card in first if value(card) >= min(HOUSES)}))
    order = [right_of(bidder, step) for step in range(4)]
    hands = {seat: rest[12 * i - 4 : 12 * i + 8] if i else [*first, *rest[:8]] for i, seat in enumerate(order)}
    table = Table(list(floor), {seat: list(cards) for seat, cards in hands.items()}, list(first), bid)
    captured: dict[str, list[str]] = {"A": [], "B": []}
    sweeps: list[tuple[int, str, str]] = []
    plays, last_capture, built = [], (0, ""), 0
    for number in range(48):
        seat = order[number % 4]
        card, options = pick_card(table, seat, number, rng)
        move = rng.choices(options, [WEIGHTS[option.action] for option in options])[0]
        table.hands[seat].remove(card)
        if number == 0:
            table.first_hand.remove(card)
        taken = apply(table, seat, move)
        built += move.action in ("build", "cement", "raise")
        if move.action == "capture":
            captured[TEAM[seat]].extend(taken)
            last_capture = (number + 1, seat)
            if not table.loose and not table.houses:
                sweeps.append(
                    (number + 1, seat, "first_play" if number == 0 else "last_play" if number == 47 else "regular")
                )
        plays.append(play_json(seat, move))
    assert not table.houses and last_capture[0], "every house is captured and a capture always happens"
    captured[TEAM[last_capture[1]]].extend(table.loose)
    payload = {
        "dealer": dealer,
        "bid": {"bidder": bidder, "value": bid, "bidder_hand": list(hands[bidder][:4])},
        "floor": list(floor),
        "plays": plays,
    }
    return SimulatedDeal(payload, captured, sweeps, last_capture, built)
