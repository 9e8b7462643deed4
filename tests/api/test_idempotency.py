"""POSTs with an Idempotency-Key: a retry gets the first answer and changes nothing more."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Club, Match, Player
from tests.api.helpers import assert_error

pytestmark = pytest.mark.django_db
MATCH = {"game": "seep", "players": [{"name": n} for n in ("Asha", "Bala", "Ravi", "Meena")]}


def test_a_retried_match_start_with_the_same_key_starts_one_match(api: Any) -> None:
    first = api.post("/api/v1/matches/", MATCH, format="json", headers={"Idempotency-Key": "k-1"})
    again = api.post("/api/v1/matches/", MATCH, format="json", headers={"Idempotency-Key": "k-1"})
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    assert Match.objects.count() == 1 and Player.objects.count() == 4


def test_without_a_key_each_post_acts(api: Any) -> None:
    api.post("/api/v1/clubs/", {"name": "Thursday"}, format="json")
    api.post("/api/v1/clubs/", {"name": "Thursday"}, format="json")
    assert Club.objects.count() == 2


def test_a_key_reused_for_a_different_request_is_refused(api: Any) -> None:
    api.post("/api/v1/clubs/", {"name": "Thursday"}, format="json", headers={"Idempotency-Key": "k-2"})
    response = api.post("/api/v1/clubs/", {"name": "Friday"}, format="json", headers={"Idempotency-Key": "k-2"})
    assert_error(response, 409, "idempotency_key_reused")
    assert list(Club.objects.values_list("name", flat=True)) == ["Thursday"]


def test_a_refused_request_does_not_use_up_its_key(api: Any) -> None:
    bad = api.post("/api/v1/clubs/", {"name": ""}, format="json", headers={"Idempotency-Key": "k-3"})
    assert bad.status_code == 400
    good = api.post("/api/v1/clubs/", {"name": ""}, format="json", headers={"Idempotency-Key": "k-3"})
    assert good.status_code == 400 and Club.objects.count() == 0


def test_keys_belong_to_their_user(api: Any, make_client: Any) -> None:
    api.post("/api/v1/clubs/", {"name": "Mine"}, format="json", headers={"Idempotency-Key": "shared"})
    other = make_client().post("/api/v1/clubs/", {"name": "Mine"}, format="json", headers={"Idempotency-Key": "shared"})
    assert other.status_code == 201 and Club.objects.count() == 2
