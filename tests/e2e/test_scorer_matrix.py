"""The scorer's loop on every phone, in every language and at 200% text (issue 27): for every game the server
registers, at 360x640 and 390x844 in en, et, fa and hu, and at 200% text at each size: a plain deal, a refused
deal fixed, an undo and a correction (its blank reason refused on the phone first). At each step the first input of
the form and Save are in view without scrolling (element rects against the viewport: under the stuck bars, above the
save bar), and the field the refusal names, focused, is never under a sticky bar. One browser for the module; the
checks read no words, so they run the same in every language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from games.rules.registry import game_keys
from tests.e2e.phone import ANDROID, IPHONE, NAMES, set_phone
from tests.e2e.steps import enter_plain_deal, registered_games
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, api_session, new_browser, screenshot_dir

pytestmark = pytest.mark.e2e

SIZES = {"360x640": ANDROID, "390x844": IPHONE}
LANGUAGES = ("en", "et", "fa", "hu")
# Every size in every language; 200% text at each size, in a right-to-left and a long-worded language.
SETTINGS: dict[str, list[tuple[str, str, int]]] = {
    "text-100": [(size, language, 100) for size in SIZES for language in LANGUAGES],
    "text-200": [("360x640", "fa", 200), ("390x844", "hu", 200)],
}
# Per game: a step that makes the plain deal refused (with the input the refusal names), the step that fixes it,
# and the change a correction makes. Steps as tests/e2e/steps.py PLAIN_DEALS.
REFUSE_FIX_CORRECT: dict[str, tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]] = {
    "seep": (
        ("type", "input[name=card_points_A]", 120),
        ("type", "input[name=card_points_A]", 62),
        ("type", "input[name=card_points_A]", 70),
    ),
    "fifty_six": (
        ("type", "input[name=bidding_team_card_points]", 60),
        ("type", "input[name=bidding_team_card_points]", 32),
        ("type", "input[name=bidding_team_card_points]", 30),
    ),
    "bid_euchre": (
        ("type", "input[name=tricks_A]", 7),
        ("type", "input[name=tricks_A]", 2),
        ("type", "input[name=tricks_A]", 3),
    ),
    "twenty_eight": (
        ("type", "input[name=bidding_team_card_points]", 30),
        ("type", "input[name=bidding_team_card_points]", 18),
        ("type", "input[name=bidding_team_card_points]", 20),
    ),
    "contract_rummy": (
        ("type", "input[name=penalty_S2]", 1001),
        ("type", "input[name=penalty_S2]", 25),
        ("type", "input[name=penalty_S2]", 20),
    ),
}

# The first control of the form and Save, against the viewport and the stuck bars.
IN_VIEW = """
const rect = (el) => el.getBoundingClientRect();
const folded = (el) => Boolean(el.closest('details:not([open])')) && !el.matches('summary');
const stuck = (el) => ['sticky', 'fixed'].includes(getComputedStyle(el).position);
const below = Math.max(0, ...[...document.querySelectorAll('.bar, .board.strip')].filter(stuck)
  .map((el) => rect(el).bottom));
const savebar = document.querySelector('.savebar');
const above = stuck(savebar) ? rect(savebar).top : innerHeight;
const first = [...document.querySelectorAll('#deal-fields button, #deal-fields input, #deal-fields select')]
  .find((el) => el.offsetParent !== null && rect(el).height > 0 && !folded(el));
const save = rect(document.querySelector('#save-deal'));
const f = first ? rect(first) : null;
const fits = Boolean(f) && f.top >= below - 1 && f.bottom <= above + 1;
// Nothing wider than the screen: a page wider than the phone is shown in part, its save bar under the screen.
const wide = document.documentElement.scrollWidth - document.documentElement.clientWidth;
return {ok: fits && save.top >= 0 && save.bottom <= innerHeight + 1 && wide <= 0, wide,
        first: f && [Math.round(f.top), Math.round(f.bottom)], below: Math.round(below), above: Math.round(above),
        save: [Math.round(save.top), Math.round(save.bottom)], height: innerHeight};
"""
# The save bar, stuck at the foot of the screen, keeps at most 40% of it for itself: the saved line, the dry run and a
# correction's before and after included (at 200% text its lines in a bounded box, its buttons side by side).
SAVE_BAR = """
const bar = document.querySelector('.savebar');
const height = ['sticky', 'fixed'].includes(getComputedStyle(bar).position) ? bar.getBoundingClientRect().height : 0;
return {ok: height <= 0.4 * innerHeight, height: Math.round(height), screen: innerHeight};
"""
# The focused element against the stuck bars.
FOCUS_CLEAR = """
const el = document.activeElement;
const r = el.getBoundingClientRect();
const stuck = (b) => ['sticky', 'fixed'].includes(getComputedStyle(b).position);
const top = Math.max(0, ...[...document.querySelectorAll('.bar, .board.strip')].filter(stuck)
  .map((b) => b.getBoundingClientRect().bottom));
