"""A night of fixed partnerships shows each team by its players' names, joined the page's language's way: the
standings page and the room display's document."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client

from tests.nights.helpers import make_club, make_event, play_deals, start_round
from tests.support.auth import client_for

pytestmark = pytest.mark.django_db


def test_a_team_night_shows_the_teams_by_their_joined_names(user: Any) -> None:
    api = client_for(user)
    event = int(make_event(api, make_club(api), format="round_robin", rounds_planned=1, deals_per_round=1)["id"])
    for first, second in (("Asha", "Bela"), ("Chandra", "Dev")):
        body = {"players": [{"name": first}, {"name": second}]}
        assert api.post(f"/api/v1/events/{event}/teams/", body, format="json").status_code == 201
    (table,) = start_round(api, event)["tables"]
    play_deals(api, table, 1, random.Random(2))
    page = Client()
    page.force_login(user)
    english = page.get(f"/table/events/{event}/").content.decode()
    assert "<bdi>Asha &amp; Bela</bdi>" in english and "<bdi>Chandra &amp; Dev</bdi>" in english
    hungarian = page.get(f"/table/events/{event}/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "<bdi>Asha és Bela</bdi>" in hungarian
    display = api.get(f"/api/v1/events/{event}/display/").json()
    assert sorted(row["name"] for row in display["standings"]) == ["Asha & Bela", "Chandra & Dev"]
