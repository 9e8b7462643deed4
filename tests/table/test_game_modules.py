"""Each registered game's page module is found by its key (table/js/games/<key>.js), and the pages import the one
their config names: the page keeps no list of the games, and a registered game without its module fails here."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from games.rules.registry import game_keys
from table.views import GAME_MODULE
from tests.api.helpers import start_match

pytestmark = pytest.mark.django_db
GAMES_JS = Path(__file__).resolve().parents[2] / "table" / "static" / "table" / "js" / "games"


@pytest.mark.parametrize("game", game_keys())
def test_every_registered_game_has_its_page_module(game: str) -> None:
    found = finders.find(GAME_MODULE.format(key=game))
    assert found, f"{game} has no page module: add table/static/{GAME_MODULE.format(key=game)}"
    assert re.search(r"^export default \{[^}]*\bform\b[^}]*\bchart\b", Path(str(found)).read_text(), re.M)


@pytest.mark.parametrize("page", ["/table/matches/{id}/", "/table/matches/{id}/board/"])
def test_a_match_page_names_its_games_module_for_the_page_to_import(api: Any, user: Any, page: str) -> None:
    match = start_match(api, game="fifty_six")
    browser = Client()
    browser.force_login(user)
    response = browser.get(page.format(id=match["id"]))
    config = response.context["config"]
    assert (config["game"], config["game_module"]) == ("fifty_six", "/static/table/js/games/fifty_six.js")
    # fetched beside the page's own module, not after it
    assert '<link rel="modulepreload" href="/static/table/js/games/fifty_six.js">' in response.content.decode()


def test_the_page_keeps_no_list_of_the_games() -> None:
    """games/index.js loads a game's module by the URL the page is given; it names no game."""
    index = (GAMES_JS / "index.js").read_text()
    assert [key for key in game_keys() if key in index] == []
    assert sorted(path.stem for path in GAMES_JS.glob("*.js") if path.stem != "index") == sorted(game_keys())