const bar = document.querySelector('.savebar');
const bottom = stuck(bar) ? bar.getBoundingClientRect().top : innerHeight;
return {ok: r.top >= top - 1 && r.bottom <= bottom + 1, field: [Math.round(r.top), Math.round(r.bottom)],
        below: Math.round(top), above: Math.round(bottom), height: innerHeight, focused: el.id || el.name};
"""


@pytest.fixture(scope="module")
def phone(live_app: dict[str, Any]) -> Iterator[Table]:
    driver = new_browser()
    table = Table(driver, live_app["base"])
    table.sign_in("asha", PASSWORD)
    yield table
    driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
    driver.quit()


def step(table: Table, action: tuple[Any, ...]) -> None:
    name, *arguments = action
    getattr(table, name)(*arguments)


def in_view(table: Table, where: str) -> None:
    seen: dict[str, Any] = {}

    def fits() -> bool:
        seen.update(table.driver.execute_script(IN_VIEW))
        return bool(seen["ok"])

    try:
        wait_until(fits, where, seconds=3)
        save_bar_compact(table, where)
    except AssertionError:
        raise AssertionError((where, seen)) from None


def strip_height(table: Table) -> int | None:
    """The score strip's height where it stays on screen (sticky); None where it scrolls away (200% text)."""
    height = table.driver.execute_script(
        "const strip = document.querySelector('#board');"
        "return getComputedStyle(strip).position === 'sticky' ? Math.round(strip.offsetHeight) : null;"
    )
    return None if height is None else int(height)


def save_bar_compact(table: Table, where: str) -> None:
    seen = table.driver.execute_script(SAVE_BAR)
    assert seen["ok"], (f"{where}: the save bar's height", seen)


def focused_clear_of_the_bars(table: Table, css: str, where: str) -> None:
    """Focus the field (scrolled first under the save bar, as a Tab from above would find it): the page keeps it
    clear of every sticky bar."""
    table.driver.execute_script(
        "const el = document.querySelector(arguments[0]); const bar = document.querySelector('.savebar');"
        "el.blur(); window.scrollBy(0, el.getBoundingClientRect().top - (bar.getBoundingClientRect().top + 4));"
        "el.focus();",
        css,
    )
    seen: dict[str, Any] = {}

    def clear() -> bool:
        seen.update(table.driver.execute_script(FOCUS_CLEAR))
        return bool(seen["ok"])

    try:
        wait_until(clear, where, seconds=3)
    except AssertionError:
        raise AssertionError((f"{where}: {css} focused", seen)) from None


def save_after_the_preview(table: Table, where: str) -> None:
    """Save once the dry run has answered, as a scorer reads it first. Pressed where the button is (a click event,
    not a tap at coordinates read before the save bar reflows: the dry run's line changes its height)."""
    wait_until(
        lambda: table.driver.find_elements(By.CSS_SELECTOR, "#preview:not(.placeholder):not(:empty):not([hidden])"),
        where,
    )
    table.driver.execute_script("document.querySelector('#save-deal').click();")


def press(table: Table, css: str) -> None:
    """Press a button as its click event (the live board re-renders the list under a tap at 200% text)."""
    wait_until(lambda: table.driver.find_elements(By.CSS_SELECTOR, css), css)
    table.driver.execute_script("document.querySelector(arguments[0]).click();", css)


