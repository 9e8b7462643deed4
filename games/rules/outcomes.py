"""How a finished match ranks its sides, and each game's own tie-break measures, for standings and ratings.

Pure: reads the final state JSON an engine produced. A side is a team (Seep, 56, Bid Euchre) or a seat
(Contract Rummy). ``place`` 1 is the best; sides sharing a place drew (a shared Contract Rummy win, a drawn
fixed-baazi Seep match).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.fifty_six.settings import SETTINGS as FIFTY_SIX_SETTINGS

State = Mapping[str, Any]


@dataclass(frozen=True)
class SideResult:
    side: str
    seats: tuple[str, ...]
    place: int
    measures: dict[str, int]


# Per game: the tie-break measures in order, and +1 when more is better, -1 when less is better.
TIEBREAK_MEASURES: dict[str, tuple[tuple[str, int], ...]] = {
    "seep": (("baazi_difference", 1), ("running_lead", 1)),
    "fifty_six": (("net_tables", 1),),
    "bid_euchre": (("points_difference", 1),),
    "contract_rummy": (("penalty_points", -1),),
}


def _other(team: str, teams: Mapping[str, Any]) -> str:
    return next(name for name in teams if name != team)


def _winner_places(state: State, teams: Mapping[str, Any]) -> dict[str, int]:
    winner = state.get("match_winner")
    if winner is None:  # a drawn match: everyone shares first place
        return dict.fromkeys(teams, 1)
    return {team: 1 if team == winner else 2 for team in teams}


def _seep(state: State, teams: Mapping[str, Any], settings: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    lead = state["running_lead"]
    signed = {team: (lead["points"] if lead["team"] == team else -lead["points"] if lead["team"] else 0)
              for team in teams}
    baazis = state["baazis_won"]
    return {team: {"baazi_difference": baazis[team] - baazis[_other(team, teams)], "running_lead": signed[team]}
            for team in teams}


def _fifty_six(state: State, teams: Mapping[str, Any], settings: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    start = int(settings.get("starting_tables", FIFTY_SIX_SETTINGS["starting_tables"].default))
    return {team: {"net_tables": state["tables"][team] - start} for team in teams}


def _fifty_six_places(state: State, teams: Mapping[str, Any]) -> dict[str, int]:
    """The winner first, then the teams in reverse order of going out (the last one out came second)."""
    out_order = [entry["team"] for entry in state.get("eliminated", [])]
    places = {team: 1 for team in teams if team not in out_order}
    for position, team in enumerate(reversed(out_order)):
        places[team] = 2 + position
    return places


def _bid_euchre(state: State, teams: Mapping[str, Any], settings: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    scores = state["scores"]
    return {team: {"points_difference": scores[team] - scores[_other(team, teams)]} for team in teams}


def _contract_rummy_places(state: State, seats: Mapping[str, Any]) -> dict[str, int]:
    totals = state["totals"]
    return {seat: 1 + sum(1 for other in totals.values() if other < totals[seat]) for seat in seats}


MeasureFn = Callable[[State, Mapping[str, Any], Mapping[str, Any]], dict[str, dict[str, int]]]
PlaceFn = Callable[[State, Mapping[str, Any]], dict[str, int]]
GAME_OUTCOMES: dict[str, tuple[MeasureFn, PlaceFn]] = {
    "seep": (_seep, _winner_places),
    "fifty_six": (_fifty_six, _fifty_six_places),
    "bid_euchre": (_bid_euchre, _winner_places),
    "contract_rummy": (
        lambda state, seats, settings: {seat: {"penalty_points": state["totals"][seat]} for seat in seats},
        _contract_rummy_places,
    ),
}


def match_sides(game: str, state: State, teams: Mapping[str, list[str]] | None, seats: list[str],
                settings: Mapping[str, Any]) -> list[SideResult]:
    """Every side of a finished match with its place and tie-break measures."""
    sides: Mapping[str, Any] = teams if teams else {seat: [seat] for seat in seats}
    measure, place = GAME_OUTCOMES[game]
    measures, places = measure(state, sides, settings), place(state, sides)
    return [SideResult(side, tuple(members), places[side], measures[side]) for side, members in sides.items()]


def outcome_of(result: SideResult, sides: list[SideResult]) -> str:
    """``won``, ``drawn`` (first place shared) or ``lost``."""
    if result.place != 1:
        return "lost"
    return "drawn" if sum(1 for side in sides if side.place == 1) > 1 else "won"
