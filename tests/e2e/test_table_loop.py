"""The scorer's loop on one phone screen (issue 17), for every game, in headless Chromium at 360x640.

For each deal: every tap lands on a control already on screen (nothing scrolls between the first input and Save),
the headline and whose deal it is stay on screen, the taps are counted against the budget, the preview is the
server's own dry run, and after Save the saved toast offers an Undo that voids the deal. Every page state is
checked with axe-core 4.14 (0 critical or serious violations) and for controls smaller than 44x44 CSS px. Screenshots
of each game's entry, preview and board at 360x640 and 390x844, light and dark, go to var/screenshots/ (to
docs/screenshots/ with SCREENSHOT_DIR=docs/screenshots). The figures (taps, axe counts, page weight) are written to
var/table-figures.json.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.phone import (
    ANDROID,
    DASH,
    FIGURES,
    IPHONE,
    MINUS,
    NAMES,
    SIX,
    TIMES,
    check_page,
    phone_browser,
    set_phone,
)
from tests.e2e.table import Table, assert_labels_readable, wait_until
from tests.support.browser import PASSWORD, ROOT

pytestmark = pytest.mark.e2e

TAP_BUDGET = {"seep": 4, "fifty_six": 8, "bid_euchre": 6, "contract_rummy": 4 + 1}

# A control is on screen when its middle is inside the viewport and not under the sticky bar or the save bar.
ON_SCREEN = """
const el = arguments[0]; const r = el.getBoundingClientRect();
if (!r.width || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
return Boolean(hit) && (hit === el || el.contains(hit));
"""
SIDEWAYS = "return document.documentElement.scrollWidth > document.documentElement.clientWidth;"
PAGE_WEIGHT = """
const nav = performance.getEntriesByType('navigation')[0];
const files = performance.getEntriesByType('resource');
return {transfer: nav.transferSize + files.reduce((n, f) => n + f.transferSize, 0),
        decoded: nav.decodedBodySize + files.reduce((n, f) => n + f.decodedBodySize, 0), files: files.length + 1};
"""


@pytest.fixture(scope="module")
def phone(live_app: dict[str, Any]) -> Iterator[Table]:
    with phone_browser(live_app["base"]) as table:
        yield table
    out = ROOT / "var" / "table-figures.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(FIGURES, indent=2) + "\n")


@pytest.fixture(autouse=True)
def signed_in(phone: Table) -> None:
    """Each test starts signed in as the scorer, whichever of this module's tests ran before it in this browser (with
    ``pytest -n`` and no ``--dist loadfile`` the sign-in test may run on another worker)."""
    if not phone.driver.get_cookie("sessionid"):
        phone.sign_in("asha", PASSWORD)


def seating_sides(table: Table) -> dict[str, str]:
    """Where each seat sits in the seating picture seen from S1 at the bottom: left, right or top (opposite)."""
    places = table.driver.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#seating svg g[data-seat]')].map((g) => {"
        " const r = g.getBoundingClientRect(); return [g.dataset.seat, [r.left + r.width / 2, r.top + r.height / 2]];"
        " }));"
    )
    x1, top = places["S1"][0], min(y for _, y in places.values())
    return {
        seat: "top" if abs(x - x1) < 1 and y == top else "right" if x > x1 else "left"
        for seat, (x, y) in places.items()
        if seat != "S1"
    }


def no_sideways_scroll_at_320(table: Table) -> None:
    set_phone(table, (320, 640))
    try:
        wide = table.driver.execute_script(
            "return [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right >"
            " document.documentElement.clientWidth + 0.5).slice(0, 5)"
            ".map((el) => `${el.tagName}#${el.id}.${el.className}`);"
        )
        assert table.driver.execute_script(SIDEWAYS) is False, wide
    finally:
        set_phone(table, ANDROID)


class Deal:
    """One deal entered as a scorer does it: taps on what is on screen, counted; no scrolling on the way."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.taps = 0
        self.table.find("#deal-fields [data-field=dealer]")
        self.scrolled = self._scroll()
        assert self.scrolled == 0
        self._headline_on_screen()

    def _scroll(self) -> int:
        return int(self.table.driver.execute_script("return Math.round(window.scrollY);"))

    def _on_screen(self, css: str) -> Any:
        element = self.table.find(css)
        if not self.table.driver.execute_script(ON_SCREEN, element):
            self.table.driver.save_screenshot(str(ROOT / "var" / "e2e-not-on-screen.png"))
            raise AssertionError(f"{css} is not on screen (var/e2e-not-on-screen.png)")
        return element

    def _headline_on_screen(self) -> None:
        # The strip's score: its headline, or where the headline is the scores (56's tables) the scores by name.
        score = "#scores" if self.table.driver.find_elements(By.CSS_SELECTOR, "#headline.in-scores") else "#headline"
        for css in (score, "#next-dealer"):
            assert self.table.driver.execute_script(ON_SCREEN, self.table.find(css)), f"{css} scrolled away"

    def tap(self, css: str) -> None:
        self.table._again(lambda: self._on_screen(css).click())
        self.taps += 1

    def type(self, css: str, text: Any) -> None:
        element = self._on_screen(css)
        element.click()
        element.send_keys(str(text))
        self.taps += 1

    def save(self, preview: str, number: int) -> None:
        try:
            wait_until(lambda: self.table.text("#preview") == preview, f"the preview {preview!r}")
        except AssertionError as error:
            raise AssertionError(f"{error}; it says {self.table.text('#preview')!r}") from None
        self._headline_on_screen()
        before = self.table.deal_count()
        self.tap("#save-deal")
        wait_until(lambda: self.table.text("#toast") == f"Deal {number} saved.", f"the saved toast of deal {number}")
        wait_until(lambda: self.table.deal_count() == before + 1, f"deal {number} on the board")
        assert self._on_screen("#undo-deal").text == f"Undo deal {number}"
        assert self._scroll() == self.scrolled, "the page scrolled during the deal"
        self._headline_on_screen()


