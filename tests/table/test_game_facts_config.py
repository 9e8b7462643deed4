"""The pages receive each game's facts in their config, as the engines answer them (none kept in the page)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.rules.registry import game_keys
from tests.api.helpers import start_match

pytestmark = pytest.mark.django_db
# The games whose facts are spelled out below: a game registered later is checked by the registry-built tests.
BUILT_IN = ("seep", "fifty_six", "bid_euchre", "contract_rummy", "twenty_eight")


@pytest.fixture
def browser(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_config(response: Any) -> dict[str, Any]:
    """The JSON blob the page's script reads (``<script id="page-config">``)."""
    page = response.content.decode()
    start = page.index('<script id="page-config" type="application/json">') + len(
        '<script id="page-config" type="application/json">'
    )
    body: dict[str, Any] = json.loads(page[start : page.index("</script>", start)])
    return body


def test_the_new_match_page_has_every_games_facts_by_key(browser: Client) -> None:
    config = page_config(browser.get("/table/new/"))
    facts = config["game_facts"]
    assert list(facts) == list(game_keys())  # the registry's games, in its order
    assert {
        key: (game["name"], game["player_counts"], game["default_player_count"], game["plays_in_teams"])
        for key, game in facts.items()
        if key in BUILT_IN
    } == {
        "seep": ("Seep", [4], 4, True),
        "fifty_six": ("56", [4, 6, 8], 4, True),
        "bid_euchre": ("Bid Euchre", [4], 4, True),
        "contract_rummy": ("Contract Rummy", [3, 4, 5, 6, 7, 8], 4, False),
        "twenty_eight": ("Twenty-Eight", [4], 4, True),
    }
    # Each rules file's direction: Seep and 56 pass to the right (counter-clockwise), the others to the left.
    assert {key: game["turn_direction"] for key, game in facts.items() if key in BUILT_IN} == {
        "seep": "counter_clockwise",
        "fifty_six": "counter_clockwise",
        "bid_euchre": "clockwise",
        "contract_rummy": "clockwise",
        "twenty_eight": "counter_clockwise",
    }
    assert facts["fifty_six"]["seats"]["6"] == ["S1", "S2", "S3", "S4", "S5", "S6"]
    assert facts["fifty_six"]["teams"]["6"] == {"T1": ["S1", "S4"], "T2": ["S2", "S5"], "T3": ["S3", "S6"]}
    assert facts["contract_rummy"]["teams"]["3"] is None
    assert facts["seep"]["settings"][4] == {
        "name": "baazi_lead",
        "label": "Baazi lead",
        "help": "The running lead that wins a baazi.",  # the page's hints name no rule-book code (the API's do)
        "type": "integer",
        "default": 100,
        "minimum": 1,
        "maximum": 10000,
        "read_only": False,
        "sent_back": True,
    }
    assert facts["seep"]["tiebreak_measures"] == [
        {"name": "baazi_difference", "better": "higher"},
        {"name": "running_lead", "better": "higher"},
    ]
    assert facts["bid_euchre"]["state_keys"] == [
        "scores",
        "tiebreak_deal_required",
        "next_dealer",
        "match_over",
        "match_winner",
    ]
    assert (facts["contract_rummy"]["defaults"]["4"]["decks"], facts["contract_rummy"]["defaults"]["5"]["decks"]) == (
        1,
        2,
    )


def test_the_start_page_offers_each_game_with_its_player_counts_and_default(browser: Client) -> None:
    config = page_config(browser.get("/table/new/"))
    assert {
        key: (game["player_counts"], game["default_player_count"]) for key, game in config["game_facts"].items()
    } == {
        "seep": ([4], 4),
        "fifty_six": ([4, 6, 8], 4),
        "bid_euchre": ([4], 4),
        "contract_rummy": ([3, 4, 5, 6, 7, 8], 4),
        "twenty_eight": ([4], 4),
    }


def test_a_match_and_its_boards_carry_the_facts_of_their_own_game_only(api: APIClient, browser: Client) -> None:
    match = start_match(api, game="fifty_six", players=6)
    for path in (f"/table/matches/{match['id']}/", f"/table/matches/{match['id']}/board/"):
        config = page_config(browser.get(path))
        assert (config["game_name"], list(config["game_facts"])) == ("56", ["fifty_six"]), path


def test_two_contract_rummy_players_are_a_count_the_two_players_rule_opens(browser: Client) -> None:
    facts = page_config(browser.get("/table/new/"))["game_facts"]
    rummy = facts["contract_rummy"]
    assert rummy["player_counts_under_settings"] == [{"count": 2, "settings": {"allow_two_players": True}}]
    assert (rummy["seats"]["2"], rummy["teams"]["2"], rummy["defaults"]["2"]["allow_two_players"]) == (
        ["S1", "S2"],
        None,
        True,
    )
    assert list(rummy["seats"]) == ["2", "3", "4", "5", "6", "7", "8"]
    assert facts["fifty_six"]["player_counts_under_settings"] == []


# What Seep's play-by-play entry lays out (seep.md §S.1, §S.7a.1), from the engine rather than the page.
SEEP_PLAY_FACTS = {
    "capture_values": {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13},
    "bid_values": [9, 10, 11, 12, 13],
    "house_values": [9, 10, 11, 12, 13],
    "floor_size": 4,
    "bidder_hand_size": 4,
    "plays_per_deal": 48,
}


def test_the_deal_forms_bounds_come_from_the_engines(browser: Client) -> None:
    """Issue 27: the page fills and bounds no input from a number of its own (Seep's 100, 56's bids 28 to 56)."""
    facts = page_config(browser.get("/table/new/"))["game_facts"]
    bounds = ("card_points_total", "bid_range")
    assert {
        key: {count: {name: entry[name] for name in bounds if name in entry} for count, entry in game["entry"].items()}
        for key, game in facts.items()
    } == {
        "seep": {"4": {"card_points_total": 100}},
        "fifty_six": {count: {"card_points_total": 56, "bid_range": [28, 56]} for count in ("4", "6", "8")},
        "bid_euchre": {"4": {}},
        "contract_rummy": {count: {} for count in ("2", "3", "4", "5", "6", "7", "8")},
        "twenty_eight": {"4": {"card_points_total": 28, "bid_range": [14, 28]}},
    }
    # The card orders trick entry guides by, and 56's card points and packs (tests/rules/test_trick_order_facts.py);
    # the auctions as data (tests/rules/test_auction_rules.py).
    assert {key: sorted(game["entry"][str(game["default_player_count"])]) for key, game in facts.items()} == {
        "seep": sorted(["card_points_total", *SEEP_PLAY_FACTS]),
        "fifty_six": [
            "auction",
            "bid_range",
            "card_points",
            "card_points_total",
            "forced_contract_points",
            "pack_ranks",
            "trick_orders",
            "usual_bids",
        ],
        "bid_euchre": ["auction", "pack_ranks", "partner_sits_out", "trick_orders", "tricks_per_deal"],
        "contract_rummy": [],
        "twenty_eight": [
            "auction",
            "bid_range",
            "card_points",
            "card_points_total",
            "pack_ranks",
            "trick_count",
            "trick_orders",
        ],
    }
    assert facts["seep"]["entry"]["4"] == {"card_points_total": 100, **SEEP_PLAY_FACTS}
