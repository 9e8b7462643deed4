"""Seep deals entered play by play through the API (seep.md §S.7a): posted, refused on the play, dry runs,
corrections that replay the later deals, and the deal read back."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.models import Deal, Match
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal
from tests.examples import examples_for
from tests.support.referee_docs import doc_blocks
from tests.support.referee_seep import P03, simulated, terse

pytestmark = pytest.mark.django_db

EXAMPLE = next(case for case in examples_for("seep") if case["id"] == "seep-p01")
P01 = EXAMPLE["deals"][0]
P01_RESULT = EXAMPLE["expected"]["deals"][0]


def test_seep_p01_posted_with_its_plays_answers_the_worked_result_and_stores_the_plays(api: Any) -> None:
    match = start_match(api)
    response = post_deal(api, match["id"], P01)
    body = response.json()
    assert response.status_code == 201, body
    assert {key: body["result"][key] for key in P01_RESULT} == P01_RESULT
    assert body["input"]["plays"] == P01["plays"]
    assert body["input"]["floor"] == P01["floor"]
    assert body["match"]["state"]["running_lead"] == {"team": "A", "points": 14}
    stored = Deal.objects.get(match_id=match["id"], number=1)
    assert (stored.input, stored.result) == (body["input"], body["result"])
    assert api.get(f"/api/v1/matches/{match['id']}/deals/1/").json()["input"]["plays"] == P01["plays"]


def test_a_terse_entry_is_stored_with_every_seat_and_what_was_inferred(api: Any) -> None:
    match = start_match(api)
    body = post_deal(api, match["id"], terse(P01, keep_houses=(9,))).json()
    assert body["input"]["plays"] == P01["plays"]
    assert {key: body["result"][key] for key in P01_RESULT} == P01_RESULT


def refused_at_play_18() -> dict[str, Any]:
    """A simulated legal deal whose 18th play captures loose cards, changed to take none of them."""
    sim = next(
        sim
        for sim in simulated(300)
        if sim.payload["plays"][17]["action"] == "capture" and sim.payload["plays"][17]["takes"]
    )
    payload = copy.deepcopy(sim.payload)
    payload["plays"][17]["takes"] = []
    return payload


def test_an_illegal_play_is_refused_with_its_code_and_the_path_of_the_play_and_nothing_is_stored(api: Any) -> None:
    match = start_match(api)
    body = assert_error(post_deal(api, match["id"], refused_at_play_18()), 400, "capture_incomplete", "plays[17].takes")
    assert body["detail"].startswith("A capture with ")
    assert body["extra"]["cards"]
    assert Match.objects.get(pk=match["id"]).deals_count == 0
    assert not Deal.objects.filter(match_id=match["id"]).exists()


def test_plays_without_the_bidders_hand_are_refused_on_that_field(api: Any) -> None:
    match = start_match(api)
    payload = copy.deepcopy(P01)
    del payload["bid"]["bidder_hand"]
    assert_error(post_deal(api, match["id"], payload), 400, "bidder_hand_required", "bid.bidder_hand")


def test_totals_sent_with_the_plays_must_agree(api: Any) -> None:
    match = start_match(api)
    body = assert_error(
        post_deal(api, match["id"], {**P01, "card_points": {"A": 80, "B": 20}}),
        400,
        "plays_totals_mismatch",
        "card_points",
    )
    assert body["extra"] == {"from_plays": {"A": 82, "B": 18}}


def test_a_dry_run_answers_the_refereed_result_and_stores_nothing(api: Any) -> None:
    match = start_match(api)
    response = api.post(f"/api/v1/matches/{match['id']}/deals/?dry_run=true", P03, format="json")
    body = response.json()
    assert response.status_code == 200, body
    assert body["result"]["sweeps_found"] == [
        {"play": 15, "seat": "S1", "team": "A", "kind": "regular"},
        {"play": 48, "seat": "S2", "team": "B", "kind": "last_play"},
    ]
    assert body["result"]["team_scores"] == {"A": 83, "B": 67}
    assert Match.objects.get(pk=match["id"]).version == 0


def test_correcting_a_totals_deal_into_its_plays_replays_the_later_deals(api: Any) -> None:
    match = start_match(api)
    post_deal(api, match["id"], seep_deal("S1", points_a=62, bid=11))  # A +24: S2 deals next
    second = post_deal(api, match["id"], seep_deal("S2", points_a=50, bid=11)).json()
    assert second["result"]["running_lead"] == {"team": "A", "points": 24}
    corrected = {**P01, "reason": "entered play by play from the score sheet"}
    preview = api.put(
        f"/api/v1/matches/{match['id']}/deals/1/?dry_run=true", corrected, format="json", headers={"If-Match": '"2"'}
    ).json()
    assert preview["deal"]["result_after"]["plays_checked"] == 48
    assert preview["deal"]["result_after"]["running_lead"] == {"team": "A", "points": 14}
    assert [(c["deal_number"], c["after"]["running_lead"]) for c in preview["changed_deals"]] == [
        (2, {"team": "A", "points": 14})
    ]
    applied = api.put(f"/api/v1/matches/{match['id']}/deals/1/", corrected, format="json", headers={"If-Match": '"2"'})
    assert applied.status_code == 200, applied.json()
    assert applied.json()["input"]["plays"] == P01["plays"]
    assert Deal.objects.get(match_id=match["id"], number=2).result["running_lead"] == {"team": "A", "points": 14}
    assert Match.objects.get(pk=match["id"]).state["running_lead"] == {"team": "A", "points": 14}


def test_a_correction_with_an_illegal_play_is_refused_on_the_play_and_changes_nothing(api: Any) -> None:
    match = start_match(api)
    post_deal(api, match["id"], seep_deal("S1"))
    before = Deal.objects.get(match_id=match["id"], number=1).input
    payload = {**refused_at_play_18(), "reason": "plays"}
    response = api.put(f"/api/v1/matches/{match['id']}/deals/1/", payload, format="json", headers={"If-Match": '"1"'})
    assert_error(response, 400, "capture_incomplete", "plays[17].takes")
    assert Deal.objects.get(match_id=match["id"], number=1).input == before


def test_a_match_shows_the_play_level_settings_and_takes_them_from_the_start(api: Any) -> None:
    match = start_match(api, settings={"capture_must_take_all_sets": False, "loose_sets_join_house": "compulsory"})
    assert {
        name: match["settings"][name]
        for name in (
            "capture_must_take_all_sets",
            "owner_may_throw_loose",
            "house_only_sweep_counts",
            "loose_sets_join_house",
        )
    } == {
        "capture_must_take_all_sets": False,
        "owner_may_throw_loose": True,
        "house_only_sweep_counts": True,
        "loose_sets_join_house": "compulsory",
    }
    assert_error(
        api.post(
            "/api/v1/matches/",
            {"game": "seep", "players": [{"name": n} for n in "ABCD"], "settings": {"owner_may_throw_loose": "no"}},
            format="json",
        ),
        400,
        "invalid",
        "settings.owner_may_throw_loose",
    )


def test_the_documented_seep_example_is_what_the_service_answers(api: Any) -> None:
    blocks = doc_blocks()
    match = start_match(api)
    response = post_deal(api, match["id"], blocks["request seep"])
    assert response.status_code == 201, response.json()
    assert response.json()["result"] == blocks["result seep"]
