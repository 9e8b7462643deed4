"""Nights of fixed partnerships through the API on PostgreSQL: a round robin of five Bid Euchre teams, a Swiss night of
six Seep teams, and Swiss of Contract Rummy players alone. The standings must equal what is computed here from the
deals each table's match recorded."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from itertools import combinations
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.deals import rummy_deal, seep_win
from tests.nights.helpers import all_deals, euchre_deal, make_club, make_event, start_round

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

WIN, DRAW = 2, 1


def check_in_team(api: APIClient, event: int, *names: str, **body: Any) -> dict[str, Any]:
    players = [{"name": name} for name in names]
    response = api.post(f"/api/v1/events/{event}/teams/", {"players": players, **body}, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def play(api: APIClient, table: dict[str, Any], count: int, deal: Callable[[str], dict[str, Any]]) -> None:
    """Play ``count`` deals at the table from its first dealer (fewer if its match ends)."""
    match = api.get(f"/api/v1/matches/{table['match']}/").json()
    dealer = match["state"]["next_dealer"] or table["first_dealer"]
    for _ in range(count):
        if match["status"] != "in_progress":
            return
        response = api.post(f"/api/v1/matches/{table['match']}/deals/", deal(dealer), format="json")
        assert response.status_code == 201, response.json()
        match = response.json()["match"]
        dealer = match["state"]["next_dealer"]


def euchre_points(api: APIClient, match: int) -> dict[str, float]:
    """Each Bid Euchre team's points: the sum of its deals' points and renege penalties."""
    points: dict[str, float] = defaultdict(float)
    for deal in all_deals(api, match):
        for team, value in {**deal["result"]["deal_points"]}.items():
            points[team] += value
        for team, value in deal["result"]["renege_penalties"].items():
            points[team] += value
    return points


def team_of_side(table: dict[str, Any], teams: dict[int, set[int]]) -> dict[str, int]:
    """The night's team at each side of the table's match, read from who sits in the side's seats."""
    found: dict[str, int] = {}
    for seat in table["seats"]:
        (team,) = [team for team, players in teams.items() if seat["player"]["id"] in players]
        assert found.setdefault(seat["team"], team) == team
    return found


def match_points(mine: float, theirs: float) -> int:
    return WIN if mine > theirs else DRAW if mine == theirs else 0


def test_a_round_robin_of_five_bid_euchre_teams_meets_every_pair_once_and_folds_the_deals(api: APIClient) -> None:
    rng = random.Random(7)
    event = make_event(
        api, make_club(api), name="Euchre league night", format="round_robin", rounds_planned=5, deals_per_round=4
    )["id"]
    entered = [check_in_team(api, event, f"Asha {n}", f"Bela {n}") for n in range(1, 6)]
    assert [team["name"] for team in entered[:1]] == ["Asha 1 & Bela 1"]
    teams = {team["id"]: {member["player"]["id"] for member in team["members"]} for team in entered}

    met: list[frozenset[int]] = []
    byes: list[int] = []
    expected_total: dict[int, float] = defaultdict(float)
    expected_points: dict[int, int] = defaultdict(int)
    for number in range(1, 6):
        played = start_round(api, event, number=number)
        assert len(played["tables"]) == 2
        (bye_team,) = {bye["team"] for bye in played["byes"]}
        assert {bye["player"]["id"] for bye in played["byes"]} == teams[bye_team]
        byes.append(bye_team)
        expected_points[bye_team] += WIN
        for table in played["tables"]:
            sides = team_of_side(table, teams)
            # Each team's players sit in the game's team seats: A in S1 and S3, B in S2 and S4.
            assert {seat["seat"] for seat in table["seats"] if seat["team"] == "A"} == {"S1", "S3"}
            met.append(frozenset(sides.values()))
            play(api, table, 4, lambda dealer: euchre_deal(dealer, rng))
            points = euchre_points(api, table["match"])
            for side, team in sides.items():
                other = "B" if side == "A" else "A"
                expected_total[team] += points[side]
                expected_points[team] += match_points(points[side], points[other])

    assert sorted(byes) == sorted(teams)  # one bye each
    assert sorted(met, key=sorted) == sorted((frozenset(pair) for pair in combinations(teams, 2)), key=sorted)
    standings = api.get(f"/api/v1/events/{event}/standings/").json()
    rows = standings["rows"]
    assert {row["team"]: row["total"] for row in rows} == pytest.approx(dict(expected_total))
    assert {row["team"]: row["match_points"] for row in rows} == dict(expected_points)
    assert {row["team"]: (row["played"], row["byes"]) for row in rows} == dict.fromkeys(teams, (4, 1))
    assert all(row["entrant"] is None and row["player"] is None for row in rows)
    assert [row["match_points"] for row in rows] == sorted(expected_points.values(), reverse=True)
    closed = api.post(f"/api/v1/events/{event}/rounds/5/close/", {"reason": "Last round."}, format="json")
    assert closed.status_code == 200, closed.json()
    assert api.get(f"/api/v1/events/{event}/").json()["status"] == "finished"
    assert api.get(f"/api/v1/events/{event}/standings/").json()["rows"] == rows  # every table had finished


