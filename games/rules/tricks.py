"""The table referee shared by the trick-taking engines (bid_euchre.md §E.7a, fifty_six.md §F.9a,
twenty_eight.md §T.7a). Pure.

A deal may carry every trick as the cards in the order they fell. Given what the game says about the deal
(a ``Table``: who plays in which order, who leads first, the hand size, the pack, the effective suit and
strength of each card, the trump), ``referee`` checks the tricks, works out who won each one (highest trump,
else highest card of the suit led; of two identical cards the first played wins), and proves every renege:
at trick t a seat did not follow the suit led while a card of that suit is among the cards it plays later.
With every card of every hand entered, a renege is always provable this way.

Checks, in the order of play, with the field of the offending trick or card:
- ``hand_size_invalid`` on ``tricks[n]``: a trick beyond the hands (each seat would play more cards than it holds);
- ``wrong_leader`` on ``tricks[i]``: the first card is not the leader's (the rules' first leader, then the winner
  of the trick before);
- ``play_out_of_turn`` on ``tricks[i][j]``: a seat not playing this deal, playing twice in a trick, or before
  its turn;
- the game's own card refusal (if any), then ``card_not_in_pack`` / ``card_count_exceeds_pack`` on
  ``tricks[i][j]``;
- ``trick_count_invalid`` on ``tricks[i]`` for a trick short of cards, and on ``tricks`` for too few tricks.

A concealed trump (Twenty-Eight, ``Table.concealed``): the trump suit is known to the referee but face down at the
table until a seat that cannot follow suit calls for it (a play marked ``reveals_trump``) or the bidder plays his
face-down card as his last card. A trump-suit card counts as a trump only when played at or after that moment (when
the trump suit is led, its cards compete by rank whenever they fell). Two more checks, after the card's, on
``tricks[i][j]``: ``trump_call_invalid`` (a call by the leader, after the trump was shown, or by a seat that then
follows suit) and ``trump_card_invalid`` (the face-down card played by another seat, or while still face down before
the last trick). The face-down card proves no renege for plays made while it was face down. Without a concealed
trump (56, Bid Euchre) a trump always counts and nothing else changes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.cards import SUIT_NAMES, Card, parse_card
from games.rules.errors import RuleViolation
from games.rules.messages import msg, msg_template, nmsg
from games.rules.shapes import reject_unknown_keys

PLAY_KEYS: tuple[str, ...] = ("seat", "card")
CALLING_PLAY_KEYS: tuple[str, ...] = ("seat", "card", "reveals_trump")
ORDINALS: dict[int, str] = {1: "first", 2: "second", 3: "third", 4: "fourth"}


@dataclass(frozen=True, slots=True)
class Play:
    """One card falling on a trick."""

    seat: str
    card: Card
    reveals_trump: bool = False  # the seat called for the concealed trump just before playing this card

    def as_json(self) -> dict[str, str]:
        return {"seat": self.seat, "card": self.card.code}

    def entry_json(self) -> dict[str, Any]:
        """The play as entered: ``reveals_trump`` only when it was called."""
        data: dict[str, Any] = {"seat": self.seat, "card": self.card.code}
        if self.reveals_trump:
            data["reveals_trump"] = True
        return data


Trick = tuple[Play, ...]
Tricks = tuple[Trick, ...]


# --- parsing ---------------------------------------------------------------------------------------------------


def _parse_play(value: object, seats: tuple[str, ...], field: str, calls_for_trump: bool = False) -> Play:
    if not isinstance(value, Mapping):
        raise RuleViolation(
            "invalid",
            msg(
                'Each card of a trick is an object such as {{"seat": "S2", "card": "JH"}}.',
            ),
            field,
        )
    if calls_for_trump:
        reject_unknown_keys(
            value,
            CALLING_PLAY_KEYS,
            field,
            lambda key: msg("A played card has only seat, card and reveals_trump; {key!r} is not one.", key=key),
        )
    else:
        reject_unknown_keys(
            value,
            PLAY_KEYS,
            field,
            lambda key: msg("A played card has only seat and card; {key!r} is not one.", key=key),
        )
    reveals = value.get("reveals_trump", False)
    if not isinstance(reveals, bool):
        raise RuleViolation(
            "invalid", msg("reveals_trump is true or false; {value!r} is not.", value=reveals), f"{field}.reveals_trump"
        )
    seat = value.get("seat")
    if not (isinstance(seat, str) and seat.strip().upper() in seats):
        raise RuleViolation(
            "invalid",
            msg(
                "The seat that played is one of {seats}; {seat!r} is not.",
                seats=", ".join(seats),
                seat=seat,
            ),
            f"{field}.seat",
            allowed=list(seats),
        )
    return Play(seat.strip().upper(), parse_card(value.get("card"), f"{field}.card"), reveals)


def parse_tricks(
    value: object, seats: tuple[str, ...], field: str = "tricks", *, calls_for_trump: bool = False
) -> Tricks | None:
    """The tricks as sent (shape only): a list of tricks, each a list of ``{seat, card}``; None when absent. With
    ``calls_for_trump`` (a game with a concealed trump) a play may also carry ``reveals_trump``."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise RuleViolation(
            "invalid",
            msg(
                'tricks is a list of tricks, each the cards in the order played: [[{{"seat": "S1", "card": "JH"}}, '
                "...], ...].",
            ),
            field,
        )
    parsed = []
    for i, trick in enumerate(value):
        if not isinstance(trick, list):
            raise RuleViolation(
                "invalid",
                msg(
                    "Each trick is a list of the cards in the order they fell.",
                ),
                f"{field}[{i}]",
            )
        parsed.append(
            tuple(_parse_play(play, seats, f"{field}[{i}][{j}]", calls_for_trump) for j, play in enumerate(trick))
        )
    return tuple(parsed)


