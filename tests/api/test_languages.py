"""The API in the players' languages (issue 18): the same refused deal answers the same code and field in every
language, with its detail in the language asked for (Accept-Language) or saved by the user, and says which one
(Content-Language, Vary: Accept-Language)."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import euchre_partners_best, fifty_six_made, rummy_deal, seep_deal
from tests.support.auth import client_for as client_for_user

pytestmark = pytest.mark.django_db

REFUSED = {
    # a bid of 12 (a queen) from a hand of J, 4, 2, 3: the table's most useful refusal
    "seep": (
        seep_deal(bid=11) | {"bid": {"bidder": "S2", "value": 12, "bidder_hand": ["JH", "4C", "2D", "3S"]}},
        "bid_card_not_in_hand",
        "bid.value",
    ),
    "fifty_six": ({**fifty_six_made(points=60), "bidding_team_card_points": 30}, "bid_out_of_range", "auction[0]"),
    "bid_euchre": (None, "bid_out_of_range", "auction[0]"),
    "contract_rummy": (rummy_deal({"S1": 0, "S2": 1, "S3": 10, "S4": 20}), "penalty_impossible", "penalty_points.S2"),
}


def _euchre_bid_of_two() -> dict[str, Any]:
    deal = euchre_partners_best("A")
    deal["auction"][0] = {**deal["auction"][0], "tricks": 2}
    return deal


def _refused(game: str) -> dict[str, Any]:
    deal = REFUSED[game][0]
    return _euchre_bid_of_two() if deal is None else deal


FSI, PDI = "\u2068", "\u2069"  # Persian isolates every Latin or numeric value: S2, 12


def _fa(text: str) -> str:
    """Persian expectations are written with [value] for an isolated value."""
    return text.replace("[", FSI).replace("]", PDI)


DETAILS = {
    "seep": {
        "en": "A bid of 12 needs a queen among the bidder's four cards; this hand allows a bid of 11.",
        "et": "Pakkumiseks 12 peab pakkuja nelja kaardi hulgas olema emand; selle käega võib pakkuda 11.",
        "fa": _fa(
            "برای پیشنهادِ [12]، پیشنهاددهنده باید در میان چهار کارتش یک بی‌بی داشته باشد؛ "
            "با این کارت‌ها می‌توان [11] پیشنهاد داد."  # noqa: RUF001
        ),
        "hu": "A 12 licithez a licitáló négy lapja között kell lennie egy dámának; ezzel a kézzel ez licitálható: 11.",
    },
    "fifty_six": {
        "en": "Bids run from 28 to 56 points; 60 is not possible.",
        "et": "Pakkumised on 28 kuni 56 punkti; 60 ei ole võimalik.",
        "fa": _fa("پیشنهادها از [28] تا [56] امتیاز هستند؛ [60] ممکن نیست."),
        "hu": "A licit 28 és 56 pont között lehet; 60 nem lehetséges.",
    },
    "bid_euchre": {
        "en": "The lowest bid is 3 tricks; bid 3, 4 or 5, partner's best, shoot the moon, or pass.",
        "et": "Väikseim pakkumine on 3 tihi; võib pakkuda 3, 4 või 5, partneri parimat või kuule laskmist või passida.",
        "fa": _fa(
            "کمترین پیشنهاد [3] دست است؛ می‌توانید [3]، [4] یا [5]، «بهترینِ یار» یا «شلیک به ماه» پیشنهاد بدهید یا "
            "پاس بدهید."
        ),
        "hu": "A legkisebb licit 3 ütés; lehet 3, 4 vagy 5 ütés, „partner legjobbja”, „holdra lövés” vagy passz.",
    },
    "contract_rummy": {
        "en": "S2 did not go out, so S2 still holds at least one card, worth 2 or more; a penalty of 1 cannot happen.",
        "et": "S2 ei lõpetanud, seega mängijal S2 on käes vähemalt üks kaart väärtusega 2 või rohkem; karistus 1 "
        "ei ole võimalik.",
        "fa": _fa("[S2] تمام نکرد، پس [S2] دست‌کم یک کارت با ارزش [2] یا بیشتر در دست دارد؛ امتیاز منفیِ [1] ممکن نیست."),
        "hu": "S2 nem ment ki, tehát S2 kezében legalább egy lap maradt, amely legalább 2 pontot ér; 1 büntetőpont "
        "nem lehetséges.",
    },
}


def _refuse(api: Any, game: str, **headers: str) -> Any:
    match = start_match(api, game=game)
    return post_deal(api, match["id"], _refused(game), **headers)


@pytest.mark.parametrize("game", list(REFUSED))
@pytest.mark.parametrize("language", ["en", "et", "fa", "hu"])
def test_a_refused_deal_answers_the_same_code_and_field_with_the_detail_in_the_language_asked_for(
    api: Any,
    game: str,
    language: str,
) -> None:
    _deal, code, field = REFUSED[game]
    response = _refuse(api, game, **{"Accept-Language": language})
    body = assert_error(response, 400, code, field)
    assert body["detail"] == DETAILS[game][language]
    assert body["errors"] == [{"code": code, "detail": DETAILS[game][language], "field": field}]
    assert response["Content-Language"] == language
    assert "Accept-Language" in response["Vary"]


@pytest.mark.parametrize("game", list(REFUSED))
def test_the_extra_facts_are_the_same_in_every_language(api: Any, game: str) -> None:
    extras = [_refuse(api, game, **{"Accept-Language": language}).json()["extra"] for language in ("en", "fa", "hu")]
    assert extras[0] == extras[1] == extras[2]


def test_without_accept_language_the_answer_is_english(api: Any) -> None:
    response = _refuse(api, "seep")
    assert response.json()["detail"] == DETAILS["seep"]["en"]
    assert response["Content-Language"] == "en"


def test_a_regional_variant_gets_its_language_and_an_unknown_language_english(api: Any) -> None:
    assert _refuse(api, "fifty_six", **{"Accept-Language": "hu-HU,hu;q=0.9"})["Content-Language"] == "hu"
    unknown = _refuse(api, "fifty_six", **{"Accept-Language": "ja"})
    assert (unknown["Content-Language"], unknown.json()["detail"]) == ("en", DETAILS["fifty_six"]["en"])


def test_a_users_saved_language_beats_the_header(api: Any) -> None:
    saved = api.patch("/api/v1/me/", {"language": "hu"}, format="json")
    assert saved.status_code == 200 and saved.json()["language"] == "hu"
    assert api.get("/api/v1/me/").json()["language"] == "hu"
    response = _refuse(api, "bid_euchre", **{"Accept-Language": "fa"})
    assert response.json()["detail"] == DETAILS["bid_euchre"]["hu"]
    assert response["Content-Language"] == "hu"


def test_clearing_the_saved_language_lets_the_header_decide_again(api: Any) -> None:
    api.patch("/api/v1/me/", {"language": "hu"}, format="json")
    cleared = api.patch("/api/v1/me/", {"language": ""}, format="json")
    assert cleared.json()["language"] == ""
    assert _refuse(api, "seep", **{"Accept-Language": "et"}).json()["detail"] == DETAILS["seep"]["et"]


def test_an_unknown_language_cannot_be_saved(api: Any) -> None:
    response = api.patch("/api/v1/me/", {"language": "de"}, format="json")
    assert_error(response, 400, "invalid", "language")
    assert api.get("/api/v1/me/").json()["language"] == ""


def test_a_session_users_saved_language_also_beats_the_header(user: Any) -> None:
    client = APIClient()
    client.force_login(user)
    assert client.patch("/api/v1/me/", {"language": "et"}, format="json").status_code == 200
    response = _refuse(client, "seep", **{"Accept-Language": "fa"})
    assert (response["Content-Language"], response.json()["detail"]) == ("et", DETAILS["seep"]["et"])


def test_the_language_cookie_set_by_setlang_chooses_the_language_before_signing_in(api: Any) -> None:
    answer = api.post("/i18n/setlang/", {"language": "fa", "next": "/table/"})
    assert answer.status_code == 302 and answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fa"
    response = _refuse(api, "fifty_six", **{"Accept-Language": "hu"})  # the cookie beats the header
    assert response.json()["detail"] == DETAILS["fifty_six"]["fa"]


def test_a_refusal_of_the_api_itself_is_translated_too(api: Any) -> None:
    response = api.get("/api/v1/nothing-here/", headers={"Accept-Language": "et"})
    assert_error(response, 404, "not_found")
    assert response.json()["detail"] == "Sellel aadressil ei ole midagi."


def test_saving_a_language_sets_the_pages_language_cookie_and_clearing_it_removes_it(api: Any) -> None:
    saved = api.patch("/api/v1/me/", {"language": "fa"}, format="json")
    assert saved.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fa"
    cleared = api.patch("/api/v1/me/", {"language": ""}, format="json")
    assert cleared.cookies[settings.LANGUAGE_COOKIE_NAME].value == ""  # an expired cookie


def test_the_saved_language_of_a_token_user_costs_no_query_of_its_own(
    user: Any, django_assert_num_queries: Any
) -> None:
    api = client_for_user(user)
    with django_assert_num_queries(3):  # the token with its user and saved language, then the view's two
        assert api.get("/api/v1/me/", headers={"Accept-Language": "et"})["Content-Language"] == "et"


def test_drfs_own_messages_come_in_the_language_asked_for(api: Any) -> None:
    response = api.patch("/api/v1/me/", {}, format="json", headers={"Accept-Language": "hu"})
    body = assert_error(response, 400, "invalid", "language")
    assert body["detail"] == "Ennek a mezőnek a megadása kötelező."  # DRF's catalogue: "This field is required."


def test_the_admin_speaks_the_language_asked_for(client: Any) -> None:
    page = client.get("/admin/login/", headers={"Accept-Language": "et"})
    assert page["Content-Language"] == "et"
    assert "<title>Sisene | Django administreerimisliides</title>" in page.content.decode()  # Django's catalogue


def test_a_correction_conflict_explains_itself_in_the_language_asked_for(api: Any) -> None:
    match = start_match(api, settings={"enforce_dealer_order": True})
    for deal in (seep_deal("S1", points_a=60), seep_deal("S2", points_a=55)):
        assert post_deal(api, match["id"], deal).status_code == 201
    response = api.put(
        f"/api/v1/matches/{match['id']}/deals/1/",
        {**seep_deal(points_a=40), "reason": "swap"},
        format="json",
        headers={"If-Match": '"2"', "Accept-Language": "et"},
    )
    body = assert_error(response, 409, "correction_conflicts")
    assert (body["extra"]["deal_number"], body["extra"]["rule_code"]) == (2, "dealer_out_of_turn")
    rule = "Võistkond A on taga, seega jagab S1 uuesti: nüüd jagab S1, mitte S2."
    assert body["extra"]["rule_detail"] == rule
    assert body["detail"] == (
        f"Jaotus 2 ei oleks pärast jaotuse 1 parandamist enam reeglipärane: {rule} Paranda või tühista enne jaotus 2."
    )


def test_an_unaffordable_56_call_of_issue_20_is_refused_in_the_language_asked_for(api: Any) -> None:
    # The calls the team may still make are words of the language too, while extra.legal keeps the API's English.
    match = start_match(api, "fifty_six", 4, settings={"calls_limited_by_tables": True, "starting_tables": 2})
    deal = {
        "dealer": "S1",
        "auction": [{"seat": "S2", "call": "bid", "points": 40, "trump": "clubs"}],
        "bidding_team_card_points": 42,
    }
    response = post_deal(api, match["id"], deal, **{"Accept-Language": "et"})
    body = assert_error(response, 400, "call_not_affordable", "auction[0]")
    assert body["detail"] == (
        "Võistkonnal B on 2 lauda; pakkumine 40 võib talle maksma minna 3 (vahemik 40-47), "
        "nii et võistkond B võib pakkuda 28 kuni 39 või passida."
    )
    assert (body["extra"]["legal"], body["extra"]["tables_held"], body["extra"]["could_cost"]) == (
        ["bid 28 to 39", "pass"],
        2,
        3,
    )
