"""Each bad input of a club night gets a clear 4xx with its code, and nothing half-written."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from django.db import connections
from rest_framework.test import APIClient

from games.models import AuditEntry, Match, Membership
from nights.models import Entrant, Event, Round, Table
from tests.api.helpers import assert_error
from tests.factories import UserFactory
from tests.nights.helpers import check_in, make_club, make_event, play_deals, start_round
from tests.support.auth import client_for

pytestmark = pytest.mark.django_db


def night_of(api: APIClient, players: int = 8, **changes: Any) -> int:
    event = int(make_event(api, make_club(api), **changes)["id"])
    for number in range(1, players + 1):
        check_in(api, event, f"Player {number}")
    return event


def test_a_round_is_drawn_with_a_match_per_table_and_its_seed_audited(api: APIClient) -> None:
    event = night_of(api)
    played = start_round(api, event)
    assert [table["number"] for table in played["tables"]] == [1, 2]
    seated = [seat["player"]["id"] for table in played["tables"] for seat in table["seats"]]
    assert len(seated) == len(set(seated)) == 8
    assert all(
        table["deals_limit"] == 8 and table["first_dealer"] in {"S1", "S2", "S3", "S4"} for table in played["tables"]
    )
    assert played["tables"][0]["teams"] == {"A": ["S1", "S3"], "B": ["S2", "S4"]}
    entry = AuditEntry.objects.get(action="night.round_drawn")
    assert (entry.after or {})["seed"] == played["seed"] == Round.objects.get().seed
    assert Match.objects.count() == 2


def test_starting_a_round_again_is_refused(api: APIClient) -> None:
    event = night_of(api)
    start_round(api, event, number=1)
    assert_error(
        api.post(f"/api/v1/events/{event}/rounds/", {"number": 1}, format="json"), 409, "round_already_started"
    )
    assert_error(api.post(f"/api/v1/events/{event}/rounds/", {}, format="json"), 409, "round_in_progress")
    assert (Round.objects.count(), Match.objects.count()) == (1, 2)


def test_a_retried_start_with_its_idempotency_key_answers_the_first_round(api: APIClient) -> None:
    event = night_of(api)
    first = api.post(f"/api/v1/events/{event}/rounds/", {}, format="json", headers={"Idempotency-Key": "r1"})
    again = api.post(f"/api/v1/events/{event}/rounds/", {}, format="json", headers={"Idempotency-Key": "r1"})
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert Match.objects.count() == 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_phones_starting_round_one_at_once_draw_it_once() -> None:
    director = UserFactory.create()
    api = client_for(director)
    event = night_of(api)
    start = threading.Barrier(2)
    answers: list[Any] = []

    def phone() -> None:
        try:
            start.wait()
            answers.append(client_for(director).post(f"/api/v1/events/{event}/rounds/", {"number": 1}, format="json"))
        finally:
            connections.close_all()

    phones = [threading.Thread(target=phone) for _ in range(2)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join()
    assert sorted(answer.status_code for answer in answers) == [201, 409]
    assert_error(next(answer for answer in answers if answer.status_code == 409), 409, "round_already_started")
    assert (Round.objects.count(), Table.objects.count(), Match.objects.count()) == (1, 2, 2)


def test_a_player_checked_in_twice_is_refused(api: APIClient) -> None:
    event = night_of(api, players=1)
    player = Entrant.objects.get().player_id
    body = assert_error(
        api.post(f"/api/v1/events/{event}/entrants/", {"player": player}, format="json"),
        409,
        "entrant_already_checked_in",
        "player",
    )
    assert body["extra"] == {"entrant": Entrant.objects.get().pk}
    assert Entrant.objects.count() == 1


def test_a_player_at_a_table_of_the_round_in_play_cannot_be_removed(api: APIClient) -> None:
    event = night_of(api)
    start_round(api, event)
    entrant = Entrant.objects.first()
    assert entrant is not None
    body = assert_error(api.delete(f"/api/v1/events/{event}/entrants/{entrant.pk}/"), 409, "entrant_seated")
    assert body["extra"] == {"round": 1}
    assert Entrant.objects.get(pk=entrant.pk).left_after_round is None


def test_a_player_never_drawn_is_removed_and_one_who_played_leaves_after_the_last_round(api: APIClient) -> None:
    event = night_of(api, players=9)
    start_round(api, event)
    api.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "Short round."}, format="json")
    late = check_in(api, event, "Late")
    assert api.delete(f"/api/v1/events/{event}/entrants/{late['id']}/").status_code == 204
    assert not Entrant.objects.filter(pk=late["id"]).exists()
    played = Entrant.objects.order_by("pk").first()
    assert played is not None
    assert api.delete(f"/api/v1/events/{event}/entrants/{played.pk}/").status_code == 204
    assert Entrant.objects.get(pk=played.pk).left_after_round == 1


def test_the_house_rules_are_frozen_once_round_one_is_drawn(api: APIClient) -> None:
    event = night_of(api)
    before = api.patch(f"/api/v1/events/{event}/", {"settings": {"target_score": 40}}, format="json")
    assert before.status_code == 200, before.json()
    assert before.json()["settings"]["target_score"] == 40
    start_round(api, event)
    assert_error(
        api.patch(f"/api/v1/events/{event}/", {"settings": {"target_score": 32}}, format="json"),
        409,
        "event_rules_frozen",
        "settings",
    )
    assert Event.objects.get().settings["target_score"] == 40
    renamed = api.patch(f"/api/v1/events/{event}/", {"name": "Euchre night"}, format="json")
    assert renamed.json()["name"] == "Euchre night"


def test_three_players_for_a_four_seat_game_are_too_few_and_nothing_is_written(api: APIClient) -> None:
    event = night_of(api, players=3)
    body = assert_error(api.post(f"/api/v1/events/{event}/rounds/", {}, format="json"), 400, "too_few_entrants")
    assert body["extra"] == {"minimum": 4, "given": 3}
    assert (
        Round.objects.count(),
        Match.objects.count(),
        AuditEntry.objects.filter(action="night.round_drawn").count(),
    ) == (0, 0, 0)


def test_a_draw_is_undone_until_its_first_deal(api: APIClient) -> None:
    event = night_of(api)
    start_round(api, event)
    assert api.delete(f"/api/v1/events/{event}/rounds/1/").status_code == 204
    assert (Round.objects.count(), Match.objects.count()) == (0, 0)
    played = start_round(api, event)
    play_deals(api, played["tables"][1], 1, random.Random(1))
    body = assert_error(api.delete(f"/api/v1/events/{event}/rounds/1/"), 409, "draw_has_deals")
    assert body["extra"] == {"round": 1}
    assert (Round.objects.count(), Match.objects.count()) == (1, 2)


def test_a_round_is_closed_with_a_reason_and_only_once(api: APIClient) -> None:
    event = night_of(api)
    start_round(api, event)
    assert_error(
        api.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "  "}, format="json"), 400, "invalid", "reason"
    )
    assert_error(
        api.post(
            f"/api/v1/events/{event}/rounds/1/close/",
            {"reason": "Late.", "director_scores": {"7": {"A": 1}}},
            format="json",
        ),
        400,
        "invalid",
        "director_scores.7",
    )
    assert Round.objects.get().status == "drawn"
    assert api.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "Late."}, format="json").status_code == 200
    assert_error(
        api.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "Again."}, format="json"), 409, "round_closed"
    )
    assert_error(api.delete(f"/api/v1/events/{event}/rounds/1/"), 409, "round_closed")


def test_a_member_reads_a_night_but_only_an_admin_directs_it_and_an_outsider_sees_nothing(
    api: APIClient, user: Any
) -> None:
    event = night_of(api)
    member = UserFactory.create()
    Membership.objects.create(club=Event.objects.get().club, user=member, role=Membership.Role.MEMBER)
    reader = client_for(member)
    assert reader.get(f"/api/v1/events/{event}/standings/").status_code == 200
    assert reader.get(f"/api/v1/clubs/{Event.objects.get().club_id}/events/").json()["count"] == 1
    assert_error(reader.post(f"/api/v1/events/{event}/rounds/", {}, format="json"), 403, "permission_denied")
    outsider = client_for(UserFactory.create())
    assert_error(outsider.get(f"/api/v1/events/{event}/"), 404, "not_found")
    assert outsider.get("/api/v1/events/").json()["count"] == 0
    assert Round.objects.count() == 0


def test_a_progressive_night_needs_a_game_of_teams(api: APIClient) -> None:
    club = make_club(api)
    body = {"club": club, "name": "Rummy", "game": "contract_rummy", "format": "progressive", "rounds_planned": 3}
    body["round_length"] = "match"
    assert_error(api.post("/api/v1/events/", body, format="json"), 400, "invalid", "format_settings.side_size")
    assert_error(
        api.post("/api/v1/events/", {**body, "game": "bid_euchre", "round_length": "deals"}, format="json"),
        400,
        "invalid",
        "deals_per_round",
    )
    assert Event.objects.count() == 0
