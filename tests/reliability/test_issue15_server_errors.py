"""Issue 15's 5xx answers, each reproduced as the attacker sent it: every one must be a 4xx in the error shape (or
a proper answer) that leaves the database as it should be."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pytest
from django.db.models.query import QuerySet
from django.test import override_settings

from api.models import IdempotentResponse
from games.errors import InvalidInput
from games.models import Deal, League, Player
from games.services.players import player_merge
from tests.api.helpers import assert_error, start_match
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.support.concurrency import run_together


def raw_request(api: Any, method: str, path: str, body: bytes = b"", **headers: Any) -> Any:
    return api.generic(method, path, body, content_type="application/json", headers=headers)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [
        rb'{"dealer": "S1", "\ud800": 1}',
        rb'{"dealer": "S1", "bid": {"\udfff": 1}}',
        rb'{"dealer": ["\ud800"]}',
        rb'{"dealer": "S1", "sweeps": {"A": {"regular": "x\udbff"}}}',
    ],
)
def test_a_lone_surrogate_anywhere_in_a_deal_key_or_value_is_refused_as_invalid(api: Any, body: bytes) -> None:
    match = start_match(api)
    response = raw_request(api, "POST", f"/api/v1/matches/{match['id']}/deals/", body)
    assert_error(response, 400, "invalid", None)
    assert Deal.objects.count() == 0


@pytest.mark.django_db
def test_a_surrogate_pair_is_text_and_is_accepted(api: Any) -> None:
    response = raw_request(api, "POST", "/api/v1/clubs/", rb'{"name": "Club \ud83c\udccf"}')
    assert response.status_code == 201, response.json()
    assert response.json()["name"] == "Club \N{PLAYING CARD BLACK JOKER}"


@pytest.fixture
def league_admin(make_client: Any) -> tuple[Any, int]:
    membership = MembershipFactory.create(club=ClubFactory.create(), role="admin")
    admin = make_client(membership.user)
    league = admin.post(
        "/api/v1/leagues/",
        {
            "club": membership.club_id,
            "name": "Winter",
            "game": "seep",
            "starts_on": "2026-01-10",
            "ends_on": "2026-03-31",
        },
        format="json",
    )
    assert league.status_code == 201, league.json()
    return admin, league.json()["id"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field", "detail"),
    [
        ({"ends_on": "2026-01-01"}, "ends_on", "A league cannot end (2026-01-01) before it starts (2026-01-10)."),
        ({"starts_on": "2026-04-01"}, "starts_on", "A league cannot end (2026-03-31) before it starts (2026-04-01)."),
    ],
)
def test_a_patch_of_one_date_is_checked_against_the_other_as_stored(
    league_admin: tuple[Any, int], change: dict[str, str], field: str, detail: str
) -> None:
    admin, league_id = league_admin
    response = admin.patch(f"/api/v1/leagues/{league_id}/", change, format="json")
    assert assert_error(response, 400, "invalid", field)["detail"] == detail
    league = League.objects.get(pk=league_id)
    assert (str(league.starts_on), str(league.ends_on)) == ("2026-01-10", "2026-03-31")


@pytest.mark.django_db
def test_two_patches_can_move_a_league_later_when_each_keeps_the_order(league_admin: tuple[Any, int]) -> None:
    admin, league_id = league_admin
    assert admin.patch(f"/api/v1/leagues/{league_id}/", {"ends_on": "2026-06-30"}, format="json").status_code == 200
    assert admin.patch(f"/api/v1/leagues/{league_id}/", {"starts_on": "2026-04-01"}, format="json").status_code == 200
    assert admin.patch(f"/api/v1/leagues/{league_id}/", {"starts_on": None}, format="json").status_code == 200
    league = League.objects.get(pk=league_id)
    assert (league.starts_on, str(league.ends_on)) == (None, "2026-06-30")


@pytest.mark.django_db
def test_a_path_longer_than_the_column_with_an_idempotency_key_is_answered_and_replayed(api: Any, user: Any) -> None:
    match = start_match(api)
    scorer = UserFactory.create()
    path = f"/api/v1/matches/{match['id']:0>200}/scorers/"  # match 7 written as 000…0007
    first = api.post(path, {"user": scorer.pk}, format="json", headers={"Idempotency-Key": "add-scorer"})
    again = api.post(path, {"user": scorer.pk}, format="json", headers={"Idempotency-Key": "add-scorer"})
    assert (first.status_code, again.status_code, again["Idempotent-Replayed"]) == (201, 201, "true")
    stored = IdempotentResponse.objects.get(user=user)
    assert len(stored.endpoint) <= 200 and stored.endpoint.startswith("sha256:")
    elsewhere = api.post(
        f"/api/v1/matches/{match['id']}/scorers/",
        {"user": scorer.pk},
        format="json",
        headers={"Idempotency-Key": "add-scorer"},
    )
    assert_error(elsewhere, 409, "idempotency_key_reused", None)


@pytest.mark.django_db
def test_a_key_longer_than_the_column_is_kept_whole_not_cut(api: Any, user: Any) -> None:
    common = "k" * 100
    first = api.post("/api/v1/clubs/", {"name": "Thursday"}, format="json", headers={"Idempotency-Key": common + "1"})
    other = api.post("/api/v1/clubs/", {"name": "Thursday"}, format="json", headers={"Idempotency-Key": common + "2"})
    assert (first.status_code, other.status_code) == (201, 201)
    assert "Idempotent-Replayed" not in other
    assert IdempotentResponse.objects.filter(user=user).count() == 2


WRITES = ["POST", "PUT", "PATCH", "DELETE"]
UNSLASHED = [
    "/api/v1/matches",
    "/api/v1/clubs",
    "/api/v1/matches/{match}",
    "/api/v1/matches/{match}/deals",
    "/api/v1/matches/{match}/deals/1",
    "/api/v1/auth/token",
    "/api/v1/players/{player}/merge",
]


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("method", WRITES)
def test_a_write_to_an_api_path_without_its_slash_is_a_404_in_the_error_shape(
    api: Any, method: str, debug: bool
) -> None:
    match = start_match(api)
    names = {"match": match["id"], "player": match["seats"][0]["player"]["id"]}
    before = Deal.objects.count(), Player.objects.count()
    with override_settings(DEBUG=debug):
        for template in UNSLASHED:
            path = template.format(**names)
            response = raw_request(api, method, path, b'{"name": "x"}')
            body = assert_error(response, 404, "not_found", None)
            assert body["detail"] == f"There is nothing at this address; API addresses end with a slash: {path}/"
    assert (Deal.objects.count(), Player.objects.count()) == before


@pytest.mark.django_db
def test_a_read_without_the_slash_is_still_redirected(api: Any) -> None:
    response = api.get("/api/v1/matches")
    assert (response.status_code, response["Location"]) == (301, "/api/v1/matches/")


def slow_row_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hold each row lock a moment before the next statement, so two merges at once always interleave."""
    get = QuerySet.get

    def get_then_wait(self: QuerySet[Any], *args: Any, **kwargs: Any) -> Any:
        row = get(self, *args, **kwargs)
        if self.query.select_for_update:
            time.sleep(0.3)
        return row

    monkeypatch.setattr(QuerySet, "get", get_then_wait)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_opposite_merges_at_once_merge_one_way_and_refuse_the_other(monkeypatch: pytest.MonkeyPatch) -> None:
    actor = UserFactory.create()
    pairs = [
        (Player.objects.create(name=f"A{n}", created_by=actor), Player.objects.create(name=f"B{n}", created_by=actor))
        for n in range(3)
    ]
    slow_row_locks(monkeypatch)
    for a, b in pairs:
        results = run_together(
            [
                partial(player_merge, actor=actor, player=b, duplicate=a),
                partial(player_merge, actor=actor, player=a, duplicate=b),
            ]
        )
        refused = [result for result in results if isinstance(result, Exception)]
        assert len(refused) == 1 and isinstance(refused[0], InvalidInput), results
        assert refused[0].code == "invalid"
        merged = dict(Player.objects.filter(pk__in=[a.pk, b.pk]).values_list("pk", "merged_into"))
        assert merged in ({a.pk: b.pk, b.pk: None}, {a.pk: None, b.pk: a.pk})
