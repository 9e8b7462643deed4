"""Starting, listing and reading matches."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Match, Player, Seat
from tests.api.helpers import assert_error, start_match
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_a_match_seats_known_and_new_players_in_order_of_play(api: Any, user: Any) -> None:
    asha, bala = PlayerFactory.create(name="Asha", created_by=user), PlayerFactory.create(name="Bala", created_by=user)
    body = start_match(api, players=[asha.pk, bala.pk, {"name": "Ravi"}, {"name": "Meena"}])
    assert body["status"] == "in_progress" and body["version"] == 0 and body["deals_count"] == 0
    assert [(seat["seat"], seat["player"]["name"], seat["team"]) for seat in body["seats"]] == [
        ("S1", "Asha", "A"),
        ("S2", "Bala", "B"),
        ("S3", "Ravi", "A"),
        ("S4", "Meena", "B"),
    ]
    assert body["teams"] == {"A": ["S1", "S3"], "B": ["S2", "S4"]}
    assert body["settings"]["baazi_lead"] == 100 and body["settings"]["match_end"] == {"type": "open"}
    assert body["state"]["next_dealer"] is None and body["state"]["match_over"] is False
    assert Player.objects.filter(name__in=["Ravi", "Meena"], created_by=user).count() == 2


def test_house_rules_are_pinned_with_defaults_filled_in(api: Any) -> None:
    body = start_match(api, settings={"baazi_lead": 200})
    stored = Match.objects.get(pk=body["id"])
    assert stored.settings["baazi_lead"] == 200 and stored.settings["minimum_team_score"] == 9


@pytest.mark.parametrize(
    ("game", "count", "code"),
    [
        ("seep", 3, "player_count_invalid"),
        ("seep", 5, "player_count_invalid"),
        ("fifty_six", 5, "player_count_invalid"),
        ("bid_euchre", 6, "player_count_invalid"),
    ],
)
def test_the_player_count_is_checked_against_the_game(api: Any, game: str, count: int, code: str) -> None:
    players = [{"name": f"P{index}"} for index in range(count)]
    response = api.post("/api/v1/matches/", {"game": game, "players": players}, format="json")
    assert_error(response, 400, code, "players")
    assert Match.objects.count() == 0 and Player.objects.count() == 0


def test_an_unknown_setting_is_refused_on_its_field(api: Any) -> None:
    response = api.post(
        "/api/v1/matches/",
        {"game": "seep", "players": [{"name": str(n)} for n in range(4)], "settings": {"baazi_leed": 100}},
        format="json",
    )
    assert_error(response, 400, "invalid", "settings.baazi_leed")


def test_a_bad_setting_value_is_refused_on_its_field(api: Any) -> None:
    response = api.post(
        "/api/v1/matches/",
        {"game": "seep", "players": [{"name": str(n)} for n in range(4)], "settings": {"baazi_lead": "lots"}},
        format="json",
    )
    assert_error(response, 400, "invalid", "settings.baazi_lead")


def test_an_unknown_game_is_refused(api: Any) -> None:
    response = api.post("/api/v1/matches/", {"game": "poker", "players": [1, 2]}, format="json")
    assert_error(response, 400, "invalid", "game")


def test_a_player_that_is_not_the_callers_to_seat_is_refused(api: Any) -> None:
    stranger = PlayerFactory.create()
    response = api.post(
        "/api/v1/matches/",
        {"game": "seep", "players": [stranger.pk, {"name": "a"}, {"name": "b"}, {"name": "c"}]},
        format="json",
    )
    assert_error(response, 400, "invalid", "players[0]")
    assert Player.objects.count() == 1


def test_the_same_player_cannot_sit_twice(api: Any, user: Any) -> None:
    asha = PlayerFactory.create(created_by=user)
    response = api.post(
        "/api/v1/matches/", {"game": "seep", "players": [asha.pk, {"name": "b"}, asha.pk, {"name": "c"}]}, format="json"
    )
    assert_error(response, 400, "invalid", "players[2]")


# No players at all is a count the game refuses with its own code: tests/api/test_match_creation_refusals.py.
@pytest.mark.parametrize(
    ("players", "field"),
    [("four", "players"), ([{"nom": "x"}], "players[0].name"), ([True], "players[0]")],
)
def test_malformed_players_are_refused_with_a_path(api: Any, players: Any, field: str) -> None:
    assert_error(
        api.post("/api/v1/matches/", {"game": "seep", "players": players}, format="json"), 400, "invalid", field
    )


def test_a_match_is_read_with_its_etag_and_answers_304_when_unchanged(api: Any) -> None:
    match = start_match(api)
    response = api.get(f"/api/v1/matches/{match['id']}/")
    assert response.status_code == 200 and response["ETag"] == '"0"'
    assert api.get(f"/api/v1/matches/{match['id']}/", headers={"If-None-Match": '"0"'}).status_code == 304
    assert api.get(f"/api/v1/matches/{match['id']}/", headers={"If-None-Match": '"5"'}).status_code == 200


def test_matches_are_listed_with_filters_and_pages(api: Any, user: Any) -> None:
    seep = start_match(api)
    start_match(api, game="bid_euchre")
    asha = Seat.objects.get(match_id=seep["id"], seat="S1").player_id
    assert api.get("/api/v1/matches/").json()["count"] == 2
    assert [m["id"] for m in api.get("/api/v1/matches/?game=seep").json()["results"]] == [seep["id"]]
    assert [m["id"] for m in api.get(f"/api/v1/matches/?player={asha}").json()["results"]] == [seep["id"]]
    assert api.get("/api/v1/matches/?status=finished").json()["count"] == 0
    assert_error(api.get("/api/v1/matches/?status=done"), 400, "invalid", "status")
