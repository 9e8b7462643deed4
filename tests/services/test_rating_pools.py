"""The ratings a league's standings show come from the league's own rating pool: its matches, or every league match
of its club in the game. Friendlies never move them, and the cached standings follow every rating they show."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from openskill.models import PlackettLuce

from games.models import Club, League, Player
from games.selectors.tallies import ratings, standings
from games.services.clubs import club_create, league_save
from games.services.deals import deal_record
from games.services.matches import match_start
from tests.api.helpers import assert_error
from tests.deals import seep_win
from tests.factories import UserFactory
from tests.support.auth import client_for
from tests.support.standings import LEAGUE_RULES, fresh, play, roster

pytestmark = pytest.mark.django_db

MODEL = PlackettLuce()
FIRST_BAAZI_WINS = LEAGUE_RULES["seep"]


def expected_ratings(*results: tuple[tuple[Player, ...], tuple[Player, ...]]) -> dict[str, dict[str, float]]:
    """openskill by hand: each (winners, losers) in the order the matches finished, rounded as the API rounds."""
    live: dict[str, Any] = defaultdict(MODEL.rating)
    for winners, losers in results:
        teams = [[p.name for p in winners], [p.name for p in losers]]
        rated = MODEL.rate([[live[name] for name in team] for team in teams], ranks=[1, 2])
        for team, new_team in zip(teams, rated, strict=True):
            live.update(zip(team, new_team, strict=True))
    return {
        name: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.mu - 3 * r.sigma, 3)}
        for name, r in live.items()
    }


def shown_ratings(body: dict[str, Any]) -> dict[str, dict[str, float]]:
    return {row["entrant"]["name"]: row["rating"] for row in body["rows"]}


def seep_league(desk: Any, club: Club, name: str, pool: str = "league") -> League:
    return league_save(
        actor=desk,
        league=League(),
        changes={"club": club, "name": name, "game": "seep", "settings": FIRST_BAAZI_WINS, "rating_pool": pool},
    )


def friendly(desk: Any, players: list[Player], winner: str) -> None:
    match = match_start(actor=desk, game="seep", players=[p.pk for p in players], settings=FIRST_BAAZI_WINS)
    deal_record(match_id=match.pk, actor=desk, payload=seep_win(winner))


@pytest.fixture
def desk() -> Any:
    return UserFactory.create()


def test_a_friendly_no_longer_moves_a_leagues_ratings(desk: Any) -> None:
    club = club_create(actor=desk, name="Tuesday club")
    league = seep_league(desk, club, "Winter")
    p = roster(desk, 4)
    play(desk, league, p, seep_win("A"))
    before = shown_ratings(standings.league_standings(league, "player"))
    global_before = {pid: r.summary() for pid, r in ratings.game_ratings("seep").items()}
    for _ in range(3):
        friendly(desk, p, "B")
    after = shown_ratings(fresh(league, "player"))  # recomputed, not what the cache kept
    assert after == before == expected_ratings(((p[0], p[2]), (p[1], p[3])))
    assert {pid: r.summary() for pid, r in ratings.game_ratings("seep").items()} != global_before  # counted there


def test_the_two_pools_give_the_ratings_of_their_own_matches(desk: Any) -> None:
    club = club_create(actor=desk, name="Tuesday club")
    winter = seep_league(desk, club, "Winter", "league")
    spring = seep_league(desk, club, "Spring", "club_leagues")
    elsewhere = seep_league(desk, club_create(actor=desk, name="Other club"), "Open", "club_leagues")
    p = roster(desk, 4)
    play(desk, winter, p, seep_win("A"))
    play(desk, elsewhere, p, seep_win("A"))  # another club's league: in neither pool
    friendly(desk, p, "A")  # a friendly: in neither pool
    play(desk, spring, p, seep_win("B"))
    team_a, team_b = (p[0], p[2]), (p[1], p[3])
    assert shown_ratings(fresh(winter, "player")) == expected_ratings((team_a, team_b))
    assert shown_ratings(fresh(spring, "player")) == expected_ratings((team_a, team_b), (team_b, team_a))


def test_the_cached_standings_change_when_a_match_elsewhere_in_the_pool_moves_their_ratings(desk: Any) -> None:
    club = club_create(actor=desk, name="Tuesday club")
    winter = seep_league(desk, club, "Winter", "club_leagues")
    spring = seep_league(desk, club, "Spring", "league")
    p = roster(desk, 4)
    play(desk, winter, p, seep_win("A"))
    cached = standings.league_standings(winter, "player")
    assert standings.league_standings(winter, "player") == cached  # served from the cache
    play(desk, spring, p, seep_win("B"))
    after = standings.league_standings(winter, "player")
    team_a, team_b = (p[0], p[2]), (p[1], p[3])
    assert shown_ratings(after) == expected_ratings((team_a, team_b), (team_b, team_a)) != shown_ratings(cached)
    assert [row["played"] for row in after["rows"]] == [1, 1, 1, 1]  # the league's own table is unchanged


def test_the_cached_standings_of_a_league_pool_follow_its_own_next_match(desk: Any) -> None:
    league = seep_league(desk, club_create(actor=desk, name="Tuesday club"), "Winter", "league")
    p = roster(desk, 4)
    play(desk, league, p, seep_win("A"))
    cached = standings.league_standings(league, "player")
    play(desk, league, p, seep_win("B"))
    team_a, team_b = (p[0], p[2]), (p[1], p[3])
    after = standings.league_standings(league, "player")
    assert shown_ratings(after) == expected_ratings((team_a, team_b), (team_b, team_a)) != shown_ratings(cached)


def test_the_rating_pool_is_a_league_field_in_the_api(desk: Any) -> None:
    club = club_create(actor=desk, name="Tuesday club")
    api = client_for(desk)
    made = api.post("/api/v1/leagues/", {"club": club.pk, "name": "Winter", "game": "seep"}, format="json")
    assert (made.status_code, made.json()["rating_pool"]) == (201, "league")
    changed = api.patch(f"/api/v1/leagues/{made.json()['id']}/", {"rating_pool": "club_leagues"}, format="json")
    assert (changed.status_code, changed.json()["rating_pool"]) == (200, "club_leagues")
    assert League.objects.get(pk=made.json()["id"]).rating_pool == "club_leagues"
    refused = api.patch(f"/api/v1/leagues/{made.json()['id']}/", {"rating_pool": "global"}, format="json")
    assert_error(refused, 400, "invalid", "rating_pool")
    assert League.objects.get(pk=made.json()["id"]).rating_pool == "club_leagues"


def test_a_rating_step_of_a_match_imported_without_its_finishing_moment_has_no_moment() -> None:
    """A finished match imported without ``finished_at`` is rated (the folds place it); its step says no moment
    instead of failing the player's page (found by the typed fold rows, issue 30)."""
    rating = ratings.PlayerRating(steps=[(7, None, 26.0, 8.0)])
    assert [(step["match"], step["at"], step["matches"]) for step in rating.history] == [(7, None, 1)]
