"""A whole progressive Bid Euchre night through the API: 13 players, 4 rounds of 8 deals, a late arrival, a departure,
a round the director closes (one table cut short, one scored by the director). The standings must equal a sum
computed here independently, from the deals each table's match recorded."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.helpers import assert_error
from tests.nights.helpers import all_deals, check_in, euchre_deal, make_club, make_event, play_deals, start_round

pytestmark = pytest.mark.django_db


def side_points_from_deals(api: APIClient, match: int) -> dict[str, float]:
    """What each team scored: the sum of its deals' points (and renege penalties), read from the deals."""
    points: dict[str, float] = defaultdict(float)
    for deal in all_deals(api, match):
        if deal["status"] == "voided":
            continue
        for team, value in deal["result"]["deal_points"].items():
            points[team] += value
        for team, value in deal["result"]["renege_penalties"].items():
            points[team] += value
    return points


def round_scores(api: APIClient, played: dict[str, Any], director: dict[str, dict[str, float]]) -> dict[int, float]:
    """Each player's score for the round: their team's points (the director's where given); a bye the round's
    average of the seated players' scores."""
    scores: dict[int, float] = {}
    for table in played["tables"]:
        points = director.get(str(table["number"])) or side_points_from_deals(api, table["match"])
        for seat in table["seats"]:
            scores[seat["player"]["id"]] = points[seat["team"]]
    average = sum(scores.values()) / len(scores)
    for bye in played["byes"]:
        scores[bye["player"]["id"]] = average
    return scores


@pytest.mark.postgres
def test_a_progressive_euchre_night_of_thirteen_folds_into_the_sum_of_its_deals(api: APIClient) -> None:
    rng = random.Random(25)
    event = make_event(api, make_club(api))["id"]
    entrants = [check_in(api, event, f"Player {number}") for number in range(1, 13)]
    rounds: list[dict[str, Any]] = []
    director: dict[int, dict[str, dict[str, float]]] = defaultdict(dict)

    rounds.append(start_round(api, event, number=1))
    late = check_in(api, event, "Player 13")  # arrives during round 1: drawn from round 2
    assert late["joined_from_round"] == 2
    assert len(rounds[0]["tables"]) == 3 and rounds[0]["byes"] == []
    for table in rounds[0]["tables"]:
        play_deals(api, table, 8, rng)
    cut = next(
        table
        for table in rounds[0]["tables"]
        if api.get(f"/api/v1/matches/{table['match']}/").json()["status"] == "in_progress"
    )
    ninth = api.post(f"/api/v1/matches/{cut['match']}/deals/", euchre_deal("S1", rng), format="json")
    assert assert_error(ninth, 409, "match_closed")["extra"] == {"deals_limit": 8}

    rounds.append(start_round(api, event))
    assert rounds[1]["number"] == 2 and len(rounds[1]["byes"]) == 1
    seated = {seat["player"]["id"] for table in rounds[1]["tables"] for seat in table["seats"]}
    assert late["player"]["id"] in seated | {rounds[1]["byes"][0]["player"]["id"]}
    for table in rounds[1]["tables"]:
        play_deals(api, table, 8, rng)

    rounds.append(start_round(api, event))
    first, second, third = rounds[2]["tables"]
    play_deals(api, first, 8, rng)
    play_deals(api, second, 5, rng)  # cut short: counts as it stands
    play_deals(api, third, 3, rng)  # cannot finish: the director scores it
    director[3] = {"3": {"A": 10.0, "B": 4.0}}
    closed = api.post(
        f"/api/v1/events/{event}/rounds/3/close/",
        {"reason": "The hall closes at ten.", "director_scores": director[3]},
        format="json",
    )
    assert closed.status_code == 200, closed.json()
    assert closed.json()["status"] == "closed"
    assert_error(
        api.post(f"/api/v1/matches/{second['match']}/deals/", euchre_deal("S1", rng), format="json"),
        409,
        "match_closed",
    )

    leaving = entrants[0]
    assert api.delete(f"/api/v1/events/{event}/entrants/{leaving['id']}/").status_code == 204
    rounds.append(start_round(api, event))
    assert {seat["player"]["id"] for table in rounds[3]["tables"] for seat in table["seats"]}.isdisjoint(
        {leaving["player"]["id"]}
    )
    assert len(rounds[3]["tables"]) == 3 and rounds[3]["byes"] == []
    for table in rounds[3]["tables"]:
        play_deals(api, table, 8, rng)

    rounds = [api.get(f"/api/v1/events/{event}/rounds/{number}/").json() for number in range(1, 5)]
    expected: dict[int, float] = defaultdict(float)
    for played in rounds:
        for player, score in round_scores(api, played, director[played["number"]]).items():
            expected[player] += score
    standings = api.get(f"/api/v1/events/{event}/standings/").json()
    totals = {row["player"]["id"]: row["total"] for row in standings["rows"]}
    assert len(totals) == 13
    assert totals == pytest.approx(dict(expected))
    ordered = [row["total"] for row in standings["rows"]]
    assert ordered == sorted(ordered, reverse=True)
    assert standings["rows"][0]["rank"] == 1
    assert_error(api.post(f"/api/v1/events/{event}/rounds/", {}, format="json"), 409, "event_rounds_complete")