def seep_points(api: APIClient, match: int, baazi_lead: int) -> dict[str, float]:
    """Each Seep team's score from its deals: every deal here is a baazi won outright (the loser under 9 points)."""
    points = {"A": 0.0, "B": 0.0}
    for deal in all_deals(api, match):
        winner = "A" if deal["input"]["card_points"]["A"] > deal["input"]["card_points"]["B"] else "B"
        points[winner] += baazi_lead
    return points


def test_a_swiss_night_of_six_seep_teams_has_no_rematch_and_ranks_by_the_chosen_tie_breaks(api: APIClient) -> None:
    rng = random.Random(11)
    chosen = ["points_difference", "wins", "buchholz"]
    event = make_event(
        api,
        make_club(api),
        name="Seep Swiss",
        game="seep",
        format="swiss",
        format_settings={"tie_breaks": chosen},
        rounds_planned=3,
        deals_per_round=3,
    )
    assert event["format_settings"] == {"tie_breaks": chosen, "sides_per_table": 2}
    baazi_lead = event["settings"]["baazi_lead"]
    entered = [check_in_team(api, event["id"], f"Chandra {n}", f"Dev {n}") for n in range(1, 7)]
    teams = {team["id"]: {member["player"]["id"] for member in team["members"]} for team in entered}

    met: list[frozenset[int]] = []
    record: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for number in range(1, 4):
        played = start_round(api, event["id"], number=number)
        assert len(played["tables"]) == 3 and played["byes"] == []
        for table in played["tables"]:
            sides = team_of_side(table, teams)
            pair = frozenset(sides.values())
            assert pair not in met  # no rematch: six teams have fresh opponents for three rounds
            met.append(pair)
            play(api, table, 3, lambda dealer: seep_win(rng.choice("AB"), dealer))
            points = seep_points(api, table["match"], baazi_lead)
            for side, team in sides.items():
                record[team].append((points[side], points["B" if side == "A" else "A"]))

    rows = api.get(f"/api/v1/events/{event['id']}/standings/").json()["rows"]
    by_team = {row["team"]: row for row in rows}
    for team, games in record.items():
        assert by_team[team]["match_points"] == sum(match_points(mine, theirs) for mine, theirs in games)
        assert by_team[team]["total"] == sum(mine for mine, _theirs in games)
        assert by_team[team]["points_difference"] == sum(mine - theirs for mine, theirs in games)
        assert by_team[team]["wins"] == sum(mine > theirs for mine, theirs in games)
    keys = [(row["match_points"], row["points_difference"], row["wins"], row["buchholz"]) for row in rows]
    assert keys == sorted(keys, reverse=True)  # match points, then the tie-breaks in the director's order
    ranks = [row["rank"] for row in rows]
    for place in range(1, len(rows)):  # a rank is shared exactly where every measure is equal
        assert (ranks[place] == ranks[place - 1]) == (keys[place] == keys[place - 1])


def deal_of(penalties: dict[str, int], dealer: str) -> dict[str, Any]:
    return rummy_deal(penalties, dealer)


def test_swiss_of_nine_contract_rummy_players_seats_four_a_table_by_standing_lowest_penalties_first(
    api: APIClient,
) -> None:
    rng = random.Random(5)
    event = make_event(
        api,
        make_club(api),
        name="Rummy Swiss",
        game="contract_rummy",
        format="swiss",
        format_settings={"tie_breaks": ["points_difference"]},
        rounds_planned=3,
        deals_per_round=1,
    )
    assert event["format_settings"]["sides_per_table"] == 4  # the game's usual table
    players = [
        api.post(f"/api/v1/events/{event['id']}/entrants/", {"player": {"name": f"P{n}"}}, format="json").json()
        for n in range(1, 10)
    ]
    entrant_of = {entrant["player"]["id"]: entrant["id"] for entrant in players}
    games: dict[int, list[tuple[float, float]]] = defaultdict(list)
    penalties_taken: dict[int, float] = defaultdict(float)
    byes: list[int] = []
    for number in range(1, 4):
        played = start_round(api, event["id"], number=number)
        assert [len(table["seats"]) for table in played["tables"]] == [4, 4]
        (bye,) = played["byes"]
        byes.append(bye["entrant"])
        for table in played["tables"]:
            seats = [seat["seat"] for seat in table["seats"]]
            out = rng.choice(seats)
            penalties = {seat: 0 if seat == out else rng.randrange(5, 60) for seat in seats}
            play(api, table, 1, partial(deal_of, penalties))
            by_player = {seat["player"]["id"]: penalties[seat["seat"]] for seat in table["seats"]}
            for player, mine in by_player.items():
                penalties_taken[entrant_of[player]] += mine
                for other, theirs in by_player.items():
                    if other != player:
                        games[entrant_of[player]].append((-mine, -theirs))  # fewer penalties win
    assert len(set(byes)) == 3  # nobody sits out twice while others have not
    rows = api.get(f"/api/v1/events/{event['id']}/standings/").json()["rows"]
    assert len(rows) == 9 and all(row["team"] is None for row in rows)
    for row in rows:
        results = games[row["entrant"]]
        assert row["match_points"] == sum(match_points(a, b) for a, b in results) + WIN * byes.count(row["entrant"])
        assert row["points_difference"] == sum(a - b for a, b in results)
        assert row["total"] == penalties_taken[row["entrant"]]
    keys = [(row["match_points"], row["points_difference"]) for row in rows]
    assert keys == sorted(keys, reverse=True)
