"""seed_demo makes a club whose every league has finished matches and standings, once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.models import League, Match
from games.standings import league_standings

pytestmark = pytest.mark.django_db


def test_seed_demo_gives_every_game_a_league_with_standings_and_runs_only_once() -> None:
    out = StringIO()
    call_command("seed_demo", weeks=1, stdout=out)
    assert "Sign in as demo /" in out.getvalue()
    leagues = League.objects.order_by("game")
    assert [league.game for league in leagues] == ["bid_euchre", "contract_rummy", "fifty_six", "seep"]
    for league in leagues:
        assert Match.objects.filter(league=league, status=Match.Status.FINISHED).count() == 2
        assert league_standings(league)["rows"][0]["rank"] == 1
    call_command("seed_demo", stdout=StringIO())
    assert Match.objects.count() == 8
