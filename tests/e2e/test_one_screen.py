"""One screen per deal (issue 27 point 1): on a new deal's form, at 360x640 and 390x844, in en, et, fa and hu, every
control of the form lies between the sticky bars (under the bar and the score strip, above the save bar) with the
page at its top: nothing to scroll. At 200% text the bars step aside (neither the bar nor the strip stays on top),
so the form keeps the screen, and the brand never covers the bar's link. Element rects against the viewport."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from games.rules.registry import game_keys
from tests.e2e.phone import ANDROID, IPHONE, NAMES, set_phone
from tests.e2e.steps import registered_games
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, api_session, new_browser, screenshot_dir

pytestmark = pytest.mark.e2e

# Every registered game (the server's registry, asked by the matches fixture).
GAMES = list(game_keys())
LANGUAGES = ("en", "et", "fa", "hu")

# The rects of what stays on screen and of every visible control of the deal form.
LAYOUT = """
const rect = (el) => el.getBoundingClientRect();
// Inside a closed fold (not its summary): not shown, though Chromium still gives it a box.
const folded = (el) => {
  for (let d = el.closest('details:not([open])'); d; d = d.parentElement.closest('details:not([open])'))
    if (!d.querySelector(':scope > summary').contains(el)) return true;
  return false;
};
const stuck = (el) => ['sticky', 'fixed'].includes(getComputedStyle(el).position);
const tops = [...document.querySelectorAll('.bar, .board.strip')].filter(stuck).map((el) => rect(el).bottom);
const savebar = document.querySelector('.savebar');
const controls = [...document.querySelectorAll(
  '#deal-fields button, #deal-fields input, #deal-fields select, #deal-fields summary')]
  .filter((el) => el.offsetParent !== null && rect(el).height > 0 && !folded(el))
  .filter((el) => !el.matches('details.fold > summary')); // the rarer parts' folds: not part of a plain deal
const describe = (el) =>
  `${el.tagName.toLowerCase()}[name=${el.name || ''}] "${(el.textContent || '').trim().slice(0, 20)}"`;
return {
  below: Math.max(0, ...tops),
  above: stuck(savebar) ? rect(savebar).top : innerHeight,
  height: innerHeight,
  save: rect(document.querySelector('#save-deal')).bottom,
  first: controls.length ? rect(controls[0]).top : null,
  last: controls.length ? rect(controls[controls.length - 1]).bottom : null,
  lastWhat: controls.length ? describe(controls[controls.length - 1]) : '',
  scrollY: scrollY,
};
"""
BRAND_CLEAR = """
const brand = document.querySelector('.bar .brand').getBoundingClientRect();
return [...document.querySelectorAll('.bar a, .bar button')].filter((el) => !el.classList.contains('brand'))
  .every((el) => { const r = el.getBoundingClientRect();
    return r.right <= brand.left || r.left >= brand.right || r.bottom <= brand.top || r.top >= brand.bottom; });
