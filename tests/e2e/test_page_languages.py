"""The pages speak Persian (right to left) and Hungarian (issue 18 "What it must show"), in headless Chromium.

A Seep match played in Persian and a Bid Euchre match in Hungarian, each by a scorer of its own (the picker saves a
signed-in user's language, which must not reach the other tests' scorer), in a browser of its own (the language
cookie). The language is chosen with the picker at the foot of the page; the words expected are read from the
catalogues (tests/support/page_language.py) and the refusal from the API itself in that language, so the tests
hold whatever wording the translators chose, and each is checked not to be the English. The names mix scripts
(Persian, Hungarian, Estonian letters) and must stay whole and isolated from the words round them. Every state is
checked with axe-core like the rest of the suite; screenshots at 390x844 go to var/screenshots/ (docs/screenshots/
with SCREENSHOT_DIR=docs/screenshots, `make screenshots`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.support.ui import Select

from tests.e2e.phone import ANDROID, IPHONE, check_page, phone_browser, set_phone
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, api_session
from tests.support.page_language import script_text, template_text

pytestmark = pytest.mark.e2e

MARYAM, ZOLTAN, OIE = "مریم رضایی", "Zoltán", "Õie"
SEEP_NAMES = [MARYAM, ZOLTAN, OIE, "Asha"]  # teams A: S1 & S3, B: S2 & S4
EUCHRE_NAMES = [ZOLTAN, OIE, MARYAM, "Asha"]
# Digits stay Western on a Persian page (shared/rules/glossary.md "Persian": as the score sheet and the refusals).
NOT_WESTERN_DIGIT = re.compile(r"[\u0660-\u0669\u06f0-\u06f9]")

# A name inside other text must be isolated: in its own <bdi> (or dir=auto) element holding only names, in a value
# t() isolated (U+2068 ... U+2069), or alone in its element. Returns where one is not. On a right-to-left page every
# name. On a left-to-right page a Latin name reads in order as it is, and a name in right-to-left letters too unless
# a number follows it before any Latin letter: the number would join its run and show before it ("مریم رضایی 3").
UNISOLATED_NAMES = r"""
const names = arguments[0]; const everyName = arguments[1]; const found = new Set();
const numberJoins = (after) => /^[^A-Za-z\u00c0-\u024f]*[0-9]/.test(after);
const onlyNames = (text) => names.reduce((rest, name) => rest.split(name).join(''), text)
  .replace(/[\s&,·]/g, '') === '';
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const text = node.textContent; const parent = node.parentElement;
  if (!parent || parent.closest('script, option, [hidden]')) continue;
  for (const name of names) {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      const isolate = parent.closest('bdi, [dir=auto]');
      const open = text.lastIndexOf('\u2068', at);
      const marked = open >= 0 && open > text.lastIndexOf('\u2069', at) && text.indexOf('\u2069', at) >= 0;
      if (onlyNames(parent.textContent) || (isolate && onlyNames(isolate.textContent)) || marked) continue;
      if (!everyName && !numberJoins(text.slice(at + name.length))) continue;
      const where = `${parent.tagName.toLowerCase()}#${parent.id}.${parent.className}`;
      found.add(`${where}: ${JSON.stringify(parent.textContent.slice(0, 80))}`);
    }
  }
}
return [...found];
"""

# docs/referee.md: dealer S4, S1 bids 3 in hearts; trick 2 mistyped with S4's ace of hearts a second time.
EUCHRE_TRICKS = [
    [("S1", "AH"), ("S2", "9H"), ("S3", "JD"), ("S4", "10H")],
    [("S3", "KH"), ("S4", "AH"), ("S1", "JH"), ("S2", "QH")],
    [("S1", "AC"), ("S2", "9C"), ("S3", "KC"), ("S4", "KD")],
    [("S1", "9S"), ("S2", "KS"), ("S3", "10S"), ("S4", "QS")],
    [("S2", "AD"), ("S3", "QD"), ("S4", "QC"), ("S1", "10D")],
    [("S2", "JS"), ("S3", "9D"), ("S4", "10C"), ("S1", "JC")],
]
NO_SWEEPS = {"regular": 0, "first_play": 0, "last_play": 0}
# The refused deals as the pages send them: the API's own words for them in each language are the expectation.
SEEP_REFUSED = {
    "dealer": "S1",
    "bid": {"bidder": "S2", "value": 12, "bidder_hand": ["JH", "4C", "2D", "3S"]},
    "card_points": {"A": 60, "B": 40},
    "sweeps": {"A": NO_SWEEPS, "B": NO_SWEEPS},
}
EUCHRE_REFUSED = {
    "dealer": "S4",
    "trump": "hearts",
    "reneges": [],
    "auction": [
        {"seat": "S1", "call": "bid", "tricks": 3},
        {"seat": "S2", "call": "pass"},
        {"seat": "S3", "call": "pass"},
        {"seat": "S4", "call": "pass"},
    ],
    "tricks": [[{"seat": seat, "card": card} for seat, card in trick] for trick in EUCHRE_TRICKS],
}


def api_refusal(live_app: dict[str, Any], game: str, deal: dict[str, Any], language: str) -> str:
    """The API's refusal of ``deal`` (a dry run on a new match of the same game) in ``language``."""
    api = api_session(live_app, "asha")
    base = live_app["base"]
    match = api.post(f"{base}/api/v1/matches/", json={"game": game, "players": [{"name": n} for n in "ABCD"]}).json()
    answer = api.post(
        f"{base}/api/v1/matches/{match['id']}/deals/?dry_run=true", json=deal, headers={"Accept-Language": language}
    )
    assert (answer.status_code, answer.headers["Content-Language"]) == (400, language), answer.text
    return str(answer.json()["detail"])


