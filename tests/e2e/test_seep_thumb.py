"""Seep play by play built for the thumb (issue 27 point 5), in headless Chromium at 360x640.

The worked deal seep-p01 (48 plays) is entered as a scorer does it, in en, et, fa and hu: the dealer, the bid, play
by play, the four floor cards and the bidder's four, then one tap a play (the card; its likely move is recorded at
once), plus one tap on the move meant where the likely one is not it. Every tap lands on a control already between
the sticky bars, and the page never scrolls; the taps are counted against the budget of 70 and written to
var/table-figures.json ("seep_play_by_play"). Until every play is in, the save bar says what is left (never the
count's refusal); the floor is drawn as cards with their suits. axe-core finds nothing critical or serious in light
and dark, and at 200% text the grid's cards keep their rank and suit inside them. Screenshots go to var/screenshots/
(docs/screenshots with SCREENSHOT_DIR=docs/screenshots).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.axe import axe_violations
from tests.e2e.phone import ANDROID, DASH, FIGURES, NAMES, set_phone
from tests.e2e.steps import slow_progress_answers
from tests.e2e.table import Table, wait_until
from tests.examples import examples_for
from tests.support.browser import PASSWORD, ROOT, api_session, new_browser

pytestmark = pytest.mark.e2e

EXAMPLE = next(case for case in examples_for("seep") if case["id"] == "seep-p01")
P01 = EXAMPLE["deals"][0]
TAP_BUDGET = 70
LANGUAGES = ("en", "et", "fa", "hu")

# A control is on screen when its middle is inside the viewport and not under a sticky bar or the save bar.
ON_SCREEN = """
const el = arguments[0]; const r = el.getBoundingClientRect();
if (!r.width || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
return Boolean(hit) && (hit === el || el.contains(hit));
"""
# A grid card whose rank and suit do not fit inside it (at 200% text).
SPILLING_CARDS = """
return [...document.querySelectorAll('#card-grid button')].filter((b) => b.scrollWidth > b.clientWidth + 1
  || b.scrollHeight > b.clientHeight + 1).map((b) => b.dataset.card);
"""

WIDE_ONES = """
return [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right >
  document.documentElement.clientWidth + 0.5).slice(0, 5).map((el) => `${el.tagName}#${el.id}.${el.className}`);
"""


@pytest.fixture(scope="module")
def phone(live_app: dict[str, Any]) -> Iterator[Table]:
    driver = new_browser()
    table = Table(driver, live_app["base"])
    set_phone(table, ANDROID)
    table.sign_in("asha", PASSWORD)
    yield table
    driver.quit()


class Thumb:
    """Taps on what is on screen, counted; every scroll of the page counted too (there must be none)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.taps = 0
        self.scrolls = 0

    def _scroll_y(self) -> int:
        return int(self.table.driver.execute_script("return Math.round(window.scrollY);"))

    def tap(self, css: str) -> None:
        element = self.table.find(css)
        if not self.table.driver.execute_script(ON_SCREEN, element):
            self.table.driver.save_screenshot(str(ROOT / "var" / "e2e-not-on-screen.png"))
            raise AssertionError(f"{css} is not on screen after {self.taps} taps (var/e2e-not-on-screen.png)")
        before = self._scroll_y()
        element.click()
        self.taps += 1
        if self._scroll_y() != before:
            self.scrolls += 1


def same_play(entered: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """The play recorded is the one meant: the same action and house, and the same cards taken or built with."""
    if entered["action"] == "build" and wanted["action"] == "cement":
        wanted = {**wanted, "action": "build"}
    keys = ("action", "house")
    if any(entered.get(key) != wanted.get(key) for key in keys if key in wanted):
        return False
    for cards in ("takes", "with"):
        if cards in wanted and sorted(entered.get(cards, [])) != sorted(wanted[cards]):
            return False
    return True


def move_of(key: str) -> dict[str, Any]:
    """The page's name of a move ("build-11-AH-7S", "capture-3H", "raise-11", "throw") as a play's fields."""
    action, *rest = key.split("-")
    if action == "raise":
        return {"action": action, "house": int(rest[0])}
    if action == "build":
        return {"action": action, "house": int(rest[0]), "with": rest[1:]}
    if action == "capture":
        return {"action": action, "takes": rest}
    return {"action": action}


def answered(table: Table) -> None:
    """Wait for the service's answer about the plays entered so far (the grid is busy until it is in)."""
    wait_until(lambda: not table.driver.find_elements(By.CSS_SELECTOR, '#card-grid[aria-busy="true"]'), "answer")


def enter_play(thumb: Thumb, play: dict[str, Any]) -> None:
    """Tap the card (the page waits for the service's moves if they are not in yet), then the move meant."""
    table = thumb.table
    before = table.driver.find_elements(By.CSS_SELECTOR, "#plays-entered li")
    thumb.tap(f'#card-grid [data-card="{play["card"]}"]')
    wait_until(lambda: len(table.driver.find_elements(By.CSS_SELECTOR, "#plays-entered li")) == len(before) + 1, "it")
    answered(table)
    recorded = wait_until(lambda: table.find("#last-play .played").get_attribute("data-move"), "the move recorded")
    if same_play(move_of(recorded), play):
        return
    offered = wait_until(
        lambda: (
            [b.get_attribute("data-move") for b in table.driver.find_elements(By.CSS_SELECTOR, "#play-moves button")]
            or ["none"]
        ),
        "the moves offered",
    )
    meant = [key for key in offered if same_play(move_of(key), play)]
    assert meant, f"{play} is not among {recorded} and {offered}"
    thumb.tap(f'#play-moves [data-move="{meant[0]}"]')
    answered(table)
    wait_until(lambda: table.find("#last-play .played").get_attribute("data-move") == meant[0], "the move meant")


def check_axe(table: Table, state: str) -> None:
    for dark in (False, True):
        set_phone(table, ANDROID, dark=dark)
        serious = [
            f"{v['id']}: {[n['target'] for n in v['nodes']]}"
            for v in axe_violations(table.driver)
            if v["impact"] in ("critical", "serious")
        ]
        assert serious == [], f"{state} ({'dark' if dark else 'light'})"
    set_phone(table, ANDROID)


def save_figures(language: str, figures: dict[str, Any]) -> None:
    FIGURES.setdefault("seep_play_by_play", {})[language] = figures
    out = ROOT / "var" / "table-figures.json"
    out.parent.mkdir(exist_ok=True)
    known = json.loads(out.read_text()) if out.exists() else {}
    known.setdefault("seep_play_by_play", {})[language] = figures
    out.write_text(json.dumps(known, indent=2) + "\n")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_48_play_seep_deal_in_at_most_70_taps_and_no_scroll(
    phone: Table, live_app: dict[str, Any], screenshots: Path, language: str
) -> None:
    api = api_session(live_app, "asha")
    base = live_app["base"]
    match = api.post(f"{base}/api/v1/matches/", json={"game": "seep", "players": [{"name": n} for n in NAMES]}).json()
    phone.driver.add_cookie({"name": "django_language", "value": language})
    phone.open(f"/table/matches/{match['id']}/")
    wait_until(lambda: phone.driver.execute_script("return document.documentElement.lang;") == language, "language")
    phone.find("#deal-fields [data-name=dealer]")
    thumb = Thumb(phone)
    thumb.tap('[data-name="dealer"] button[data-value="S1"]')
    thumb.tap('[data-name="bid"] button[data-value="11"]')
    thumb.tap("#to-plays")
    phone.find("#plays-setup")
    for card in [*P01["floor"], *P01["bid"]["bidder_hand"]]:
        thumb.tap(f'#card-grid [data-card="{card}"]')
    # The floor as cards with their suits, the red ones red; the save bar says what is left, not a refusal.
    assert phone.text("#seep-floor").split() == ["A♥", "3♥", "K♠", "7♠"]
    reds = phone.driver.execute_script(
        "return [...document.querySelectorAll('#seep-floor .pc')].map((c) => getComputedStyle(c).color);"
    )
    assert reds[0] == reds[1] != reds[2] == reds[3]
    wait_until(lambda: "48" in phone.text("#preview"), "what is left")
    assert "refused" not in (phone.find("#preview").get_attribute("class") or "")
    plays, last_two = P01["plays"][:-2], P01["plays"][-2:]
    for number, play in enumerate(plays, start=1):
        enter_play(thumb, play)
        if number == 4:  # the floor the rules file shows after round 1: K♠, the house of 11, the cemented 12
            houses = phone.driver.find_elements(By.CSS_SELECTOR, "#seep-floor .house")
            assert [h.get_attribute("data-house-value") for h in houses] == ["11", "12"]
            assert "cemented" in (houses[1].get_attribute("class") or "")
            wait_until(lambda: "44" in phone.text("#preview"), "what is left")
            if language == "en":
                assert houses[0].get_attribute("aria-label") == "House of 11: 3♦ A♥ 7♠; owned by Bala"
                assert phone.text("#preview") == "44 plays still to enter."
            phone.screenshot(screenshots / f"seep-plays-thumb-{language}.png")
            check_axe(phone, f"play by play {language}")
    before = phone.deal_count()
    if language == "en":
        for play in last_two:
            enter_play(thumb, play)
        assert phone.driver.find_elements(By.CSS_SELECTOR, "#card-grid button:not([disabled])") == []
        # Every play in: the dry run of the whole deal, the server's preview (the referee's result).
        wait_until(lambda: phone.text("#preview").startswith("A 82 · B 68"), "the dry run of the deal")
        assert phone.text("#play-step") == "All 48 plays entered: save the deal."
    else:
        # The last two cards (throws, the one move each has) and Save tapped in a row while the answers come slowly:
        # the last card waits for the answer about the plays before it, and the save for the last card to be
        # recorded (it once sent 47 plays, refused).
        slow_progress_answers(phone, 800)
        for play in last_two:
            thumb.tap(f'#card-grid [data-card="{play["card"]}"]')
    thumb.tap("#save-deal")
    wait_until(lambda: phone.deal_count() == before + 1, "the deal saved")
    assert (thumb.taps, thumb.scrolls) <= (TAP_BUDGET, 0), (thumb.taps, thumb.scrolls)
    assert thumb.scrolls == 0
    save_figures(language, {"taps": thumb.taps, "scrolls": thumb.scrolls, "plays": len(P01["plays"])})
    deal = api.get(f"{base}/api/v1/matches/{match['id']}/deals/1/").json()
    want = EXAMPLE["expected"]["deals"][0]
    assert {key: deal["result"][key] for key in want} == want
    assert all(same_play(got, meant) for got, meant in zip(deal["input"]["plays"], P01["plays"], strict=True))
    if language != "en":
        return
    wait_until(lambda: phone.text("#deal-1 .what").startswith("Asha dealt"), "deal 1 listed")
    summary = f"Asha dealt, Bala bid 11 · play by play, sweep B play 23 · 82{DASH}68 · lead A +14"
    assert phone.text("#deal-1 .what") == summary
    # Correcting the deal opens it play by play, its 48 plays in and the floor of the end of the deal drawn.
    phone.correct(1, "checking the plays")
    assert phone.find("#plays-setup").text.startswith("Asha dealt, Bala bid 11")
    assert phone.text("#play-step") == "All 48 plays entered: save the deal."
    assert phone.text("#seep-floor").split() == ["K♣", "4♥", "6♣", "J♥", "7♣", "8♥", "3♠"]
    assert phone.find("#form-title").text.startswith("Correct")  # a correction keeps its title


def test_at_200_percent_text_every_grid_card_keeps_its_rank_and_suit_inside(
    phone: Table, live_app: dict[str, Any], screenshots: Path
) -> None:
    api = api_session(live_app, "asha")
    base = live_app["base"]
    match = api.post(f"{base}/api/v1/matches/", json={"game": "seep", "players": [{"name": n} for n in NAMES]}).json()
    phone.driver.add_cookie({"name": "django_language", "value": "en"})
    phone.driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    try:
        phone.open(f"/table/matches/{match['id']}/")
        phone.pick("dealer", "S1")
        phone.pick("bid", 11)
        phone.pick("mode", "plays")
        # A layout check, not a tap count: the cards are pressed by script, wherever the page has scrolled.
        for card in [*P01["floor"], *P01["bid"]["bidder_hand"], P01["plays"][0]["card"]]:
            answered(phone)  # the grid is drawn again when the service's answer comes: press the card drawn last
            phone.driver.execute_script("arguments[0].click();", phone.find(f'#card-grid [data-card="{card}"]'))
        wait_until(lambda: phone.driver.find_elements(By.CSS_SELECTOR, "#plays-entered li"), "play 1 recorded")
        answered(phone)
        assert phone.text("#seep-floor").split()[:3] == ["3♥", "K♠", "11"]
        assert phone.driver.execute_script(SPILLING_CARDS) == []
        wide = "return document.documentElement.scrollWidth > document.documentElement.clientWidth;"
        assert phone.driver.execute_script(wide) is False, phone.driver.execute_script(WIDE_ONES)
        phone.screenshot(screenshots / "seep-plays-thumb-200pct.png", scroll_to="#seep-floor")
    finally:
        phone.driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})


