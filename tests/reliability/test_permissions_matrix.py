"""Who may do what, as one table: every endpoint and verb, for anonymous, outsider, removed, member, scorer and admin.

The world: a club whose admin made a league and a league match (with one deal) and a club player; a scorer and a
member of the club; an outsider with an account; a former scorer of the club whom the admin had added as a scorer of
the league match and then removed from the club (the club's membership decides, so it is an outsider now); and
nobody signed in. 404 means "you cannot even see it".
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.helpers import post_deal, start_match
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.auth import client_for

ROLES = ("anonymous", "outsider", "removed", "member", "scorer", "admin")
M = "/api/v1/matches/{match}"
C = "/api/v1/clubs/{club}"
L = "/api/v1/leagues/{league}"
CORRECTED = {**seep_deal("S1", points_a=70), "reason": "miscounted"}


def everyone(status: int) -> tuple[int, ...]:
    return (status,) * 6


def signed_in(status: int) -> tuple[int, ...]:
    return (401, status, status, status, status, status)


def readers(status: int = 200) -> tuple[int, ...]:
    return (401, 404, 404, status, status, status)


def writers(status: int) -> tuple[int, ...]:
    return (401, 404, 404, 403, status, status)


def admins(status: int) -> tuple[int, ...]:
    return (401, 404, 404, 403, 403, status)


# (method, path, body, expected status for anonymous, outsider, member, scorer, admin)
MATRIX: list[tuple[str, str, Any, tuple[int, ...]]] = [
    ("GET", "/api/v1/health/", None, everyone(200)),
    ("GET", "/api/v1/me/", None, signed_in(200)),
    ("GET", "/api/v1/matches/", None, signed_in(200)),
    (
        "POST",
        "/api/v1/matches/",
        {"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)], "league": "{league}"},
        (401, 400, 400, 403, 201, 201),
    ),
    ("POST", "/api/v1/matches/", {"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)]}, signed_in(201)),
    ("GET", f"{M}/", None, readers()),
    ("PUT", f"{M}/", {"state": {}}, (401, 405, 405, 405, 405, 405)),
    ("DELETE", f"{M}/", None, (401, 405, 405, 405, 405, 405)),
    ("GET", f"{M}/deals/", None, readers()),
    ("POST", f"{M}/deals/", seep_deal("S2"), writers(201)),
    ("GET", f"{M}/deals/1/", None, readers()),
    ("PUT", f"{M}/deals/1/", CORRECTED, admins(200)),
    ("DELETE", f"{M}/deals/1/", {"reason": "played twice"}, admins(200)),
    ("GET", f"{M}/audit/", None, readers()),
    ("GET", f"{M}/scorers/", None, readers()),
    ("POST", f"{M}/scorers/", {"user": "{member_id}"}, admins(201)),
    ("POST", f"{M}/scorers/", {"user": "{outsider_id}"}, admins(400)),
    ("DELETE", f"{M}/scorers/{{scorer_id}}/", None, admins(204)),
    ("POST", f"{M}/share/", None, writers(201)),
    ("GET", f"{M}/board/", None, readers()),
    ("GET", "/api/v1/clubs/", None, signed_in(200)),
    ("POST", "/api/v1/clubs/", {"name": "Another club"}, signed_in(201)),
    ("GET", f"{C}/", None, readers()),
    ("PUT", f"{C}/", {"name": "Renamed"}, admins(200)),
    ("PATCH", f"{C}/", {"name": "Renamed"}, admins(200)),
    ("GET", f"{C}/members/", None, readers()),
    ("POST", f"{C}/members/", {"user": "{outsider_id}", "role": "member"}, admins(201)),
    ("DELETE", f"{C}/members/{{member_id}}/", None, admins(204)),
    ("GET", "/api/v1/leagues/", None, signed_in(200)),
    ("POST", "/api/v1/leagues/", {"club": "{club}", "name": "Spring", "game": "seep"}, (401, 400, 400, 403, 403, 201)),
    ("GET", f"{L}/", None, readers()),
    ("PUT", f"{L}/", {"club": "{club}", "name": "Renamed", "game": "seep"}, admins(200)),
    ("PATCH", f"{L}/", {"name": "Renamed"}, admins(200)),
    ("GET", f"{L}/standings/", None, readers()),
    ("GET", "/api/v1/players/", None, signed_in(200)),
    ("POST", "/api/v1/players/", {"name": "Meena"}, signed_in(201)),
    ("GET", "/api/v1/players/{player}/", None, readers()),
    ("PATCH", "/api/v1/players/{player}/", {"name": "Asha K."}, admins(200)),
    ("PATCH", "/api/v1/players/{player}/", {"club": None}, admins(200)),
    ("POST", "/api/v1/exports/", {"scope": "match", "id": "{match}", "format": "csv"}, readers(202)),
]


def build_club() -> dict[str, Any]:
    admin, scorer, member, outsider, removed = (UserFactory.create() for _ in range(5))
    admin_api = client_for(admin)
    club = admin_api.post("/api/v1/clubs/", {"name": "Matrix club"}, format="json").json()["id"]
    for user, role in ((scorer, "scorer"), (member, "member"), (removed, "scorer")):
        added = admin_api.post(f"/api/v1/clubs/{club}/members/", {"user": user.pk, "role": role}, format="json")
        assert added.status_code == 201, added.json()
    league = admin_api.post("/api/v1/leagues/", {"club": club, "name": "Winter", "game": "seep"}, format="json").json()[
        "id"
    ]
    match = start_match(admin_api, league=league)
    assert post_deal(admin_api, match["id"], seep_deal("S1")).status_code == 201
    for user in (scorer, removed):
        admin_api.post(f"/api/v1/matches/{match['id']}/scorers/", {"user": user.pk}, format="json")
    player = admin_api.post("/api/v1/players/", {"name": "Asha", "club": club}, format="json").json()["id"]
    assert admin_api.delete(f"/api/v1/clubs/{club}/members/{removed.pk}/").status_code == 204
    clients = {
        "anonymous": APIClient(),
        "outsider": client_for(outsider),
        "removed": client_for(removed),
        "member": client_for(member),
        "scorer": client_for(scorer),
        "admin": admin_api,
    }
    names = {
        "club": club,
        "league": league,
        "match": match["id"],
        "player": player,
        "member_id": member.pk,
        "scorer_id": scorer.pk,
        "outsider_id": outsider.pk,
    }
    return {"clients": clients, "names": names, "admin_api": admin_api}


def filled(body: Any, names: dict[str, Any]) -> Any:
    if isinstance(body, dict):
        return {key: filled(value, names) for key, value in body.items()}
    if isinstance(body, str) and body.startswith("{") and body.endswith("}") and body[1:-1] in names:
        return names[body[1:-1]]
    return body


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("method", "path", "body", "expected"), MATRIX, ids=[f"{method} {path}" for method, path, _, _ in MATRIX]
)
def test_the_permissions_matrix(role: str, method: str, path: str, body: Any, expected: tuple[int, ...]) -> None:
    world = build_club()
    names = world["names"]
    version = world["admin_api"].get(f"/api/v1/matches/{names['match']}/").json()["version"]
    response = world["clients"][role].generic(
        method,
        path.format(**names),
        None if body is None else json.dumps(filled(body, names)),
        content_type="application/json",
        headers={"If-Match": f'"{version}"'},
    )
    assert response.status_code == expected[ROLES.index(role)], response.content[:300]
