"""A deal post's answer is built without serializers (issue 31): it must be, byte for byte, what
DealWithMatchSerializer (the documented schema) answers, for every kind of answer the deal endpoints give."""

from __future__ import annotations

import datetime
import uuid
import zoneinfo
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import prefetch_related_objects
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from api.serializers.matches import DealWithMatchSerializer, _moment, deal_with_match_answer
from games.models import Deal, League, Match, Membership
from games.selectors.matches import seat_rows, seats_from_json, seats_prefetch
from games.services.deals import deal_correct, deal_record, deal_void
from games.services.matches import match_start
from tests.deals import rummy_deal, seep_deal, seep_win
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def both_answers(deal: Deal, match: Match, state_before: dict[str, Any]) -> tuple[bytes, bytes]:
    """The answer built by hand from the seats the service read with the locked match, and the serializer's."""
    seats = seats_from_json(match.seats_json)  # type: ignore[attr-defined]
    assert seats == seat_rows(match.pk) and len(seats) == match.player_count
    by_hand = JSONRenderer().render(deal_with_match_answer(deal, match, seats, state_before))
    prefetch_related_objects([match], seats_prefetch())
    context = {"match": match, "state_before": state_before}
    return by_hand, JSONRenderer().render(DealWithMatchSerializer(deal, context=context).data)


def seep_match(user: User, **extra: Any) -> Match:
    return match_start(actor=user, game="seep", players=[{"name": f"Seat {n}"} for n in range(1, 5)], **extra)


def record(user: User, match: Match, deal: dict[str, Any], **extra: Any) -> tuple[bytes, bytes]:
    done = deal_record(match_id=match.pk, actor=user, payload=deal, **extra)
    return both_answers(done.deal, done.match, done.state_before)


def test_a_recorded_deal_its_retry_and_a_dry_run() -> None:
    user = UserFactory.create()
    match = seep_match(user)
    first = uuid.uuid4()
    recorded = record(user, match, seep_deal("S1"), client_deal_id=first)
    assert recorded[0] == recorded[1]
    assert b'"client_deal_id":"' + str(first).encode() in recorded[0]
    retried = record(user, match, seep_deal("S1"), client_deal_id=first)
    assert retried[0] == retried[1]  # the deal as stored (the database orders a JSON object's keys its own way)
    assert b'"number":1,' in retried[0] and b'"deals_count":1,' in retried[0]
    dry = record(user, match, seep_deal("S2"), dry_run=True)
    assert dry[0] == dry[1]
    assert b'"recorded_at":null' in dry[0] and b'"client_deal_id":null' in dry[0]


def test_a_deal_that_finishes_a_league_match() -> None:
    user = UserFactory.create()
    club = ClubFactory.create()
    MembershipFactory.create(club=club, user=user, role=Membership.Role.ADMIN)
    league = League.objects.create(club=club, name="Winter", game="seep")
    match = seep_match(user, league=league, settings={"match_end": {"type": "first_to_baazis", "count": 1}})
    finished = record(user, match, seep_win("A"))
    assert finished[0] == finished[1]
    assert b'"status":"finished"' in finished[0] and f'"league":{league.pk}'.encode() in finished[0]


def test_a_match_without_teams_and_a_corrected_and_a_voided_deal() -> None:
    user = UserFactory.create()
    match = match_start(actor=user, game="contract_rummy", players=[{"name": f"P{n}"} for n in range(1, 5)])
    assert record(user, match, rummy_deal({"S1": 0, "S2": 10, "S3": 20, "S4": 5}))[0].count(b'"teams":null') == 1
    record(user, match, rummy_deal({"S1": 5, "S2": 0, "S3": 20, "S4": 5}, "S2"))
    corrected = deal_correct(
        match_id=match.pk,
        number=1,
        actor=user,
        payload=rummy_deal({"S1": 0, "S2": 15, "S3": 20, "S4": 5}),
        reason="S2 had 15",
        expected_version=2,
    )
    by_hand, serialized = both_answers(corrected.deal, corrected.match, corrected.deal_state_before)
    assert by_hand == serialized
    assert b'"status":"corrected","revision":2' in by_hand
    voided = deal_void(match_id=match.pk, number=2, actor=user, reason="not played")
    by_hand, serialized = both_answers(voided.deal, voided.match, voided.deal_state_before)
    assert by_hand == serialized
    assert b'"status":"voided"' in by_hand


def test_the_answer_is_the_serializers_in_another_time_zone() -> None:
    """The moments are written in the request's current time zone, as DRF's field writes them."""
    user = UserFactory.create()
    match = seep_match(user)
    with timezone.override(zoneinfo.ZoneInfo("Asia/Tehran")):
        by_hand, serialized = record(user, match, seep_deal("S1"))
    assert by_hand == serialized
    assert b'+03:30"' in by_hand and b'Z"' not in by_hand


@given(
    moment=st.datetimes(timezones=st.sampled_from([datetime.UTC, zoneinfo.ZoneInfo("Europe/Tallinn")])),
    zone=st.sampled_from(["UTC", "Europe/Budapest", "Asia/Tehran", "America/St_Johns"]),
)
def test_a_moment_is_written_as_drfs_field_writes_it(moment: datetime.datetime, zone: str) -> None:
    with timezone.override(zoneinfo.ZoneInfo(zone)):
        expected = serializers.DateTimeField().to_representation(moment)
        assert _moment(moment, timezone.get_current_timezone()) == expected
