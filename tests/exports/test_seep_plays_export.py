"""Seep deals with their plays in the exports (a readable plays column in CSV and XLSX) and the interchange
round trip, including a match pinned before the play-level settings existed."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps

from exports.importer import club_import
from exports.selectors import scope_by_id
from exports.writers import WRITERS
from exports.writers.common import Progress
from games.errors import ImportRefused
from games.models import League, Match
from games.services.clubs import league_save
from games.services.deals import deal_record
from games.services.matches import match_start
from tests.examples import examples_for
from tests.exports.helpers import csv_rows, xlsx_sheets
from tests.exports.roundtrip import club_picture, empty_the_database
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

P01 = next(case for case in examples_for("seep") if case["id"] == "seep-p01")["deals"][0]
PLAY_LEVEL = ("capture_must_take_all_sets", "owner_may_throw_loose", "house_only_sweep_counts", "loose_sets_join_house")


def club_with_a_refereed_deal() -> tuple[Any, Match]:
    club = ClubFactory.create(name="Play by play")
    admin = MembershipFactory.create(club=club, role="admin").user
    league = league_save(
        actor=admin, league=League(), changes={"club": club, "name": "Seep", "game": "seep", "settings": {}}
    )
    match = match_start(
        actor=admin, game="seep", players=[{"name": name} for name in ("A", "B", "C", "D")], league=league
    )
    deal_record(match_id=match.pk, actor=admin, payload=P01)
    return club, match


def write(scope: Any, file_format: str, tmp_path: Path) -> bytes:
    path = tmp_path / f"out.{file_format}"
    WRITERS[file_format](scope, path, Progress())
    return path.read_bytes()


def test_a_deals_plays_are_one_readable_column_in_csv_and_xlsx(tmp_path: Path) -> None:
    _, match = club_with_a_refereed_deal()
    rows = csv_rows(write(scope_by_id("match", match.pk), "csv", tmp_path))
    row = dict(zip(rows[0], rows[1], strict=True))
    plays = row["input.plays"].split("; ")
    assert len(plays) == 48
    assert plays[:4] == ["S2: 3D builds 11 with AH 7S", "S3: QH thrown", "S4: 8D thrown", "S1: AC builds 12 with 3H 8D"]
    assert plays[7] == "S1: QS takes the house"
    assert plays[9] == "S3: 2D raises 11"
    assert plays[21] == "S3: KD takes 9H 8C 5D 4D"
    assert row["input.floor"] == "AH 3H KS 7S"
    assert row["result.card_points.A"] == "82"
    sheet = xlsx_sheets(write(scope_by_id("match", match.pk), "xlsx", tmp_path))["Deals"]
    assert sheet[1][sheet[0].index("input.plays")] == row["input.plays"]


def exported(club: Any, tmp_path: Path) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(write(scope_by_id("club", club.pk), "json", tmp_path))
    return body


def test_a_club_with_a_refereed_deal_exports_and_imports_back_the_same(tmp_path: Path) -> None:
    club, _ = club_with_a_refereed_deal()
    before = club_picture()
    document = exported(club, tmp_path)
    assert document["matches"][0]["deals"][0]["input"]["plays"] == P01["plays"]
    empty_the_database()
    club_import(actor=UserFactory.create(), document=document)
    assert club_picture() == before


def test_a_seep_match_pinned_before_the_play_level_settings_gets_their_defaults_and_imports_again(
    tmp_path: Path,
) -> None:
    club, match = club_with_a_refereed_deal()
    old = {name: value for name, value in match.settings.items() if name not in PLAY_LEVEL}
    Match.objects.filter(pk=match.pk).update(settings=old)
    with pytest.raises(ImportRefused) as refused:
        club_import(actor=UserFactory.create(), document=exported(club, tmp_path))
    assert refused.value.field == "matches[0].settings"
    migration = importlib.import_module("games.migrations.0004_seep_play_level_settings")
    migration.fill_in_play_level_settings(apps, None)
    assert Match.objects.get(pk=match.pk).settings == {
        **old,
        "capture_must_take_all_sets": True,
        "owner_may_throw_loose": True,
        "house_only_sweep_counts": True,
        "loose_sets_join_house": "optional",
    }
    document = exported(club, tmp_path)
    empty_the_database()
    club_import(actor=UserFactory.create(), document=document)
