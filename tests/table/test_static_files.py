"""Static files as production serves them (whitenoise's manifest storage): hashed names cached for good, gzipped
copies, pages naming the hashed files; and the first paint's board inline in the page."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings
from rest_framework.test import APIClient

from tests.api.helpers import post_deal, start_match
from tests.deals import seep_deal
from tests.support.static_files import collected_static_root

pytestmark = pytest.mark.django_db
FOR_GOOD = "max-age=315360000, public, immutable"


@pytest.fixture(scope="module")
def collected() -> Path:
    return collected_static_root()


@pytest.fixture
def manifest_storage(collected: Path) -> Iterator[dict[str, str]]:
    """The production storage over the collected files: a Client made inside builds whitenoise anew on them."""
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": "scorekeeper.storage.StaticFilesStorage"}}
    with override_settings(STATIC_ROOT=collected, STORAGES=storages):
        yield json.loads((collected / "staticfiles.json").read_text())["paths"]


def test_collectstatic_names_each_file_by_its_hash_and_keeps_a_gzipped_copy(collected: Path) -> None:
    paths = json.loads((collected / "staticfiles.json").read_text())["paths"]
    hashed = paths["table/table.css"]
    assert re.fullmatch(r"table/table\.[0-9a-f]{12}\.css", hashed)
    original = (Path(settings.BASE_DIR) / "table/static/table/table.css").read_bytes()
    assert gzip.decompress((collected / f"{hashed}.gz").read_bytes()) == original


def test_a_hashed_file_is_cached_for_good_and_sent_gzipped(manifest_storage: dict[str, str]) -> None:
    url = f"/static/{manifest_storage['table/table.css']}"
    zipped = Client().get(url, headers={"Accept-Encoding": "gzip, deflate"})
    assert (zipped.status_code, zipped["Cache-Control"], zipped["Content-Encoding"]) == (200, FOR_GOOD, "gzip")
    plain = Client().get(url)
    assert plain.status_code == 200
    assert "Content-Encoding" not in plain
    assert int(zipped["Content-Length"]) < int(plain["Content-Length"]) / 2


def test_the_plain_name_is_revalidated_not_cached_for_good(manifest_storage: dict[str, str]) -> None:
    response = Client().get("/static/table/table.css")
    assert response.status_code == 200
    assert response["Cache-Control"] == "max-age=60, public"


def test_pages_name_the_hashed_files(manifest_storage: dict[str, str]) -> None:
    page = Client().get("/table/login/").content.decode()
    assert f'href="/static/{manifest_storage["table/table.css"]}"' in page
    assert 'href="/static/table/table.css"' not in page


def board_data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="board-data">(.*?)</script>', page, re.DOTALL)
    assert found, "no board inline in the page"
    body: dict[str, Any] = json.loads(found.group(1))
    return body


def test_the_entry_page_carries_the_board_it_would_fetch_with_its_etag(api: APIClient, user: Any) -> None:
    match = start_match(api)
    post_deal(api, match["id"], seep_deal())
    browser = Client()
    browser.force_login(user)
    page = browser.get(f"/table/matches/{match['id']}/")
    fetched = api.get(f"/api/v1/matches/{match['id']}/board/")
    inline = board_data(page.content.decode())
    assert inline == {"etag": fetched["ETag"], "earlier": None, "board": fetched.json()}
    assert inline["etag"] == '"1.0"'


def test_the_inline_board_cannot_close_its_script_element(api: APIClient, user: Any) -> None:
    match = start_match(
        api,
        players=[
            {"name": "</script><script>alert(1)</script>"},
            {"name": "B & <b>"},
            {"name": "Ravi"},
            {"name": "Meena"},
        ],
    )
    browser = Client()
    browser.force_login(user)
    page = browser.get(f"/table/matches/{match['id']}/board/").content.decode()
    assert "</script><script>alert(1)" not in page
    names = [seat["player"]["name"] for seat in board_data(page)["board"]["match"]["seats"]]
    assert names[:2] == ["</script><script>alert(1)</script>", "B & <b>"]


@override_settings(BOARD_DEALS_WINDOW=2)
def test_a_long_board_inline_names_its_earlier_window(api: APIClient, user: Any) -> None:
    match = start_match(api)
    for dealer in ("S1", "S2", "S3"):
        post_deal(api, match["id"], seep_deal(dealer=dealer))
    browser = Client()
    browser.force_login(user)
    inline = board_data(browser.get(f"/table/matches/{match['id']}/").content.decode())
    assert [deal["number"] for deal in inline["board"]["deals"]] == [2, 3]
    assert inline["earlier"] == f"http://testserver/api/v1/matches/{match['id']}/board/?before=2"


def test_the_shared_board_page_inlines_the_public_board(api: APIClient) -> None:
    match = start_match(api)
    link = api.post(f"/api/v1/matches/{match['id']}/share/").json()
    page = Client().get(f"/table/s/{link['token']}/", headers={"Accept-Encoding": "gzip"})
    assert page["Content-Encoding"] == "gzip"
    inline = board_data(gzip.decompress(page.content).decode())
    assert inline["board"] == Client().get(link["board_url"]).json()


def test_the_collected_modules_import_each_other_by_their_hashed_names(collected: Path) -> None:
    paths = json.loads((collected / "staticfiles.json").read_text())["paths"]
    page = (collected / paths["table/js/pages/match.js"]).read_text()
    imports = re.findall(r'^import .*? from "([^"]+)";', page, re.MULTILINE)
    assert '"../outbox.' in page
    assert imports, page[:500]
    for name in imports:
        assert re.search(r"\.[0-9a-f]{12}\.js$", name), f"{name} is imported by its plain name"


def test_a_match_page_names_its_games_module_by_its_hashed_name(
    manifest_storage: dict[str, str], collected: Path, api: APIClient, user: Any
) -> None:
    """The page imports its game's module by the URL its config gives (games/index.js loadGame): the hashed one,
    which the service worker keeps, so the module loads offline too."""
    match = start_match(api, game="bid_euchre")
    browser = Client()
    browser.force_login(user)
    page = browser.get(f"/table/matches/{match['id']}/").content.decode()
    start = page.index('<script id="page-config" type="application/json">')
    config = json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])
    hashed = manifest_storage["table/js/games/bid_euchre.js"]
    assert config["game_module"] == f"/static/{hashed}"
    assert (collected / hashed).is_file()