# The contrast ratio of a chart line's computed stroke against the plot's background (WCAG 1.4.11).
LINE_CONTRAST = """
const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
const lum = ([r, g, b]) => [r, g, b]
  .map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
  .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
const line = lum(rgb(getComputedStyle(document.querySelector('#chart svg polyline')).stroke));
const plot = lum(rgb(getComputedStyle(document.querySelector('#chart svg')).backgroundColor));
return (Math.max(line, plot) + 0.05) / (Math.min(line, plot) + 0.05);
"""
LONG_NAME = "مریم رضایی‌نژاد خراسانی"


def test_smaller_things_a_fold_marker_a_long_persian_name_whole_and_the_chart_line_in_dark_mode(
    phone: Table, live_app: dict[str, Any], screenshots: Path
) -> None:
    """Issue 27 point 8: folds show their marker; a long Persian name on the dealer's button wraps whole rather than
    being cut; the chart's line stands 3:1 or more against the plot in light and in dark mode."""
    api = api_session(live_app, "asha")
    base = live_app["base"]
    players = [{"name": name} for name in (LONG_NAME, "Bala", "Ravi", "Meena")]
    match = api.post(f"{base}/api/v1/matches/", json={"game": "seep", "players": players}).json()
    deal: dict[str, Any] = {"dealer": "S1", "bid": {"bidder": "S2", "value": 10}, "card_points": {"A": 62, "B": 38}}
    assert api.post(f"{base}/api/v1/matches/{match['id']}/deals/", json=deal).status_code == 201
    phone.driver.add_cookie({"name": "django_language", "value": "fa"})
    phone.open(f"/table/matches/{match['id']}/")
    wait_until(lambda: phone.driver.execute_script("return document.documentElement.lang;") == "fa", "language")
    button = phone.find('[data-name="dealer"] button[data-value="S1"]')
    cut = (
        "const b = arguments[0];"
        "return b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1 || b.innerText.includes('…');"
    )
    assert phone.driver.execute_script(cut, button) is False
    assert button.text.replace("\n", " ") == LONG_NAME
    marker = "return getComputedStyle(document.querySelector('#seep-more > summary'), '::before').content;"
    assert phone.driver.execute_script(marker) == '"◂"'  # right to left: pointing along the line
    phone.find("#chart svg polyline")
    for dark in (False, True):
        set_phone(phone, ANDROID, dark=dark)
        assert phone.driver.execute_script(LINE_CONTRAST) >= 3, "dark" if dark else "light"
    set_phone(phone, ANDROID)
    phone.driver.add_cookie({"name": "django_language", "value": "en"})


