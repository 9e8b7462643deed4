"""The Seep floor during play (shared/rules/seep.md §S.7a.2): loose cards, houses, and the arithmetic of sets.

A *set worth v* is one or more loose cards whose capture values add up to v. Captures take sets, houses are
made of whole sets; everything here answers "do these values split into sets worth v?" and "which choices of
loose cards leave no set worth v?". Values are small (1-13) and floors short, so plain search is fast enough;
the splitting of a value list is cached because the same small lists come back again and again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from games.rules.cards import Card
from games.rules.seep.tables import CAPTURE_VALUE

HOUSE_VALUES: tuple[int, ...] = (9, 10, 11, 12, 13)


def card_value(card: Card) -> int:
    return CAPTURE_VALUE[card.rank]


def values_of(cards: Iterable[Card]) -> list[int]:
    return [CAPTURE_VALUE[card.rank] for card in cards]


@dataclass(frozen=True, slots=True)
class House:
    """A pile worth ``value`` (9-13), taken only whole; ``owners`` must each keep a card of its value (P9)."""

    value: int
    cards: tuple[Card, ...]
    owners: tuple[str, ...]

    @property
    def cemented(self) -> bool:
        """Two or more sets worth the value: the cards add up to more than it (§S.7a.2)."""
        return sum(values_of(self.cards)) > self.value

    def notation(self) -> str:
        """As the rules file writes a house: ``[13=: KH KS / S4,S3]`` (``=`` when cemented)."""
        mark = "=" if self.cemented else ""
        return f"[{self.value}{mark}: {' '.join(card.code for card in self.cards)} / {','.join(self.owners)}]"


@dataclass(slots=True)
class Floor:
    """The floor as play goes on: loose cards in the order they reached it, and at most one house per value."""

    loose: list[Card]
    houses: dict[int, House] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.loose and not self.houses

    def notation(self) -> str:
        """As the rules file writes the floor (§S.10): loose cards, then the houses by value; ``(empty)``."""
        parts = [card.code for card in self.loose] + [self.houses[value].notation() for value in sorted(self.houses)]
        return " ".join(parts) or "(empty)"

    def loose_values(self) -> list[int]:
        return values_of(self.loose)

    def remove_loose(self, cards: Iterable[Card]) -> None:
        gone = set(cards)
        self.loose = [card for card in self.loose if card not in gone]

    def join_loose_of_value(self, value: int) -> tuple[Card, ...]:
        """P8: every loose card worth ``value`` leaves the loose cards (to join the house of that value)."""
        joining = tuple(card for card in self.loose if card_value(card) == value)
        if joining:
            self.remove_loose(joining)
        return joining


# --- the arithmetic of sets ----------------------------------------------------------------------------------------


def has_set(values: Iterable[int], target: int) -> bool:
    """Whether some of ``values`` add up to exactly ``target`` (a subset sum, as a bit mask of reachable sums)."""
    reachable, limit = 1, (1 << (target + 1)) - 1
    for value in values:
        if value <= target:
            reachable = (reachable | (reachable << value)) & limit
            if reachable >> target:
                return True
    return False


def index_sets(values: Sequence[int], indexes: Sequence[int], target: int) -> list[int]:
    """Every subset of ``indexes`` whose values add up to ``target``, as bit masks over the positions."""
    found: list[int] = []

    def extend(start: int, total: int, mask: int) -> None:
        for position in range(start, len(indexes)):
            index = indexes[position]
            new_total = total + values[index]
            if new_total == target:
                found.append(mask | (1 << index))
            elif new_total < target:
                extend(position + 1, new_total, mask | (1 << index))

    extend(0, 0, 0)
    return found


@lru_cache(maxsize=8192)
def _splits(values: tuple[int, ...], target: int) -> bool:
    """``values`` (sorted, largest first) split into sets worth ``target``: the largest value goes into a set
    with some of the rest, and what is left must split too."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    if first == target:
        return _splits(rest, target)
    positions = list(range(len(rest)))
    tried: set[tuple[int, ...]] = set()
    for mask in index_sets(rest, positions, target - first):
        chosen = tuple(value for index, value in enumerate(rest) if mask >> index & 1)
        if chosen in tried:
            continue
        tried.add(chosen)
        if _splits(tuple(value for index, value in enumerate(rest) if not mask >> index & 1), target):
            return True
    return False


def splits_into_sets(values: Iterable[int], target: int) -> bool:
    """Whether ``values`` split into whole sets worth ``target`` each (nothing left over)."""
    ordered = tuple(sorted(values, reverse=True))
    if sum(ordered) % target or (ordered and ordered[0] > target):
        return False
    return _splits(ordered, target)


def house_values_for(values: Sequence[int]) -> list[int]:
    """The house values 9-13 into whose whole sets these cards split (more than one: a reading to choose)."""
    total = sum(values)
    return [value for value in HOUSE_VALUES if total % value == 0 and splits_into_sets(values, value)]


def one_set(cards: Sequence[Card], target: int) -> tuple[Card, ...]:
    """Some loose cards adding up to ``target`` (for messages); empty when there is none."""
    values = values_of(cards)
    masks = index_sets(values, [i for i, value in enumerate(values) if value <= target], target)
    if not masks:
        return ()
    return tuple(card for index, card in enumerate(cards) if masks[0] >> index & 1)


def capture_choices(loose: Sequence[Card], target: int) -> list[tuple[Card, ...]]:
    """Every choice of loose cards a card worth ``target`` may take that leaves no set worth ``target`` (P5):
    whole sets, disjoint, and every set on the floor meets them. Cards worth the target are in every choice."""
    values = values_of(loose)
    sets = index_sets(values, [i for i, value in enumerate(values) if value < target], target)
    forced = sum(1 << i for i, value in enumerate(values) if value == target)
    unions: set[int] = set()

    def extend(union: int, start: int) -> None:
        for position in range(start, len(sets)):
            if not sets[position] & union:
                extend(union | sets[position], position + 1)
        if all(candidate & union for candidate in sets):
            unions.add(union)

    extend(0, 0)
    return [
        tuple(card for index, card in enumerate(loose) if (union | forced) >> index & 1) for union in sorted(unions)
    ]


def card_list(cards: Iterable[Card]) -> str:
    """Cards for a message: ``9H + 3C``."""
    return " + ".join(card.code for card in cards)
