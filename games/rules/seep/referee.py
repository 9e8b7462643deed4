"""The Seep referee (shared/rules/seep.md §S.7a): the starting floor and the 48 plays in, facts out. Pure.

``referee_deal`` lays out the four floor cards, replays the plays in order and refuses the first one that breaks
P1-P13 (steps 4 and 5 of §S.7a.3), filling in what the scorer may leave out (``takes``, ``house``). What it finds
(``tally.PlayRecord``) scores the deal exactly as entered totals would and adds the result keys of §S.7a.4
(``tally``). Every hand is known from the plays: a seat holds the cards it has still to play, and
right after play 1 the bidder holds the rest of his first four cards (the dealer deals the others after it).

What a play does to the floor does not depend on the house rules, which only refuse plays; so the normalized
input (``resolved``) is the replay under the most permissive rules, the same floor the referee saw.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections import Counter
from collections.abc import Callable

from games.rules.cards import Card, card_codes
from games.rules.errors import RuleViolation
from games.rules.messages import msg, or_chain
from games.rules.seep import tally
from games.rules.seep.checks import CARD_KEPT_MESSAGES, FIRST_BUILD_MESSAGES, FIRST_PLAY_MESSAGES
from games.rules.seep.deal import Play, SeepDeal
from games.rules.seep.floor import (
    HOUSE_VALUES,
    Floor,
    House,
    capture_choices,
    card_list,
    card_value,
    has_set,
    house_values_for,
    one_set,
    splits_into_sets,
    values_of,
)
from games.rules.seep.settings import SeepRules
from games.rules.seep.tables import SEATS, TEAM_NAMES, TEAM_OF_SEAT, partner_of
from games.rules.seep.tally import PlayRecord, SweepFound

FIRST_PLAY, LAST_PLAY = 0, 47
# The rules under which every play has its effect and only shape and card errors refuse (see the docstring).
PERMISSIVE = SeepRules(capture_must_take_all_sets=False)


class Replay:
    """One pass over the plays; each action's method checks the play in the order of §S.7a.3, then applies it."""

    def __init__(self, deal: SeepDeal, rules: SeepRules) -> None:
        assert deal.plays is not None and deal.floor is not None and deal.bid.hand is not None
        self.plays, self.rules, self.bid = deal.plays, rules, deal.bid
        self.hand: tuple[Card, ...] = deal.bid.hand
        self.floor = Floor(list(deal.floor))
        self.to_play: dict[str, Counter[int]] = {seat: Counter() for seat in SEATS}
        for play in deal.plays:
            self.to_play[play.seat][card_value(play.card)] += 1
        self.resolved: list[Play] = []  # the plays checked so far, with what was inferred
        self.captured: dict[str, list[Card]] = {team: [] for team in TEAM_NAMES}
        self.sweeps: list[SweepFound] = []
        self.last_capture: tuple[int, str] | None = None

    def replay(self, count: int) -> None:
        """Check and apply the first ``count`` plays."""
        for k, play in enumerate(self.plays[:count]):
            self.to_play[play.seat][card_value(play.card)] -= 1
            done = self.ACTIONS[play.action](self, k, play)
            self._check_capture_cards_kept(k, done)
            self.resolved.append(done)

    def run(self) -> PlayRecord:
        self.replay(len(self.plays))
        assert self.last_capture is not None and not self.floor.houses, "P12: a legal deal ends with a capture"
        leftovers = tuple(self.floor.loose)
        self.captured[TEAM_OF_SEAT[self.last_capture[1]]].extend(leftovers)
        captured = (tuple(self.captured["A"]), tuple(self.captured["B"]))
        return PlayRecord(tuple(self.resolved), captured, tuple(self.sweeps), self.last_capture, leftovers)

    # --- what a seat holds, and checks shared by the actions --------------------------------------------------

    def _holds(self, k: int, play: Play, value: int) -> bool:
        """Whether the seat of play ``k`` holds a card worth ``value`` right after it."""
        if k == FIRST_PLAY:
            return any(card_value(card) == value for card in self.hand if card != play.card)
        return self.to_play[play.seat][value] > 0

    def _owned(self, seat: str) -> list[House]:
        return [house for house in self.floor.houses.values() if seat in house.owners]

    def _check_first_play_value(self, k: int, value: int, card: Card | None, field: str) -> None:
        """P3: the first play builds a house of the bid value, or captures or throws a card worth it (``card``, or
        None for a build of a house of ``value``: one whole sentence each)."""
        bid = self.bid.value
        if k == FIRST_PLAY and value != bid:
            refusal = (
                msg(FIRST_BUILD_MESSAGES[bid], bid=bid, value=value)
                if card is None
                else msg(FIRST_PLAY_MESSAGES[bid], bid=bid, what=card.code)
            )
            raise RuleViolation("first_play_not_bid_value", refusal, field, bid=bid)

    def _check_loose(self, k: int, cards: tuple[Card, ...], key: str) -> None:
        for index, card in enumerate(cards):
            if card not in self.floor.loose:
                raise RuleViolation(
                    "card_not_on_floor",
                    msg(
                        "{code} is not a loose card on the floor now.",
                        code=card.code,
                    ),
                    f"plays[{k}].{key}[{index}]",
                    card=card.code,
                )

    def _check_capture_cards_kept(self, k: int, play: Play) -> None:
        """P9: after every play each house the player owns has a card of its value left in his hand."""
        for house in self._owned(play.seat):
            if not self._holds(k, play, house.value):
                raise RuleViolation(
                    "capture_card_not_kept",
                    msg(
                        CARD_KEPT_MESSAGES[house.value],
                        seat=play.seat,
                        value=house.value,
                    ),
                    f"plays[{k}].card",
                    house=house.value,
                )

    def _check_sets_left(self, value: int, field: str) -> None:
        """With ``loose_sets_join_house = compulsory`` no loose set worth the house may stay beside it (P8)."""
        if self.rules.loose_sets_join_house != "compulsory":
            return
        left = one_set(self.floor.loose, value)
        if left:
            raise RuleViolation(
                "house_set_left_loose",
                msg(
                    "Loose cards that add up to {value} ({left}) must go into the house of {value}.",
                    value=value,
                    left=card_list(left),
                ),
                field,
                house=value,
                cards=card_codes(left),
            )

    # --- throw and capture -----------------------------------------------------------------------------------

    def _capture_refusal(self, code: str, value: int) -> str:
        """The refusal of a throw of ``code`` (worth ``value``) that could capture, one whole sentence for a house,
        a set of cards and one card; an empty string when it could take nothing."""
        if value in self.floor.houses:
            return msg(
                "{code} can capture on this floor (the house of {value}), so it may not be thrown loose.",
                code=code,
                value=value,
            )
        found = one_set(self.floor.loose, value)
        if len(found) > 1:
            return msg(
                "{code} can capture on this floor ({cards} make {value}), so it may not be thrown loose.",
                code=code,
                cards=card_list(found),
                value=value,
            )
        if not found:
            return ""
        could_take = found[0].code
        return msg(
            "{code} can capture on this floor ({could_take}), so it may not be thrown loose.",
            code=code,
            could_take=could_take,
        )

    def throw(self, k: int, play: Play) -> Play:
        value = card_value(play.card)
        self._check_first_play_value(k, value, play.card, f"plays[{k}].card")
        refusal = self._capture_refusal(play.card.code, value)
        if refusal:
            raise RuleViolation("capture_required", refusal, f"plays[{k}].action")
        owned = self._owned(play.seat)
        if owned and not self.rules.owner_may_throw_loose:
            raise RuleViolation(
                "owner_may_not_throw",
                msg(
                    "{seat} owns the house of {value}, so may not throw a loose card; capture, build, cement or "
                    "raise instead.",
                    seat=play.seat,
                    value=owned[0].value,
                ),
                f"plays[{k}].action",
                house=owned[0].value,
            )
        self.floor.loose.append(play.card)
        return play

    def capture(self, k: int, play: Play) -> Play:
        value, field = card_value(play.card), f"plays[{k}]"
        self._check_first_play_value(k, value, play.card, f"{field}.card")
        house = self.floor.houses.get(value)
        if house is None and not has_set(self.floor.loose_values(), value):
            raise RuleViolation(
                "nothing_to_capture",
                msg(
                    "Nothing on the floor is worth {value}: {code} can only be thrown loose or used in a house.",
                    value=value,
                    code=play.card.code,
                ),
                f"{field}.action",
            )
        takes = self._infer_takes(k, play, value) if play.takes is None else self._checked_takes(k, play, value)
        self.floor.remove_loose(takes)
        if house is not None:
            del self.floor.houses[value]
        taken = (play.card, *takes, *(house.cards if house is not None else ()))
        self.captured[TEAM_OF_SEAT[play.seat]].extend(taken)
        self.last_capture = (k + 1, play.seat)
        if self.floor.empty and (takes or self.rules.house_only_sweep_counts):
            kind = "first_play" if k == FIRST_PLAY else "last_play" if k == LAST_PLAY else "regular"
            self.sweeps.append(SweepFound(k + 1, play.seat, kind))
        return play if play.takes is not None else dataclasses.replace(play, takes=takes)

    def _checked_takes(self, k: int, play: Play, value: int) -> tuple[Card, ...]:
        takes, field = play.takes or (), f"plays[{k}].takes"
        self._check_loose(k, takes, "takes")
        if not splits_into_sets(values_of(takes), value):
            raise RuleViolation(
                "capture_sets_invalid",
                msg(
                    "{takes} cannot be split into sets worth {value} each.",
                    takes=card_list(takes),
                    value=value,
                ),
                field,
            )
        if self.rules.capture_must_take_all_sets:
            left = one_set([card for card in self.floor.loose if card not in takes], value)
            if left:
                raise RuleViolation(
                    "capture_incomplete",
                    msg(
                        "A capture with {code} must take every set worth {value}: {left} {value_2} still left loose.",
                        code=play.card.code,
                        value=value,
                        left=card_list(left),
                        value_2="are" if len(left) > 1 else "is",
                    ),
                    field,
                    cards=card_codes(left),
                )
        if not takes and value not in self.floor.houses:
            raise RuleViolation(
                "nothing_to_capture",
                msg(
                    "There is no house of {value} to take, so {code} must take some loose cards; list them.",
                    value=value,
                    code=play.card.code,
                ),
                field,
            )
        return takes

    def _infer_takes(self, k: int, play: Play, value: int) -> tuple[Card, ...]:
        choices = capture_choices(self.floor.loose, value)
        if len(choices) > 1:
            readings = or_chain(card_list(choice) for choice in choices)
            raise RuleViolation(
                "play_ambiguous",
                msg(
                    "{code} can take {readings}; list the cards taken.",
                    code=play.card.code,
                    readings=readings,
                ),
                f"plays[{k}].takes",
                choices=[card_codes(choice) for choice in choices],
            )
        return choices[0]

    # --- build, cement and raise -----------------------------------------------------------------------------

    def build(self, k: int, play: Play) -> Play:
        """A build, or a cement: a build onto the standing house of its value is a cement (P6, P7)."""
        field, added = f"plays[{k}]", play.with_ or ()
        self._check_loose(k, added, "with")
        values = values_of((play.card, *added))
        value = self._house_value(k, play, values)
        self._check_first_play_value(k, value, None, f"{field}.house")
        standing = self.floor.houses.get(value)
        if standing is None and play.action == "cement":
            raise RuleViolation(
                "house_not_found",
                msg(
                    "There is no house of {value} on the floor to cement; to start one, use build.",
                    value=value,
                ),
                f"{field}.house",
                house=value,
            )
        if standing is None and not added:
            raise RuleViolation(
                "house_needs_floor_card",
                msg(
                    "A new house is the played card together with at least one loose floor card; {code} alone would "
                    "just be a loose card.",
                    code=play.card.code,
                ),
                f"{field}.with",
            )
        if not splits_into_sets(values, value):
            raise RuleViolation(
                "build_sets_invalid",
                msg(
                    "{value} makes {values}, not sets worth {value_2}.",
                    value=card_list((play.card, *added)),
                    values=sum(values),
                    value_2=value,
                ),
                f"{field}.with",
                house=value,
            )
        self.floor.remove_loose(added)
        owners: tuple[str, ...]
        if standing is None:
            cards, owners = (play.card, *added), (play.seat,)
        else:
            cards, owners = (*standing.cards, play.card, *added), self._owners_after_adding(standing, play.seat)
        self._place_house(value, cards, owners, f"{field}.with")
        return play if play.house is not None else dataclasses.replace(play, house=value)

    def _house_value(self, k: int, play: Play, values: list[int]) -> int:
        field = f"plays[{k}]"
        if play.house is not None:
            if play.house not in HOUSE_VALUES:
                raise RuleViolation(
                    "house_value_out_of_range",
                    msg(
                        "A house is worth 9, 10, 11, 12 or 13; {house} is not.",
                        house=play.house,
                    ),
                    f"{field}.house",
                    allowed=list(HOUSE_VALUES),
                )
            return play.house
        readings = house_values_for(values)
        if not readings:
            raise RuleViolation(
                "build_sets_invalid",
                msg(
                    "{value} makes {values}, not whole sets of one value from 9 to 13.",
                    value=card_list((play.card, *(play.with_ or ()))),
                    values=sum(values),
                ),
                f"{field}.with",
            )
        if len(readings) > 1:
            raise RuleViolation(
                "play_ambiguous",
                msg(
                    "These cards make sets of {map}; say which house.",
                    map=or_chain(map(str, readings)),
                ),
                f"{field}.house",
                choices=readings,
            )
        return readings[0]

    @staticmethod
    def _owners_after_adding(house: House, seat: str) -> tuple[str, ...]:
        """P7: an opponent who adds becomes one more owner; the owners' side adds freely."""
        if seat in house.owners or partner_of(seat) in house.owners:
            return house.owners
        return (*house.owners, seat)

    def _place_house(self, value: int, cards: tuple[Card, ...], owners: tuple[str, ...], field: str) -> None:
        """The house stands with every loose card of its value joined (P8); then the compulsory-sets check."""
        joined = self.floor.join_loose_of_value(value)
        self.floor.houses[value] = House(value, (*cards, *joined), owners)
        self._check_sets_left(value, field)

    def raise_house(self, k: int, play: Play) -> Play:
        field, added = f"plays[{k}]", card_value(play.card)
        house = self._house_to_raise(k, play)
        if house.cemented:
            raise RuleViolation(
                "cemented_house_cannot_be_raised",
                msg(
                    "The house of {value} is cemented: it can be added to with sets worth {value}, or captured, "
                    "but not raised.",
                    value=house.value,
                ),
                f"{field}.house",
            )
        new_value = house.value + added
        if new_value > max(HOUSE_VALUES):
            raise RuleViolation(
                "house_value_out_of_range",
                msg(
                    "{code} would raise the house of {value} to {new_value}; a house is worth at most {house_values}.",
                    code=play.card.code,
                    value=house.value,
                    new_value=new_value,
                    house_values=max(HOUSE_VALUES),
                ),
                f"{field}.card",
            )
        if play.seat in house.owners:
            raise RuleViolation(
                "own_house_cannot_be_raised",
                msg(
                    "{seat} owns the house of {value} and may not raise it; another player may.",
                    seat=play.seat,
                    value=house.value,
                ),
                f"{field}.house",
            )
        del self.floor.houses[house.value]
        owners: tuple[str, ...]
        cards, owners = (*house.cards, play.card), (play.seat,)
        standing = self.floor.houses.get(new_value)
        if standing is not None:  # the two combine into one cemented house (P10)
            cards = (*standing.cards, *cards)
            owners = standing.owners if play.seat in standing.owners else (*standing.owners, play.seat)
        self._place_house(new_value, cards, owners, f"{field}.card")
        return play if play.house is not None else dataclasses.replace(play, house=house.value)

    def _house_to_raise(self, k: int, play: Play) -> House:
        field, houses = f"plays[{k}].house", self.floor.houses
        value = play.house
        if value is None and len(houses) > 1:
            standing = ", ".join(str(house) for house in sorted(houses))
            raise RuleViolation(
                "play_ambiguous",
                msg(
                    "Houses of {standing} stand; say which one {code} raises.",
                    standing=standing,
                    code=play.card.code,
                ),
                field,
                choices=sorted(houses),
            )
        if value is None and houses:
            value = next(iter(houses))
        if value is None or value not in houses:
            refusal = (
                msg("There is no house on the floor to raise.")
                if value is None
                else msg("There is no house of {value} on the floor to raise.", value=value)
            )
            raise RuleViolation("house_not_found", refusal, field)
        return houses[value]

    ACTIONS: dict[str, Callable[[Replay, int, Play], Play]] = {
        "throw": throw,
        "capture": capture,
        "build": build,
        "cement": build,
        "raise": raise_house,
    }


def referee_deal(deal: SeepDeal, rules: SeepRules) -> tuple[PlayRecord, tally.Totals]:
    """Replay a deal's plays (``deal.plays`` is set) and check the totals it sent against what they give."""
    record = Replay(deal, rules).run()
    derived = tally.totals(record, rules)
    tally.check_totals(deal, derived)
    return record, derived


def floor_after(deal: SeepDeal, rules: SeepRules, count: int) -> Floor:
    """The floor as it stands after the first ``count`` plays (each checked), for a page or a test to show."""
    replay = Replay(deal, rules)
    replay.replay(count)
    return replay.floor


def resolved(deal: SeepDeal) -> SeepDeal:
    """The deal with every play's inferred ``takes`` and ``house`` filled in, up to the first play that cannot
    be replayed (that one and the rest as given)."""
    if deal.plays is None:
        return deal
    replay = Replay(deal, PERMISSIVE)
    with contextlib.suppress(RuleViolation):
        replay.replay(len(deal.plays))
    return dataclasses.replace(deal, plays=(*replay.resolved, *deal.plays[len(replay.resolved) :]))
