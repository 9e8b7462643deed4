"""A club night driven through the API, as a director's phone drives it: the club, the event, the check-ins, the
rounds, and Bid Euchre deals played at each table from its first dealer on."""

from __future__ import annotations

import random
from typing import Any

from rest_framework.test import APIClient

SEATS = ("S1", "S2", "S3", "S4")


def make_club(api: APIClient) -> int:
    response = api.post("/api/v1/clubs/", {"name": "Thursday Euchre"}, format="json")
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


def make_event(api: APIClient, club: int, **changes: Any) -> dict[str, Any]:
    body = {
        "club": club,
        "name": "Progressive euchre",
        "game": "bid_euchre",
        "format": "progressive",
        "rounds_planned": 4,
        "round_length": "deals",
        "deals_per_round": 8,
        **changes,
    }
    response = api.post("/api/v1/events/", body, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


# A round robin of 56 of six in two sides: teams of three.
TEAMS_OF_THREE: dict[str, Any] = {
    "game": "fifty_six",
    "settings": {"players": 6, "team_layout": "two_sides"},
    "format": "round_robin",
    "rounds_planned": 1,
    "round_length": "match",
    "deals_per_round": None,
}


def night_of_eight(api: APIClient) -> int:
    """A progressive night (``make_event``'s) with eight names checked in: the event's id."""
    event = int(make_event(api, make_club(api))["id"])
    for number in range(1, 9):
        check_in(api, event, f"Player {number}")
    return event


def first_drawn_table(api: APIClient) -> dict[str, Any]:
    """Round 1's table 1 of ``night_of_eight`` (the house rules' defaults: no dealer order checked), as the round's
    answer gives it, with ``other``: the seat after its drawn first dealer."""
    table: dict[str, Any] = start_round(api, night_of_eight(api))["tables"][0]
    table["other"] = SEATS[(SEATS.index(table["first_dealer"]) + 1) % 4]
    return table


def check_in(api: APIClient, event: int, name: str) -> dict[str, Any]:
    response = api.post(f"/api/v1/events/{event}/entrants/", {"player": {"name": name}}, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def start_round(api: APIClient, event: int, **body: Any) -> dict[str, Any]:
    response = api.post(f"/api/v1/events/{event}/rounds/", body, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def euchre_deal(dealer: str, rng: random.Random) -> dict[str, Any]:
    """The seat on the dealer's left bids 3 in hearts, the others pass; the tricks fall as ``rng`` says."""
    first = SEATS[(SEATS.index(dealer) + 1) % 4]
    calls: list[dict[str, Any]] = [
        {"seat": SEATS[(SEATS.index(dealer) + step) % 4], "call": "pass"} for step in range(1, 5)
    ]
    calls[0] = {"seat": first, "call": "bid", "tricks": 3}
    bidders = "A" if first in ("S1", "S3") else "B"
    won = rng.randint(0, 6)
    tricks = {bidders: won, ("B" if bidders == "A" else "A"): 6 - won}
    return {"dealer": dealer, "auction": calls, "trump": "hearts", "tricks_won": tricks}


def play_deals(api: APIClient, table: dict[str, Any], count: int, rng: random.Random) -> int:
    """Play up to ``count`` deals at the table from its first dealer (fewer if its match ends); the deals played."""
    match = api.get(f"/api/v1/matches/{table['match']}/").json()
    dealer = match["state"]["next_dealer"] or table["first_dealer"]
    played = 0
    while played < count and match["status"] == "in_progress":
        response = api.post(f"/api/v1/matches/{table['match']}/deals/", euchre_deal(dealer, rng), format="json")
        assert response.status_code == 201, response.json()
        match = response.json()["match"]
        dealer = match["state"]["next_dealer"]
        played += 1
    return played


def all_deals(api: APIClient, match: int) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = []
    while True:
        page = api.get(f"/api/v1/matches/{match}/deals/", {"offset": len(deals)}).json()
        deals += page["results"]
        if len(deals) >= page["count"]:
            return deals
