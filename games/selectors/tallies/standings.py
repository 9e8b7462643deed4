"""League standings, by partnership or by player, from the league's finished matches.

The tally is folded on from the last read (folds.py): the first read after a match finishes tallies that match;
a correction, void or merge tallies the league again. The answer is cached under a fingerprint of the league's
matches, its scoring, player merges and the ratings it shows (ratings.py: the league's rating pool), so a
correction, a void, a merge or a match elsewhere in the pool shows at once and an unchanged league is served from
the cache.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max
from django.utils import timezone

from games.cache_keys import fingerprint_key
from games.models import League, Player
from games.rules.outcomes import match_sides, outcome_of
from games.rules.registry import get_engine
from games.selectors.tallies.folds import Fold, FoldedMatch, folded
from games.selectors.tallies.ratings import league_ratings, league_ratings_key, merged_records

DEFAULT_TIEBREAKS = ("game", "won")


@dataclass
class Tally:
    players: tuple[int, ...]
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    measures: dict[str, int] = field(default_factory=dict)

    def add(self, outcome: str, measures: dict[str, int]) -> None:
        self.played += 1
        setattr(self, outcome, getattr(self, outcome) + 1)
        for name, value in measures.items():
            self.measures[name] = self.measures.get(name, 0) + value


def standings_kinds(game: str) -> tuple[str, ...]:
    return ("partnership", "player") if get_engine(game).plays_in_teams else ("player",)


def league_standings(league: League, by: str | None = None) -> dict[str, Any]:
    """The body of ``GET /leagues/{id}/standings/``: ``by`` is ``partnership`` (default for team games) or
    ``player``."""
    kind = by or standings_kinds(league.game)[0]
    key = _fingerprint(league, kind)
    body: dict[str, Any] | None = cache.get(key)
    if body is None:
        body = _compute(league, kind)
        cache.set(key, body, timeout=24 * 3600)
    return body


def _fingerprint(league: League, kind: str) -> str:
    matches = league.matches.aggregate(count=Count("pk"), changed=Max("updated_at"), last=Max("pk"))
    merges = merged_records()
    scoring = (league.points_for_win, league.points_for_draw, league.points_for_loss, tuple(league.tiebreaks))
    return fingerprint_key(
        f"standings:{league.pk}:{kind}",
        matches["count"],
        matches["changed"],
        matches["last"],
        merges,
        scoring,
        _ratings_part(league),
    )


def _ratings_part(league: League) -> str:
    """What else the ratings shown depend on. A league's own pool is its finished matches and the merges, already in
    the key (a match that finishes or changes moves ``changed``); a club's pool also moves with its other leagues."""
    if league.rating_pool == League.RatingPool.CLUB_LEAGUES:
        return league_ratings_key(league)
    return league.rating_pool


def _compute(league: League, kind: str) -> dict[str, Any]:
    """The body from the league's tallies, folded on from the last read (folds.py): the first read after a
    match finishes tallies that match, not the league's whole history."""
    tallies: dict[tuple[int, ...], Tally] = folded(
        f"standings:{league.pk}:{kind}:fold", league.matches.all(), merged_records(), _tally_fold(league.game, kind)
    )
    return {
        "league": league.pk,
        "game": league.game,
        "by": kind,
        "rows": _ranked_rows(league, tallies.values()),
        "updated_at": timezone.now().isoformat(),
    }


def _tally_fold(game: str, kind: str) -> Fold:
    engine = get_engine(game)

    def tally(tallies: dict[tuple[int, ...], Tally], match: FoldedMatch) -> None:
        by_seat = match["players"]
        sides = match_sides(engine, match["state"], match["teams"], sorted(by_seat), match["settings"])
        for side in sides:
            members = tuple(sorted(by_seat[seat] for seat in side.seats))
            for entrant in [members] if kind == "partnership" else [(pid,) for pid in members]:
                tallies.setdefault(entrant, Tally(entrant)).add(outcome_of(side, sides), side.measures)

    def snapshot(tallies: dict[tuple[int, ...], Tally]) -> dict[tuple[int, ...], tuple[Any, ...]]:
        # Plain tuples: a checkpoint is read with the kept fold at every read, and dataclasses unpickle slowly.
        return {entrant: (t.played, t.won, t.drawn, t.lost, dict(t.measures)) for entrant, t in tallies.items()}

    def restore(kept: dict[tuple[int, ...], tuple[Any, ...]], current: Any) -> dict[tuple[int, ...], Tally]:
        return {
            entrant: Tally(entrant, played, won, drawn, lost, dict(measures))
            for entrant, (played, won, drawn, lost, measures) in kept.items()
        }

    return Fold(dict, tally, snapshot, restore)


def _ranked_rows(league: League, tallies: Iterable[Tally]) -> list[dict[str, Any]]:
    ratings = league_ratings(league)
    names = dict(Player.objects.filter(pk__in={p for t in tallies for p in t.players}).values_list("pk", "name"))
    rows = [_row(league, tally, names, ratings) for tally in tallies]
    rows.sort(key=lambda row: (_rank_key(league, row), row["entrant"]["name"]))
    for index, row in enumerate(rows):
        same_as_previous = index and _rank_key(league, rows[index - 1]) == _rank_key(league, row)
        row["rank"] = rows[index - 1]["rank"] if same_as_previous else index + 1
    for row in rows:
        row.pop("_order")
    return [{"rank": row.pop("rank"), **row} for row in rows]


def _row(league: League, tally: Tally, names: dict[int, str], ratings: dict[int, Any]) -> dict[str, Any]:
    points = (
        tally.won * league.points_for_win + tally.drawn * league.points_for_draw + tally.lost * league.points_for_loss
    )
    members: list[dict[str, Any]] = [{"id": pid, "name": names.get(pid, "")} for pid in tally.players]
    rated = [ratings[pid].summary() for pid in tally.players if pid in ratings]
    rating = (
        None if not rated else {k: round(sum(r[k] for r in rated) / len(rated), 3) for k in ("mu", "sigma", "ordinal")}
    )
    entrant = {
        "kind": "partnership" if len(members) > 1 else "player",
        "name": " & ".join(str(member["name"]) for member in members),
        "players": members,
    }
    tiebreaks = get_engine(league.game).tiebreak_measures
    measures = {name: tally.measures.get(name, 0) for name, _ in tiebreaks}
    order = {
        "game": tuple(direction * measures[name] for name, direction in tiebreaks),
        "won": (tally.won,),
        "rating": ((rating or {}).get("ordinal", 0.0),),
    }
    return {
        "entrant": entrant,
        "played": tally.played,
        "won": tally.won,
        "drawn": tally.drawn,
        "lost": tally.lost,
        "points": points,
        "tiebreak": measures,
        "rating": rating,
        "_order": order,
    }


def _rank_key(league: League, row: dict[str, Any]) -> tuple[Any, ...]:
    """League points, then the league's tie-breaks in order, all best first. Equal keys share a rank."""
    key: list[Any] = [-row["points"]]
    for tiebreak in league.tiebreaks or DEFAULT_TIEBREAKS:
        key.extend(-value for value in row["_order"][tiebreak])
    return tuple(key)