def tricks_json(tricks: Tricks) -> list[list[dict[str, Any]]]:
    return [[play.entry_json() for play in trick] for trick in tricks]


# --- what a game tells the referee -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ConcealedTrump:
    """A trump laid face down by the bidder (Twenty-Eight): ``face_down`` is his own card of the trump suit, or None
    when the indicator is a spare card outside the pack (it is then never played)."""

    bidder: str
    face_down: Card | None


@dataclass(frozen=True)
class Table:
    """The facts of one deal the referee needs; the callables carry the game's card order."""

    seats: tuple[str, ...]  # the seats that play this deal, in order of play
    first_leader: str
    # wrong_leader at the first trick, one whole sentence naming why {leader} leads it and the {seat} that led it
    first_leader_message: str
    hand_size: int
    pack_size: int  # the cards in this deal's pack (24, 48 ...)
    pack_players: int | None  # the players the pack is for, where the pack depends on them (56)
    copies: Callable[[Card], int]  # how often the pack holds a card (0: not at all)
    suit_of: Callable[[Card], str]  # the effective suit (Euchre's left bower belongs to the trump suit)
    strength: Callable[[Card], int]  # order within the effective suit; higher wins
    trump: str | None  # the effective suit that beats the others, or None
    refuse_card: Callable[[Card, str], None] | None = None  # a game's own refusal of a card, before the pack count
    concealed: ConcealedTrump | None = None  # the trump is face down until called for or played (Twenty-Eight)


@dataclass(frozen=True, slots=True)
class TrickResult:
    number: int
    leader: str
    winner: str
    plays: Trick

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "leader": self.leader,
            "winner": self.winner,
            "cards": [play.as_json() for play in self.plays],
        }


