"""A Seep deal part way through its plays (shared/rules/seep.md §S.7a): the floor as it stands, whose play it is, the
sweeps so far, and for every card the seat to play may still hold the moves the referee accepts. Pure.

A page entering plays one tap at a time asks this after each play instead of keeping a floor of its own. The plays
so far are refereed as ``referee`` does (the first illegal one is refused with its code and field); then every
candidate move of each card (a capture, else a throw; each build; each raise) is tried on the floor by the same
referee and kept only if it passes. Hands are partly unknown until the deal ends, so P9 (an owner keeps a card of
his house's value) asks whether the seat *may* still hold one: a card not yet seen, in a hand with plays left (the
bidder's first four cards are his, and after play 1 only his).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

from games.rules.cards import RANKS, SUITS, Card, card_codes
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.seep import checks
from games.rules.seep.deal import Play, SeepDeal
from games.rules.seep.deal import parse_deal as parse_deal_fields
from games.rules.seep.floor import HOUSE_VALUES, Floor, House, capture_choices, card_value, has_set, index_sets
from games.rules.seep.plays import PLAY_COUNT, PlayReader, parse_floor
from games.rules.seep.referee import FIRST_PLAY, Replay
from games.rules.seep.settings import SeepRules
from games.rules.seep.tables import SEATS, TEAM_OF_SEAT, seat_right_of
from games.rules.shapes import reject_unknown_keys

PACK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
PLAYS_PER_SEAT = PLAY_COUNT // len(SEATS)
PROGRESS_KEYS: tuple[str, ...] = ("dealer", "throw_ins", "bid", "floor", "plays")


# --- reading the deal so far ---------------------------------------------------------------------------------------


def parse_partial(payload: object, rules: SeepRules) -> SeepDeal:
    """The deal as entered so far: dealer, bid with the bidder's four cards, the four floor cards and 0 to 48 plays,
    each read as ``plays.parse_deal`` reads a whole deal's."""
    if not isinstance(payload, Mapping):
        raise RuleViolation("invalid", msg("A deal must be an object."), None)
    reject_unknown_keys(
        payload,
        PROGRESS_KEYS,
        None,
        lambda key: msg(
            "A deal entered play by play so far has {allowed}; {key!r} is not one of them.",
            allowed=", ".join(PROGRESS_KEYS),
            key=key,
        ),
        allowed=list(PROGRESS_KEYS),
    )
    entered = payload.get("plays")
    if not isinstance(entered, list | tuple) or len(entered) > PLAY_COUNT:
        raise RuleViolation(
            "invalid",
            msg(
                "plays is the list of the plays entered so far, at most {play_count}.",
                play_count=PLAY_COUNT,
            ),
            "plays",
        )
    deal = parse_deal_fields(payload, rules)
    checks.check_deal_fields(deal, rules)
    if deal.bid.hand is None:
        raise RuleViolation(
            "bidder_hand_required",
            msg("With the plays, give the bidder's first four cards: the first play comes from them."),
            "bid.bidder_hand",
        )
    floor = parse_floor(payload.get("floor"), deal.bid.hand)
    reader = PlayReader(deal.bid.bidder, deal.bid.hand, floor)
    plays = tuple(reader.play(item, k) for k, item in enumerate(entered))
    return dataclasses.replace(deal, floor=floor, plays=plays)


# --- the referee on a deal under way ------------------------------------------------------------------------------


class _ReplaySoFar(Replay):
    """The referee's replay, where a seat's hand after a play is what it may still hold (the module docstring)."""

    def __init__(self, deal: SeepDeal, rules: SeepRules) -> None:
        super().__init__(deal, rules)
        assert deal.floor is not None
        self.starting_floor = deal.floor

    def _holds(self, k: int, play: Play, value: int) -> bool:
        if k == FIRST_PLAY:
            return super()._holds(k, play, value)
        return any(card_value(card) == value for card in self.may_hold(play.seat, self.plays[: k + 1]))

    def may_hold(self, seat: str, plays: tuple[Play, ...]) -> list[Card]:
        """The cards ``seat`` may hold after ``plays``: none once its 12 plays are made; the bidder's first four
        cards not yet played are his; any card not yet seen while the hand has room for it."""
        played = {play.card for play in plays}
        left = PLAYS_PER_SEAT - sum(1 for play in plays if play.seat == seat)
        if left <= 0:
            return []
        known = [card for card in self.hand if card not in played]
        unseen = [card for card in PACK if card not in played and card not in self.hand]
        unseen = [card for card in unseen if card not in self.starting_floor]
        if seat != self.bid.bidder:
            return unseen
        return known + (unseen if left > len(known) else [])

    def cards_to_play(self) -> list[Card]:
        """The cards the seat to play may play now: the bidder's four at play 1, else what it may hold."""
        k = len(self.resolved)
        if k >= PLAY_COUNT:
            return []
        if k == FIRST_PLAY:
            return list(self.hand)
        return self.may_hold(seat_right_of(self.bid.bidder, k), self.plays[:k])

    def accepts(self, play: Play) -> bool:
        """Whether the referee accepts ``play`` as the next one; the floor and the tallies are left as they were."""
        k, base = len(self.resolved), self.plays
        floor = self.floor
        saved = ({team: len(cards) for team, cards in self.captured.items()}, len(self.sweeps), self.last_capture)
        self.plays, self.floor = (*base[:k], play), Floor(list(floor.loose), dict(floor.houses))
        try:
            done = self.ACTIONS[play.action](self, k, play)
            self._check_capture_cards_kept(k, done)
        except RuleViolation:
            return False
        finally:
            self.plays, self.floor = base, floor
            for team, count in saved[0].items():
                del self.captured[team][count:]
            del self.sweeps[saved[1] :]
            self.last_capture = saved[2]
        return True


