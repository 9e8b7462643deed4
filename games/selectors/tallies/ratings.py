"""Ratings with openskill (Plackett-Luce), folded over the finished matches of a pool in the order they finished.

A pool is explicit. A league's standings show the ratings of the pool the league chose (``League.rating_pool``): its
own matches, or the matches of every league of its club in the same game; friendly matches never count there, so
nobody moves a league's ratings by finishing matches outside it. A player's own ratings page (``player_ratings``)
folds every finished match of the game.

Ratings are derived data, folded incrementally (folds.py): a match that finishes is folded on top of the ratings
kept for its pool, so the first read after it costs that match; a correction or void of a folded match, or a player
merge, folds the pool again, so a correction in week 1 gives exactly what a fresh recomputation gives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count, Max, QuerySet
from openskill.models import PlackettLuce

from games.cache_keys import fingerprint_key
from games.identity import canonical_ids
from games.models import League, Match, Player
from games.rules.outcomes import match_sides
from games.rules.registry import get_engine
from games.selectors.tallies.folds import Fold, FoldedMatch, folded, folded_from_scratch

MODEL = PlackettLuce()


@dataclass
class PlayerRating:
    """Plain numbers, so the whole table can be cached (openskill's own rating objects do not pickle)."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0
    # (match id, finished at, mu, sigma) after each match, in the game's ratings only (a player's page shows them);
    # formatted only when someone asks for it. A match imported finished without its moment has none.
    steps: list[tuple[int, datetime | None, float, float]] = field(default_factory=list)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def summary(self) -> dict[str, Any]:
        return _figures(self.mu, self.sigma) | {"matches": self.matches}

    @property
    def history(self) -> list[dict[str, Any]]:
        return [
            {"match": match_id, "at": at.isoformat() if at else None, **_figures(mu, sigma), "matches": index + 1}
            for index, (match_id, at, mu, sigma) in enumerate(self.steps)
        ]


def _figures(mu: float, sigma: float) -> dict[str, float]:
    return {"mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": round(mu - 3 * sigma, 3)}


def merged_records() -> tuple[tuple[int, int], ...]:
    """Every merge (duplicate, record it was merged into): the folds follow persons, not records."""
    merges = Player.objects.filter(merged_into__isnull=False).order_by("pk").values_list("pk", "merged_into_id")
    return tuple((pk, into) for pk, into in merges if into is not None)


def _fingerprint(prefix: str, matches: QuerySet[Match]) -> str:
    finished = matches.filter(status=Match.Status.FINISHED).aggregate(
        count=Count("pk"), changed=Max("updated_at"), last=Max("pk")
    )
    # The highest id tells a re-imported database (same counts, new ids) from the one cached before it.
    return fingerprint_key(prefix, finished["count"], finished["changed"], finished["last"], merged_records())


def _pool_of_league(league: League) -> tuple[str, QuerySet[Match]]:
    """The cache prefix and the matches of the league's rating pool."""
    if league.rating_pool == League.RatingPool.CLUB_LEAGUES:
        return (
            f"ratings:club:{league.club_id}:{league.game}",
            Match.objects.filter(league__club_id=league.club_id, game=league.game),
        )
    return f"ratings:league:{league.pk}", Match.objects.filter(league_id=league.pk)


def league_ratings_key(league: League) -> str:
    """Changes whenever a rating the league's standings show changes: part of the standings' own cache key."""
    prefix, matches = _pool_of_league(league)
    return _fingerprint(prefix, matches)


def league_ratings(league: League) -> dict[int, PlayerRating]:
    """Canonical player id -> rating, from the league's rating pool only."""
    prefix, matches = _pool_of_league(league)
    return _folded(f"{prefix}:fold", league.game, matches, history=False)


def game_ratings(game: str) -> dict[int, PlayerRating]:
    """Canonical player id -> rating with history, for every player who finished a match of ``game``."""
    return _folded(f"ratings:{game}:fold", game, Match.objects.filter(game=game), history=True)


def _folded(key: str, game: str, matches: QuerySet[Match], *, history: bool) -> dict[int, PlayerRating]:
    ratings: dict[int, PlayerRating] = folded(key, matches, merged_records(), _rating_fold(game, history))
    return ratings


def _compute(game: str, pool: QuerySet[Match] | None = None, *, history: bool = True) -> dict[int, PlayerRating]:
    """The fold over the finished matches of ``pool`` (every match of ``game`` without one), computed afresh."""
    pool = Match.objects.filter(game=game) if pool is None else pool
    ratings: dict[int, PlayerRating] = folded_from_scratch(pool, _rating_fold(game, history))
    return ratings


def _rating_fold(game: str, history: bool) -> Fold:
    """Ratings folded match by match; with ``history`` each player's steps too (a player's page shows them; the
    standings do not, and leaving them out keeps a league's kept ratings small). A checkpoint keeps each player's
    figures and how many steps they had: the steps themselves are only ever appended to."""

    def rate(ratings: dict[int, PlayerRating], match: FoldedMatch) -> None:
        _rate_match(game, match, match["players"], ratings, history)

    def snapshot(ratings: dict[int, PlayerRating]) -> dict[int, tuple[float, float, int, int]]:
        return {pid: (r.mu, r.sigma, r.matches, len(r.steps)) for pid, r in ratings.items()}

    def restore(
        kept: dict[int, tuple[float, float, int, int]], current: dict[int, PlayerRating]
    ) -> dict[int, PlayerRating]:
        return {
            pid: PlayerRating(mu, sigma, matches, current[pid].steps[:steps])
            for pid, (mu, sigma, matches, steps) in kept.items()
        }

    return Fold(dict, rate, snapshot, restore)


def _rate_match(
    game: str, match: FoldedMatch, players: dict[str, int], ratings: dict[int, PlayerRating], history: bool
) -> None:
    sides = match_sides(get_engine(game), match["state"], match["teams"], sorted(players), match["settings"])
    teams = [[players[seat] for seat in side.seats] for side in sides]
    current = [[ratings.setdefault(pid, PlayerRating()) for pid in team] for team in teams]
    rated = MODEL.rate(
        [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in current], ranks=[side.place for side in sides]
    )
    for team, new_team in zip(current, rated, strict=True):
        for rating, new in zip(team, new_team, strict=True):
            rating.mu, rating.sigma, rating.matches = new.mu, new.sigma, rating.matches + 1
            if history:
                rating.steps.append((match["pk"], match["finished_at"], new.mu, new.sigma))


def player_ratings(player: Player) -> dict[str, Any]:
    """A player's rating in every game they have finished a match of; a merged duplicate answers for its person."""
    person = canonical_ids([player.pk])[player.pk]
    games = (
        Match.objects.filter(status=Match.Status.FINISHED, seats__player__in=_records_of(person))
        .values_list("game", flat=True)
        .distinct()
    )
    ratings = []
    for game in sorted(set(games)):
        rating = game_ratings(game).get(person)
        if rating is not None:
            ratings.append({"game": game, **rating.summary(), "history": rating.history})
    return {"player": person, "ratings": ratings}


def _records_of(person: int) -> list[int]:
    """Every player record that counts as ``person`` (itself and its merged duplicates)."""
    all_ids = Player.objects.values_list("pk", flat=True)
    return [pid for pid, canonical in canonical_ids(all_ids).items() if canonical == person]
