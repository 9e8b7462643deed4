"""Issue 20's house rules in the interchange format: a club whose leagues pin them exports and imports back to the
same matches, deals and standings; a file (or a stored match) from before they existed still travels."""

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
from games.models import Club, League, Match
from games.rules.registry import get_engine
from games.rules.replay import replay
from games.services.clubs import league_save
from games.services.deals import deal_record
from games.services.matches import match_start
from tests.deals import fifty_six_made
from tests.exports.roundtrip import club_picture, empty_the_database
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

EUCHRE = {
    "extra_moon_calls": True,
    "renege_award": 2,
    "renege_ends_deal": True,
    "allow_low_no_trump": True,
    "made_contract_scores": "tricks_bid",
}
FIFTY_SIX = {
    "redeal_hand_points_at_most": 2,
    "calls_limited_by_tables": True,
    "redouble_out_of_turn": True,
    "starting_tables": 9,
}
WEAK = ["KS", "KS", "QS", "QS", "KH", "KH", "QH", "QH", "KD", "QD", "10C", "AC"]


def euchre_calls(*calls: tuple[str, str, int | None]) -> list[dict[str, Any]]:
    return [{"seat": seat, "call": call, **({"tricks": tricks} if tricks else {})} for seat, call, tricks in calls]


def seated(*names: str) -> list[dict[str, str]]:
    return [{"name": name} for name in names]


def make_club() -> Club:
    club = ClubFactory.create(name="House Rules Club")
    admin = MembershipFactory.create(club=club, role="admin").user
    euchre = league_save(
        actor=admin,
        league=League(),
        changes={"club": club, "name": "Cincinnati", "game": "bid_euchre", "settings": EUCHRE},
    )
    stakes = league_save(
        actor=admin,
        league=League(),
        changes={"club": club, "name": "Table stakes", "game": "fifty_six", "settings": FIFTY_SIX},
    )
    first = match_start(actor=admin, game="bid_euchre", players=seated("A1", "B1", "A2", "B2"), league=euchre)
    deal_record(
        match_id=first.pk,
        actor=admin,
        payload={
            "dealer": "S4",
            "auction": euchre_calls(("S1", "bid", 3), ("S2", "pass", None), ("S3", "pass", None), ("S4", "pass", None)),
            "trump": "low_no_trumps",
            "tricks_won": {"A": 5, "B": 1},
        },
    )
    deal_record(
        match_id=first.pk,
        actor=admin,
        payload={
            "dealer": "S1",
            "auction": euchre_calls(("S2", "bid", 4), ("S3", "pass", None), ("S4", "pass", None), ("S1", "pass", None)),
            "trump": "hearts",
            "reneges": [{"seat": "S1"}],
        },
    )
    deal_record(
        match_id=first.pk,
        actor=admin,
        payload={
            "dealer": "S2",
            "auction": euchre_calls(
                ("S3", "partners_best", None),
                ("S4", "shoot_the_moon", None),
                ("S1", "triple_moon", None),
                ("S2", "pass", None),
            ),
            "trump": "spades",
            "tricks_won": {"A": 6, "B": 0},
        },
    )
    second = match_start(actor=admin, game="fifty_six", players=seated("C1", "D1", "C2", "D2"), league=stakes)
    deal_record(
        match_id=second.pk,
        actor=admin,
        payload={"dealer": "S1", "redeal": {"reason": "hand_at_or_below_threshold", "seat": "S3", "hand": WEAK}},
    )
    deal_record(match_id=second.pk, actor=admin, payload=fifty_six_made("S1", 30))
    deal_record(
        match_id=second.pk,
        actor=admin,
        payload={
            "dealer": "S2",
            "auction": [
                {"seat": "S3", "call": "bid", "points": 28, "trump": "spades"},
                {"seat": "S4", "call": "double"},
                {"seat": "S1", "call": "pass"},
                {"seat": "S3", "call": "redouble"},
            ],
            "bidding_team_card_points": 20,
        },
    )
    return club


