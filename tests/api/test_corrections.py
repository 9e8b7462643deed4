"""Corrections (PUT) and voids (DELETE): If-Match, replay of later deals, conflicts, previews and the audit."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import AuditEntry, Deal, DealRevision, Match
from games.rules.registry import get_engine
from games.rules.replay import replay
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal
from tests.support.corrections import alternating_deals, put, record

pytestmark = pytest.mark.django_db


def fresh_replay(match: Match) -> dict[str, Any]:
    """The state a match would have if every counted deal were folded in again from the start."""
    engine = get_engine(match.game)
    rules = engine.rules_from_settings(match.settings, match.player_count)
    rows = list(match.deals.order_by("number"))
    voided = {index for index, row in enumerate(rows) if row.status == Deal.Status.VOIDED}
    folded = replay(engine, rules, [row.input for row in rows], voided=voided)
    assert folded.refusal is None
    return engine.state_json(folded.state)


def test_a_correction_needs_if_match(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal()])
    assert_error(put(api, match["id"], 1, {**seep_deal(), "reason": "typo"}, None), 428, "precondition_required")


def test_a_correction_with_a_stale_version_is_refused(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal()])
    assert_error(put(api, match["id"], 1, {**seep_deal(), "reason": "typo"}, 0), 412, "stale_version")


def test_a_correction_needs_a_reason(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal()])
    assert_error(put(api, match["id"], 1, seep_deal(), 1), 400, "invalid", "reason")


def test_a_correction_of_deal_1_in_a_50_deal_match_replays_to_the_state_of_a_fresh_replay(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], alternating_deals(50))
    response = put(api, match["id"], 1, {**seep_deal(points_a=65), "reason": "Miscounted spades"}, 50)
    assert response.status_code == 200, response.json()
    stored = Match.objects.get(pk=match["id"])
    assert stored.version == 51
    assert stored.state == fresh_replay(stored)
    assert stored.state["running_lead"] == {"team": "A", "points": 20}
    deal_one = Deal.objects.get(match=stored, number=1)
    assert (deal_one.status, deal_one.revision) == ("corrected", 2)
    assert deal_one.result["running_lead"] == {"team": "A", "points": 30}
    assert Deal.objects.get(match=stored, number=50).state_after == stored.state


def test_a_correction_is_in_the_audit_log_with_who_when_why_before_and_after(api: Any, user: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal()])
    put(api, match["id"], 1, {**seep_deal(points_a=70), "reason": "B's 10 of diamonds was A's"}, 1)
    entries = api.get(f"/api/v1/matches/{match['id']}/audit/").json()["results"]
    assert [entry["action"] for entry in entries] == ["match.started", "deal.recorded", "deal.corrected"]
    correction = entries[-1]
    assert correction["actor"] == user.username and correction["at"]
    assert correction["reason"] == "B's 10 of diamonds was A's" and correction["deal_number"] == 1
    assert correction["before"]["input"]["card_points"] == {"A": 62, "B": 38}
    assert correction["after"]["input"]["card_points"] == {"A": 70, "B": 30}
    assert correction["after"]["state"]["running_lead"] == {"team": "A", "points": 40}
    assert list(DealRevision.objects.filter(deal__number=1).values_list("revision", "reason")) == [
        (1, ""),
        (2, "B's 10 of diamonds was A's"),
    ]


def test_a_correction_that_makes_a_later_deal_illegal_is_refused_with_409_and_changes_nothing(api: Any) -> None:
    match = start_match(api, settings={"enforce_dealer_order": True})
    record(api, match["id"], [seep_deal("S1", points_a=60), seep_deal("S2", points_a=55)])
    before = list(Deal.objects.filter(match_id=match["id"]).values())
    # With B ahead after deal 1, S1 keeps the deal, so deal 2 dealt by S2 would be out of turn.
    body = assert_error(
        put(api, match["id"], 1, {**seep_deal(points_a=40), "reason": "swap"}, 2), 409, "correction_conflicts"
    )
    assert body["extra"]["deal_number"] == 2 and body["extra"]["rule_code"] == "dealer_out_of_turn"
    assert list(Deal.objects.filter(match_id=match["id"]).values()) == before
    assert Match.objects.get(pk=match["id"]).version == 2


def test_an_illegal_corrected_deal_is_refused_with_its_own_rules_code(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal()])
    body = {**seep_deal(), "card_points": {"A": 50, "B": 49}, "reason": "typo"}
    assert_error(put(api, match["id"], 1, body, 1), 400, "card_points_total_mismatch", "card_points")


def test_a_dry_run_correction_previews_the_changed_deals_and_states_and_stores_nothing(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal("S1", points_a=80), seep_deal("S2", points_a=75), seep_deal("S2", 55)])
    before = list(Deal.objects.filter(match_id=match["id"]).values())
    response = put(api, match["id"], 1, {**seep_deal(points_a=60), "reason": "check"}, 3, query="?dry_run=true")
    body = response.json()
    assert response.status_code == 200 and body["dry_run"] is True
    assert body["deal"]["result_before"]["running_lead"] == {"team": "A", "points": 60}
    assert body["deal"]["result_after"]["running_lead"] == {"team": "A", "points": 20}
    # Deal 2 no longer reaches 100; deal 3 then adds to a live lead instead of starting a new baazi.
    assert [change["deal_number"] for change in body["changed_deals"]] == [2, 3]
    assert body["changed_deals"][0]["before"]["baazi"] == {"winner": "A", "reason": "lead_reached"}
    assert body["changed_deals"][0]["after"]["baazi"] is None
    assert body["state"]["before"]["baazis_won"] == {"A": 1, "B": 0}
    assert body["state"]["after"]["baazis_won"] == {"A": 0, "B": 0}
    assert list(Deal.objects.filter(match_id=match["id"]).values()) == before


def test_a_voided_deal_stays_listed_and_no_longer_counts(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal("S1", points_a=70), seep_deal("S2", points_a=60)])
    response = api.delete(f"/api/v1/matches/{match['id']}/deals/1/", {"reason": "dealt twice"}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "voided"
    assert response.json()["match"]["deals_count"] == 1
    assert response.json()["match"]["state"]["running_lead"] == {"team": "A", "points": 20}
    listing = api.get(f"/api/v1/matches/{match['id']}/deals/").json()["results"]
    assert [(deal["number"], deal["status"]) for deal in listing] == [(1, "voided"), (2, "recorded")]
    stored = Match.objects.get(pk=match["id"])
    assert stored.state == fresh_replay(stored)
    assert AuditEntry.objects.filter(match=stored, action="deal.voided", reason="dealt twice").count() == 1


def test_a_void_accepts_its_reason_as_a_query_parameter_and_needs_one(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal()])
    assert_error(api.delete(f"/api/v1/matches/{match['id']}/deals/1/"), 400, "invalid", "reason")
    assert api.delete(f"/api/v1/matches/{match['id']}/deals/1/?reason=duplicate").status_code == 200


def test_a_voided_deal_cannot_be_corrected_or_voided_again(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal()])
    api.delete(f"/api/v1/matches/{match['id']}/deals/1/?reason=duplicate")
    assert_error(put(api, match["id"], 1, {**seep_deal(), "reason": "x"}, 2), 409, "deal_voided")
    assert_error(api.delete(f"/api/v1/matches/{match['id']}/deals/1/?reason=again"), 409, "deal_voided")


def test_a_new_deal_after_a_void_gets_the_next_number(api: Any) -> None:
    match = start_match(api)
    record(api, match["id"], [seep_deal()])
    api.delete(f"/api/v1/matches/{match['id']}/deals/1/?reason=duplicate")
    body = post_deal(api, match["id"], seep_deal()).json()
    assert body["number"] == 2 and body["match"]["deals_count"] == 1
