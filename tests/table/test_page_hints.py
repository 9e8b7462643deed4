"""The house rules' hints on the pages carry no rule-book codes (issue 27 point 8): "(§E.2, E-A19)" is the rules
files' bookkeeping, kept in the API's facts, left out of what a scorer reads, in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

CODE = re.compile(r"§|\b[A-Z]{1,2}-A\d")


@pytest.mark.parametrize("language", ["en", "et", "fa", "hu"])
def test_the_new_match_pages_hints_name_no_rule_book_section(user: Any, language: str) -> None:
    browser = Client()
    browser.force_login(user)
    browser.cookies["django_language"] = language
    facts = browser.get("/table/new/").context["config"]["game_facts"]
    words = [row.get(key, "") for game in facts.values() for row in game["settings"] for key in ("label", "help")]
    assert [text for text in words if isinstance(text, str) and CODE.search(text)] == []
    renege = next(row for row in facts["bid_euchre"]["settings"] if row["name"] == "renege_penalty")
    if language == "en":
        assert renege["help"] == "Points a team loses per renege."


def test_the_api_keeps_the_references_for_readers_of_the_rules_files(api: Any) -> None:
    games = api.get("/api/v1/games/").json()
    rows = games["results"] if isinstance(games, dict) else games
    helps = [row.get("help", "") for game in rows for row in game["settings"]]
    assert any("§E.2" in text for text in helps if isinstance(text, str))