def one_loop(table: Table, game: str, match_id: int, where: str) -> None:
    """A plain deal refused then fixed, Undo, the deal again, and a correction of it."""
    refuse, fix, change = REFUSE_FIX_CORRECT[game]
    table.open(f"/table/matches/{match_id}/")
    table.find("#deal-fields button")
    in_view(table, f"{where}: a new deal")  # where the page opens: the scorer has not scrolled
    strip = strip_height(table)
    enter_plain_deal(table, game)
    step(table, refuse)
    save_after_the_preview(table, f"{where}: the refusal's dry run")
    wait_until(lambda: table.driver.find_elements(By.CSS_SELECTOR, "#deal-form .err"), f"{where}: the refusal")
    focused_clear_of_the_bars(table, refuse[1], where)
    step(table, fix)
    save_after_the_preview(table, f"{where}: the fixed deal's dry run")
    wait_until(lambda: table.deal_count() == 1, f"{where}: the fixed deal on the board")
    in_view(table, f"{where}: the next deal after the fix")
    # The score strip on screen keeps its height once a deal is scored (it once grew a line after deal 1 and moved
    # every control).
    scored = strip_height(table)
    assert scored == strip, (f"{where}: the strip's height after deal 1", strip, scored)
    press(table, "#undo-deal:not([hidden])")
    wait_until(lambda: table.driver.find_elements(By.CSS_SELECTOR, "#deal-1.voided"), f"{where}: deal 1 undone")
    enter_plain_deal(table, game)
    save_after_the_preview(table, f"{where}: deal 2's dry run")
    wait_until(lambda: table.deal_count() == 2, f"{where}: deal 2 on the board")
    in_view(table, f"{where}: the next deal after a save")
    assert strip_height(table) == scored, (f"{where}: the strip's height after deal 2", scored, strip_height(table))
    press(table, '#deal-2 [data-action="correct"]')
    wait_until(lambda: table.driver.find_elements(By.CSS_SELECTOR, "#entry.correcting"), f"{where}: correcting")
    in_view(table, f"{where}: the correction")
    step(table, change)
    wait_until(lambda: table.driver.find_elements(By.CSS_SELECTOR, "#preview .dry-run"), f"{where}: the dry run")
    save_bar_compact(table, f"{where}: the correction's dry run")
    table.save()  # no reason: refused on the phone, beside the reason
    wait_until(lambda: table.driver.find_elements(By.CSS_SELECTOR, '[data-field="reason"] > .err'), where)
    focused_clear_of_the_bars(table, "#reason", where)
    table.type("#reason", "typo")
    table.save()
    wait_until(lambda: table.driver.find_elements(By.CSS_SELECTOR, "#deal-2.corrected"), f"{where}: corrected")
    in_view(table, f"{where}: the next deal after the correction")


@pytest.mark.parametrize("text_size", ["text-100", "text-200"])
@pytest.mark.parametrize("game", game_keys())
def test_every_phone_language_and_text_size_keeps_the_loop_on_one_screen(
    phone: Table, live_app: dict[str, Any], game: str, text_size: str
) -> None:
    api = api_session(live_app, "asha")
    assert registered_games(api, live_app["base"]) == list(game_keys())  # the server's registry
    if game not in REFUSE_FIX_CORRECT:
        pytest.fail(f"{game} has no refusal, fix and correction in REFUSE_FIX_CORRECT: add them")
    for size, language, text in SETTINGS[text_size]:
        where = f"{game} {size} {language} {text}%"
        match = api.post(
            f"{live_app['base']}/api/v1/matches/", json={"game": game, "players": [{"name": n} for n in NAMES]}
        )
        set_phone(phone, SIZES[size])
        scale = text // 100
        phone.driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16 * scale, "fixed": 13 * scale}})
        phone.driver.add_cookie({"name": "django_language", "value": language})
        try:
            one_loop(phone, game, int(match.json()["id"]), where)
        except AssertionError:
            phone.driver.save_screenshot(str(screenshot_dir() / f"matrix-{game}-{size}-{language}-{text}.png"))
            raise
        finally:
            phone.driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
    phone.driver.add_cookie({"name": "django_language", "value": "en"})


def test_a_tap_on_a_button_half_under_the_save_bar_is_not_lost(phone: Table, live_app: dict[str, Any]) -> None:
    """The form's last button with its lower half under the save bar, tapped where it shows: the page does not
    scroll it out from under the finger between the press and the release (its focus scroll waits for the release),
    so the tap reaches it. Scrolling at the press sent the release, and so the click, to whatever then lay under
    the finger: a bid chip lost at 200% text."""
    api = api_session(live_app, "asha")
    match = api.post(
        f"{live_app['base']}/api/v1/matches/", json={"game": "seep", "players": [{"name": n} for n in NAMES]}
    )
    set_phone(phone, SIZES["360x640"])
    phone.driver.add_cookie({"name": "django_language", "value": "en"})
    phone.open(f"/table/matches/{match.json()['id']}/")
    phone.find("#deal-fields button")
    button = phone.driver.execute_script(
        "const shown = [...document.querySelectorAll('#deal-fields button')].filter((b) => b.offsetParent !== null"
        " && !b.closest('details:not([open])'));"
        "const b = shown[shown.length - 1]; b.addEventListener('click', () => { window.tapped = true; }); return b;"
    )
    # A phone a little shorter than 640 px, so that the save bar at its foot covers the button's lower half.
    lower = phone.driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return Math.round(document.querySelector('.savebar').getBoundingClientRect().top - (r.top + r.height * 0.6));",
        button,
    )
    set_phone(phone, (SIZES["360x640"][0], SIZES["360x640"][1] - lower))
    covered = phone.driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "const top = document.querySelector('.savebar').getBoundingClientRect().top;"
        "return [r.top < top && r.top + r.height / 2 < top && r.bottom > top, r.top, r.bottom, top];",
        button,
    )
    assert covered[0], covered  # its lower half under the save bar, its middle in view
    button.click()
    wait_until(lambda: phone.driver.execute_script("return window.tapped === true;"), "the tap reaching it", 3)
