"""What a match's history reads (issue 19): the audit log, each deal's revision history and every export, on a match
with recordings, corrections and voids. The expected answers in tests/data/recording_history.json were captured on
the code where every recording also wrote a revision row and an audit entry; a recording that writes only the deal
and the match must answer exactly the same. Database ids are written there as ``<name>`` and filled in here."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from exports import interchange
from exports.selectors import scope_by_id
from exports.writers import WRITERS, Progress
from games.models import Club, League, Match, Player
from games.services.clubs import league_save
from games.services.deals import deal_correct, deal_record, deal_void
from games.services.matches import match_start
from tests.deals import seep_deal, seep_win
from tests.exports.helpers import as_text, csv_rows, xlsx_sheets
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

EXPECTED = Path(__file__).parent.parent / "data" / "recording_history.json"
FIRST_MOMENT = datetime(2026, 11, 3, 19, 0, tzinfo=UTC)
PLAYERS = ["Asha", "Bala", "Ravi", "Meena"]


class Clock:
    """Django's clock, moved on a minute for each step, so every timestamp of the history is known."""

    def __init__(self) -> None:
        self.moment = FIRST_MOMENT

    def step(self) -> None:
        self.moment += timedelta(minutes=1)

    def now(self) -> datetime:
        return self.moment


@contextmanager
def frozen_clock() -> Iterator[Clock]:
    clock = Clock()
    with mock.patch("django.utils.timezone.now", clock.now):
        yield clock


def play_the_history(clock: Clock) -> Match:
    """Recordings, two corrections of one deal, a correction that moves later results, and a void."""
    club = ClubFactory(name="Tuesday Club")
    admin = MembershipFactory(club=club, role="admin", user=UserFactory(username="desk")).user
    scorer = MembershipFactory(club=club, role="scorer", user=UserFactory(username="phone")).user
    league = league_save(actor=admin, league=League(), changes={"club": club, "name": "Winter", "game": "seep",
                                                                "settings": {}})
    clock.step()
    match = match_start(actor=admin, game="seep", players=[{"name": name} for name in PLAYERS], league=league)
    steps = [
        lambda: deal_record(match_id=match.pk, actor=scorer, payload=seep_deal()),
        lambda: deal_record(match_id=match.pk, actor=scorer, payload=seep_deal(dealer="S2", points_a=45)),
        lambda: deal_correct(match_id=match.pk, number=1, actor=admin, payload=seep_deal(points_a=70),
                             reason="miscounted", expected_version=2),
        lambda: deal_record(match_id=match.pk, actor=scorer, payload=seep_deal(dealer="S2", points_a=30)),
        lambda: deal_void(match_id=match.pk, number=2, actor=admin, reason="entered twice"),
        lambda: deal_correct(match_id=match.pk, number=1, actor=admin, payload=seep_deal(points_a=66),
                             reason="miscounted again", expected_version=5),
        lambda: deal_record(match_id=match.pk, actor=scorer, payload=seep_win("A", dealer="S2")),
    ]
    for step in steps:
        clock.step()
        step()
    return Match.objects.get(pk=match.pk)


def ids_by_name(match: Match) -> dict[str, int]:
    ids = {"match": match.pk, "league": match.league_id, "club": Club.objects.get().pk}
    ids.update({f"player:{player.name}": player.pk for player in Player.objects.all()})
    return ids


def with_ids(expected: Any, ids: dict[str, int], *, text: bool = False) -> Any:
    """The expected answer with each ``<name>`` as the id it stands for: a number where it is the whole value (but
    text in a spreadsheet's cells, ``text=True``), else inside the text."""
    if isinstance(expected, dict):
        return {key: with_ids(value, ids, text=text or key in ("csv", "xlsx")) for key, value in expected.items()}
    if isinstance(expected, list):
        return [with_ids(value, ids, text=text) for value in expected]
    if isinstance(expected, str):
        for name, pk in ids.items():
            if expected == f"<{name}>" and not text:
                return pk
            expected = expected.replace(f"<{name}>", str(pk))
    return expected


def audit_pages(match: Match, admin: Any) -> list[dict[str, Any]]:
    api = APIClient()
    api.force_authenticate(admin)
    pages, url = [], f"/api/v1/matches/{match.pk}/audit/"
    while url:
        response = api.get(url)
        assert response.status_code == 200, response.json()
        pages.append(response.json())
        url = pages[-1]["next"]
    return pages


def written(kind: str, scope_id: int, file_format: str, folder: Path) -> bytes:
    path = folder / f"export.{file_format}"
    WRITERS[file_format](scope_by_id(kind, scope_id), path, Progress(lambda percent: None))
    return path.read_bytes()


def by_column(rows: list[list[str]]) -> list[dict[str, str]]:
    """A sheet's rows keyed by its header: the order of the input and result columns follows the stored JSON's
    keys, which PostgreSQL (jsonb) and SQLite keep differently."""
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def history_answers(match: Match, folder: Path) -> dict[str, Any]:
    admin = match.created_by
    with override_settings(AUDIT_PAGE_MAX_BYTES=2000):
        small_pages = audit_pages(match, admin)
    return {
        "audit": audit_pages(match, admin),
        "audit_in_small_pages": small_pages,
        "revisions": {deal.number: interchange.deal_document(deal)["revisions"]
                      for deal in match.deals.order_by("number")},
        "interchange": json.loads(written("club", match.league.club_id, "json", folder)),
        "csv": by_column(csv_rows(written("league", match.league_id, "csv", folder))),
        "xlsx": {name: by_column(as_text(rows)) for name, rows in
                 xlsx_sheets(written("league", match.league_id, "xlsx", folder)).items()},
    }


def test_the_audit_the_revisions_and_the_exports_read_as_they_did_when_recordings_wrote_their_own_rows(
        tmp_path: Path) -> None:
    with frozen_clock() as clock:
        match = play_the_history(clock)
        clock.step()
        answers = json.loads(json.dumps(history_answers(match, tmp_path)))  # keys and values as JSON has them
    assert answers == with_ids(json.loads(EXPECTED.read_text()), ids_by_name(match))