@dataclass(frozen=True, slots=True)
class Renege:
    """The proof: at ``trick`` (1-based) ``seat`` played ``card_played`` to ``led_suit`` while holding
    ``held_card``, which it played in a later trick."""

    seat: str
    trick: int
    led_suit: str
    card_played: Card
    held_card: Card

    def as_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "trick": self.trick,
            "led_suit": self.led_suit,
            "card_played": self.card_played.code,
            "held_card": self.held_card.code,
        }


@dataclass(frozen=True, slots=True)
class TrumpLead:
    """At ``trick`` (1-based) ``seat`` led ``card_led`` of the trump suit where a rule forbade it (56's trump led
    before any trump fell, F-A22; Twenty-Eight's hidden trump led by the bidder, T-A19), though it held
    ``held_card`` of another suit, which it plays in a later trick."""

    seat: str
    trick: int
    card_led: Card
    held_card: Card

    def as_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "trick": self.trick,
            "card_led": self.card_led.code,
            "held_card": self.held_card.code,
        }


@dataclass(frozen=True, slots=True)
class Reveal:
    """When a concealed trump was shown: before the card at ``position`` (0-based) of ``trick`` (1-based), played by
    ``seat``; ``by`` is ``call`` (a seat called for it) or ``last_card`` (the bidder played the face-down card last).
    """

    trick: int
    position: int
    seat: str
    by: str

    def as_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat, "by": self.by}

    def before(self, trick: int, position: int) -> bool:
        """True when the trump was shown at or before the card at ``position`` of ``trick`` (1-based)."""
        return (self.trick, self.position) <= (trick, position)


@dataclass(frozen=True, slots=True)
class Record:
    """What the referee found: every trick with its winner, every renege in the order of play, and when a concealed
    trump was shown (None when it never was, or when the game has none)."""

    tricks: tuple[TrickResult, ...]
    reneges: tuple[Renege, ...]
    reveal: Reveal | None = None

    def tricks_json(self) -> list[dict[str, Any]]:
        return [trick.as_json() for trick in self.tricks]

    def reneges_json(self) -> list[dict[str, Any]]:
        return [renege.as_json() for renege in self.reneges]


def trick_order_json(
    cards: tuple[Card, ...],
    suit_of: Callable[[Card], str],
    strength: Callable[[Card], int],
    trump: str | None,
    *,
    concealed: bool = False,
) -> dict[str, Any]:
    """The card order of one contract as data for a page guiding trick entry (the game facts' ``trick_orders``):
    the suit that beats the others, the suit each card follows where it is not its own (a bower, the joker), and
    each card's strength within its suit. ``led`` (each card's suit as a lead) and ``power`` (by suit led, each
    card's power in that trick: the highest wins, the first of two equal) are the referee's own comparison
    (``trick_power``) as numbers: the page takes the card of the highest power and knows no order of its own. With
    ``concealed`` (a trump face down until called for) also ``power_hidden``: the same for a card that fell while the
    trump was still hidden."""
    step = 1 + max((strength(card) for card in cards), default=0)
    led_suits = sorted({suit_of(card) for card in cards})

    def powers(*, counts: bool) -> dict[str, dict[str, int]]:
        def number(led: str, card: Card) -> int:
            rank_class, within = trick_power(suit_of, strength, trump, led, card, counts=counts)
            return rank_class * step + within

        return {led: {card.code: number(led, card) for card in cards} for led in led_suits}

    return {
        "trump": trump,
        "suit_of": {card.code: suit_of(card) for card in cards if suit_of(card) != card.suit},
        "strength": {card.code: strength(card) for card in cards},
        "led": {card.code: suit_of(card) for card in cards},
        "power": powers(counts=True),
        **({"power_hidden": powers(counts=False)} if concealed else {}),
    }