def record(table: Table, game: str, number: int, preview: str, steps: list[tuple[str, str, Any]]) -> int:
    deal = Deal(table)
    for action, css, value in steps:
        if action == "tap":
            deal.tap(css)
        else:
            deal.type(css, value)
    deal.save(preview, number)
    FIGURES["taps"].setdefault(game, []).append(deal.taps)
    assert deal.taps <= TAP_BUDGET[game]
    return deal.taps


def undo(table: Table, number: int, headline: str) -> None:
    """The saved toast's Undo voids the deal (with a reason, in the audit log) and the score goes back."""
    button = table.find("#undo-deal")
    assert table.driver.execute_script(ON_SCREEN, button), "Undo is not on screen"
    button.click()
    wait_until(lambda: table.text("#toast") == f"Deal {number} undone (voided).", "the undo")
    wait_until(lambda: "voided" in table.text(f"#deal-{number} .top"), f"deal {number} listed as voided")
    wait_until(lambda: table.headline() == headline, f"the headline back to {headline!r}")


def screenshots_of(table: Table, directory: Path, name: str) -> None:
    for label, size in (("360x640", ANDROID), ("390x844", IPHONE)):
        for scheme in ("light", "dark"):
            set_phone(table, size, dark=scheme == "dark", scale=1)  # CSS pixels: small files for the README
            table.screenshot(directory / f"{name}-{label}-{scheme}.png")
    set_phone(table, ANDROID)


def start(table: Table, game: str, names: list[str], count: int | None = None) -> int:
    match_id = table.start_match(game, names, count)
    check_page(table, f"entry {game}")
    no_sideways_scroll_at_320(table)
    return match_id


def board_states(table: Table, match_id: int, game: str, screenshots: Path) -> None:
    table.open(f"/table/matches/{match_id}/board/")
    table.find("#headline")
    table.find("#chart svg")
    assert_labels_readable(table.driver, "#chart svg")  # a baazi just won: its label and its guide's at one corner
    check_page(table, f"board {game}")
    no_sideways_scroll_at_320(table)
    screenshots_of(table, screenshots, f"{game}-board")
    table.open(f"/table/matches/{match_id}/")


