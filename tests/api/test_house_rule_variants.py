"""Issue 20's house rules through the API: every settings_conflict at match creation (and under a league's pinned
settings), and a deal of each new shape recorded and read back."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import League, Match, Player
from tests.api.helpers import assert_error, post_deal, start_match
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db

CONFLICTS = [
    ("bid_euchre", 4, {"extra_moon_calls": True, "bidding": "continuous"}, "settings.extra_moon_calls"),
    ("bid_euchre", 4, {"extra_moon_calls": True, "deck": "double_48"}, "settings.extra_moon_calls"),
    (
        "fifty_six",
        4,
        {"calls_limited_by_tables": True, "all_pass_rule": "first_speaker_must_bid"},
        "settings.calls_limited_by_tables",
    ),
    ("fifty_six", 4, {"redeal_hand_points_at_most": 14}, "settings.redeal_hand_points_at_most"),
    ("fifty_six", 6, {"redeal_hand_points_at_most": 9}, "settings.redeal_hand_points_at_most"),
    ("fifty_six", 8, {"redeal_hand_points_at_most": 7}, "settings.redeal_hand_points_at_most"),
    ("contract_rummy", 3, {"non_dealer_extra_card": True}, "settings.non_dealer_extra_card"),
    ("contract_rummy", 4, {"allow_two_players": True, "non_dealer_extra_card": True}, "settings.non_dealer_extra_card"),
]


def players(count: int) -> list[dict[str, str]]:
    return [{"name": f"P{n}"} for n in range(count)]


@pytest.mark.parametrize(("game", "count", "settings", "field"), CONFLICTS)
def test_a_combination_the_rules_refuse_is_settings_conflict_and_nothing_is_made(
    api: Any, game: str, count: int, settings: dict[str, Any], field: str
) -> None:
    response = api.post(
        "/api/v1/matches/", {"game": game, "players": players(count), "settings": settings}, format="json"
    )
    body = assert_error(response, 400, "settings_conflict", field)
    assert body["extra"]["setting"] == field.removeprefix("settings.")
    assert (Match.objects.count(), Player.objects.count()) == (0, 0)


@pytest.fixture
def club_people(make_client: Any) -> dict[str, Any]:
    club = ClubFactory.create()
    admin, scorer = (MembershipFactory.create(club=club, role=role).user for role in ("admin", "scorer"))
    return {"club": club, "admin": make_client(admin), "scorer": make_client(scorer)}


def test_a_league_pins_the_new_settings_and_a_match_may_not_make_them_conflict(club_people: Any) -> None:
    body = {
        "club": club_people["club"].pk,
        "name": "Cincinnati",
        "game": "bid_euchre",
        "settings": {"extra_moon_calls": True, "triple_moon_points": 30},
    }
    league = club_people["admin"].post("/api/v1/leagues/", body, format="json").json()
    match = start_match(club_people["scorer"], "bid_euchre", league=league["id"])
    assert (match["settings"]["extra_moon_calls"], match["settings"]["triple_moon_points"]) == (True, 30)
    refused = club_people["scorer"].post(
        "/api/v1/matches/",
        {
            "game": "bid_euchre",
            "players": players(4),
            "league": league["id"],
            "settings": {"bidding": "continuous"},
        },
        format="json",
    )
    assert_error(refused, 400, "settings_conflict", "settings.extra_moon_calls")
    changed = club_people["scorer"].post(
        "/api/v1/matches/",
        {
            "game": "bid_euchre",
            "players": players(4),
            "league": league["id"],
            "settings": {"extra_moon_calls": False},
        },
        format="json",
    )
    assert_error(changed, 400, "invalid", "settings.extra_moon_calls")


def test_a_league_whose_settings_conflict_is_refused(club_people: Any) -> None:
    body = {
        "club": club_people["club"].pk,
        "name": "Stakes",
        "game": "fifty_six",
        "settings": {"calls_limited_by_tables": True, "all_pass_rule": "first_speaker_must_bid"},
    }
    response = club_people["admin"].post("/api/v1/leagues/", body, format="json")
    assert_error(response, 400, "settings_conflict", "settings.calls_limited_by_tables")
    assert League.objects.count() == 0


def test_a_redeal_threshold_pinned_by_a_league_refuses_a_table_it_cannot_serve(club_people: Any) -> None:
    body = {
        "club": club_people["club"].pk,
        "name": "Weak hands",
        "game": "fifty_six",
        "settings": {"redeal_hand_points_at_most": 10},
    }
    league = club_people["admin"].post("/api/v1/leagues/", body, format="json").json()
    assert (
        start_match(club_people["scorer"], "fifty_six", league=league["id"])["settings"]["redeal_hand_points_at_most"]
        == 10
    )
    refused = club_people["scorer"].post(
        "/api/v1/matches/", {"game": "fifty_six", "players": players(6), "league": league["id"]}, format="json"
    )
    body = assert_error(refused, 400, "settings_conflict", "settings.redeal_hand_points_at_most")
    assert body["extra"] == {"setting": "redeal_hand_points_at_most", "conflicts_with": {"players": 6}, "maximum": 8}


# --- a deal of each new shape ---------------------------------------------------------------------------------------

WEAK = ["KS", "KS", "QS", "QS", "KH", "KH", "QH", "QH", "KD", "QD", "10C", "AC"]


def test_a_56_redeal_record_is_recorded_and_the_same_dealer_deals_next(api: Any) -> None:
    match = start_match(api, "fifty_six", 4, settings={"redeal_hand_points_at_most": 2})
    deal = {
        "dealer": "S1",
        "redeal": {"reason": "hand_at_or_below_threshold", "seat": "s3", "hand": [card.lower() for card in WEAK]},
    }
    response = post_deal(api, match["id"], deal)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["input"] == {
        "dealer": "S1",
        "redeal": {"reason": "hand_at_or_below_threshold", "seat": "S3", "hand": WEAK},
    }
    assert body["result"]["redeal"] == {"reason": "hand_at_or_below_threshold", "seat": "S3"}
    assert (body["match"]["state"]["next_dealer"], body["match"]["deals_count"]) == ("S1", 1)


def test_a_56_redeal_record_sent_with_an_auction_is_refused_on_the_auction(api: Any) -> None:
    match = start_match(api, "fifty_six", 4, settings={"redeal_hand_points_at_most": 2})
    deal = {
        "dealer": "S1",
        "auction": [],
        "redeal": {"reason": "hand_at_or_below_threshold", "seat": "S3", "hand": WEAK},
    }
    assert_error(post_deal(api, match["id"], deal), 400, "invalid", "auction")


def test_a_56_call_a_team_cannot_afford_is_refused_with_what_it_may_call(api: Any) -> None:
    match = start_match(api, "fifty_six", 4, settings={"calls_limited_by_tables": True, "starting_tables": 2})
    deal = {
        "dealer": "S1",
        "auction": [{"seat": "S2", "call": "bid", "points": 40, "trump": "clubs"}],
        "bidding_team_card_points": 42,
    }
    body = assert_error(post_deal(api, match["id"], deal), 400, "call_not_affordable", "auction[0]")
    assert body["extra"]["legal"] == ["bid 28 to 39", "pass"]


def test_a_56_redouble_out_of_turn_is_recorded(api: Any) -> None:
    match = start_match(api, "fifty_six", 4, settings={"redouble_out_of_turn": True})
    deal = {
        "dealer": "S1",
        "auction": [
            {"seat": "S2", "call": "bid", "points": 30, "trump": "hearts"},
            {"seat": "S3", "call": "double"},
            {"seat": "S4", "call": "pass"},
            {"seat": "S2", "call": "redouble"},
        ],
        "bidding_team_card_points": 33,
    }
    body = post_deal(api, match["id"], deal).json()
    assert body["result"]["tables_after"] == {"A": 8, "B": 16}


def test_a_bid_euchre_triple_moon_is_recorded_and_wins_the_match(api: Any) -> None:
    match = start_match(
        api, "bid_euchre", 4, settings={"extra_moon_calls": True, "renege_ends_deal": True, "renege_award": 2}
    )
    moons = {
        "dealer": "S4",
        "auction": [
            {"seat": "S1", "call": "partners_best"},
            {"seat": "S2", "call": "shoot_the_moon"},
            {"seat": "S3", "call": "triple_moon"},
            {"seat": "S4", "call": "pass"},
        ],
        "trump": "clubs",
        "tricks_won": {"A": 6, "B": 0},
    }
    first = post_deal(api, match["id"], moons).json()
    assert (first["result"]["contract"]["kind"], first["result"]["deal_points"]) == ("triple_moon", {"A": 32, "B": 0})
    assert first["result"]["match_winner"] == "A"


def test_a_bid_euchre_hand_ended_by_a_renege_needs_no_tricks(api: Any) -> None:
    match = start_match(
        api, "bid_euchre", 4, settings={"renege_ends_deal": True, "renege_award": 2, "allow_low_no_trump": True}
    )
    deal = {
        "dealer": "S4",
        "auction": [
            {"seat": "S1", "call": "bid", "tricks": 3},
            {"seat": "S2", "call": "pass"},
            {"seat": "S3", "call": "pass"},
            {"seat": "S4", "call": "pass"},
        ],
        "trump": "low_no_trumps",
        "reneges": [{"seat": "S2"}],
    }
    body = post_deal(api, match["id"], deal).json()
    assert body["input"]["trump"] == "low_no_trumps"
    assert {key: body["result"][key] for key in ("outcome", "made", "renege_penalties", "renege_awards")} == {
        "outcome": "ended_by_renege",
        "made": None,
        "renege_penalties": {"A": 0, "B": -2},
        "renege_awards": {"A": 2, "B": 0},
    }
    assert body["match"]["state"]["scores"] == {"A": 2, "B": -2}


def test_a_two_player_contract_rummy_match_records_its_deals(api: Any) -> None:
    match = start_match(api, "contract_rummy", 2, settings={"allow_two_players": True, "non_dealer_extra_card": True})
    assert [seat["seat"] for seat in match["seats"]] == ["S1", "S2"]
    deal = {"dealer": "S1", "went_out": "S2", "cards_left": {"S1": ["KS", "9H", "9D", "AC"], "S2": []}}
    body = post_deal(api, match["id"], deal).json()
    assert (body["result"]["penalties"], body["result"]["next_dealer"]) == ({"S1": 43, "S2": 0}, "S2")


def test_two_contract_rummy_players_without_the_setting_are_refused_on_players(api: Any) -> None:
    response = api.post(
        "/api/v1/matches/", {"game": "contract_rummy", "players": players(2), "settings": {"players": 2}}, format="json"
    )
    assert_error(response, 400, "player_count_out_of_range", "players")


def test_a_dry_run_of_the_auction_so_far_tells_a_page_whether_a_call_is_affordable(api: Any) -> None:
    match = start_match(api, "fifty_six", 4, settings={"calls_limited_by_tables": True, "starting_tables": 2})
    url = f"/api/v1/matches/{match['id']}/deals/?dry_run=true"

    def trying(points: int) -> Any:
        return api.post(
            url,
            {"dealer": "S1", "auction": [{"seat": "S2", "call": "bid", "points": points, "trump": "clubs"}]},
            format="json",
        )

    assert assert_error(trying(40), 400, "call_not_affordable", "auction[0]")["extra"]["could_cost"] == 3
    assert_error(trying(39), 400, "auction_incomplete", "auction")
    assert api.get(f"/api/v1/matches/{match['id']}/").json()["deals_count"] == 0