@pytest.fixture
def persian_phone(live_app: dict[str, Any]) -> Iterator[Table]:
    with phone_browser(live_app["base"]) as table:
        yield table


@pytest.fixture
def hungarian_phone(live_app: dict[str, Any]) -> Iterator[Table]:
    with phone_browser(live_app["base"]) as table:
        yield table


def pick_language(table: Table, language: str) -> None:
    """The picker at the foot of the page: choose, Change, and the same page comes back in that language."""
    Select(table.find("#language-choice")).select_by_value(language)
    table.tap("#language-change")
    wait_until(
        lambda: table.driver.execute_script("return document.documentElement.lang;") == language,
        f"the page in {language}",
    )


def page_direction(table: Table) -> str:
    return str(table.driver.execute_script("return document.dir;"))


def heading(table: Table) -> str:
    return table.text("h1")


def assert_names_isolated(table: Table, names: list[str]) -> None:
    every_name = page_direction(table) == "rtl"
    assert table.driver.execute_script(UNISOLATED_NAMES, names, every_name) == []


def seat_buttons(table: Table, name: str) -> list[str]:
    return list(
        table.driver.execute_script(
            "return [...document.querySelectorAll(`[data-name=${arguments[0]}] button`)].map((b) => b.textContent);",
            name,
        )
    )


def save_deal(table: Table, language: str, number: int) -> None:
    before = table.deal_count()
    table.save()
    wait_until(
        lambda: table.text("#toast") == script_text(language, "Deal {number} saved.", number=number),
        f"the saved toast of deal {number}",
    )
    wait_until(lambda: table.deal_count() == before + 1, f"deal {number} on the board")
    assert_save_button_on_one_line(table)


def assert_save_button_on_one_line(table: Table) -> None:
    """Save keeps its words whole beside the Undo that appears after a save: a long Undo ("A 3. leosztás
    visszavonása") once squeezed Save to a letter per line, taller than the screen's save bar."""
    save, undo = (table.driver.find_element("css selector", css) for css in ("#save-deal", "#undo-deal"))
    height = table.driver.execute_script("return arguments[0].getBoundingClientRect().height;", save)
    assert height < 80, f"Save is {height} px tall beside {undo.text!r}"


def shown_refusal(table: Table) -> str:
    wait_until(lambda: table.driver.find_elements("css selector", "#deal-form .err"), "the refusal")
    return table.text("#deal-form .err")


def screenshot_at_390(table: Table, path: Path) -> None:
    set_phone(table, IPHONE, scale=1)  # CSS pixels, as the README's screenshots
    table.screenshot(path)
    set_phone(table, ANDROID)