# --- the moves of a card ------------------------------------------------------------------------------------------


def _candidates(floor: Floor, seat: str, card: Card) -> Iterator[Play]:
    """Every move worth trying with ``card``, the likely one first: each capture when it can take something, else
    the throw; then each build; then each raise."""
    value = card_value(card)
    if value in floor.houses or has_set(floor.loose_values(), value):
        for takes in capture_choices(floor.loose, value):
            yield Play(seat, card, "capture", takes=takes)
    else:
        yield Play(seat, card, "throw")
    for house in HOUSE_VALUES:
        if value <= house:
            yield from _builds(floor, seat, card, house)
    for standing in sorted(floor.houses.values(), key=lambda built: built.value):
        if not standing.cemented and seat not in standing.owners:
            yield Play(seat, card, "raise", house=standing.value)


def _builds(floor: Floor, seat: str, card: Card, house: int) -> Iterator[Play]:
    """The builds of a house worth ``house`` with ``card``: the card's set and any more whole sets of loose cards.
    Loose cards of the house's value join it by themselves (P8); they are named only for a new house of the card
    and them alone (a king onto a loose king)."""
    loose, value = floor.loose, card_value(card)
    values = [card_value(each) for each in loose]
    usable = [i for i, each in enumerate(values) if each < house]
    own_sets = index_sets(values, usable, house - value) if value < house else [0]
    more_sets = index_sets(values, usable, house)
    found: dict[int, None] = {}

    def extend(union: int, start: int) -> None:
        found.setdefault(union)
        for position in range(start, len(more_sets)):
            if not more_sets[position] & union:
                extend(union | more_sets[position], position + 1)

    for own in own_sets:
        extend(own, 0)
    joining = tuple(each for each in loose if card_value(each) == house)
    for union in found:
        chosen = tuple(each for i, each in enumerate(loose) if union >> i & 1)
        if chosen or house in floor.houses:
            yield Play(seat, card, "build", with_=chosen, house=house)
        elif joining:
            yield Play(seat, card, "build", with_=joining, house=house)


def _move_json(play: Play, floor: Floor) -> dict[str, Any]:
    """A move: the play as the deal carries it (no seat), and what it does to a house, for a page to say it."""
    entry = play.as_json()
    del entry["seat"]
    value = card_value(play.card)
    taken = value if play.action == "capture" and value in floor.houses else None
    after = play.house + value if play.action == "raise" and play.house is not None else play.house
    return {
        "play": entry,
        "house_taken": taken,
        "house_after": after,
        "new_house": play.action == "build" and play.house not in floor.houses,
    }


# --- the answer ---------------------------------------------------------------------------------------------------


def _house_json(house: House) -> dict[str, Any]:
    return {
        "value": house.value,
        "cards": card_codes(house.cards),
        "owners": list(house.owners),
        "cemented": house.cemented,
    }


def floor_json(floor: Floor) -> dict[str, Any]:
    """The floor as it stands: loose cards in the order they came, then the houses by value."""
    return {
        "loose": card_codes(floor.loose),
        "houses": [_house_json(floor.houses[value]) for value in sorted(floor.houses)],
    }


def play_progress(deal: SeepDeal, rules: SeepRules) -> dict[str, Any]:
    """The deal so far (``parse_partial``): each play checked, the floor, the seat to play, the sweeps, the plays
    with what was inferred, and the moves the referee accepts for each card the seat to play may hold."""
    assert deal.plays is not None
    replay = _ReplaySoFar(deal, rules)
    replay.replay(len(deal.plays))
    count = len(deal.plays)
    seat = seat_right_of(deal.bid.bidder, count) if count < PLAY_COUNT else None
    moves: dict[str, list[dict[str, Any]]] = {}
    if seat is not None:
        for card in replay.cards_to_play():
            accepted = [play for play in list(_candidates(replay.floor, seat, card)) if replay.accepts(play)]
            moves[card.code] = [_move_json(play, replay.floor) for play in accepted]
    return {
        "plays_entered": count,
        "plays_left": PLAY_COUNT - count,
        "seat": seat,
        "floor": floor_json(replay.floor),
        "sweeps": [
            {"play": sweep.play, "seat": sweep.seat, "team": TEAM_OF_SEAT[sweep.seat], "kind": sweep.kind}
            for sweep in replay.sweeps
        ],
        "plays": [play.as_json() for play in replay.resolved],
        "moves": moves,
    }
