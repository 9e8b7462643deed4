"""Usernames are half of a sign-in: a club's JSON export names accounts only for the club's admins; a member's file
has null in every place an account is named (players' user, created_by, recorded_by, actor)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from exports.models import ExportJob
from games.models import Player
from tests.support.auth import client_for
from tests.support.seasons import Season

pytestmark = pytest.mark.django_db
ACCOUNT_KEYS = {"user", "created_by", "recorded_by", "actor"}


def exported_file(user: Any, season: Season, capture: Any) -> dict[str, Any]:
    client = client_for(user)
    with capture(execute=True):
        response = client.post(
            "/api/v1/exports/", {"scope": "club", "id": season.club.pk, "format": "json"}, format="json"
        )
    assert response.status_code == 202, response.json()
    download = client.get(f"{response.json()['url']}download/")
    assert download.status_code == 200
    body: dict[str, Any] = json.loads(b"".join(download.streaming_content))  # type: ignore[attr-defined]
    return body


def account_names(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ACCOUNT_KEYS and (item is None or isinstance(item, str)):
                yield key, item
            else:
                yield from account_names(item)
    elif isinstance(value, list):
        for item in value:
            yield from account_names(item)


@pytest.fixture
def linked_player(season: Season) -> Player:
    player = Player.objects.filter(club=season.club).first()
    assert player is not None
    player.user = season.member
    player.save(update_fields=["user"])
    return player


def test_a_club_admins_export_names_the_accounts(
    season: Season, linked_player: Player, django_capture_on_commit_callbacks: Any
) -> None:
    document = exported_file(season.admin, season, django_capture_on_commit_callbacks)
    names = dict(account_names(document))
    assert set(names) == ACCOUNT_KEYS
    named = {name for _, name in account_names(document) if name}
    assert {season.admin.username, season.member.username} <= named
    assert next(p for p in document["players"] if p["id"] == linked_player.pk)["user"] == season.member.username


def test_a_members_export_names_no_account(
    season: Season, linked_player: Player, django_capture_on_commit_callbacks: Any
) -> None:
    document = exported_file(season.member, season, django_capture_on_commit_callbacks)
    found = list(account_names(document))
    assert {key for key, _ in found} == ACCOUNT_KEYS
    assert all(name is None for _, name in found)
    assert len(document["matches"]) == len(season.matches)  # the rest is all there
    assert ExportJob.objects.get().status == "done"
