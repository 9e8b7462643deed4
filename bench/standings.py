"""League standings cost: a league of 2,000 and of 4,000 finished matches, cold (computed) and warm (cached), and
the first read after one more match finishes, against the cold read (issue 19: target 0.1 or less at 4,000).

The tally reads the league's finished matches and their seats in two queries and folds them once, so the cold
cost should grow linearly (ratio about 2). Ratings (openskill over the finished matches of the league's rating pool,
in order) are part of the cold cost; each size runs in a database of its own. A warm
call (nothing changed) pays only the fingerprint queries. After one more match finishes, the ratings and the tally
are folded on from what the last read kept (games/selectors/tallies/folds.py), so that read costs the one match.

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
TARGET_AFTER_ONE = 0.1  # the first read after one more finished match, as a share of the cold read


def seep_final_state(winner: str, rng: random.Random) -> dict[str, Any]:
    loser_baazis = rng.randint(0, 1)
    return {
        "running_lead": {"team": None, "points": 0},
        "baazis_won": {winner: 2, "B" if winner == "A" else "A": loser_baazis},
        "next_dealer": None,
        "match_over": True,
        "match_winner": winner,
        "match_drawn": False,
        "deals_played": 12,
    }


def build_league(user: Any, size: int, rng: random.Random) -> Any:
    from games.models import Club, League, Player

    club = Club.objects.create(name=f"Bench club {size}")
    league = League.objects.create(club=club, name=f"{size} matches", game="seep")
    Player.objects.bulk_create(Player(name=f"P{size}-{n}", club=club) for n in range(PLAYERS))
    add_finished_matches(league, user, size, rng)
    return league


def add_finished_matches(league: Any, user: Any, count: int, rng: random.Random) -> None:
    """``count`` matches finished one an hour up to now, last changed when they finished, as a season leaves them."""
    from datetime import timedelta

    from django.db.models import F
    from django.utils import timezone

    from games.models import Match, Player, Seat

    players = list(Player.objects.filter(club_id=league.club_id))
    now = timezone.now()
    matches = Match.objects.bulk_create(
        Match(
            game="seep",
            league=league,
            settings={"baazi_lead": 100},
            teams=TEAMS,
            player_count=4,
            state=seep_final_state(rng.choice("AB"), rng),
            status=Match.Status.FINISHED,
            finished_at=now - timedelta(hours=count - 1 - index),
            created_by=user,
        )
        for index in range(count)
    )
    Match.objects.filter(pk__in=[m.pk for m in matches]).update(updated_at=F("finished_at"))
    Seat.objects.bulk_create(
        Seat(match=match, seat=f"S{index + 1}", position=index, player=player, team="AB"[index % 2])
        for match in matches
        for index, player in enumerate(rng.sample(players, 4))
    )


def timed(call: Any) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def measure(size: int, rng: random.Random) -> dict[str, Any]:
    """In a database of its own: the ratings fold, the cold tally (ratings cached), a warm call, and the first read
    after one more match finished."""
    with bench_database(f"standings_{size}") as vendor:
        from django.core.cache import cache

        from games.selectors.tallies import ratings
        from games.selectors.tallies.standings import league_standings

        user = bench_user(f"bench{size}")
        league = build_league(user, size, rng)
        cache.clear()
        rating_fold = timed(lambda: ratings.league_ratings(league))  # the league's pool: what the standings show
        tally = timed(lambda: league_standings(league))
        cache.clear()
        cold = timed(lambda: league_standings(league))
        warm = min(timed(lambda: league_standings(league)) for _ in range(5))
        after_one = []
        for _ in range(5):
            add_finished_matches(league, user, 1, rng)
            after_one.append(timed(lambda: league_standings(league)))
        correct_match_at(league, size * 9 // 10, rng)  # a correction late in the season: folded on from there
        after_late_correction = timed(lambda: league_standings(league))
    return {
        "vendor": vendor,
        "ratings": rating_fold,
        "tally": tally,
        "cold": cold,
        "warm": warm,
        "after_one": min(after_one),
        "after_late_correction": after_late_correction,
    }


def correct_match_at(league: Any, index: int, rng: random.Random) -> None:
    """The ``index``-th match to finish gets the other winner, as a correction of its deciding deal leaves it."""
    from django.utils import timezone

    from games.models import Match

    match = league.matches.order_by("finished_at", "pk")[index]
    winner = "B" if match.state["match_winner"] == "A" else "A"
    Match.objects.filter(pk=match.pk).update(
        state=seep_final_state(winner, rng), version=match.version + 1, updated_at=timezone.now()
    )


def main() -> None:
    rng = random.Random(2000)
    figures = {size: measure(size, rng) for size in SIZES}
    print(f"database: {figures[SIZES[0]]['vendor']}")
    for size, row in figures.items():
        print(
            f"{size} matches: cold {row['cold'] * 1000:.0f} ms (ratings fold {row['ratings'] * 1000:.0f} ms + "
            f"tally {row['tally'] * 1000:.0f} ms), warm {row['warm'] * 1000:.1f} ms, first read after one more "
            f"finished match {row['after_one'] * 1000:.1f} ms (best of 5): {row['after_one'] / row['cold']:.3f} of "
            f"cold (target <= {TARGET_AFTER_ONE}); after correcting the match 90 % into the season "
            f"{row['after_late_correction'] * 1000:.1f} ms"
        )
    small, large = figures[SIZES[0]], figures[SIZES[1]]
    print(
        f"ratio {SIZES[1]} / {SIZES[0]} matches: cold {large['cold'] / small['cold']:.2f}, "
        f"tally {large['tally'] / small['tally']:.2f}, ratings {large['ratings'] / small['ratings']:.2f} "
        "(linear: about 2)"
    )


if __name__ == "__main__":
    main()
