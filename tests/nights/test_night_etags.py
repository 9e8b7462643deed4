"""ETags on a club night, its rounds and its standings (issue 25), as on a match: every answer carries one, and a
matching If-None-Match answers 304 with nothing else, so a room display or a phone polls them cheaply. The tag is
a digest of the body: it changes exactly when what the client would read changes."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from nights.services import entrant_check_in
from tests.exports.nights import Night, make_night
from tests.nights.helpers import euchre_deal
from tests.support.auth import client_for
from tests.support.corrections import put

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(monkeypatch: pytest.MonkeyPatch) -> Night:
    return make_night(monkeypatch)


def _polled(client: APIClient, path: str, tag: str) -> Any:
    return client.get(path, headers={"If-None-Match": tag})


@pytest.mark.parametrize(
    "path", ["/api/v1/events/{id}/", "/api/v1/events/{id}/standings/", "/api/v1/events/{id}/rounds/2/"]
)
def test_a_night_its_standings_and_a_round_answer_304_while_unchanged(night: Night, path: str) -> None:
    client = client_for(night.director)
    url = path.format(id=night.event.pk)
    first = client.get(url)
    assert first.status_code == 200
    tag = first["ETag"]
    assert tag.startswith('"') and tag.endswith('"') and len(tag) == 34
    again = _polled(client, url, tag)
    assert (again.status_code, again["ETag"], again.content) == (304, tag, b"")
    assert _polled(client, url, f'W/{tag}, "other"').status_code == 304
    assert _polled(client, url, "*").status_code == 304
    assert _polled(client, url, '"other"').status_code == 200
    assert client.get(url)["ETag"] == tag  # the same body, the same tag


def test_renaming_the_night_changes_its_tag(night: Night) -> None:
    client = client_for(night.director)
    url = f"/api/v1/events/{night.event.pk}/"
    tag = client.get(url)["ETag"]
    assert client.patch(url, {"name": "Euchre night"}, format="json").status_code == 200
    answer = _polled(client, url, tag)
    assert answer.status_code == 200 and answer.json()["name"] == "Euchre night"
    assert answer["ETag"] != tag


def test_a_check_in_and_a_correction_at_a_closed_round_change_the_standings_tag(night: Night) -> None:
    client = client_for(night.director)
    url = f"/api/v1/events/{night.event.pk}/standings/"
    tag = client.get(url)["ETag"]
    entrant_check_in(actor=night.director, event_id=night.event.pk, player={"name": "Fay"})
    answer = _polled(client, url, tag)
    assert answer.status_code == 200
    assert [row["player"]["name"] for row in answer.json()["rows"]][-1] == "Fay"
    tag = answer["ETag"]
    assert _polled(client, url, tag).status_code == 304
    table = night.round(2).tables.get()
    match = client.get(f"/api/v1/matches/{table.match_id}/").json()
    corrected = {**euchre_deal(table.first_dealer, random.Random(99)), "reason": "Miscounted tricks."}
    assert put(client, table.match_id, 1, corrected, match["version"]).status_code == 200
    answer = _polled(client, url, tag)
    assert answer.status_code == 200 and answer["ETag"] != tag


def test_a_deal_at_a_table_changes_its_rounds_tag(monkeypatch: pytest.MonkeyPatch) -> None:
    night = make_night(monkeypatch)
    client = client_for(night.director)
    client.patch(f"/api/v1/events/{night.event.pk}/", {"rounds_planned": 3}, format="json")
    started = client.post(f"/api/v1/events/{night.event.pk}/rounds/", {}, format="json").json()
    url = f"/api/v1/events/{night.event.pk}/rounds/3/"
    tag = client.get(url)["ETag"]
    table = started["tables"][0]
    deal = euchre_deal(table["first_dealer"], random.Random(3))
    assert client.post(f"/api/v1/matches/{table['match']}/deals/", deal, format="json").status_code == 201
    answer = _polled(client, url, tag)
    assert answer.status_code == 200 and answer.json()["tables"][0]["deals_count"] == 1
