"""Drawing the next round reads the closed rounds' kept results (nights.selectors.night_results) instead of folding
every round again: a Swiss night (pairs by standing) folds only the round it closes, and draws what a draw from the
whole night refolded draws, seed for seed."""

from __future__ import annotations

import random
import secrets
from typing import Any
from unittest import mock

import pytest
from rest_framework.test import APIClient

from nights import selectors, services
from nights.formats import swiss
from nights.formats.base import DrawRequest
from nights.models import Event
from tests.nights.helpers import make_club, make_event, start_round

pytestmark = pytest.mark.django_db

TEAMS = 8
SEED = 4242


def close_scored(api: APIClient, event: int, number: int, tables: list[dict[str, Any]], rng: random.Random) -> None:
    """The director closes the round, scoring every table (each side 0 to 11)."""
    scores = {str(table["number"]): {"A": rng.randrange(12), "B": rng.randrange(12)} for table in tables}
    body = {"reason": "Time is up", "director_scores": scores}
    closed = api.post(f"/api/v1/events/{event}/rounds/{number}/close/", body, format="json")
    assert closed.status_code == 200, closed.json()


@pytest.fixture
def swiss_night(api: APIClient) -> int:
    """Swiss of Bid Euchre, 8 teams (4 tables), rounds 1 to 3 closed with the director's scores."""
    event = int(
        make_event(
            api, make_club(api), format="swiss", rounds_planned=5, round_length="director", deals_per_round=None
        )["id"]
    )
    for number in range(1, TEAMS + 1):
        players = [{"name": f"Player {number}a"}, {"name": f"Player {number}b"}]
        assert api.post(f"/api/v1/events/{event}/teams/", {"players": players}, format="json").status_code == 201
    rng = random.Random(25)
    for number in range(1, 4):
        close_scored(api, event, number, start_round(api, event)["tables"], rng)
    return event


def test_the_draw_from_the_kept_results_equals_the_draw_from_the_night_refolded(swiss_night: int) -> None:
    event = Event.objects.get(pk=swiss_night)
    last = selectors.rounds_of(event).order_by("-number").first()
    selectors.night_results(event)  # a room or a standings read keeps the closed rounds' results
    with mock.patch.object(secrets, "randbits", return_value=SEED):
        kept = services._draw(event, last, 4)
    refolded = selectors.ranking_history(event, selectors.round_results(event))
    request = DrawRequest(tuple(team.pk for team in event.teams.order_by("pk")), 4, tuple(refolded), SEED)
    expected = swiss.draw(request, swiss.settings_from_json(event.format_settings))
    assert kept == expected
    assert len(kept.tables) == TEAMS // 2 and kept.seed == SEED
    # Every team seated once.
    assert sorted(team for table in kept.tables for (team,) in table) == sorted(request.entrants)


def test_starting_a_round_folds_no_kept_round_again(api: APIClient, swiss_night: int) -> None:
    """Round 4 closed and the standings read (the closed rounds' results kept), round 5 started: its draw folds no
    table's score (it folded the 16 tables of rounds 1 to 4 before)."""
    fourth = start_round(api, swiss_night)["tables"]
    close_scored(api, swiss_night, 4, fourth, random.Random(4))
    standings = api.get(f"/api/v1/events/{swiss_night}/standings/").json()["rows"]
    with mock.patch.object(selectors, "table_scores", wraps=selectors.table_scores) as scored:
        drawn = start_round(api, swiss_night)
    assert scored.call_count == 0
    assert drawn["number"] == 5 and len(drawn["tables"]) == TEAMS // 2
    assert api.get(f"/api/v1/events/{swiss_night}/standings/").json()["rows"] == standings