def trick_power(
    suit_of: Callable[[Card], str],
    strength: Callable[[Card], int],
    trump: str | None,
    led: str,
    card: Card,
    *,
    counts: bool = True,
) -> tuple[int, int]:
    """A card's power in a trick whose ``led`` suit is given: a trump above the suit led above the rest, then its
    strength. ``counts``: whether a concealed trump was shown when it fell (a trump-suit card played before that is
    no trump, unless the trump suit was led)."""
    suit = suit_of(card)
    is_trump = suit == trump and (counts or suit == led)
    return (2 if is_trump else 1 if suit == led else 0), strength(card)


def suit_word(suit: str) -> str:
    return SUIT_NAMES.get(suit, suit)


# --- the referee -----------------------------------------------------------------------------------------------


def _order_from(leader: str, seats: tuple[str, ...]) -> tuple[str, ...]:
    k = seats.index(leader)
    return seats[k:] + seats[:k]


def _check_play(play: Play, order: tuple[str, ...], j: int, field: str, table: Table) -> None:
    """The seat's turn (``play_out_of_turn``)."""
    if j < len(order) and play.seat == order[j]:
        return
    trick_seats = ", ".join(order)
    if play.seat not in table.seats:
        detail = msg(
            "{seat} does not play this deal; the cards come from {seats}.",
            seat=play.seat,
            seats=", ".join(table.seats),
        )
    elif play.seat in order[:j]:
        detail = msg(
            "{seat} has already played to this trick; each seat plays once, in turn: {trick_seats}.",
            seat=play.seat,
            trick_seats=trick_seats,
        )
    else:
        detail = msg(
            "It is {order}'s turn, not {seat}'s: this trick goes {trick_seats}.",
            order=order[j],
            seat=play.seat,
            trick_seats=trick_seats,
        )
    raise RuleViolation(
        "play_out_of_turn",
        detail,
        field,
        seat=play.seat,
        expected_seat=order[j] if j < len(order) else None,
    )


def _not_in_pack(table: Table, card: Card) -> str:
    """One whole sentence per pack: a pack that depends on the players says so."""
    if table.pack_players is None:
        return msg("The {size}-card pack has no {card}.", size=table.pack_size, card=card.symbol)
    return msg(
        "The {size}-card pack of {players} players has no {card}.",
        size=table.pack_size,
        players=table.pack_players,
        card=card.symbol,
    )


def _check_card(card: Card, seen: Counter[Card], field: str, table: Table) -> None:
    """The card is in the pack, and not more often than the pack holds it."""
    if table.refuse_card is not None:
        table.refuse_card(card, field)
    copies = table.copies(card)
    if copies == 0:
        raise RuleViolation(
            "card_not_in_pack",
            _not_in_pack(table, card),
            field,
            card=card.code,
            in_pack=0,
        )
    seen[card] += 1
    if seen[card] > copies:
        raise RuleViolation(
            "card_count_exceeds_pack",
            nmsg(
                "The {size}-card pack has only {copies} {card}; it is played once too often here.",
                "The {size}-card pack has only {copies} {card} cards; it is played once too often here.",
                "copies",
                size=table.pack_size,
                copies=copies,
                card=card.symbol,
            ),
            field,
            card=card.code,
            in_pack=copies,
        )


def _winner(trick: Trick, table: Table, counting: tuple[bool, ...] | None = None) -> str:
    """The highest trump, else the highest card of the suit led; strictly higher only, so the first of two
    identical cards wins. ``counting`` says for each card whether a concealed trump was shown when it fell: a
    trump-suit card played before that is no trump, unless the trump suit was led (then its cards compete by rank).
    """
    led = table.suit_of(trick[0].card)
    shown = counting or (True,) * len(trick)

    def power(card: Card, counts: bool) -> tuple[int, int]:
        return trick_power(table.suit_of, table.strength, table.trump, led, card, counts=counts)

    best = trick[0]
    best_power = power(best.card, shown[0])
    for play, counts in zip(trick[1:], shown[1:], strict=True):
        play_power = power(play.card, counts)
        if play_power > best_power:
            best, best_power = play, play_power
    return best.seat


