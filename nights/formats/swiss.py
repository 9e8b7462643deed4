"""Swiss system for fixed partnerships: two teams a table, paired by standing, no rematch while one is avoidable.

The teams are ranked by ``standings`` with the director's tie-breaks (teams tied on every measure in a seeded
order). With an odd count the bye goes to the lowest-ranked team that has not had one (the fewest byes first, so
nobody has a second bye before everyone has had one). The others are paired by a maximum weight matching
(networkx): a pair's weight falls with the square of the distance between the two in the ranking and, far more,
with the times they have met, so the draw has as few rematches as any pairing of these teams allows (none while
one without is possible) and, among those, the closest standings.

A matching of every pair is slow for a big field (seconds at 200 teams), so the draw first offers each team only
its nearest ``NEAREST`` opponents in the ranking that it has not met (then four times as many, then every one it
has not met). The first of these that pairs everybody is taken; when none does, a rematch is unavoidable and the
whole field is matched with the rematches weighed.

Contract Rummy players play Swiss alone, ``sides_per_table`` of them a table (3 to 8): the ranked players are cut
into tables of that size from the top (the remainder sit out, the lowest-ranked with the fewest byes first), then
two players of different tables swap while the swap lowers the number of earlier meetings at the tables (and,
among as few, brings the tables' rankings closer): no swap of two players leaves fewer rematches.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from games.rules.errors import RuleViolation
from games.rules.messages import msg, phrase
from games.rules.settings_spec import Setting, SettingsSpec
from nights.formats.base import Draw, DrawRequest, Entrant, PlayedRound, check_request, first_dealers
from nights.formats.standings import TIE_BREAKS, standings

FORMAT_NAME = "Swiss"
MIN_TEAMS = 2
NEAREST = 4
LARGEST_TABLE = 8


def _parse_tie_breaks(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or len(set(value)) != len(value) or not set(value) <= set(TIE_BREAKS):
        raise RuleViolation(
            "invalid",
            msg(
                "tie_breaks is a list of different tie-breaks from {allowed}; {value!r} is not.",
                allowed=", ".join(TIE_BREAKS),
                value=value,
            ),
            "settings.tie_breaks",
            allowed=list(TIE_BREAKS),
        )
    return tuple(value)


SETTINGS = SettingsSpec(
    FORMAT_NAME,
    (
        Setting(
            "tie_breaks",
            "custom",
            TIE_BREAKS,
            phrase("Tie-breaks"),
            phrase(
                "After match points, in this order: Buchholz (opponents' match points), head to head, points "
                "difference, most wins."
            ),
            parse=_parse_tie_breaks,
            dump=list,
            json_type="array",
        ),
        Setting(
            "sides_per_table",
            "integer",
            2,
            phrase("Sides at a table"),
            phrase("Two teams meet at a table; Contract Rummy players play alone, 3 to 8 at a table."),
            minimum=MIN_TEAMS,
            maximum=LARGEST_TABLE,
        ),
    ),
)


@dataclass(frozen=True)
class SwissSettings:
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    sides_per_table: int = MIN_TEAMS

    def __post_init__(self) -> None:
        object.__setattr__(self, "tie_breaks", _parse_tie_breaks(self.tie_breaks))
        SETTINGS.read_all({"sides_per_table": self.sides_per_table}, {})


def settings_from_json(settings: Mapping[str, Any]) -> SwissSettings:
    SETTINGS.reject_unknown(settings)
    return SwissSettings(**SETTINGS.read_all(settings, {}))


def draw(request: DrawRequest, settings: SwissSettings) -> Draw:
    check_request(request, settings.sides_per_table)
    rng = random.Random(request.seed)
    ranked = _ranked(request, settings, rng)
    if settings.sides_per_table > MIN_TEAMS:
        return _draw_tables(request, ranked, settings.sides_per_table, rng)
    byes: tuple[Entrant, ...] = ()
    if len(ranked) % 2:
        had = {entrant: sum(entrant in played.byes for played in request.history) for entrant in ranked}
        byes = (min(reversed(ranked), key=lambda entrant: had[entrant]),)
    paired = [entrant for entrant in ranked if entrant not in byes]
    pairs = pair(paired, _meetings(request.history))
    tables = tuple(((paired[first],), (paired[second],)) for first, second in pairs)
    return Draw(request.round, tables, byes, first_dealers(tables, rng), request.seed)


def _ranked(request: DrawRequest, settings: SwissSettings, rng: random.Random) -> list[Entrant]:
    """The entrants by standing; entrants tied on every measure in a seeded order."""
    rows = standings(request.entrants, request.history, settings.tie_breaks)
    lots = {row.entrant: rng.random() for row in rows}
    return [row.entrant for row in sorted(rows, key=lambda row: (row.rank, lots[row.entrant]))]


def _meetings(history: Sequence[PlayedRound]) -> dict[frozenset[Entrant], int]:
    met: dict[frozenset[Entrant], int] = {}
    for played in history:
        for table in played.tables:
            teams = [entrant for side in table for entrant in side]
            for number, first in enumerate(teams):
                for second in teams[number + 1 :]:
                    key = frozenset((first, second))
                    met[key] = met.get(key, 0) + 1
    return met


def pair(ranked: Sequence[Entrant], met: Mapping[frozenset[Entrant], int]) -> list[tuple[int, int]]:
    """Pairs of positions in ``ranked`` (an even count), the better-ranked first, top pairs first."""
    count = len(ranked)

    def times(one: int, two: int) -> int:
        return met.get(frozenset((ranked[one], ranked[two])), 0)

    most = max(met.values(), default=0)
    nearest = NEAREST
    while nearest < 4 * count:
        edges = {edge for one in range(count) for edge in _fresh_nearest(count, times, one, nearest)}
        matching = _match(count, sorted(edges), times, most)
        if len(matching) == count // 2:
            return matching
        nearest *= 4
    everyone = [(one, two) for one in range(count) for two in range(one + 1, count)]
    return _match(count, everyone, times, most)


def _fresh_nearest(count: int, times: Callable[[int, int], int], one: int, nearest: int) -> list[tuple[int, int]]:
    """Edges from ``one`` to the ``nearest`` positions closest to it (either way) whose team it has not met."""
    found: list[tuple[int, int]] = []
    for distance in range(1, count):
        for two in (one - distance, one + distance):
            if 0 <= two < count and not times(one, two):
                found.append((min(one, two), max(one, two)))
        if len(found) >= nearest:
            break
    return found


def _match(
    count: int, edges: list[tuple[int, int]], times: Callable[[int, int], int], most: int
) -> list[tuple[int, int]]:
    """The maximum weight matching of most pairs: fewest earlier meetings first, then the closest positions."""
    closest = (count - 1) ** 2
    rematch = (count // 2) * closest + 1
    base = rematch * (most + 1) + closest + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count))
    graph.add_weighted_edges_from((one, two, base - rematch * times(one, two) - (two - one) ** 2) for one, two in edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(pair), max(pair)) for pair in matching)


def _draw_tables(request: DrawRequest, ranked: list[Entrant], size: int, rng: random.Random) -> Draw:
    """Tables of ``size`` players by standing (each player a side of their own), rematches swapped away."""
    had = {entrant: sum(entrant in played.byes for played in request.history) for entrant in ranked}
    lowest_first = ranked[::-1]
    byes = tuple(sorted(lowest_first, key=lambda entrant: had[entrant])[: len(ranked) % size])
    seated = [entrant for entrant in ranked if entrant not in byes]
    groups = [list(range(start, start + size)) for start in range(0, len(seated), size)]
    position = {entrant: index for index, entrant in enumerate(seated)}
    met = [[0] * len(seated) for _ in seated]  # by position in the ranking
    for pair, times in _meetings(request.history).items():
        one, two = (position.get(entrant) for entrant in pair)
        if one is not None and two is not None:
            met[one][two] = met[two][one] = times

    def cost(group: list[int]) -> Cost:
        pairs = [(one, two) for number, one in enumerate(group) for two in group[number + 1 :]]
        return sum(met[one][two] for one, two in pairs), sum((one - two) ** 2 for one, two in pairs)

    improved = True
    while improved:  # each pass tries every player once; a pass without a swap ends the search
        improved = False
        for table in range(len(groups)):
            for place in range(size):
                improved = _swap_helps(groups, cost, table, place) or improved
    tables = tuple(tuple((seated[player],) for player in sorted(group)) for group in groups)
    return Draw(request.round, tables, byes, first_dealers(tables, rng), request.seed)


Cost = tuple[int, int]  # a table's earlier meetings, then the spread of its players' rankings


def _swap_helps(groups: list[list[int]], cost: Callable[[list[int]], Cost], table: int, place: int) -> bool:
    """Swap the player at ``place`` of ``table`` with one of another table if that lowers the two tables' cost
    (rematches first, then the spread); the first such swap, and whether one was made. Only a table with a rematch
    is tried: the tables start as close in the ranking as they can be, and the spread alone is not worth a swap."""
    group = groups[table]
    if not cost(group)[0]:
        return False
    for other_table, other in enumerate(groups):
        if other_table == table:
            continue
        before = _plus(cost(group), cost(other))
        for other_place in range(len(other)):
            group[place], other[other_place] = other[other_place], group[place]
            if _plus(cost(group), cost(other)) < before:
                return True
            group[place], other[other_place] = other[other_place], group[place]
    return False


def _plus(one: Cost, two: Cost) -> Cost:
    return one[0] + two[0], one[1] + two[1]
