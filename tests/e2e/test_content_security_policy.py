"""Under the Content-Security-Policy every page still works in Chromium: the console reports no violation on the
table's pages, the admin's sign-in, or Swagger UI at /api/v1/docs/ (which renders its operations)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, new_browser

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def browser(live_app: dict[str, Any]) -> Iterator[Table]:
    driver = new_browser()
    yield Table(driver, live_app["base"])
    driver.quit()


def violations(table: Table) -> list[str]:
    return [
        entry["message"] for entry in table.driver.get_log("browser") if "Content Security Policy" in entry["message"]
    ]


def test_no_page_breaks_the_content_security_policy(browser: Table) -> None:
    browser.sign_in("asha", PASSWORD)
    assert violations(browser) == []
    match_id = browser.start_match("seep", ["Asha", "Bala", "Ravi", "Meena"])
    browser.find("#deal-fields [data-name=dealer]")  # the page's script ran
    assert violations(browser) == []
    browser.open(f"/table/matches/{match_id}/board/")
    browser.find("#headline")
    browser.driver.get(browser.share_link(match_id))
    browser.find("#headline")
    assert violations(browser) == []
    browser.open("/admin/login/")
    browser.find("input[name=username]")
    assert violations(browser) == []
    browser.open("/api/v1/docs/")
    wait_until(lambda: browser.driver.find_elements("css selector", ".swagger-ui .opblock"), "Swagger UI")
    assert violations(browser) == []