LATER_LEADER_MESSAGE = msg_template(
    "The leader is wrong: {leader} won trick {i} and leads trick {i_2}; this trick is led by {seat}."
)


def _leader_detail(i: int, leader: str, table: Table, trick: Trick) -> str:
    if i == 0:
        return msg(table.first_leader_message, leader=leader, seat=trick[0].seat)
    return msg(LATER_LEADER_MESSAGE, leader=leader, i=i, i_2=i + 1, seat=trick[0].seat)


def _proves_nothing(card: Card, table: Table, reveal: Reveal | None, trick: int, position: int) -> bool:
    """The bidder's face-down card was not in his hand for a play made while it was still face down."""
    concealed = table.concealed
    if concealed is None or concealed.face_down is None or card != concealed.face_down:
        return False
    return reveal is None or not reveal.before(trick, position)


def _find_reneges(tricks: Tricks, table: Table, reveal: Reveal | None = None) -> tuple[Renege, ...]:
    """At each trick, a seat off the suit led that plays a card of that suit later (the first such card)."""
    suits = [[table.suit_of(play.card) for play in trick] for trick in tricks]
    later: dict[str, list[tuple[int, Card, str]]] = {seat: [] for seat in table.seats}
    for i, trick in enumerate(tricks):
        for play, suit in zip(trick, suits[i], strict=True):
            later[play.seat].append((i, play.card, suit))
    found = []
    for i, trick in enumerate(tricks):
        led = suits[i][0]
        for j, (play, suit) in enumerate(zip(trick[1:], suits[i][1:], strict=True), start=1):
            if suit == led:
                continue
            held = next(
                (
                    card
                    for k, card, s in later[play.seat]
                    if k > i and s == led and not _proves_nothing(card, table, reveal, i + 1, j)
                ),
                None,
            )
            if held is not None:
                found.append(Renege(play.seat, i + 1, suit_word(led), play.card, held))
    return tuple(found)


def _bad_call(detail: str, field: str, play: Play) -> RuleViolation:
    return RuleViolation("trump_call_invalid", detail, field, seat=play.seat)


def _check_call(
    play: Play, trick: Trick, reveal: Reveal | None, table: Table, *, at: tuple[int, int], field: str
) -> None:
    """A call for the concealed trump: only by a seat that does not lead, while the trump is face down, and that
    then does not follow suit (the bidder may play the very card he turns up)."""
    concealed = table.concealed
    if concealed is None:  # a game without a concealed trump never parses a call
        return
    i, j = at
    if j == 0:
        raise _bad_call(
            msg(
                "{seat} leads trick {trick}: only a player who cannot follow suit may call for the trump.",
                seat=play.seat,
                trick=i + 1,
            ),
            field,
            play,
        )
    if reveal is not None:
        raise _bad_call(
            msg(
                "The trump was already shown in trick {shown} ({by_seat}); {seat} cannot call for it again.",
                shown=reveal.trick,
                by_seat=reveal.seat,
                seat=play.seat,
            ),
            field,
            play,
        )
    own_card = play.seat == concealed.bidder and play.card == concealed.face_down
    if table.suit_of(play.card) == table.suit_of(trick[0].card) and not own_card:
        raise _bad_call(
            msg(
                "{seat} followed suit ({card}) in trick {trick}: only a player who cannot follow suit may call for "
                "the trump.",
                seat=play.seat,
                card=play.card.symbol,
                trick=i + 1,
            ),
            field,
            play,
        )


