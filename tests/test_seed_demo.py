"""seed_demo makes a club whose every league has finished matches and standings, once, and says where they are."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.models import Club, League, Match
from games.rules.registry import game_keys
from games.selectors.tallies.standings import league_standings
from tests.support.auth import client_for

pytestmark = pytest.mark.django_db
BASE = "http://127.0.0.1:8000"


def seed(**options: object) -> list[str]:
    out = StringIO()
    call_command("seed_demo", base_url=f"{BASE}/", stdout=out, **options)
    return out.getvalue().splitlines()


def test_seed_demo_gives_every_game_a_league_with_standings_and_runs_only_once() -> None:
    first = seed(weeks=1)
    assert first[0].startswith("Demo club ready. Sign in as demo /")
    leagues = League.objects.order_by("game")
    assert [league.game for league in leagues] == sorted(game_keys())  # a registered game without a demo fails here
    for league in leagues:
        assert Match.objects.filter(league=league, status=Match.Status.FINISHED).count() == 2
        assert league_standings(league)["rows"][0]["rank"] == 1
    again = seed()
    assert Match.objects.count() == 2 * len(game_keys())
    assert again[0] == (
        "The demo club exists already; nothing added. Sign in as demo with the password printed the "
        "first time, or set a new one: .venv/bin/python manage.py changepassword demo"
    )
    assert again[1:] == first[1:]


def test_seed_demo_prints_each_leagues_standings_link_for_the_demo_account() -> None:
    lines = seed(weeks=1)
    club = Club.objects.get()
    assert lines[1] == (
        f"The demo data belongs to the demo account (admin of 'Demo Card Club', club {club.pk}); sign "
        f"in at {BASE}/table/login/ to open these, or send its token (POST {BASE}/api/v1/auth/token/). "
        "The leagues' standings:"
    )
    leagues = League.objects.order_by("pk")
    assert lines[2:] == [
        f"  league {league.pk} ({league.name}): {BASE}/api/v1/leagues/{league.pk}/standings/" for league in leagues
    ]
    demo = client_for(club.memberships.get().user)
    for league in leagues:
        response = demo.get(f"/api/v1/leagues/{league.pk}/standings/")
        assert (response.status_code, response.json()["league"]) == (200, league.pk)
