"""The admin shows matches with their deals and audit trail, and lets nobody edit a result there."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games.services.deals import deal_record
from games.services.matches import match_start
from tests.deals import seep_deal

pytestmark = pytest.mark.django_db


def test_a_match_page_lists_its_deals_and_audit_but_cannot_be_changed(client: Any) -> None:
    official = get_user_model().objects.create_superuser("official", "o@example.org", "pw")
    match = match_start(actor=official, game="seep", players=[{"name": f"P{n}"} for n in range(4)])
    deal_record(match_id=match.pk, actor=official, payload=seep_deal())
    client.force_login(official)
    page = client.get(f"/admin/games/match/{match.pk}/change/")
    assert page.status_code == 200
    assert b"deal.recorded" in page.content and b"running_lead" in page.content
    response = client.post(f"/admin/games/match/{match.pk}/change/", {"game": "poker"})
    assert response.status_code == 403
    assert client.get("/admin/games/player/").status_code == 200


def test_the_match_list_names_the_game_as_its_engine_does(client: Any) -> None:
    official = get_user_model().objects.create_superuser("official", "o@example.org", "pw")
    match_start(actor=official, game="fifty_six", players=[{"name": f"P{n}"} for n in range(4)])
    client.force_login(official)
    page = client.get("/admin/games/match/").content.decode()
    assert '<td class="field-game_name">56</td>' in page