def _check_face_down(play: Play, i: int, reveal: Reveal | None, field: str, table: Table) -> bool:
    """The face-down card is the bidder's, played once the trump is shown or as his last card. True when this play
    shows the trump (the last card, with nobody having called)."""
    concealed = table.concealed
    if concealed is None or concealed.face_down is None or play.card != concealed.face_down:
        return False
    if play.seat != concealed.bidder:
        raise RuleViolation(
            "trump_card_invalid",
            msg(
                "{card} is the card {bidder} laid face down for trumps; {seat} cannot play it.",
                card=play.card.symbol,
                bidder=concealed.bidder,
                seat=play.seat,
            ),
            field,
            seat=play.seat,
        )
    if reveal is not None:
        return False
    if i < table.hand_size - 1:
        raise RuleViolation(
            "trump_card_invalid",
            msg(
                "{seat} plays the face-down card {card} in trick {trick} while the trump is still hidden; it may be "
                "played once the trump is shown, or as the last card.",
                seat=play.seat,
                card=play.card.symbol,
                trick=i + 1,
            ),
            field,
            seat=play.seat,
        )
    return True


def referee(tricks: Tricks, table: Table) -> Record:
    """Check the tricks against the table, find each winner and prove every renege."""
    results, _leader, reveal = _walk(tricks, table, partial=False)
    if len(tricks) != table.hand_size:
        raise wrong_trick_count(len(tricks), table.hand_size)
    return Record(tuple(results), _find_reneges(tricks, table, reveal), reveal)


@dataclass(frozen=True, slots=True)
class SoFar:
    """The tricks of a deal under way: each whole trick with its winner, and who leads or plays next (None once
    every trick is whole and the deal is over)."""

    tricks: tuple[TrickResult, ...]
    leader: str | None
    to_play: str | None


def tricks_so_far(tricks: Tricks, table: Table) -> SoFar:
    """The referee's checks of the tricks entered so far, in the order of play: any number of whole tricks, the last
    one possibly short of cards (it has no winner yet). Nothing is refused for being partial."""
    results, leader, _reveal = _walk(tricks, table, partial=True)
    last = tricks[-1] if tricks else ()
    if len(results) == table.hand_size:
        return SoFar(tuple(results), None, None)
    order = _order_from(leader, table.seats)
    short = len(last) < len(order) and len(results) < len(tricks)
    return SoFar(tuple(results), leader, order[len(last)] if short else leader)


def _walk(tricks: Tricks, table: Table, *, partial: bool) -> tuple[list[TrickResult], str, Reveal | None]:
    """Every trick checked in the order of play; with ``partial`` the last trick may be short (and is not won)."""
    seen: Counter[Card] = Counter()
    results = []
    leader = table.first_leader
    reveal: Reveal | None = None
    for i, trick in enumerate(tricks):
        if i >= table.hand_size:
            raise RuleViolation(
                "hand_size_invalid",
                msg(
                    "Each hand holds {hand_size} cards, so a deal has {hand_size} tricks; trick {i} would be a card "
                    "more than each seat holds.",
                    hand_size=table.hand_size,
                    i=i + 1,
                ),
                f"tricks[{i}]",
                expected=table.hand_size,
            )
        order = _order_from(leader, table.seats)
        if trick and trick[0].seat != leader:
            raise RuleViolation(
                "wrong_leader", _leader_detail(i, leader, table, trick), f"tricks[{i}]", expected_leader=leader
            )
        counting: list[bool] = []
        for j, play in enumerate(trick):
            field = f"tricks[{i}][{j}]"
            _check_play(play, order, j, field, table)
            _check_card(play.card, seen, field, table)
            if play.reveals_trump:
                _check_call(play, trick, reveal, table, at=(i, j), field=field)
                reveal = Reveal(i + 1, j, play.seat, "call")
            if _check_face_down(play, i, reveal, field, table):
                reveal = Reveal(i + 1, j, play.seat, "last_card")
            counting.append(table.concealed is None or reveal is not None)
        if len(trick) != len(order):
            if partial and i == len(tricks) - 1:
                break
            raise wrong_trick_size(i, len(trick), order)
        winner = _winner(trick, table, tuple(counting))
        results.append(TrickResult(i + 1, leader, winner, trick))
        leader = winner
    return results, leader, reveal


