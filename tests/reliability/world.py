"""A small club world for the reliability tests: an owner with a club, a league, a league match with deals, a match
of his own, and players; built through the API so it is what a real client would leave behind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rest_framework.test import APIClient

from tests.api.helpers import post_deal, start_match
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.auth import client_for


@dataclass(frozen=True)
class World:
    owner: Any
    token: str
    api: APIClient
    club: int
    league: int
    league_match: int
    own_match: int
    player: int


def build_world() -> World:
    owner = UserFactory.create()
    api = client_for(owner)
    club = api.post("/api/v1/clubs/", {"name": "Reliability club"}, format="json").json()["id"]
    league = api.post(
        "/api/v1/leagues/", {"club": club, "name": "Winter league", "game": "seep", "settings": {}}, format="json"
    ).json()["id"]
    league_match = start_match(api, league=league)["id"]
    own_match = start_match(api)["id"]
    for number, dealer in enumerate(("S1", "S2", "S3")):
        assert post_deal(api, league_match, seep_deal(dealer, points_a=40 + number)).status_code == 201
        assert post_deal(api, own_match, seep_deal(dealer)).status_code == 201
    player = api.post("/api/v1/players/", {"name": "Asha"}, format="json").json()["id"]
    token = api._credentials["HTTP_AUTHORIZATION"].split()[1]  # type: ignore[attr-defined]  # the one it signed in with
    return World(owner, token, api, club, league, league_match, own_match, player)
