"""Recent players offered when a match is started (issue 27): the new-match page's config lists the players of the
scorer's clubs and the scorer's own who sat at a match, the most recent first, up to TABLE_RECENT_PLAYERS; a player
of a club the scorer is not in, a merged duplicate and a player who never sat are not offered."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from games.models import Membership, Player
from tests.api.helpers import start_match
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def offered(browser: Client) -> list[str]:
    return [player["name"] for player in browser.get("/table/new/").context["config"]["recent_players"]]


def test_the_clubs_players_who_played_last_come_first(user: Any, api: APIClient, browser: Client) -> None:
    club = MembershipFactory.create(user=user, role=Membership.Role.SCORER).club
    regulars = [PlayerFactory.create(club=club, name=name) for name in ("Asha", "Bala", "Ravi", "Meena", "Kiran")]
    PlayerFactory.create(club=club, name="Never sat")
    outsider = UserFactory.create()
    other_club = MembershipFactory.create(user=outsider).club
    stranger = PlayerFactory.create(club=other_club, name="Stranger")
    other_api = APIClient()
    other_api.force_authenticate(outsider)
    start_match(other_api, players=[stranger.pk, {"name": "X"}, {"name": "Y"}, {"name": "Z"}])

    start_match(api, players=[regulars[0].pk, regulars[1].pk, regulars[2].pk, regulars[3].pk])
    start_match(api, players=[regulars[4].pk, regulars[0].pk, {"name": "Dev"}, {"name": "Lata"}])
    assert offered(browser) == ["Asha", "Dev", "Kiran", "Lata", "Bala", "Meena", "Ravi"]
    ids = {player["name"]: player["id"] for player in browser.get("/table/new/").context["config"]["recent_players"]}
    assert ids["Asha"] == regulars[0].pk  # chosen by id: the match seats the same player record


def test_a_merged_duplicate_is_not_offered_and_the_list_is_bounded(user: Any, api: APIClient, browser: Client) -> None:
    start_match(api, players=[{"name": name} for name in ("Asha", "Bala", "Ravi", "Meena")])
    kept = Player.objects.get(name="Asha")
    Player.objects.filter(name="Bala").update(merged_into=kept)
    assert offered(browser) == ["Asha", "Meena", "Ravi"]
    with override_settings(TABLE_RECENT_PLAYERS=2):
        assert offered(browser) == ["Asha", "Meena"]
    with override_settings(TABLE_RECENT_PLAYERS=0):
        assert offered(browser) == []


def test_a_scorer_with_no_match_yet_is_offered_no_one(browser: Client) -> None:
    assert offered(browser) == []