def so_far_json(
    so_far: SoFar, team_of: Mapping[str, str], teams: tuple[str, ...], rank_points: Mapping[str, int] | None
) -> dict[str, Any]:
    """The answer of a trick game's ``play_progress``: each whole trick with its winner (and card points where the
    game counts them, a card worth its rank's ``rank_points``), who leads or plays next, and per team the tricks won
    and card points taken so far."""
    tricks_by_team = dict.fromkeys(teams, 0)
    points_by_team = dict.fromkeys(teams, 0)
    rows = []
    for trick in so_far.tricks:
        worth = None if rank_points is None else sum(rank_points.get(play.card.rank, 0) for play in trick.plays)
        tricks_by_team[team_of[trick.winner]] += 1
        points_by_team[team_of[trick.winner]] += worth or 0
        rows.append({**trick.as_json(), "card_points": worth})
    return {
        "tricks": rows,
        "leader": so_far.leader,
        "to_play": so_far.to_play,
        "tricks_by_team": tricks_by_team,
        "card_points_by_team": points_by_team if rank_points is not None else None,
    }


def later_card(record: Record, index: int, seat: str, wanted: Callable[[Card], bool]) -> Card | None:
    """The first card ``seat`` plays after the trick at ``index`` (0-based) that ``wanted`` accepts: the proof that
    it held such a card then; None when it plays none."""
    return next(
        (
            play.card
            for later in record.tricks[index + 1 :]
            for play in later.plays
            if play.seat == seat and wanted(play.card)
        ),
        None,
    )


def card_points_by_team(
    record: Record, teams: tuple[str, ...], team_of: Mapping[str, str], rank_points: Mapping[str, int]
) -> dict[str, int]:
    """The card points each team took in its tricks (every team of ``teams``, 0 included), a card worth its rank's
    ``rank_points`` (0 where the rank has none)."""
    points = dict.fromkeys(teams, 0)
    for trick in record.tricks:
        points[team_of[trick.winner]] += sum(rank_points.get(play.card.rank, 0) for play in trick.plays)
    return points


def tricks_by_seat(record: Record) -> Counter[str]:
    return Counter(trick.winner for trick in record.tricks)


__all__ = [
    "ConcealedTrump",
    "Play",
    "Record",
    "Renege",
    "Reveal",
    "SoFar",
    "Table",
    "Trick",
    "TrickResult",
    "Tricks",
    "TrumpLead",
    "card_points_by_team",
    "later_card",
    "parse_tricks",
    "referee",
    "so_far_json",
    "suit_word",
    "tricks_by_seat",
    "tricks_json",
    "tricks_so_far",
]


def wrong_trick_count(entered: int, hand_size: int) -> RuleViolation:
    """``trick_count_invalid`` on ``tricks``: every card is played, so a deal has a trick per card in a hand."""
    return RuleViolation(
        "trick_count_invalid",
        nmsg(
            "{tricks_count} trick is entered; every card is played, so this deal has {hand_size} tricks.",
            "{tricks_count} tricks are entered; every card is played, so this deal has {hand_size} tricks.",
            "tricks_count",
            tricks_count=entered,
            hand_size=hand_size,
        ),
        "tricks",
        expected=hand_size,
    )


def wrong_trick_size(index: int, size: int, order: tuple[str, ...]) -> RuleViolation:
    """``trick_count_invalid`` on ``tricks[index]``: a trick has one card from each seat in play."""
    return RuleViolation(
        "trick_count_invalid",
        nmsg(
            "Trick {i} has {trick_count} card; each trick has {order_count}, one from each of {order} in turn.",
            "Trick {i} has {trick_count} cards; each trick has {order_count}, one from each of {order} in turn.",
            "trick_count",
            i=index + 1,
            trick_count=size,
            order_count=len(order),
            order=", ".join(order),
        ),
        f"tricks[{index}]",
        expected=len(order),
    )