def test_sign_in_home_and_new_match(phone: Table) -> None:
    phone.driver.delete_all_cookies()  # the sign-in page as a newcomer sees it
    phone.open("/table/login/")
    phone.find("#login-form")
    check_page(phone, "sign in")
    phone.sign_in("asha", PASSWORD)
    phone.find("#new-match")
    check_page(phone, "home")
    phone.open("/table/new/")
    phone.pick("game", "fifty_six")
    phone.pick("count", 6)
    phone.tap("#rules-box > summary")
    phone.find("#rules select[name=all_pass_rule]")
    # House rules in words with their explanation and default; match end as controls; no JSON on the page.
    assert '{"' not in phone.text("#rules") and '":' not in phone.text("#rules")
    options = phone.driver.execute_script(
        "return [...document.querySelectorAll('#rules option, #rules .rule > p:not(.hint)')]"
        ".map((o) => o.textContent).join(' | ');"
    )
    assert "_" not in options and "{" not in options
    assert phone.text('[data-field="settings.double_mode"] .hint') == (
        "A double multiplies the tables by 2 and a redouble by 4 (multiply), or adds 1 and 2 (add). "
        f"Default: Multiply ({TIMES}2, {TIMES}4)."
    )
    # The seating picture: six names round the table, teams of two sitting opposite.
    for index, name in enumerate(SIX):
        phone.type(f"input[name=player-{index}]", name)
    assert phone.find("#seating svg").get_attribute("aria-label") == (
        "The table: Asha (T1); Bala (T2); Ravi (T3); Meena (T1); Kiran (T2); Dev (T3)"
    )
    # 56 passes to the right (counter-clockwise): Bala sits on Asha's right, Dev on her left, Meena opposite.
    assert seating_sides(phone) == {"S2": "right", "S3": "right", "S4": "top", "S5": "left", "S6": "left"}
    check_page(phone, "new match, house rules open")
    # Eight round the table: four teams of two, every name apart from its neighbours.
    phone.pick("count", 8)
    for index, name in enumerate([*SIX, "Lata", "Om"]):
        phone.type(f"input[name=player-{index}]", name)
    boxes = phone.driver.execute_script(
        "return [...document.querySelectorAll('#seating svg rect')].map((r) => r.getBoundingClientRect())"
        ".map((r) => [r.left, r.top, r.right, r.bottom]);"
    )
    assert len(boxes) == 8
    assert not any(
        a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3] for i, a in enumerate(boxes) for b in boxes[i + 1 :]
    ), "two names overlap"
    phone.pick("game", "bid_euchre")  # Bid Euchre goes to the left (clockwise): the next seat on the left
    assert seating_sides(phone) == {"S2": "left", "S3": "top", "S4": "right"}
    phone.pick("game", "seep")  # Seep to the right, like 56
    assert seating_sides(phone) == {"S2": "right", "S3": "top", "S4": "left"}
    if phone.find("#rules-box").get_attribute("open") is None:
        phone.tap("#rules-box > summary")
    assert phone.text('[data-field="settings.match_end"] .hint').endswith("Default: Open: play as long as you like.")
    no_sideways_scroll_at_320(phone)