def club_file(club: Club, tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "club.json"
    WRITERS["json"](scope_by_id("club", club.pk), path, Progress())
    body: dict[str, Any] = json.loads(path.read_text())
    return body


def test_a_club_playing_the_new_house_rules_exports_and_imports_as_the_same_club(tmp_path: Path) -> None:
    club = make_club()
    euchre, fifty_six = Match.objects.order_by("pk")
    assert (euchre.state["scores"], euchre.status) == ({"A": 33, "B": 3}, "finished")
    # The redouble out of turn used exactly A's 8 tables; it failed, so A paid them all and is out.
    assert (fifty_six.state["tables"], fifty_six.status) == ({"A": 0, "B": 18}, "finished")
    before = club_picture()
    document = club_file(club, tmp_path)
    assert {name: document["matches"][0]["settings"][name] for name in EUCHRE} == EUCHRE
    assert [deal["result"].get("redeal") for deal in document["matches"][1]["deals"]] == [
        {"reason": "hand_at_or_below_threshold", "seat": "S3"},
        None,
        None,
    ]
    empty_the_database()
    summary = club_import(actor=UserFactory.create(), document=document)
    assert (summary.leagues, summary.matches, summary.deals) == (2, 2, 6)
    assert club_picture() == before


def test_an_imported_match_with_the_new_rules_replays_to_its_stored_state(tmp_path: Path) -> None:
    document = club_file(make_club(), tmp_path)
    empty_the_database()
    club_import(actor=UserFactory.create(), document=document)
    for match in Match.objects.all():
        engine = get_engine(match.game)
        rules = engine.rules_from_settings(match.settings, match.player_count)
        folded = replay(engine, rules, [deal.input for deal in match.deals.order_by("number")])
        assert folded.refusal is None
        assert engine.state_json(folded.state) == match.state


def test_a_match_pinned_before_the_new_settings_gets_their_defaults_and_exports_and_imports(tmp_path: Path) -> None:
    club = make_club()
    match = Match.objects.get(game="fifty_six")
    never_set = [name for name in get_engine("fifty_six").settings_spec.added_later if name not in FIFTY_SIX]
    # As a match pinned before issue 20 is stored: its settings do not list the house rules added since.
    old = {name: value for name, value in match.settings.items() if name not in never_set}
    Match.objects.filter(pk=match.pk).update(settings=old)
    migration = importlib.import_module("games.migrations.0006_house_rule_variants_defaults")
    migration.fill_in_variant_settings(apps, None)
    assert Match.objects.get(pk=match.pk).settings == {
        **old,
        "redeal_team_without_jack": False,
        "eight_player_pack": 64,
        "trump_lead_rule": "any_time",
    }
    assert Match.objects.get(pk=match.pk).settings == get_engine("fifty_six").settings_json(
        get_engine("fifty_six").rules_from_settings(old, 4)
    )
    document = club_file(club, tmp_path)
    empty_the_database()
    assert club_import(actor=UserFactory.create(), document=document).matches == 2


@pytest.mark.parametrize("game", ["fifty_six", "bid_euchre", "contract_rummy"])
def test_the_migrations_frozen_defaults_are_the_engines_defaults(game: str) -> None:
    frozen = importlib.import_module("games.migrations.0006_house_rule_variants_defaults").VARIANT_DEFAULTS[game]
    engine = get_engine(game)
    defaults = engine.settings_json(engine.rules_from_settings({}, 4))
    assert frozen == {name: defaults[name] for name in engine.settings_spec.added_later}


def test_the_migration_leaves_complete_settings_and_other_games_alone() -> None:
    make_club()
    before = {match.pk: match.settings for match in Match.objects.all()}
    importlib.import_module("games.migrations.0006_house_rule_variants_defaults").fill_in_variant_settings(apps, None)
    assert {match.pk: match.settings for match in Match.objects.all()} == before


def test_a_file_written_before_the_new_settings_existed_imports(tmp_path: Path) -> None:
    document = club_file(make_club(), tmp_path)
    spec = get_engine("fifty_six").settings_spec
    match = document["matches"][1]
    for name in spec.added_later:
        if name not in FIFTY_SIX:  # the ones this league never set: an older file would not list them
            match["settings"].pop(name)
    empty_the_database()
    assert club_import(actor=UserFactory.create(), document=document).matches == 2


def test_a_file_that_leaves_out_a_setting_the_game_always_had_is_still_refused(tmp_path: Path) -> None:
    document = club_file(make_club(), tmp_path)
    document["matches"][1]["settings"].pop("double_mode")
    empty_the_database()
    with pytest.raises(ImportRefused) as refused:
        club_import(actor=UserFactory.create(), document=document)
    assert (refused.value.code, refused.value.field) == ("import_invalid", "matches[1].settings")


@pytest.mark.parametrize("file_format", ["csv", "xlsx", "pdf"])
def test_every_format_writes_a_club_playing_the_new_house_rules(file_format: str, tmp_path: Path) -> None:
    club = make_club()
    path = tmp_path / f"club.{file_format}"
    WRITERS[file_format](scope_by_id("club", club.pk), path, Progress())
    assert path.stat().st_size > 0
    if file_format == "csv":
        text = path.read_text()
        assert "hand_at_or_below_threshold" in text and "triple_moon" in text
