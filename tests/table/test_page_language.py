"""Every page speaks the language of its reader (issue 18): ``<html lang dir>`` right to left for Persian, the page's
words from the catalogues (expected words read from them, never the English), the ES modules' catalogue inline in
the Persian page and none in the English one, and the language picker at the foot of every page, for an anonymous
visitor (the language cookie) and a signed-in user (their saved language, which beats the cookie and the header)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from tests.api.helpers import start_match
from tests.factories import UserFactory
from tests.support.page_language import script_catalogue, template_text

pytestmark = pytest.mark.django_db

DIRECTION = {"en": "ltr", "et": "ltr", "fa": "rtl", "hu": "ltr"}
CATALOGUE = re.compile(r'<script id="page-i18n" type="application/json">(.*?)</script>', re.DOTALL)
ARABIC_SCRIPT = re.compile(r"[\u0600-\u06ff]")
# What a Persian sentence keeps in Latin letters: its placeholders and the game words the glossary keeps Latin.
LATIN_IN_PERSIAN = re.compile(r"\{\w+\}|\b(?:baazi|noes)\b")


def _h1(page: str) -> str:
    found = re.findall(r"<h1[^>]*>(.*?)</h1>", page, re.DOTALL)
    assert len(found) == 1, found
    return html.unescape(found[0])


def _html_tag(page: str) -> str:
    found = re.search(r"<html[^>]*>", page)
    assert found, page[:200]
    return found.group(0)


@pytest.fixture
def match(api: APIClient) -> dict[str, Any]:
    return start_match(api)


@pytest.fixture
def pages(match: dict[str, Any], api: APIClient) -> dict[str, tuple[str, bool, str, dict[str, Any]]]:
    """Each page: (path, whether it needs the signed-in user, its heading's English, the heading's values)."""
    token = api.post(f"/api/v1/matches/{match['id']}/share/").json()["token"]
    board = ("%(game)s #%(number)s: scoreboard", {"number": match["id"]})  # the game's name: the page's own
    return {
        "login": ("/table/login/", False, "Sign in", {}),
        "home": ("/table/", True, "Your matches", {}),
        "new match": ("/table/new/", True, "Start a match", {}),
        "match": (f"/table/matches/{match['id']}/", True, "Record a deal", {}),
        "board": (f"/table/matches/{match['id']}/board/", True, *board),
        "shared board": (f"/table/s/{token}/", False, *board),
        "offline": ("/table/offline/", False, "No network", {}),
    }


def _client(user: Any, signed_in: bool) -> Client:
    client = Client()
    if signed_in:
        client.force_login(user)
    return client


PAGE_NAMES = ["login", "home", "new match", "match", "board", "shared board", "offline"]


@pytest.mark.parametrize("page", PAGE_NAMES)
@pytest.mark.parametrize("language", ["en", "et", "fa", "hu"])
def test_each_page_says_its_language_and_direction(user: Any, pages: dict[str, Any], page: str, language: str) -> None:
    path, signed_in, heading, values = pages[page]
    response = _client(user, signed_in).get(path, headers={"Accept-Language": language})
    assert response.status_code == 200
    assert response["Content-Language"] == language
    text = response.content.decode()
    if "game" in heading:
        values = {**values, "game": response.context["game_name"]}
    # the one minus of every number the page writes (i18n.js), the same in every language
    assert _html_tag(text) == f'<html lang="{language}" dir="{DIRECTION[language]}" data-minus="\u2212">'
    if language == "en":
        assert _h1(text) == heading % values
    else:
        assert _h1(text) == template_text(language, heading, **values)  # and not the English


@pytest.mark.parametrize("page", PAGE_NAMES)
def test_the_persian_page_carries_the_modules_catalogue_in_persian_and_the_english_page_none(
    user: Any,
    pages: dict[str, Any],
    page: str,
) -> None:
    path, signed_in, _heading, _values = pages[page]
    client = _client(user, signed_in)
    persian = client.get(path, headers={"Accept-Language": "fa"}).content.decode()
    found = CATALOGUE.findall(persian)
    assert len(found) == 1, "the Persian page carries one #page-i18n"
    carried = json.loads(found[0])
    assert carried == script_catalogue("fa") and len(carried) > 200  # every message the modules write
    values = [text for value in carried.values() for text in (value if isinstance(value, list) else [value])]
    english = [
        text
        for text in values
        if re.search(r"[A-Za-z]{3}", LATIN_IN_PERSIAN.sub("", text)) and not ARABIC_SCRIPT.search(text)
    ]
    assert english == [], "translations without a Persian word"
    assert 'id="page-i18n"' not in client.get(path, headers={"Accept-Language": "en"}).content.decode()


def test_the_inline_catalogue_keeps_its_letters_and_cannot_close_its_script_element(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from table import i18n

    i18n._catalogue_json.cache_clear()
    monkeypatch.setattr(i18n, "page_catalogue", lambda code: {"Save deal": "ذخیره</script><b>&"})
    try:
        written = i18n.page_language(None)  # type: ignore[arg-type]
    finally:
        i18n._catalogue_json.cache_clear()
    text = written["page_catalogue_json"]
    assert text == '{"Save deal": "ذخیره\\u003C/script\\u003E\\u003Cb\\u003E\\u0026"}'
    assert json.loads(text) == {"Save deal": "ذخیره</script><b>&"}


def test_the_picker_sets_the_language_cookie_of_an_anonymous_visitor() -> None:
    visitor = Client()
    picked = visitor.post("/i18n/setlang/", {"language": "hu", "next": "/table/login/"})
    assert (picked.status_code, picked["Location"]) == (302, "/table/login/")
    assert picked.cookies[settings.LANGUAGE_COOKIE_NAME].value == "hu"
    page = visitor.get("/table/login/", headers={"Accept-Language": "fa"})  # the cookie beats the header
    assert page["Content-Language"] == "hu"
    assert _h1(page.content.decode()) == template_text("hu", "Sign in")
    assert '<option value="hu" lang="hu" selected>' in page.content.decode()


def test_the_picker_saves_a_signed_in_users_language_which_beats_cookie_and_header(user: Any) -> None:
    phone = Client()
    phone.force_login(user)
    picked = phone.post("/i18n/setlang/", {"language": "fa", "next": "/table/"})
    assert (picked.status_code, picked["Location"]) == (302, "/table/")
    assert picked.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fa"
    assert phone.get("/api/v1/me/").json()["language"] == "fa"
    # Another browser of the same user, with an Estonian cookie and a Hungarian header: the saved Persian wins.
    other = Client()
    other.force_login(user)
    other.cookies[settings.LANGUAGE_COOKIE_NAME] = "et"
    page = other.get("/table/", headers={"Accept-Language": "hu"})
    expected = ("fa", '<html lang="fa" dir="rtl" data-minus="\u2212">')
    assert (page["Content-Language"], _html_tag(page.content.decode())) == expected
    assert _h1(page.content.decode()) == template_text("fa", "Your matches")
    # Someone else signed in on that browser has saved nothing: the cookie decides for them.
    other.force_login(UserFactory.create())
    assert other.get("/table/", headers={"Accept-Language": "hu"})["Content-Language"] == "et"


def test_the_picker_never_follows_a_next_to_another_host(user: Any) -> None:
    visitor = Client()
    for elsewhere in ("https://elsewhere.example/table/", "//elsewhere.example/", "/\\elsewhere.example"):
        picked = visitor.post("/i18n/setlang/", {"language": "fa", "next": elsewhere})
        assert (picked.status_code, picked["Location"]) == (302, "/"), elsewhere
        assert picked.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fa"


def test_the_picker_saves_no_language_that_is_not_offered(user: Any) -> None:
    phone = Client()
    phone.force_login(user)
    picked = phone.post("/i18n/setlang/", {"language": "de", "next": "/table/"})
    assert (picked.status_code, picked["Location"]) == (302, "/table/")
    assert phone.get("/api/v1/me/").json()["language"] == ""
    # Django's set_language writes a cookie for any language Django itself knows ("de"); the pages offer only ours.
    assert phone.get("/table/", headers={"Accept-Language": "de, hu;q=0.5"})["Content-Language"] == "hu"


def test_the_picker_refuses_a_get_a_forged_post_and_an_oversized_body_saving_nothing(user: Any) -> None:
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(user)
    assert phone.get("/i18n/setlang/").status_code == 405
    assert phone.post("/i18n/setlang/", {"language": "fa", "next": "/table/"}).status_code == 403  # no CSRF token
    phone = Client()
    phone.force_login(user)
    body = "language=fa&next=%2Ftable%2F&padding=" + "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    too_big = phone.post("/i18n/setlang/", data=body, content_type="application/x-www-form-urlencoded")
    assert (too_big.status_code, settings.LANGUAGE_COOKIE_NAME in too_big.cookies) == (400, False)
    assert phone.get("/api/v1/me/").json()["language"] == ""
