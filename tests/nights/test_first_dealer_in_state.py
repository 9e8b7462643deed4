"""The drawn first dealer lives in the state before a table's first counted deal (games.rules.first_dealer), where
every engine checks it: a table drawn before that gets it from migration 0009 (its state, and the state after each
voided deal before the first counted one), a dealt table is left alone, and an interchange file written before then
imports with it. Each ends with the engine refusing another first dealer, 400 dealer_out_of_turn on field dealer."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from exports.importer import club_import
from games.models import Deal, Match
from nights.models import Event
from nights.services import round_start
from tests.api.helpers import assert_error
from tests.exports.nights import export_json, make_night, renumbered
from tests.exports.roundtrip import empty_the_database
from tests.factories import UserFactory
from tests.nights.helpers import euchre_deal, first_drawn_table

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.migrations.0009_first_dealer_in_state")


@pytest.fixture
def table(api: APIClient) -> dict[str, Any]:
    return first_drawn_table(api)


def post(api: APIClient, table: dict[str, Any], dealer: str) -> Any:
    return api.post(f"/api/v1/matches/{table['match']}/deals/", euchre_deal(dealer, random.Random(1)), format="json")


def as_before(state: dict[str, Any]) -> dict[str, Any]:
    """A state as stored before the engines checked the first dealer: ``next_dealer`` named it, nothing more."""
    return {key: value for key, value in state.items() if key != "first_dealer"}


def test_an_undealt_table_gets_its_first_dealer_back_in_its_state(api: APIClient, table: dict[str, Any]) -> None:
    match = Match.objects.get(pk=table["match"])
    drawn = match.state
    assert (drawn["next_dealer"], drawn["first_dealer"]) == (table["first_dealer"], table["first_dealer"])
    Match.objects.filter(pk=match.pk).update(state=as_before(drawn))
    MIGRATION.mark_drawn_first_dealers(apps, None)
    assert Match.objects.get(pk=match.pk).state == drawn
    refused = post(api, table, table["other"])
    assert_error(refused, 400, "dealer_out_of_turn", "dealer")
    assert refused.json()["extra"] == {"expected_dealer": table["first_dealer"]}


def test_after_a_voided_first_deal_the_state_it_left_gets_the_first_dealer_back(
    api: APIClient, table: dict[str, Any]
) -> None:
    assert post(api, table, table["first_dealer"]).status_code == 201
    voided = api.delete(f"/api/v1/matches/{table['match']}/deals/1/", {"reason": "Misdeal"}, format="json")
    assert voided.status_code == 200, voided.json()
    match = Match.objects.get(pk=table["match"])
    drawn = match.state
    assert Deal.objects.get(match=match, number=1).state_after == drawn
    Match.objects.filter(pk=match.pk).update(state=as_before(drawn))
    Deal.objects.filter(match=match, number=1).update(state_after=as_before(drawn))
    MIGRATION.mark_drawn_first_dealers(apps, None)
    assert (Match.objects.get(pk=match.pk).state, Deal.objects.get(match=match, number=1).state_after) == (drawn, drawn)
    assert_error(post(api, table, table["other"]), 400, "dealer_out_of_turn", "dealer")


def test_a_dealt_table_is_left_as_it_is(api: APIClient, table: dict[str, Any]) -> None:
    assert post(api, table, table["first_dealer"]).status_code == 201
    match = Match.objects.get(pk=table["match"])
    deal = Deal.objects.get(match=match, number=1)
    assert "first_dealer" not in match.state
    MIGRATION.mark_drawn_first_dealers(apps, None)
    assert (Match.objects.get(pk=match.pk).state, Deal.objects.get(pk=deal.pk).state_after) == (
        match.state,
        deal.state_after,
    )
    assert post(api, table, table["other"]).status_code == 201  # deal 2: the house rules' business


def test_a_file_written_before_imports_with_the_first_dealer_in_the_undealt_tables_state(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    night = make_night(monkeypatch)
    Event.objects.filter(pk=night.event.pk).update(rounds_planned=3, status=Event.Status.OPEN)
    monkeypatch.setattr("nights.services.secrets.randbits", lambda bits: 33)
    round_start(actor=night.director, event_id=night.event.pk)
    exported = export_json("event", night.event.pk, tmp_path)
    undealt = exported["matches"][2]
    assert undealt["state"]["first_dealer"] == undealt["first_dealer"] != ""
    matches = exported["matches"]
    older = {**exported, "matches": [*matches[:2], {**undealt, "state": as_before(undealt["state"])}, *matches[3:]]}
    Event.objects.all().delete()
    empty_the_database()
    club_import(actor=UserFactory.create(), document=older)
    assert renumbered(export_json("event", Event.objects.get().pk, tmp_path)) == renumbered(exported)


def test_voiding_deal_one_when_another_seat_dealt_deal_two_is_a_conflict_naming_deal_two(
    api: APIClient, table: dict[str, Any]
) -> None:
    """Deal 2 would become the first counted deal, dealt by a seat the draw did not choose."""
    assert post(api, table, table["first_dealer"]).status_code == 201
    assert post(api, table, table["other"]).status_code == 201
    voided = api.delete(f"/api/v1/matches/{table['match']}/deals/1/", {"reason": "Misdeal"}, format="json")
    assert_error(voided, 409, "correction_conflicts")
    assert {key: voided.json()["extra"][key] for key in ("deal_number", "rule_code", "rule_field")} == {
        "deal_number": 2,
        "rule_code": "dealer_out_of_turn",
        "rule_field": "dealer",
    }
    assert Match.objects.get(pk=table["match"]).deals_count == 2
