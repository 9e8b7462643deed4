"""Tricks written as the table says them, for the referee tests of the trick games. The legal-play simulator the
property tests check the engines against is tests/support/tricks.py."""

from __future__ import annotations


def trick(*plays: str) -> list[dict[str, str]]:
    """``trick("S1 AH", "S2 9H")``: the cards of one trick in the order they fell."""
    return [{"seat": play.split()[0], "card": play.split()[1]} for play in plays]


def replace(tricks: list[list[dict[str, str]]], at: tuple[int, int], play: str) -> list[list[dict[str, str]]]:
    """``tricks`` with the play at (trick, position) replaced, e.g. ``replace(CLEAN, (0, 1), "S2 8H")``."""
    i, j = at
    changed = [list(entry) for entry in tricks]
    changed[i][j] = trick(play)[0]
    return changed
