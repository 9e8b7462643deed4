"""Seep through the API: correcting an under-9 baazi into an ordinary deal recomputes what follows it."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Deal
from tests.api.helpers import post_deal, start_match
from tests.deals import seep_deal

pytestmark = pytest.mark.django_db


def test_correcting_an_under_nine_baazi_into_an_ordinary_deal_recomputes_margin_baazis_and_dealers(
    api: Any,
) -> None:
    match = start_match(api)
    deals = [
        seep_deal("S1", points_a=60),
        seep_deal("S2", points_a=95),
        seep_deal("S4", points_a=55),
        seep_deal("S4", points_a=80),
    ]
    results = [post_deal(api, match["id"], deal).json()["result"] for deal in deals]
    assert results[1]["baazi"] == {"winner": "A", "reason": "opponent_below_minimum"}
    assert [r["running_lead"] for r in results] == [
        {"team": "A", "points": 20},
        {"team": None, "points": 0},
        {"team": "A", "points": 10},
        {"team": "A", "points": 70},
    ]
    assert [r["next_dealer"] for r in results] == ["S2", "S4", "S4", "S4"]

    corrected = {**seep_deal("S2", points_a=60), "reason": "B's sweep was missed"}
    preview = api.put(
        f"/api/v1/matches/{match['id']}/deals/2/?dry_run=true", corrected, format="json", headers={"If-Match": '"4"'}
    ).json()
    assert preview["deal"]["result_after"]["baazi"] is None
    assert preview["deal"]["result_after"]["running_lead"] == {"team": "A", "points": 40}
    assert preview["deal"]["result_after"]["next_dealer"] == "S2"  # B is behind: its dealer deals again
    assert [
        (c["deal_number"], c["after"]["running_lead"], c["after"]["baazi"], c["after"]["next_dealer"])
        for c in preview["changed_deals"]
    ] == [
        (3, {"team": "A", "points": 50}, None, "S4"),
        (4, {"team": None, "points": 0}, {"winner": "A", "reason": "lead_reached"}, "S2"),
    ]
    assert preview["state"]["before"]["baazis_won"] == {"A": 1, "B": 0}
    assert preview["state"]["after"]["baazis_won"] == {"A": 1, "B": 0}
    assert preview["state"]["after"]["running_lead"] == {"team": None, "points": 0}
    assert Deal.objects.get(match_id=match["id"], number=2).result == results[1]

    applied = api.put(f"/api/v1/matches/{match['id']}/deals/2/", corrected, format="json", headers={"If-Match": '"4"'})
    assert applied.status_code == 200
    stored = [Deal.objects.get(match_id=match["id"], number=n).result for n in (2, 3, 4)]
    assert stored == [preview["deal"]["result_after"], *(c["after"] for c in preview["changed_deals"])]
