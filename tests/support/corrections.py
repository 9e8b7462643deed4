"""Recording runs of deals and correcting one through the API, with the If-Match it needs."""

from __future__ import annotations

from typing import Any

from tests.api.helpers import post_deal
from tests.deals import seep_deal


def record(api: Any, match_id: int, deals: list[dict[str, Any]]) -> None:
    for deal in deals:
        response = post_deal(api, match_id, deal)
        assert response.status_code == 201, response.json()


def put(api: Any, match_id: int, number: int, deal: dict[str, Any], version: int | None, *, query: str = "") -> Any:
    headers = {} if version is None else {"If-Match": f'"{version}"'}
    return api.put(f"/api/v1/matches/{match_id}/deals/{number}/{query}", deal, format="json", headers=headers)


def alternating_deals(count: int) -> list[dict[str, Any]]:
    """Deals whose dealers follow the rotation: A and B take turns to lead by 10 and fall back to level."""
    deals, dealer = [], "S1"
    for index in range(count):
        points_a = 55 if index % 2 == 0 else 45
        deals.append(seep_deal(dealer, points_a=points_a))
        dealer = "S2" if index % 2 == 0 else dealer
    return deals