"""


@pytest.fixture(scope="module")
def phone(live_app: dict[str, Any]) -> Iterator[Table]:
    driver = new_browser()
    table = Table(driver, live_app["base"])
    table.sign_in("asha", PASSWORD)
    yield table
    table.driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
    driver.quit()


@pytest.fixture(scope="module")
def matches(live_app: dict[str, Any]) -> dict[str, int]:
    api = api_session(live_app, "asha")
    assert registered_games(api, live_app["base"]) == list(game_keys())  # the server's registry
    made = {}
    for game in game_keys():
        answer = api.post(
            f"{live_app['base']}/api/v1/matches/", json={"game": game, "players": [{"name": n} for n in NAMES]}
        )
        made[game] = int(answer.json()["id"])
    return made


def open_in(table: Table, language: str, match_id: int) -> dict[str, Any]:
    table.driver.add_cookie({"name": "django_language", "value": language})
    table.open(f"/table/matches/{match_id}/")
    wait_until(lambda: table.driver.execute_script("return document.documentElement.lang;") == language, "the language")
    table.find("#deal-fields button")
    table.driver.execute_script("window.scrollTo(0, 0);")
    return dict(table.driver.execute_script(LAYOUT))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [ANDROID, IPHONE], ids=["360x640", "390x844"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_new_deals_form_fits_between_the_bars(
    phone: Table, matches: dict[str, int], language: str, size: tuple[int, int], game: str
) -> None:
    set_phone(phone, size)
    layout = open_in(phone, language, matches[game])
    fits = layout["first"] >= layout["below"] and layout["last"] <= layout["above"]
    if not fits or layout["save"] > layout["height"]:
        phone.driver.save_screenshot(str(screenshot_dir() / f"one-screen-{game}-{language}-{size[0]}x{size[1]}.png"))
    assert fits and layout["save"] <= layout["height"], (
        "{below:.0f}<{first:.0f} {last:.0f}>{above:.0f} ({lastWhat})".format(**layout)
    )


@pytest.mark.parametrize("size", [ANDROID, IPHONE], ids=["360x640", "390x844"])
def test_at_200_percent_text_the_bars_step_aside_and_the_brand_covers_nothing(
    phone: Table, matches: dict[str, int], size: tuple[int, int]
) -> None:
    set_phone(phone, size)
    phone.driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    try:
        for language in LANGUAGES:
            for game in game_keys():
                layout = open_in(phone, language, matches[game])
                # Only the save bar stays on screen: the form keeps the rest of it.
                assert layout["below"] == 0, (language, game, layout)
                assert layout["height"] - layout["above"] <= layout["height"] * 0.4, (language, game, layout)
                assert phone.driver.execute_script(BRAND_CLEAR), (language, game)
    finally:
        phone.driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})


CLEAR_OF_BARS = """
const el = document.querySelector(arguments[0]);
const r = el.getBoundingClientRect();
const bars = [...document.querySelectorAll('.bar, .board.strip')];
const top = Math.max(0, ...bars.map((b) => b.getBoundingClientRect().bottom));
const bottom = document.querySelector('.savebar').getBoundingClientRect().top;
return [Math.round(r.top), Math.round(r.bottom), Math.round(top), Math.round(bottom)];
"""


def between_the_bars(phone: Table, css: str) -> bool:
    top, bottom, under, above = phone.driver.execute_script(CLEAR_OF_BARS, css)
    return bool(top >= under and bottom <= above)


def in_english(phone: Table) -> None:
    phone.driver.add_cookie({"name": "django_language", "value": "en"})  # the tests above leave another language
    set_phone(phone, ANDROID)


def test_a_focused_field_is_never_under_a_sticky_bar(phone: Table) -> None:
    in_english(phone)
    phone.start_match("seep", NAMES)
    for css, under in (("input[name=card_points_A]", ".savebar"), ('[data-name="dealer"] button', ".board.strip")):
        # Scrolled so the field sits under a bar (the save bar at the foot, the score strip at the top), then focused
        # (as a Tab from the field before it does): the page brings it out from under the bar.
        phone.driver.execute_script(
            "const el = document.querySelector(arguments[0]); const bar = document.querySelector(arguments[1]);"
            "const r = el.getBoundingClientRect(); const b = bar.getBoundingClientRect();"
            "window.scrollBy(0, r.top - (b.top + 4)); el.focus();",
            css,
            under,
        )
        wait_until(partial(between_the_bars, phone, css), f"{css} clear of {under}")


def test_after_a_refusal_fixed_and_saved_the_next_deal_starts_on_screen(phone: Table) -> None:
    in_english(phone)
    phone.start_match("seep", NAMES)
    phone.pick("bid", 10)
    phone.type("input[name=card_points_A]", 120)
    phone.save()
    wait_until(lambda: phone.driver.find_elements(By.CSS_SELECTOR, "#deal-form .err"), "the refusal")
    phone.type("input[name=card_points_A]", 62)
    # The scorer scrolled down meanwhile (the deal list, the chart); Save from the save bar, which stays on screen.
    phone.driver.execute_script("window.scrollTo(0, document.body.scrollHeight);")
    phone.driver.execute_script("document.querySelector('#save-deal').click();")
    wait_until(lambda: phone.text("#form-title") == "Record deal 2", "the next deal's form")
    wait_until(lambda: between_the_bars(phone, "#form-title"), "the next deal's form on screen")
    assert between_the_bars(phone, '[data-name="dealer"] button')