def test_a_seep_match_in_persian_right_to_left(
    persian_phone: Table, live_app: dict[str, Any], screenshots: Path
) -> None:
    phone = persian_phone
    phone.open("/table/login/")
    assert (page_direction(phone), heading(phone)) == ("ltr", "Sign in")  # Chromium asks for English
    pick_language(phone, "fa")  # before signing in: the language cookie
    assert (page_direction(phone), heading(phone)) == ("rtl", template_text("fa", "Sign in"))
    check_page(phone, "sign in (fa)")
    phone.sign_in("maryam", PASSWORD)
    assert (page_direction(phone), heading(phone)) == ("rtl", template_text("fa", "Your matches"))
    check_page(phone, "home (fa)")

    match_id = phone.start_match("seep", SEEP_NAMES)
    assert page_direction(phone) == "rtl"
    assert seat_buttons(phone, "dealer") == SEEP_NAMES  # the names whole, in seat order
    assert phone.text("#next-dealer") == script_text("fa", "Anyone deals first")
    check_page(phone, "entry (fa)")
    for number, (bid, points) in enumerate([(10, 62), (9, 30)], start=1):
        phone.pick("bid", bid)
        phone.type("input[name=card_points_A]", points)
        save_deal(phone, "fa", number)
    assert phone.text("#next-dealer") == script_text("fa", "{name} deals", name=OIE)  # S3 deals the third

    # A bid of 12 (a queen) from a hand without one: the rules' refusal, in Persian, beside the bid.
    phone.pick("bid", 12)
    phone.type("input[name=bidder_hand]", "JH 4C 2D 3S")
    phone.type("input[name=card_points_A]", 60)
    phone.save()
    refusal = shown_refusal(phone)
    assert refusal == api_refusal(live_app, "seep", SEEP_REFUSED, "fa")
    assert refusal != api_refusal(live_app, "seep", SEEP_REFUSED, "en")
    check_page(phone, "refusal (fa)")
    phone.pick("bid", 11)
    save_deal(phone, "fa", 3)
    assert_names_isolated(phone, SEEP_NAMES)
    screenshot_at_390(phone, screenshots / "fa-seep-entry-390x844.png")

    phone.open(f"/table/matches/{match_id}/board/")
    phone.find("#chart svg")
    assert page_direction(phone) == "rtl"
    numbers = phone.driver.execute_script(
        "return [document.querySelector('#board').innerText,"
        " ...[...document.querySelectorAll('#chart svg text')].map((t) => t.textContent)];"
    )
    assert [text for text in numbers if NOT_WESTERN_DIGIT.search(text)] == []
    assert phone.text("#headline") == script_text("fa", "{names} lead by {points}", names=f"{MARYAM} و {OIE}", points=4)
    assert phone.text("#next-dealer") == script_text("fa", "{name} deals", name="Asha")
    assert_names_isolated(phone, SEEP_NAMES)
    check_page(phone, "board (fa)")
    screenshot_at_390(phone, screenshots / "fa-seep-board-390x844.png")


def test_a_bid_euchre_match_in_hungarian(hungarian_phone: Table, live_app: dict[str, Any], screenshots: Path) -> None:
    phone = hungarian_phone
    phone.sign_in("zoltan", PASSWORD)
    assert heading(phone) == "Your matches"
    pick_language(phone, "hu")  # signed in: saved as the user's language, which every page then follows
    assert (page_direction(phone), heading(phone)) == ("ltr", template_text("hu", "Your matches"))
    assert api_session(live_app, "zoltan").get(f"{live_app['base']}/api/v1/me/").json()["language"] == "hu"
    check_page(phone, "home (hu)")
    phone.open("/table/new/")
    assert heading(phone) == template_text("hu", "Start a match")

    match_id = phone.start_match("bid_euchre", EUCHRE_NAMES)
    assert seat_buttons(phone, "dealer") == EUCHRE_NAMES
    check_page(phone, "entry (hu)")
    # The first deal played card by card, S4's ace of hearts typed twice: the rules' refusal in Hungarian.
    phone.pick("dealer", "S4")
    phone.call("bid-3")
    for _ in range(3):
        phone.call("pass")
    phone.pick("trump", "hearts")
    phone.enter_tricks(EUCHRE_TRICKS)
    phone.save()
    refusal = shown_refusal(phone)
    assert refusal == api_refusal(live_app, "bid_euchre", EUCHRE_REFUSED, "hu")
    assert refusal != api_refusal(live_app, "bid_euchre", EUCHRE_REFUSED, "en")
    assert phone.deal_count() == 0
    check_page(phone, "refusal (hu)")
    phone.choose("select[name=trick-2-S4]", "AS")
    save_deal(phone, "hu", 1)
    for number in (2, 3):
        phone.call("bid-3")
        phone.call("rest-pass")
        phone.pick("trump", "spades")
        phone.tap('[data-chip="4"]')
        save_deal(phone, "hu", number)
    assert phone.text("#next-dealer") == script_text("hu", "{name} deals", name=MARYAM)  # S4, S1, S2, then S3
    assert_names_isolated(phone, [MARYAM])
    screenshot_at_390(phone, screenshots / "hu-bid_euchre-entry-390x844.png")
    set_phone(phone, IPHONE, scale=1)  # at 390 px the long Undo once fitted beside a Save squeezed to nothing
    assert_save_button_on_one_line(phone)
    set_phone(phone, ANDROID)

    phone.open(f"/table/matches/{match_id}/board/")
    phone.find("#chart svg")
    assert (page_direction(phone), phone.text("#next-dealer")) == (
        "ltr",
        script_text("hu", "{name} deals", name=MARYAM),
    )
    assert_names_isolated(phone, [MARYAM])
    check_page(phone, "board (hu)")
    screenshot_at_390(phone, screenshots / "hu-bid_euchre-board-390x844.png")