def test_recent_players_are_seated_with_one_tap_each(phone: Table, live_app: dict[str, Any]) -> None:
    """Issue 27: the new-match page offers the scorer's recent players; a tap seats one in the next empty place, its
    chip goes grey, and the match seats those players' own records (no new player of the same name)."""
    api = api_session(live_app, "asha")
    base = live_app["base"]
    api.post(f"{base}/api/v1/matches/", json={"game": "seep", "players": [{"name": n} for n in NAMES]})
    phone.driver.add_cookie({"name": "django_language", "value": "en"})
    phone.open("/table/new/")
    phone.pick("game", "seep")
    chips = {
        b.text: b.get_attribute("data-player")
        for b in phone.driver.find_elements(By.CSS_SELECTOR, "#recent-players button")
    }
    assert set(NAMES) <= set(chips)
    thumb = Thumb(phone)
    for name in NAMES:
        thumb.tap(f'#recent-players button[data-player="{chips[name]}"]')
    assert [phone.value(f"input[name=player-{i}]") for i in range(4)] == NAMES
    assert phone.driver.find_element(
        By.CSS_SELECTOR, f'#recent-players button[data-player="{chips["Asha"]}"]'
    ).get_attribute("disabled")
    check_axe(phone, "new match, recent players")
    phone.tap("#start")
    wait_until(lambda: "/table/matches/" in phone.driver.current_url, "the match page")
    match_id = int(phone.driver.current_url.rstrip("/").split("/")[-1])
    seats = api.get(f"{base}/api/v1/matches/{match_id}/").json()["seats"]
    assert [str(seat["player"]["id"]) for seat in seats] == [chips[name] for name in NAMES]
