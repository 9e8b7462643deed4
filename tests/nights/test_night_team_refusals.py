"""Teams at nights of fixed partnerships (round robin, Swiss) through the API: a team's check-in and seats, its
leaving, a substitute in a member's seat, and each bad input's 4xx with its code and nothing half-written."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import AuditEntry, Match, Membership, Player
from nights.formats import swiss
from nights.formats.base import DrawRequest
from nights.models import Entrant, Event, Round, Team
from nights.selectors import round_results
from tests.api.helpers import assert_error
from tests.deals import seep_win
from tests.factories import UserFactory
from tests.nights.helpers import TEAMS_OF_THREE, make_club, make_event, play_deals, start_round
from tests.support.auth import client_for

pytestmark = pytest.mark.django_db


def team_body(*names: str) -> dict[str, Any]:
    return {"players": [{"name": name} for name in names]}


def add_team(api: APIClient, event: int, *names: str) -> dict[str, Any]:
    response = api.post(f"/api/v1/events/{event}/teams/", team_body(*names), format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def round_robin(api: APIClient, **changes: Any) -> int:
    return int(make_event(api, make_club(api), format="round_robin", rounds_planned=3, **changes)["id"])


def test_a_team_is_checked_in_with_its_players_and_named_by_them(api: APIClient) -> None:
    event = round_robin(api)
    team = add_team(api, event, "Asha", "Bela")
    assert team["name"] == "Asha & Bela" and team["given_name"] == ""
    assert [member["player"]["name"] for member in team["members"]] == ["Asha", "Bela"]
    assert (team["joined_from_round"], team["left_after_round"]) == (1, None)
    named = api.post(
        f"/api/v1/events/{event}/teams/", {**team_body("Chandra", "Dev"), "name": "The Aces"}, format="json"
    ).json()
    assert (named["name"], named["given_name"]) == ("The Aces", "The Aces")
    entrants = api.get(f"/api/v1/events/{event}/entrants/").json()["results"]
    assert [(row["player"]["name"], row["team"]) for row in entrants] == [
        ("Asha", team["id"]),
        ("Bela", team["id"]),
        ("Chandra", named["id"]),
        ("Dev", named["id"]),
    ]
    entry = AuditEntry.objects.get(action="night.team_checked_in", after__team=team["id"])
    assert entry.after is not None
    assert entry.after["players"] == [member["player"]["id"] for member in team["members"]]


def test_a_team_name_joins_the_players_the_language_s_way(api: APIClient) -> None:
    event = round_robin(api)
    add_team(api, event, "Asha", "Bela")
    names = [api.get(f"/api/v1/events/{event}/teams/", HTTP_ACCEPT_LANGUAGE=lang).json() for lang in ("hu", "et")]
    assert [found["results"][0]["name"] for found in names] == ["Asha és Bela", "Asha ja Bela"]


def test_a_team_of_three_at_56_of_six_in_two_sides_sits_in_its_team_s_seats(api: APIClient) -> None:
    event = int(make_event(api, make_club(api), **TEAMS_OF_THREE)["id"])
    refused = api.post(f"/api/v1/events/{event}/teams/", team_body("A1", "A2"), format="json")
    assert assert_error(refused, 400, "team_size_invalid")["extra"] == {"expected": 3, "given": 2}
    first = add_team(api, event, "A1", "A2", "A3")
    second = add_team(api, event, "B1", "B2", "B3")
    (table,) = start_round(api, event)["tables"]
    seats = {seat["seat"]: seat["player"]["name"] for seat in table["seats"]}
    home = first if seats["S1"] == "A1" else second
    away = second if home is first else first
    assert [seats[seat] for seat in ("S1", "S3", "S5")] == [m["player"]["name"] for m in home["members"]]
    assert [seats[seat] for seat in ("S2", "S4", "S6")] == [m["player"]["name"] for m in away["members"]]
    assert table["first_dealer"] in {"S1", "S2"}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"game": "contract_rummy"}, "format"),  # a round robin of players alone
        ({"game": "fifty_six", "settings": {"players": 6}}, "settings"),  # three pairs at a table
        ({"format": "swiss", "format_settings": {"sides_per_table": 3}}, "format_settings.sides_per_table"),
    ],
    ids=["rummy_round_robin", "fifty_six_three_pairs", "swiss_three_teams"],
)
def test_a_format_the_game_cannot_play_is_refused_and_no_night_is_made(
    api: APIClient, changes: dict[str, Any], field: str
) -> None:
    club = make_club(api)
    body = {
        "club": club,
        "name": "No",
        "game": "bid_euchre",
        "format": "round_robin",
        "rounds_planned": 3,
        "round_length": "match",
        **changes,
    }
    refused = api.post("/api/v1/events/", body, format="json")
    assert assert_error(refused, 400, "format_not_playable")["field"] == field
    assert not Event.objects.exists()


def test_a_player_in_two_teams_is_refused_and_nothing_of_the_second_team_is_written(api: APIClient) -> None:
    event = round_robin(api)
    first = add_team(api, event, "Asha", "Bela")
    asha = first["members"][0]["player"]["id"]
    body = {"players": [{"name": "Chandra"}, asha]}
    refused = assert_error(api.post(f"/api/v1/events/{event}/teams/", body, format="json"), 409, "player_in_team")
    assert refused["extra"] == {"entrant": first["members"][0]["entrant"], "team": first["id"]}
    assert (Team.objects.count(), Entrant.objects.count()) == (1, 2)
    assert not Player.objects.filter(name="Chandra").exists()
    twice = api.post(f"/api/v1/events/{event}/teams/", {"players": [asha, asha]}, format="json")
    assert assert_error(twice, 400, "invalid")["field"] == "players.1"


def test_players_and_teams_are_checked_in_as_the_format_draws_them(api: APIClient) -> None:
    event = round_robin(api)
    alone = api.post(f"/api/v1/events/{event}/entrants/", {"player": {"name": "Solo"}}, format="json")
    assert_error(alone, 409, "teams_required")
    progressive = int(make_event(api, make_club(api))["id"])
    team = api.post(f"/api/v1/events/{progressive}/teams/", team_body("Asha", "Bela"), format="json")
    assert_error(team, 409, "teams_not_drawn")
    assert not Entrant.objects.exists() and not Team.objects.exists()


def test_one_team_is_too_few_to_draw_and_nothing_is_drawn(api: APIClient) -> None:
    event = round_robin(api)
    add_team(api, event, "Asha", "Bela")
    refused = assert_error(api.post(f"/api/v1/events/{event}/rounds/", {}, format="json"), 400, "too_few_entrants")
    assert refused["extra"] == {"minimum": 2, "given": 1}
    assert not Round.objects.exists() and not Match.objects.exists()


def test_a_team_leaves_together(api: APIClient) -> None:
    event = round_robin(api)
    teams = [add_team(api, event, f"A{n}", f"B{n}") for n in range(1, 4)]
    gone = api.delete(f"/api/v1/events/{event}/teams/{teams[2]['id']}/")
    assert gone.status_code == 204  # never drawn: removed with its players
    assert [team["id"] for team in api.get(f"/api/v1/events/{event}/teams/").json()["results"]] == [
        teams[0]["id"],
        teams[1]["id"],
    ]
    member = teams[0]["members"][0]["entrant"]
    assert_error(api.delete(f"/api/v1/events/{event}/entrants/{member}/"), 409, "teams_required")
    start_round(api, event)
    seated = assert_error(api.delete(f"/api/v1/events/{event}/teams/{teams[0]['id']}/"), 409, "entrant_seated")
    assert seated["extra"] == {"round": 1}
    api.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "Late."}, format="json")
    assert api.delete(f"/api/v1/events/{event}/teams/{teams[0]['id']}/").status_code == 204
    left = api.get(f"/api/v1/events/{event}/teams/").json()["results"][0]
    assert left["left_after_round"] == 1
    assert [row["left_after_round"] for row in api.get(f"/api/v1/events/{event}/entrants/").json()["results"]] == [
        1,
        1,
        None,
        None,
    ]
    assert_error(api.post(f"/api/v1/events/{event}/rounds/", {}, format="json"), 400, "too_few_entrants")


def test_a_substitute_in_a_team_member_s_seat_scores_for_the_team(api: APIClient) -> None:
    event = round_robin(api, deals_per_round=2)
    teams = [add_team(api, event, f"A{n}", f"B{n}") for n in range(1, 3)]
    (table,) = start_round(api, event)["tables"]
    member = teams[0]["members"][1]
    body = {"entrant": member["entrant"], "player": {"name": "Zoe"}}
    assert api.post(f"/api/v1/events/{event}/rounds/1/substitutes/", body, format="json").status_code == 201
    play_deals(api, table, 2, random.Random(3))
    match = api.get(f"/api/v1/matches/{table['match']}/").json()
    zoe = next(seat for seat in match["seats"] if seat["player"]["name"] == "Zoe")
    rows = {row["team"]: row for row in api.get(f"/api/v1/events/{event}/standings/").json()["rows"]}
    # Zoe sits in the seat of the first team's second player: her side's points are the team's round score.
    assert rows[teams[0]["id"]]["rounds"] == {"1": match["state"]["scores"][zoe["team"]]}
    assert {member["player"]["name"] for member in teams[0]["members"]} == {"A1", "B1"}


def test_house_rules_that_change_the_team_size_are_refused_while_teams_are_checked_in(api: APIClient) -> None:
    event = round_robin(api, game="fifty_six", settings={"players": 4}, round_length="match", deals_per_round=None)
    add_team(api, event, "Asha", "Bela")
    change = {"settings": {"players": 6, "team_layout": "two_sides"}}
    refused = assert_error(api.patch(f"/api/v1/events/{event}/", change, format="json"), 400, "team_size_invalid")
    assert (refused["field"], refused["extra"]) == ("settings", {"expected": 3, "given": 2})
    assert Event.objects.get(pk=event).settings["players"] == 4
    same_size = {"settings": {"players": 4, "starting_tables": 10}}
    assert api.patch(f"/api/v1/events/{event}/", same_size, format="json").status_code == 200


def test_a_swiss_round_of_teams_replays_from_its_audited_seed(api: APIClient) -> None:
    event = int(make_event(api, make_club(api), game="seep", format="swiss", rounds_planned=2, deals_per_round=1)["id"])
    teams = [add_team(api, event, f"A{n}", f"B{n}")["id"] for n in range(1, 6)]
    rng = random.Random(8)
    for number in (1, 2):
        for table in start_round(api, event, number=number)["tables"]:
            winner = rng.choice("AB")
            body = seep_win(winner, table["first_dealer"])
            assert api.post(f"/api/v1/matches/{table['match']}/deals/", body, format="json").status_code == 201
    night = Event.objects.get(pk=event)
    first, second = round_results(night)
    entry = AuditEntry.objects.get(action="night.round_drawn", after__round=2)
    assert entry.after is not None
    drawn = swiss.draw(
        DrawRequest(tuple(teams), 2, (first.played,), entry.after["seed"]),
        swiss.settings_from_json(night.format_settings),
    )
    assert [[list(side) for side in table] for table in drawn.tables] == entry.after["tables"]
    assert drawn.tables == second.played.tables and drawn.byes == second.played.byes
    assert set(drawn.byes) <= set(teams) and len(drawn.byes) == 1


def test_only_the_night_s_director_checks_teams_in_or_drops_them(api: APIClient) -> None:
    """Anonymous 401, an outsider 404 (as if no such night), a plain member 403 for both check-in and leaving, a member
    removed from the club 404 again; a body of more players than any team (or none) 400 on ``players``. Nothing is
    written by any of them."""
    event = round_robin(api)
    team = add_team(api, event, "Asha", "Bela")
    path = f"/api/v1/events/{event}/teams/"
    assert_error(APIClient().post(path, team_body("Chen", "Dora"), format="json"), 401, "not_authenticated")
    assert_error(
        client_for(UserFactory.create()).post(path, team_body("Chen", "Dora"), format="json"), 404, "not_found"
    )
    member = UserFactory.create()
    club = Event.objects.get(pk=event).club
    membership = Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    reader = client_for(member)
    assert reader.get(path).status_code == 200
    assert_error(reader.post(path, team_body("Chen", "Dora"), format="json"), 403, "permission_denied")
    assert_error(reader.delete(f"{path}{team['id']}/"), 403, "permission_denied")
    membership.delete()
    assert_error(reader.post(path, team_body("Chen", "Dora"), format="json"), 404, "not_found")
    too_many = api.post(path, team_body(*(f"P{number}" for number in range(1000))), format="json")
    assert_error(too_many, 400, "invalid", field="players")
    assert_error(api.post(path, {"players": []}, format="json"), 400, "invalid", field="players")
    assert (Team.objects.count(), Entrant.objects.count(), Player.objects.count()) == (1, 2, 2)


def test_a_team_checked_in_after_round_one_joins_from_round_two(api: APIClient) -> None:
    """A late team at a round robin of three: not in round 1's draw, drawn from round 2 on."""
    event = round_robin(api)
    for names in (("Asha", "Bela"), ("Chen", "Dora"), ("Emil", "Fay")):
        add_team(api, event, *names)
    first = start_round(api, event)
    late = add_team(api, event, "Gita", "Hari")
    assert late["joined_from_round"] == 2
    seated = {seat["player"]["name"] for table in first["tables"] for seat in table["seats"]}
    assert {"Gita", "Hari"}.isdisjoint(seated)
