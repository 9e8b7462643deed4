"""Seats ``S1..Sn`` in the order of play: the seat after ``Sk`` acts next."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg


def seat_names(count: int) -> tuple[str, ...]:
    return tuple(f"S{index}" for index in range(1, count + 1))


def seat_after(seat: str, seats: tuple[str, ...], steps: int = 1) -> str:
    return seats[(seats.index(seat) + steps) % len(seats)]


def require_seat(value: object, seats: tuple[str, ...], field: str, code: str = "dealer_unknown") -> str:
    """Return ``value`` when it names one of ``seats``; otherwise refuse with ``code``."""
    if isinstance(value, str) and value.strip().upper() in seats:
        return value.strip().upper()
    raise RuleViolation(
        code,
        msg(
            "Choose a seat from {seats_0}-{seats}; {value!r} is not one.",
            seats_0=seats[0],
            seats=seats[-1],
            value=value,
        ),
        field,
    )


def teams_sent(value: Any) -> dict[str, list[str]] | None:
    """The ``teams`` a match's settings send (team name to seats), each team's seats in capitals and sorted, to be
    compared with the teams the game seats; None when it is not an object of lists of seats."""
    if isinstance(value, Mapping) and all(
        isinstance(seats, list) and all(isinstance(seat, str) for seat in seats) for seats in value.values()
    ):
        return {str(name): sorted(seat.strip().upper() for seat in seats) for name, seats in value.items()}
    return None
