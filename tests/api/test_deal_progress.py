"""POST /api/v1/matches/{id}/deals/progress/: a deal part way through its plays or tricks, as the engine's referee
sees it (Seep's floor and moves, the trick games' winners and tally); read-only, refused in the one error shape."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.models import Deal, Match
from tests.api.helpers import assert_error, post_deal, start_match
from tests.examples import examples_for
from tests.support.environment import SUITE_RATES
from tests.support.referee_fifty_six import FOUR

pytestmark = pytest.mark.django_db

P01 = next(case for case in examples_for("seep") if case["id"] == "seep-p01")["deals"][0]
FIFTY_SIX_AUCTION = [{"seat": "S2", "call": "bid", "points": 28, "trump": "hearts"}] + [
    {"seat": seat, "call": "pass"} for seat in ("S3", "S4", "S1")
]


def progress(client: APIClient, match_id: int, body: Any, query: str = "") -> Any:
    return client.post(f"/api/v1/matches/{match_id}/deals/progress/{query}", body, format="json")


def seep_so_far(count: int) -> dict[str, Any]:
    return {key: P01[key] for key in ("dealer", "bid", "floor")} | {"plays": P01["plays"][:count]}


def test_seep_after_ten_plays_answers_the_floor_the_seat_and_the_moves_of_each_card(api: APIClient) -> None:
    match = start_match(api)
    response = progress(api, match["id"], seep_so_far(10))
    body = response.json()
    assert response.status_code == 200, body
    assert (body["game"], body["kind"], body["plays_entered"], body["plays_left"], body["seat"]) == (
        "seep",
        "plays",
        10,
        38,
        "S4",
    )
    assert body["floor"] == {
        "loose": ["4S", "AD", "8S"],
        "houses": [
            {"value": 13, "cards": ["KH", "KS", "3D", "AH", "7S", "2D"], "owners": ["S4", "S3"], "cemented": True}
        ],
    }
    assert body["sweeps"] == []
    assert body["plays"][9] == {"seat": "S3", "card": "2D", "action": "raise", "house": 11}
    assert body["moves"]["AS"] == [
        {
            "play": {"card": "AS", "action": "capture", "takes": ["AD"]},
            "house_taken": None,
            "house_after": None,
            "new_house": False,
        },
        {
            "play": {"card": "AS", "action": "build", "with": ["8S"], "house": 9},
            "house_taken": None,
            "house_after": 9,
            "new_house": True,
        },
        {
            "play": {"card": "AS", "action": "build", "with": ["AD", "8S"], "house": 10},
            "house_taken": None,
            "house_after": 10,
            "new_house": True,
        },
        {
            "play": {"card": "AS", "action": "build", "with": ["4S", "8S"], "house": 13},
            "house_taken": None,
            "house_after": 13,
            "new_house": False,
        },
    ]
    # The bidder's first four cards are his: S4 may hold none of JH, 5H, 6D (3D is played).
    assert {"JH", "5H", "6D", "3D", "AS"} & set(body["moves"]) == {"AS"}
    assert len(body["moves"]) == 52 - 4 - 10 - 3


def test_seep_after_the_sweep_of_play_23_reports_it(api: APIClient) -> None:
    match = start_match(api)
    body = progress(api, match["id"], seep_so_far(23)).json()
    assert body["sweeps"] == [{"play": 23, "seat": "S4", "team": "B", "kind": "regular"}]
    assert body["floor"] == {"loose": [], "houses": []}
    assert body["moves"]["4C"] == [
        {"play": {"card": "4C", "action": "throw"}, "house_taken": None, "house_after": None, "new_house": False}
    ]


def test_56_after_two_tricks_and_a_half_answers_the_winners_and_the_tally(api: APIClient) -> None:
    match = start_match(api, game="fifty_six")
    tricks = [*FOUR[:2], FOUR[2][:2]]
    body = progress(api, match["id"], {"dealer": "S1", "auction": FIFTY_SIX_AUCTION, "tricks": tricks}).json()
    assert body == {
        "game": "fifty_six",
        "kind": "tricks",
        "tricks": [
            {"number": 1, "leader": "S2", "winner": "S2", "cards": FOUR[0], "card_points": 9},
            {"number": 2, "leader": "S2", "winner": "S3", "cards": FOUR[1], "card_points": 3},
        ],
        "leader": "S3",
        "to_play": "S1",
        "tricks_by_team": {"A": 1, "B": 1},
        "card_points_by_team": {"A": 3, "B": 9},
    }


def test_56_with_every_trick_tallies_the_56_card_points(api: APIClient) -> None:
    match = start_match(api, game="fifty_six")
    body = progress(api, match["id"], {"dealer": "S1", "auction": FIFTY_SIX_AUCTION, "tricks": FOUR}).json()
    assert (body["card_points_by_team"], body["leader"], body["to_play"]) == ({"A": 25, "B": 31}, None, None)


def test_an_illegal_play_is_refused_with_the_referees_code_and_field(api: APIClient) -> None:
    match = start_match(api)
    body = seep_so_far(2)
    body["plays"][1] = {"card": "QH", "action": "capture"}
    assert_error(progress(api, match["id"], body), 400, "nothing_to_capture", "plays[1].action")


def test_a_short_trick_before_the_last_is_refused(api: APIClient) -> None:
    match = start_match(api, game="fifty_six")
    tricks = [FOUR[0][:3], FOUR[1]]
    body = {"dealer": "S1", "auction": FIFTY_SIX_AUCTION, "tricks": tricks}
    assert_error(progress(api, match["id"], body), 400, "trick_count_invalid", "tricks[0]")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ("not a deal", None),
        ({**seep_so_far(0), "plays": "3D"}, "plays"),
        ({**seep_so_far(0), "card_points": {"A": 50, "B": 50}}, "card_points"),
        ({**seep_so_far(0), "floor": ["AH", "3H", "KS"]}, "floor"),
    ],
)
def test_a_bad_payload_is_400_with_a_code_and_its_field(api: APIClient, body: Any, field: str | None) -> None:
    match = start_match(api)
    response = progress(api, match["id"], body)
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field
    assert response.json()["code"] in ("invalid", "floor_size_invalid")


def test_a_bad_before_deal_is_400_on_that_field(api: APIClient) -> None:
    match = start_match(api)
    assert_error(progress(api, match["id"], seep_so_far(1), "?before_deal=x"), 400, "invalid", "before_deal")


def test_a_correction_reads_the_deal_in_the_state_it_was_played_in(api: APIClient) -> None:
    match = start_match(api, game="fifty_six")
    post_deal(api, match["id"], {"dealer": "S1", "auction": FIFTY_SIX_AUCTION, "bidding_team_card_points": 20})
    body = {"dealer": "S1", "auction": FIFTY_SIX_AUCTION, "tricks": FOUR[:1]}
    answer = progress(api, match["id"], body, "?before_deal=1").json()
    assert answer["card_points_by_team"] == {"A": 0, "B": 9}


def test_a_game_without_play_by_play_answers_404_in_the_error_shape(api: APIClient) -> None:
    match = start_match(api, game="contract_rummy", players=3)
    body = assert_error(progress(api, match["id"], {}), 404, "not_found", None)
    assert body["detail"] == "Contract Rummy deals are not entered play by play or trick by trick."


def test_anonymous_is_401(api: APIClient) -> None:
    match = start_match(api)
    assert_error(progress(APIClient(), match["id"], seep_so_far(1)), 401, "not_authenticated")


def test_an_outsider_gets_404_and_no_match_is_404(api: APIClient, make_client: Any) -> None:
    match = start_match(api)
    assert_error(progress(make_client(), match["id"], seep_so_far(1)), 404, "not_found")
    assert_error(progress(api, 999_999, seep_so_far(1)), 404, "not_found")


def test_it_counts_against_the_dry_runs_rate_not_the_writes(api: APIClient, settings: Any) -> None:
    settings.API_RATES = {**SUITE_RATES, "dry_run": "2/min", "write": "100/min"}
    match = start_match(api)
    assert [progress(api, match["id"], seep_so_far(k)).status_code for k in (1, 2)] == [200, 200]
    assert_error(progress(api, match["id"], seep_so_far(3)), 429, "throttled", None)
    assert post_deal(api, match["id"], {**seep_so_far(0), "plays": P01["plays"]}).status_code == 201


def test_it_reads_in_two_statements_and_writes_nothing(api: APIClient) -> None:
    match = start_match(api)
    before = Match.objects.get(pk=match["id"])
    with CaptureQueriesContext(connection) as seen:
        response = progress(api, match["id"], seep_so_far(30))
    assert response.status_code == 200, response.json()
    statements = [query["sql"] for query in seen.captured_queries]
    assert all(sql.lstrip().upper().startswith("SELECT") for sql in statements), statements
    assert len(statements) == 2, statements  # the token with its user, then the match (its creator may record)
    after = Match.objects.get(pk=match["id"])
    assert (after.version, after.state, after.deals_count) == (before.version, before.state, before.deals_count)
    assert not Deal.objects.filter(match_id=match["id"]).exists()
