"""A small vocabulary for driving the table's pages: sign in, tap, pick, type, save, wait."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

WAIT_SECONDS = 10.0


def wait_until(condition: Callable[[], Any], what: str, seconds: float = WAIT_SECONDS) -> Any:
    deadline = time.monotonic() + seconds
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except (StaleElementReferenceException, WebDriverException) as error:
            last_error = error
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}" + (f" ({last_error})" if last_error else ""))


# Each text's box (x0, y0)-(x1, y1) in a picture's CSS pixels, and the picture's width and height.
TEXT_BOXES = """
const svg = document.querySelector(arguments[0]);
const frame = svg.getBoundingClientRect();
return [...svg.querySelectorAll('text')].map((el) => {
  const box = el.getBoundingClientRect();
  return {text: el.textContent, x0: box.left - frame.left, x1: box.right - frame.left,
          y0: box.top - frame.top, y1: box.bottom - frame.top, width: frame.width, height: frame.height};
});
"""


# A request the page makes and its service worker (if it has one) passes to the network: "online" when any answer
# comes back, "offline" when it fails.
NETWORK_PROBE = """
const done = arguments[arguments.length - 1];
fetch(arguments[0], {cache: 'no-store'}).then(() => done('online'), () => done('offline'));
"""


def outside(box: dict[str, float]) -> bool:
    return box["x0"] < 0 or box["y0"] < 0 or box["x1"] > box["width"] or box["y1"] > box["height"]


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["y0"] < b["y1"] and b["y0"] < a["y1"]


def assert_labels_readable(driver: Any, picture: str) -> list[dict[str, Any]]:
    """Every text of the picture inside it and none over another; answers the boxes."""
    boxes: list[dict[str, Any]] = driver.execute_script(TEXT_BOXES, picture)
    assert boxes and [box for box in boxes if outside(box)] == [], boxes
    assert [(a["text"], b["text"]) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if overlap(a, b)] == []
    return boxes


class Table:
    def __init__(self, driver: Any, base: str) -> None:
        self.driver = driver
        self.base = base
        self._worker_sessions: dict[str, str] = {}  # a service worker's target id -> the session attached to it
        self._worker_messages = 0

    # navigation
    def open(self, path: str) -> None:
        self.driver.get(self.base + path)

    def sign_in(self, username: str, password: str) -> None:
        self.open("/table/login/")
        self.type("input[name=username]", username)
        self.type("input[name=password]", password)
        self.tap("#login-form button[type=submit]")
        wait_until(lambda: "/table/login/" not in self.driver.current_url, "the sign-in")

    # elements
    def find(self, css: str) -> Any:
        return wait_until(lambda: self._visible(css), f"{css} to show")

    def _visible(self, css: str) -> Any:
        for element in self.driver.find_elements(By.CSS_SELECTOR, css):
            if element.is_displayed() and element.is_enabled():
                return element
        return None

    def tap(self, css: str) -> None:
        self._again(lambda: self._tap(css))

    def unfold(self, css: str) -> None:
        """Open the folded part of the form (a closed <details>) that holds ``css``, as a person taps its summary."""
        self.driver.execute_script(
            "const el = document.querySelector(arguments[0]);"
            "const from = el && el.tagName === 'SUMMARY' ? el.parentElement.parentElement : el;"
            "const closed = (node) => node && node.closest('details:not([open])');"
            "for (let d = closed(from); d; d = closed(d.parentElement))"
            " d.querySelector(':scope > summary').click();",
            css,
        )

    def _tap(self, css: str) -> None:
        self.unfold(css)
        element = self.find(css)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        element.click()

    @staticmethod
    def _again(action: Callable[[], Any]) -> Any:
        """The live board re-renders under our feet; an element gone stale is looked up again."""
        for _ in range(20):
            try:
                return action()
            except StaleElementReferenceException:
                time.sleep(0.05)
        return action()

    def pick(self, name: str, value: Any) -> None:
        """Tap the choice ``value`` of the button group ``name`` (dealer, bid, went_out, ...)."""
        self.tap(f'[data-name="{name}"] button[data-value="{value}"]')

    def chosen(self, name: str) -> str:
        self.unfold(f'[data-name="{name}"]')
        return str(
            self._again(
                lambda: self.find(f'[data-name="{name}"] button[aria-pressed="true"]').get_attribute("data-value")
            )
        )

    def type(self, css: str, text: Any) -> None:
        self.unfold(css)
        element = self.find(css)
        element.clear()
        element.send_keys(str(text))

    def choose(self, css: str, value: str) -> None:
        """Pick the option ``value`` of a select (a card picker of the trick entry)."""
        self.unfold(css)
        self._again(lambda: Select(self.find(css)).select_by_value(value))

    def enter_tricks(self, tricks: list[list[tuple[str, str]]]) -> None:
        """Open the trick entry and pick every card: ``tricks[i]`` is trick i+1 as (seat, card) in any order."""
        self.unfold("details.tricks")
        if self.find("details.tricks").get_attribute("open") is None:
            self.tap("details.tricks > summary")
        for number, trick in enumerate(tricks, start=1):
            for seat, card in trick:
                self.choose(f"select[name=trick-{number}-{seat}]", card)

    def value(self, css: str) -> str:
        return str(self._again(lambda: self.find(css).get_attribute("value")))

    def text(self, css: str) -> str:
        return str(self._again(lambda: self.find(css).text))

    def says(self, css: str, text: str) -> None:
        """Wait until ``css`` says ``text`` (its text content, shown or not): what a service's answer brings."""

        def content() -> str:
            found = self.driver.find_elements(By.CSS_SELECTOR, css)
            return str(found[0].get_attribute("textContent")) if found else "(none)"

        try:
            wait_until(lambda: content() == text, f"{css} to say {text!r}")
        except AssertionError as error:
            raise AssertionError(f"{error}; it says {content()!r}") from None

    def call(self, data_call: str) -> None:
        self.tap(f'#auction-controls [data-call="{data_call}"]')

    # the deal form
    def save(self) -> None:
        self.tap("#save-deal")

    def deal_count(self) -> int:
        return len(self.driver.find_elements(By.CSS_SELECTOR, "#deals .deal"))

    def save_and_wait(self) -> None:
        before = self.deal_count()
        self.save()
        wait_until(lambda: self.deal_count() == before + 1, f"deal {before + 1} on the board")

    def refusal(self, field: str) -> str:
        """The rule's message shown next to the field it names."""
        return self.text(f'[data-field="{field}"] > .err')

    def correct(self, number: int, reason: str) -> None:
        self.tap(f'#deal-{number} [data-action="correct"]')
        wait_until(lambda: self.text("#form-title") == f"Correct deal {number}", "the correction form")
        self.type("#reason", reason)

    def save_correction(self, number: int) -> None:
        self.tap("#save-deal")
        wait_until(lambda: "corrected" in self.text(f"#deal-{number} .top"), f"deal {number} marked corrected")

    def headline(self) -> str:
        """The board's headline; on the entry page 56's strip shows it as its scores by name, so read it hidden too."""
        self.find("#next-dealer")
        return str(
            self._again(lambda: self.driver.find_element(By.ID, "headline").get_attribute("textContent")).strip()
        )

    def start_match(self, game: str, names: list[str], count: int | None = None) -> int:
        self.open("/table/new/")
        self.pick("game", game)
        if count is not None:
            self.pick("count", count)
        for index, name in enumerate(names):
            self.type(f"input[name=player-{index}]", name)
        self.tap("#start")
        wait_until(lambda: "/table/matches/" in self.driver.current_url, "the match page")
        self.find("#next-dealer")  # the strip is drawn (56's shows its scores by name, not the #headline)
        return int(self.driver.current_url.rstrip("/").split("/")[-1])

    def share_link(self, match_id: int) -> str:
        self.open(f"/table/matches/{match_id}/board/")
        if not self.driver.find_element(By.ID, "share-url").get_attribute("value"):
            self.tap("#share")  # no link yet: make one
        return str(wait_until(lambda: self.find("#share-url").get_attribute("value"), "the share link"))

    def screenshot(self, path: Path, scroll_to: str | None = None) -> None:
        if scroll_to:
            # Clear of what stays on screen at the top: the bar, and the score strip of the entry page.
            self.driver.execute_script(
                "document.querySelector(arguments[0]).scrollIntoView({block: 'start'});"
                "const sticky = [...document.querySelectorAll('.bar, .board.strip')]"
                ".reduce((n, el) => n + el.offsetHeight, 0);"
                "window.scrollBy(0, -sticky - 8);",
                scroll_to,
            )
        else:
            self.driver.execute_script("window.scrollTo(0, 0);")
        time.sleep(0.2)
        self.driver.save_screenshot(str(path))

    def set_offline(self, offline: bool) -> None:
        """Chrome DevTools network emulation for the page and its service worker: their requests fail as with no
        network at all. The worker is a target of its own, which the page's emulation does not reach (its requests
        went on to the server: issue 27), so it gets the same conditions through a session attached to it; Selenium
        speaks only to the page's session, so the commands go to the worker's as ``Target.sendMessageToTarget``.
        Returns once a request the worker passes to the network (a static file never kept) fails offline, or is
        answered online, re-sending the conditions to any worker started meanwhile."""
        conditions = {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
        probe = f"/static/network-probe-{uuid.uuid4().hex}.txt"
        expected = "offline" if offline else "online"

        def reached() -> bool:
            self._emulate_on_workers(conditions)
            return bool(self.driver.execute_async_script(NETWORK_PROBE, probe) == expected)

        wait_until(reached, f"the page and its service worker {expected}", seconds=5)

    def _emulate_on_workers(self, conditions: dict[str, Any]) -> None:
        """Send ``conditions`` to every service worker of the table's origin, attaching to each once."""
        sessions = self._worker_sessions
        for info in self.driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]:
            if info["type"] != "service_worker" or not info["url"].startswith(f"{self.base}/"):
                continue
            session = sessions.get(info["targetId"])
            if session is None:
                attached = self.driver.execute_cdp_cmd(
                    "Target.attachToTarget", {"targetId": info["targetId"], "flatten": False}
                )
                session = sessions[info["targetId"]] = attached["sessionId"]
                self._to_worker(session, "Network.enable", {})
            self._to_worker(session, "Network.emulateNetworkConditions", conditions)

    def _to_worker(self, session: str, method: str, params: dict[str, Any]) -> None:
        self._worker_messages += 1
        message = json.dumps({"id": self._worker_messages, "method": method, "params": params})
        self.driver.execute_cdp_cmd("Target.sendMessageToTarget", {"sessionId": session, "message": message})
