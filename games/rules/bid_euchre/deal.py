"""The Bid Euchre deal as submitted (API.md, bid_euchre paragraph): parsing untrusted JSON and writing it back.

Parsing checks shape and types only; everything that depends on the order of the calls, the contract or the
match state is checked by ``check_deal`` so that the first problem at the table is the one reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.tables import SEATS, TEAMS
from games.rules.cards import Card, card_codes, parse_card
from games.rules.errors import RuleViolation
from games.rules.messages import msg, msg_template
from games.rules.shapes import reject_unknown_keys
from games.rules.tricks import Tricks, parse_tricks, tricks_json

# ``triple_moon`` and ``quadruple_moon`` are read always and refused by the auction unless ``extra_moon_calls``
# is on (``variant_not_enabled``, §E.5), so the refusal names the setting rather than calling the word unknown.
CALLS: tuple[str, ...] = ("bid", "partners_best", "shoot_the_moon", "triple_moon", "quadruple_moon", "pass")
TRUMP_SUITS: dict[str, str] = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
NO_TRUMPS = "no_trumps"
LOW_NO_TRUMPS = "low_no_trumps"  # §E.3, E-A15: only with allow_low_no_trump (checked with the contract)
TRUMP_WORDS: dict[str, str] = {
    **{word: word for word in (*TRUMP_SUITS, NO_TRUMPS, LOW_NO_TRUMPS)},
    "low_no_trump": LOW_NO_TRUMPS,
    "low_nt": LOW_NO_TRUMPS,
    **{letter.lower(): word for word, letter in TRUMP_SUITS.items()},
    "no_trump": NO_TRUMPS,
    "notrumps": NO_TRUMPS,
    "notrump": NO_TRUMPS,
    "nt": NO_TRUMPS,
}
DEAL_KEYS: tuple[str, ...] = ("dealer", "auction", "trump", "tricks_won", "reneges", "tricks", "ace_no_face")


@dataclass(frozen=True)
class Call:
    """One call of the auction: ``tricks`` is set for ``bid`` only."""

    seat: str
    call: str
    tricks: int | None = None


@dataclass(frozen=True)
class AceNoFaceClaim:
    seat: str
    hand: tuple[Card, ...]


@dataclass(frozen=True)
class BidEuchreDeal:
    """One deal: an auction with its play summary, or instead an ace-no-face claim.

    ``tricks_won`` is ``(A, B)``. ``tricks`` is the trick-by-trick entry of §E.7a (None when not sent); it is
    checked and scored by the referee (``referee.py``) once the contract is known.
    """

    dealer: str
    auction: tuple[Call, ...] = ()
    trump: str | None = None
    tricks_won: tuple[int, int] | None = None
    reneges: tuple[str, ...] = ()
    ace_no_face: AceNoFaceClaim | None = None
    tricks: Tricks | None = None


def _invalid(detail: str, field: str | None, **extra: Any) -> RuleViolation:
    return RuleViolation("invalid", detail, field, **extra)


# The seat refusals, one whole sentence per seat the field names.
SEAT_MESSAGES: dict[str, str] = {
    "caller": msg_template("The calling seat is one of the seats S1, S2, S3 or S4; {value!r} is not."),
    "claimer": msg_template("The claiming seat is one of the seats S1, S2, S3 or S4; {value!r} is not."),
    "dealer": msg_template("The dealer is one of the seats S1, S2, S3 or S4; {value!r} is not."),
}


def _seat(value: object, field: str, who: str) -> str:
    """``who`` names the seat (a key of SEAT_MESSAGES)."""
    if isinstance(value, str) and value.strip().upper() in SEATS:
        return value.strip().upper()
    raise _invalid(msg(SEAT_MESSAGES[who], value=value), field, allowed=list(SEATS))


def _whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_call(value: object, field: str) -> Call:
    if not isinstance(value, Mapping):
        raise _invalid(msg('Each call is an object such as {{"seat": "S2", "call": "bid", "tricks": 3}}.'), field)
    reject_unknown_keys(
        value,
        ("seat", "call", "tricks"),
        field,
        lambda key: msg("A call has only seat, call and tricks; {key!r} is not one of them.", key=key),
    )
    seat = _seat(value.get("seat"), f"{field}.seat", "caller")
    raw = value.get("call")
    call = raw.strip().lower() if isinstance(raw, str) else raw
    if call not in CALLS:
        raise _invalid(
            msg(
                "A call is bid (with tricks), partners_best, shoot_the_moon or pass (triple_moon and quadruple_moon "
                "where allowed); {raw!r} is not.",
                raw=raw,
            ),
            f"{field}.call",
            allowed=list(CALLS),
        )
    tricks = value.get("tricks")
    if call == "bid":
        if not _whole_number(tricks):
            raise _invalid(
                msg(
                    "A bid names the number of tricks as a whole number; {tricks!r} is not.",
                    tricks=tricks,
                ),
                f"{field}.tricks",
            )
        return Call(seat, "bid", tricks)
    if tricks is not None:
        raise _invalid(msg("Only a plain bid names tricks; a {call} call has none.", call=call), f"{field}.tricks")
    return Call(seat, call)


def _parse_auction(value: object) -> tuple[Call, ...]:
    if not isinstance(value, list):
        raise _invalid(msg("The auction is the list of calls in the order they were made."), "auction")
    return tuple(_parse_call(item, f"auction[{index}]") for index, item in enumerate(value))


def _parse_trump(value: object) -> str | None:
    if value is None:
        return None
    word = TRUMP_WORDS.get(value.strip().lower()) if isinstance(value, str) else None
    if word is None:
        raise RuleViolation(
            "invalid_trump",
            msg(
                "The trump is clubs, diamonds, hearts or spades (or no_trumps / low_no_trumps where allowed); "
                "{value!r} is not.",
                value=value,
            ),
            "trump",
            allowed=[*TRUMP_SUITS, NO_TRUMPS, LOW_NO_TRUMPS],
        )
    return word


def _parse_tricks_won(value: object, rules: BidEuchreRules) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise _invalid(msg('tricks_won is an object with the tricks of each team: {{"A": 4, "B": 2}}.'), "tricks_won")
    reject_unknown_keys(
        value,
        TEAMS,
        "tricks_won",
        lambda key: msg("The teams are A (S1+S3) and B (S2+S4); {key!r} is not one.", key=key),
    )
    counts = []
    for team in TEAMS:
        if team not in value:
            raise _invalid(msg("Give the tricks team {team} took.", team=team), f"tricks_won.{team}")
        if not _whole_number(value[team]):
            top = rules.tricks_per_deal
            raise RuleViolation(
                "tricks_out_of_range",
                msg(
                    "Tricks are whole numbers from 0 to {top}; {value!r} is not.",
                    top=top,
                    value=value[team],
                ),
                f"tricks_won.{team}",
                minimum=0,
                maximum=top,
            )
        counts.append(value[team])
    return counts[0], counts[1]


def _parse_reneges(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise _invalid(msg('reneges is a list such as [{{"seat": "S4"}}], one entry per renege.'), "reneges")
    seats = []
    for index, item in enumerate(value):
        field = f"reneges[{index}]"
        if not isinstance(item, Mapping) or set(item) != {"seat"}:
            raise _invalid(msg('Each renege is an object {{"seat": "S4"}} naming the offending seat.'), field)
        seat = item["seat"]
        if not (isinstance(seat, str) and seat.strip().upper() in SEATS):
            raise RuleViolation(
                "renege_invalid",
                msg(
                    "A renege is made by one of the seats S1, S2, S3 or S4; {seat!r} is not.",
                    seat=seat,
                ),
                field,
                allowed=list(SEATS),
            )
        seats.append(seat.strip().upper())
    return tuple(seats)


def _parse_claim(value: object) -> AceNoFaceClaim:
    if not isinstance(value, Mapping):
        raise _invalid(msg('An ace-no-face claim is {{"seat": "S2", "hand": ["AS", "9H", ...]}}.'), "ace_no_face")
    reject_unknown_keys(
        value,
        ("seat", "hand"),
        "ace_no_face",
        lambda key: msg("An ace-no-face claim has only seat and hand; {key!r} is not one.", key=key),
    )
    seat = _seat(value.get("seat"), "ace_no_face.seat", "claimer")
    hand = value.get("hand")
    if not isinstance(hand, list):
        raise _invalid(msg('Give the claimed hand as a list of cards such as ["AS", "9H"].'), "ace_no_face.hand")
    return AceNoFaceClaim(seat, tuple(parse_card(card, f"ace_no_face.hand[{i}]") for i, card in enumerate(hand)))


def _parse_claim_deal(payload: Mapping[str, Any], dealer: str) -> BidEuchreDeal:
    claim = _parse_claim(payload["ace_no_face"])
    for key in ("auction", "trump", "tricks_won", "reneges", "tricks"):
        if payload.get(key) not in (None, []):
            raise _invalid(
                msg("An ace-no-face claim throws the hand in before the auction: send no {key} with it.", key=key), key
            )
    return BidEuchreDeal(dealer=dealer, ace_no_face=claim)


def parse_deal(payload: object, rules: BidEuchreRules) -> BidEuchreDeal:
    """The submitted deal as a frozen object; raises ``RuleViolation`` (only) for any malformed JSON."""
    if not isinstance(payload, Mapping):
        raise _invalid(msg("A deal is an object with dealer, auction, trump, tricks_won and reneges."), None)
    reject_unknown_keys(
        payload,
        DEAL_KEYS,
        None,
        lambda key: msg(
            "A Bid Euchre deal has no field {key!r}; its fields are {deal_keys}.",
            key=key,
            deal_keys=", ".join(DEAL_KEYS),
        ),
    )
    if "dealer" not in payload:
        raise _invalid(msg("Name the dealer (S1-S4)."), "dealer")
    dealer = _seat(payload["dealer"], "dealer", "dealer")
    if payload.get("ace_no_face") is not None:
        return _parse_claim_deal(payload, dealer)
    if payload.get("auction") is None:
        raise _invalid(msg("Give the auction (the calls in order), or an ace_no_face claim instead."), "auction")
    return BidEuchreDeal(
        dealer=dealer,
        auction=_parse_auction(payload["auction"]),
        trump=_parse_trump(payload.get("trump")),
        tricks_won=_parse_tricks_won(payload.get("tricks_won"), rules),
        reneges=_parse_reneges(payload.get("reneges")),
        tricks=parse_tricks(payload.get("tricks"), SEATS),
    )


def call_json(call: Call) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": call.seat, "call": call.call}
    if call.tricks is not None:
        data["tricks"] = call.tricks
    return data


def deal_json(deal: BidEuchreDeal) -> dict[str, Any]:
    """The deal normalized (canonical seats, cards and trump words); parsing it again gives an equal deal."""
    if deal.ace_no_face is not None:
        return {
            "dealer": deal.dealer,
            "ace_no_face": {"seat": deal.ace_no_face.seat, "hand": card_codes(deal.ace_no_face.hand)},
        }
    data: dict[str, Any] = {"dealer": deal.dealer, "auction": [call_json(call) for call in deal.auction]}
    if deal.trump is not None:
        data["trump"] = deal.trump
    if deal.tricks_won is not None:
        data["tricks_won"] = dict(zip(TEAMS, deal.tricks_won, strict=True))
    data["reneges"] = [{"seat": seat} for seat in deal.reneges]
    if deal.tricks is not None:
        data["tricks"] = tricks_json(deal.tricks)
    return data
