"""League standings cost: a league of 2,000 and of 4,000 finished matches, cold (computed) and warm (cached).

The tally reads the league's finished matches and their seats in two queries and folds them once, so the cold
cost should grow linearly (ratio about 2). Ratings (openskill over the finished matches of the league's rating pool,
in order) are part of the cold cost; each size runs in a database of its own. A warm
call (nothing changed) pays only the fingerprint queries.

Matches are written straight to the database with their final state (as the services would have left them), so
the benchmark measures reading, not recording.

    .venv/bin/python -m bench.standings
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper .venv/bin/python -m bench.standings
"""

from __future__ import annotations

import random
import time
from typing import Any

from bench.django_env import bench_database, bench_user

SIZES = (2000, 4000)
PLAYERS = 24
TEAMS = {"A": ["S1", "S3"], "B": ["S2", "S4"]}


def seep_final_state(winner: str, rng: random.Random) -> dict[str, Any]:
    loser_baazis = rng.randint(0, 1)
    return {"running_lead": {"team": None, "points": 0},
            "baazis_won": {winner: 2, "B" if winner == "A" else "A": loser_baazis}, "next_dealer": None,
            "match_over": True, "match_winner": winner, "match_drawn": False, "deals_played": 12}


def build_league(user: Any, size: int, rng: random.Random) -> Any:
    from django.utils import timezone

    from games.models import Club, League, Match, Player, Seat

    club = Club.objects.create(name=f"Bench club {size}")
    league = League.objects.create(club=club, name=f"{size} matches", game="seep")
    players = Player.objects.bulk_create(Player(name=f"P{size}-{n}", club=club) for n in range(PLAYERS))
    matches = Match.objects.bulk_create(
        Match(game="seep", league=league, settings={"baazi_lead": 100}, teams=TEAMS, player_count=4,
              state=seep_final_state(rng.choice("AB"), rng), status=Match.Status.FINISHED,
              finished_at=timezone.now(), created_by=user)
        for _ in range(size))
    Seat.objects.bulk_create(
        Seat(match=match, seat=f"S{index + 1}", position=index, player=player, team="AB"[index % 2])
        for match in matches for index, player in enumerate(rng.sample(players, 4)))
    return league


def timed(call: Any) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def measure(size: int, rng: random.Random) -> dict[str, Any]:
    """In a database of its own: the ratings fold, the cold tally (ratings cached) and a warm call."""
    with bench_database(f"standings_{size}") as vendor:
        from django.core.cache import cache

        from games import ratings
        from games.standings import league_standings

        league = build_league(bench_user(f"bench{size}"), size, rng)
        cache.clear()
        rating_fold = timed(lambda: ratings.league_ratings(league))  # the league's pool: what the standings show
        tally = timed(lambda: league_standings(league))
        cache.clear()
        cold = timed(lambda: league_standings(league))
        warm = min(timed(lambda: league_standings(league)) for _ in range(5))
    return {"vendor": vendor, "ratings": rating_fold, "tally": tally, "cold": cold, "warm": warm}


def main() -> None:
    rng = random.Random(2000)
    figures = {size: measure(size, rng) for size in SIZES}
    print(f"database: {figures[SIZES[0]]['vendor']}")
    for size, row in figures.items():
        print(f"{size} matches: cold {row['cold'] * 1000:.0f} ms (ratings fold {row['ratings'] * 1000:.0f} ms + "
              f"tally {row['tally'] * 1000:.0f} ms), warm {row['warm'] * 1000:.1f} ms")
    small, large = figures[SIZES[0]], figures[SIZES[1]]
    print(f"ratio {SIZES[1]} / {SIZES[0]} matches: cold {large['cold'] / small['cold']:.2f}, "
          f"tally {large['tally'] / small['tally']:.2f}, ratings {large['ratings'] / small['ratings']:.2f} "
          "(linear: about 2)")


if __name__ == "__main__":
    main()
