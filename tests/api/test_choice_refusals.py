"""Every choice field of the API, refused: the message names the valid choices, and the field is where it was."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.registry import GAME_KEYS
from tests.api.helpers import assert_error
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db
GAMES = f"games are {', '.join(GAME_KEYS)}"
FOUR = [{"name": f"P{n}"} for n in range(4)]


@pytest.fixture
def admin(make_client: Any) -> tuple[Any, int, int]:
    membership = MembershipFactory.create(club=ClubFactory.create(), role="admin")
    return make_client(membership.user), membership.club_id, membership.user_id


def choice_cases(club: int, user: int) -> list[tuple[str, str, dict[str, Any], str, str]]:
    """(method, path, body, field, detail) for every choice a client writes."""
    league = {"club": club, "name": "Winter", "game": "seep"}
    return [
        (
            "post",
            "/api/v1/matches/",
            {"game": "Seep", "players": FOUR},
            "game",
            f'"Seep" is not a valid choice; {GAMES}.',
        ),
        ("post", "/api/v1/leagues/", {**league, "game": "chess"}, "game", f'"chess" is not a valid choice; {GAMES}.'),
        (
            "post",
            "/api/v1/leagues/",
            {**league, "tiebreaks": ["won", "luck"]},
            "tiebreaks[1]",
            '"luck" is not a valid choice; tiebreaks are game, won, rating.',
        ),
        (
            "post",
            f"/api/v1/clubs/{club}/members/",
            {"user": user, "role": "owner"},
            "role",
            '"owner" is not a valid choice; roles are admin, scorer, member.',
        ),
        (
            "post",
            "/api/v1/exports/",
            {"scope": "season", "id": 1, "format": "csv"},
            "scope",
            '"season" is not a valid choice; scopes are match, league, club, event, entrant, round.',
        ),
        (
            "post",
            "/api/v1/exports/",
            {"scope": "club", "id": club, "format": "docx"},
            "format",
            '"docx" is not a valid choice; formats are csv, xlsx, json, pdf.',
        ),
        (
            "post",
            f"/api/v1/clubs/{club}/webhooks/",
            {"url": "https://example.com/hook", "events": ["deal.deleted"]},
            "events[0]",
            '"deal.deleted" is not a valid choice; events are deal.recorded, deal.corrected, '
            "deal.voided, match.finished, standings.changed, night.round_started, night.event_finished.",
        ),
    ]


def test_every_refused_choice_in_a_body_names_the_valid_choices(admin: tuple[Any, int, int]) -> None:
    client, club, user = admin
    for method, path, body, field, detail in choice_cases(club, user):
        response = getattr(client, method)(path, body, format="json")
        assert assert_error(response, 400, "invalid", field)["detail"] == detail, path


@pytest.mark.parametrize(
    ("query", "field", "detail"),
    [
        ("game=Seep", "game", f'"Seep" is not a valid choice; {GAMES}.'),
        ("status=done", "status", '"done" is not a valid choice; statuses are in_progress, finished.'),
    ],
)
def test_a_refused_choice_in_the_match_filter_names_the_valid_choices(
    api: Any, query: str, field: str, detail: str
) -> None:
    response = api.get(f"/api/v1/matches/?{query}")
    assert assert_error(response, 400, "invalid", field)["detail"] == detail