def test_seep_loop(phone: Table, screenshots: Path) -> None:
    start(phone, "seep", NAMES)
    assert phone.text("#next-dealer") == "Anyone deals first"
    plain = [("tap", '[data-name="bid"] button[data-value="10"]', None), ("type", "input[name=card_points_A]", 62)]
    record(phone, "seep", 1, "A 62 · B 38 · lead A 24 · Bala deals next", plain)
    assert phone.headline() == "Asha & Ravi lead by 24"
    assert phone.text("#next-dealer") == "Bala deals"
    undo(phone, 1, "Level")
    record(phone, "seep", 2, "A 62 · B 38 · lead A 24 · Bala deals next", plain)
    assert phone.chosen("dealer") == "S2"
    # The next deal begun, Undo goes: it would undo deal 2, not the deal now on screen (issue 27 point 8).
    phone.pick("bid", 9)
    wait_until(lambda: not phone.driver.find_element(By.ID, "undo-deal").is_displayed(), "Undo gone")
    assert phone.text("#form-title") == "Record deal 3"  # the voided deal 1 keeps its number

    # A refusal stays beside its field, keeping what was typed.
    phone.pick("bid", 9)
    phone.type("input[name=card_points_A]", 120)
    phone.save()
    wait_until(lambda: phone.driver.find_elements("css selector", "#deal-form .err"), "the refusal")
    assert phone.value("input[name=card_points_A]") == "120"
    check_page(phone, "refusal")

    phone.type("input[name=card_points_A]", 30)
    wait_until(lambda: phone.text("#preview") == "A 30 · B 70 · lead B 16 · Ravi deals next", "the preview")
    assert phone.driver.find_elements("css selector", "#deal-form .err") == []  # the refusal went with the change
    screenshots_of(phone, screenshots, "seep-preview")
    phone.tap("#save-deal")
    wait_until(lambda: phone.text("#toast") == "Deal 3 saved.", "deal 3")

    # A correction: its own colour and title naming the deal, a reason, the dry run of what it changes.
    phone.correct(2, "Team A had 70")
    assert "correcting" in (phone.find("#entry").get_attribute("class") or "")
    assert phone.text("#correction-note").startswith("You are changing deal 2 (dealt by Asha).")
    phone.type("input[name=card_points_A]", 70)
    phone.tap("#preview details.dry-run > summary")  # the later deals fold under the match before and after
    wait_until(lambda: "later deal" in phone.text("#preview"), "the correction's preview")
    check_page(phone, "correction")
    phone.save_correction(2)
    screenshots_of(phone, screenshots, "seep-entry")

    # A void asks for its reason in the correction's colour, with the dry run of what it changes.
    phone.tap('#deal-2 [data-action="void"]')
    wait_until(lambda: "Match now" in phone.text("#void-preview-2"), "the void's dry run")
    phone.tap("#void-preview-2 details.dry-run > summary")  # the later deals fold under the match before and after
    assert phone.text("#void-preview-2") == (
        "Match now: level · Baazis A 0, Baazis B 0; after the change: lead B 40 · Baazis A 0, Baazis B 0\n"
        "1 later deal changes:\ndeal 3: level → lead B 40"
    )
    phone.tap('#deal-2 [data-action="send"]')
    assert phone.refusal("reason") == "Write the reason for the change: it is required."  # the page's words
    check_page(phone, "void")

    # A baazi (team B under 9 points) is marked on the chart, between the dashed lines at +-100.
    phone.open(f"/table/matches/{phone_match_id(phone)}/")
    deal = Deal(phone)
    deal.tap('[data-name="bid"] button[data-value="9"]')
    deal.type("input[name=card_points_A]", 100)
    deal.save("A 100 · B 0 · baazi to A (under 9) · Meena deals next", 4)
    # Deal 1 voided (its Undo): the game line counts 3 deals of the 4 numbered, beside "Record deal 5" (point 8).
    game_line = "return document.querySelector('#board .game-line').textContent;"
    assert phone.driver.execute_script(game_line).endswith(" · 3 deals counted of 4")
    labels = [el.text for el in phone.driver.find_elements("css selector", "#chart svg text")]
    assert "baazi A" in labels and "baazi A +100" in labels and f"baazi B {MINUS}100" in labels
    board_states(phone, phone_match_id(phone), "seep", screenshots)


def phone_match_id(table: Table) -> int:
    return int(table.driver.current_url.rstrip("/").split("/")[-1])


def test_fifty_six_with_six_players_loop(phone: Table, screenshots: Path) -> None:
    match_id = start(phone, "fifty_six", SIX, 6)
    steps = [
        ("tap", '[data-chip="30"]', None),
        ("tap", '[data-name="bid_trump"] button[data-value="spades"]', None),
        ("tap", '#auction-controls [data-call="bid"]', None),
        ("tap", '#auction-controls [data-call="rest-pass"]', None),
        ("type", "input[name=bidding_team_card_points]", 32),
    ]
    record(phone, "fifty_six", 1, "T2 made 30 spades · T3→T2 1 table · T1→T2 1 table · Bala deals next", steps)
    undo(phone, 1, "T1 12 · T2 12 · T3 12")
    record(phone, "fifty_six", 2, "T2 made 30 spades · T3→T2 1 table · T1→T2 1 table · Bala deals next", steps)
    assert phone.headline() == "T1 11 · T2 14 · T3 11"
    screenshots_of(phone, screenshots, "fifty_six-entry")
    phone.tap('[data-chip="30"]')
    phone.tap('[data-name="bid_trump"] button[data-value="hearts"]')
    phone.call("bid")
    phone.call("rest-pass")
    phone.type("input[name=bidding_team_card_points]", 20)
    wait_until(lambda: phone.text("#preview").startswith("T3 failed 30 hearts"), "the preview of a failed bid")
    # The seating picture marks the dealer and the bidder the form names.
    seating = phone.driver.find_element("css selector", "#seating-box svg").get_attribute("aria-label")
    assert "Bala (T2): deals" in seating and "Ravi (T3): bids" in seating
    screenshots_of(phone, screenshots, "fifty_six-preview")
    board_states(phone, match_id, "fifty_six", screenshots)


