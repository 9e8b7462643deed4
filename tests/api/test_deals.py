"""Recording deals: idempotency, versions, dry runs, refusals that change nothing."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from games.models import AuditEntry, Deal, DealRevision, Match
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal

pytestmark = pytest.mark.django_db


def table_snapshot(match_id: int) -> dict[str, Any]:
    match = Match.objects.get(pk=match_id)
    return {
        "match": (match.version, match.state, match.status, match.deals_count, match.last_deal_number),
        "deals": list(Deal.objects.filter(match_id=match_id).values()),
        "revisions": DealRevision.objects.filter(deal__match_id=match_id).count(),
        "audit": AuditEntry.objects.filter(match_id=match_id).count(),
    }


def test_a_recorded_deal_answers_its_number_result_and_the_new_match(api: Any) -> None:
    match = start_match(api)
    response = post_deal(api, match["id"], seep_deal())
    body = response.json()
    assert response.status_code == 201
    assert response["ETag"] == '"1"'
    assert body["number"] == 1 and body["status"] == "recorded"
    assert body["result"]["team_scores"] == {"A": 62, "B": 38}
    assert body["result"]["running_lead"] == {"team": "A", "points": 24}
    assert body["match"]["version"] == 1 and body["match"]["deals_count"] == 1
    assert body["match"]["state"]["next_dealer"] == "S2"
    row = Deal.objects.get(match_id=match["id"], number=1)
    assert row.result == body["result"] and row.state_after == body["match"]["state"]
    assert row.input["bid"]["bidder_hand"] == ["JH", "4C", "2D", "3S"]


def test_input_is_answered_in_canonical_card_codes(api: Any) -> None:
    match = start_match(api)
    deal = seep_deal(bid=10)
    deal["bid"]["bidder_hand"] = ["th", "4c", "2d", "3s"]
    body = post_deal(api, match["id"], deal).json()
    assert body["input"]["bid"]["bidder_hand"] == ["10H", "4C", "2D", "3S"]


def test_a_retried_deal_with_the_same_client_deal_id_is_stored_once_and_answered_200_with_the_same_body(
    api: Any,
) -> None:
    match = start_match(api)
    deal = seep_deal(client_deal_id=str(uuid.uuid4()))
    first = post_deal(api, match["id"], deal)
    again = post_deal(api, match["id"], deal)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert Deal.objects.filter(match_id=match["id"]).count() == 1
    assert Match.objects.get(pk=match["id"]).version == 1


def test_a_retry_is_answered_even_when_its_if_match_is_now_stale(api: Any) -> None:
    match = start_match(api)
    deal = seep_deal(client_deal_id=str(uuid.uuid4()))
    post_deal(api, match["id"], deal, **{"If-Match": '"0"'})
    again = post_deal(api, match["id"], deal, **{"If-Match": '"0"'})
    assert again.status_code == 200 and again.json()["number"] == 1


def test_a_stale_if_match_gets_412_with_the_current_match_and_changes_nothing(api: Any) -> None:
    match = start_match(api)
    post_deal(api, match["id"], seep_deal())
    before = table_snapshot(match["id"])
    body = assert_error(post_deal(api, match["id"], seep_deal("S2"), **{"If-Match": '"0"'}), 412, "stale_version")
    assert body["extra"]["match"]["version"] == 1
    assert body["extra"]["match"]["state"]["running_lead"] == {"team": "A", "points": 24}
    assert table_snapshot(match["id"]) == before


def test_a_current_if_match_is_accepted(api: Any) -> None:
    match = start_match(api)
    assert post_deal(api, match["id"], seep_deal(), **{"If-Match": '"0"'}).status_code == 201
    assert post_deal(api, match["id"], seep_deal("S2"), **{"If-Match": 'W/"1"'}).status_code == 201


def test_a_malformed_if_match_is_refused(api: Any) -> None:
    match = start_match(api)
    assert_error(post_deal(api, match["id"], seep_deal(), **{"If-Match": "yesterday"}), 400, "invalid", "If-Match")


def test_a_dry_run_answers_the_would_be_deal_and_stores_nothing(api: Any) -> None:
    match = start_match(api)
    before = table_snapshot(match["id"])
    response = api.post(f"/api/v1/matches/{match['id']}/deals/?dry_run=true", seep_deal(), format="json")
    assert response.status_code == 200
    assert response.json()["result"]["running_lead"] == {"team": "A", "points": 24}
    assert response.json()["match"]["version"] == 1
    assert table_snapshot(match["id"]) == before


def test_a_refused_deal_leaves_every_row_as_it_was(api: Any) -> None:
    match = start_match(api)
    post_deal(api, match["id"], seep_deal())
    before = table_snapshot(match["id"])
    bad = seep_deal("S2", bid=12)
    bad["bid"]["bidder_hand"] = ["2H", "5C", "9D", "KS"]
    body = assert_error(post_deal(api, match["id"], bad), 400, "bid_card_not_in_hand", "bid.value")
    assert "queen" in body["detail"]
    assert table_snapshot(match["id"]) == before


@pytest.mark.parametrize(
    ("deal", "code", "field"),
    [
        ({"dealer": "S9"}, "dealer_unknown", "dealer"),
        ({"card_points": {"A": 60, "B": 45}}, "card_points_total_mismatch", "card_points"),
        ({"card_points": {"A": "sixty", "B": 40}}, "card_points_out_of_range", "card_points.A"),
        (
            {
                "sweeps": {
                    "A": {"regular": -1, "first_play": 0, "last_play": 0},
                    "B": {"regular": 0, "first_play": 0, "last_play": 0},
                }
            },
            "sweep_count_invalid",
            "sweeps.A.regular",
        ),
    ],
)
def test_rule_refusals_carry_the_rules_code_and_field(api: Any, deal: dict[str, Any], code: str, field: str) -> None:
    match = start_match(api)
    assert_error(post_deal(api, match["id"], {**seep_deal(), **deal}), 400, code, field)
    assert Deal.objects.count() == 0


@pytest.mark.parametrize("body", [[], "deal", 17, None])
def test_a_deal_that_is_not_an_object_is_refused(api: Any, body: Any) -> None:
    match = start_match(api)
    assert_error(api.post(f"/api/v1/matches/{match['id']}/deals/", body, format="json"), 400, "invalid")


@pytest.mark.parametrize("client_deal_id", ["abc", 5, 2**127, True])
def test_a_client_deal_id_that_is_not_a_uuid_string_is_refused(api: Any, client_deal_id: Any) -> None:
    match = start_match(api)
    response = post_deal(api, match["id"], seep_deal(client_deal_id=client_deal_id))
    assert_error(response, 400, "invalid", "client_deal_id")
    assert Deal.objects.filter(match_id=match["id"]).count() == 0


def test_an_unknown_dry_run_value_is_refused(api: Any) -> None:
    match = start_match(api)
    response = api.post(f"/api/v1/matches/{match['id']}/deals/?dry_run=maybe", seep_deal(), format="json")
    assert_error(response, 400, "invalid", "dry_run")


def test_deals_are_read_back_in_order(api: Any) -> None:
    match = start_match(api)
    for dealer in ("S1", "S2", "S2"):
        assert post_deal(api, match["id"], seep_deal(dealer, points_a=55)).status_code == 201
    listing = api.get(f"/api/v1/matches/{match['id']}/deals/").json()
    assert [deal["number"] for deal in listing["results"]] == [1, 2, 3]
    one = api.get(f"/api/v1/matches/{match['id']}/deals/2/")
    assert one.status_code == 200 and one.json()["result"]["running_lead"] == {"team": "A", "points": 20}
    assert_error(api.get(f"/api/v1/matches/{match['id']}/deals/9/"), 404, "not_found")


def test_a_finished_match_refuses_further_deals(api: Any) -> None:
    match = start_match(api, settings={"match_end": {"type": "first_to_baazis", "count": 1}})
    finishing = post_deal(api, match["id"], seep_deal(points_a=100)).json()
    assert finishing["result"]["baazi"] == {"winner": "A", "reason": "opponent_below_minimum"}
    state = api.get(f"/api/v1/matches/{match['id']}/").json()
    assert (state["status"], state["state"]["match_winner"]) == ("finished", "A")
    assert_error(post_deal(api, match["id"], seep_deal("S2")), 400, "match_already_finished")


def test_a_dry_run_answer_has_no_timestamps_and_the_schema_allows_that(api: Any) -> None:
    match = start_match(api)
    body = api.post(f"/api/v1/matches/{match['id']}/deals/?dry_run=true", seep_deal(), format="json").json()
    assert (body["recorded_at"], body["updated_at"]) == (None, None)
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    deal = schema["components"]["schemas"]["DealWithMatch"]["properties"]
    assert deal["recorded_at"].get("nullable") is True and deal["updated_at"].get("nullable") is True
