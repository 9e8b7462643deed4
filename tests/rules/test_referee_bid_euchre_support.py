"""Builders for the referee tests (no tests here): tricks written as the table says them. The legal-play simulator
the property tests check the engines against lives in bench/tricks.py, which the benchmark shares."""

from __future__ import annotations


def trick(*plays: str) -> list[dict[str, str]]:
    """``trick("S1 AH", "S2 9H")``: the cards of one trick in the order they fell."""
    return [{"seat": play.split()[0], "card": play.split()[1]} for play in plays]