def test_bid_euchre_loop(phone: Table, screenshots: Path) -> None:
    match_id = start(phone, "bid_euchre", NAMES)
    # Team A's tricks, 0 to 6, on one row at 360 px (each chip 44x44 or more: check_page counts small controls).
    chips = phone.driver.execute_script(
        "return [...document.querySelectorAll('[data-field=tricks_won] [data-chip]')]"
        ".map((b) => [b.dataset.chip, Math.round(b.getBoundingClientRect().top)]);"
    )
    assert [chip for chip, _ in chips] == ["0", "1", "2", "3", "4", "5", "6"]
    assert len({top for _, top in chips}) == 1, chips
    steps = [
        ("tap", '#auction-controls [data-call="bid-3"]', None),
        ("tap", '#auction-controls [data-call="rest-pass"]', None),
        ("tap", '[data-name="trump"] button[data-value="hearts"]', None),
        ("tap", '[data-chip="2"]', None),
    ]
    record(phone, "bid_euchre", 1, "B made it · A +2, B +4 → A 2, B 4 · Bala deals next", steps)
    undo(phone, 1, f"0 {DASH} 0")
    record(phone, "bid_euchre", 2, "B made it · A +2, B +4 → A 2, B 4 · Bala deals next", steps)
    screenshots_of(phone, screenshots, "bid_euchre-entry")
    phone.call("bid-4")
    phone.call("rest-pass")
    phone.pick("trump", "spades")
    phone.tap('[data-chip="1"]')
    wait_until(lambda: phone.text("#preview").startswith("A set"), "the preview of a set")
    screenshots_of(phone, screenshots, "bid_euchre-preview")
    board_states(phone, match_id, "bid_euchre", screenshots)


def test_contract_rummy_loop(phone: Table, screenshots: Path) -> None:
    match_id = start(phone, "contract_rummy", NAMES)
    steps = [
        ("tap", '[data-name="went_out"] button[data-value="S1"]', None),
        ("type", "input[name=penalty_S2]", 25),
        ("type", "input[name=penalty_S3]", 30),
        ("type", "input[name=penalty_S4]", 12),
    ]
    preview = "Asha out · Bala +25 · Ravi +30 · Meena +12 · Bala deals next"
    record(phone, "contract_rummy", 1, preview, steps)
    undo(phone, 1, "All level on 0")
    record(phone, "contract_rummy", 2, preview, steps)
    assert phone.text("#scores") == "Asha\n0\nMeena\n12\nBala\n25\nRavi\n30"
    screenshots_of(phone, screenshots, "contract_rummy-entry")
    phone.pick("went_out", "S3")
    phone.type("input[name=penalty_S1]", 40)
    phone.type("input[name=penalty_S2]", 5)
    phone.type("input[name=penalty_S4]", 15)
    wait_until(lambda: phone.text("#preview").startswith("Ravi out"), "the preview")
    screenshots_of(phone, screenshots, "contract_rummy-preview")
    board_states(phone, match_id, "contract_rummy", screenshots)


def test_shared_board_disputes_and_page_weight(phone: Table, live_app: dict[str, Any]) -> None:
    match_id = phone.start_match("seep", NAMES)
    phone.driver.get(phone.share_link(match_id))
    phone.find("#headline")
    check_page(phone, "shared board")
    phone.open("/table/disputes/")
    phone.find("#disputes")
    check_page(phone, "disputes")
    # Page weight of the entry page: a first visit (nothing cached) and a repeat visit.
    phone.driver.execute_cdp_cmd("Network.enable", {})
    phone.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    phone.open(f"/table/matches/{match_id}/")
    phone.find("#headline")
    FIGURES["page_weight"]["first_visit"] = phone.driver.execute_script(PAGE_WEIGHT)
    phone.open(f"/table/matches/{match_id}/")
    phone.find("#headline")
    FIGURES["page_weight"]["repeat_visit"] = phone.driver.execute_script(PAGE_WEIGHT)
