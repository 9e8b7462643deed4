"""The accessibility check itself: the injected axe-core is 4.14 (package-lock.json) and it does report what the
pages must not have, so a clean run of test_table_loop.py means something."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.axe import axe_version, axe_violations
from tests.e2e.table import Table
from tests.support.browser import new_browser

pytestmark = pytest.mark.e2e

BROKEN = """
const form = document.querySelector('#login-form');
form.insertAdjacentHTML('beforeend', '<input type="text" name="unlabelled">'
  + '<button type="button" aria-label="no trumps">NT</button>');
"""


@pytest.fixture(scope="module")
def browser(live_app: dict[str, Any]) -> Iterator[Table]:
    driver = new_browser()
    yield Table(driver, live_app["base"])
    driver.quit()


def test_axe_4_14_finds_an_unlabelled_input_and_a_name_that_hides_the_visible_text(browser: Table) -> None:
    browser.open("/table/login/")
    browser.find("#login-form")
    assert [v["id"] for v in axe_violations(browser.driver)] == []
    assert axe_version(browser.driver).startswith("4.14.")
    browser.driver.execute_script(BROKEN)
    found = {v["id"]: (v["impact"], [n["html"] for n in v["nodes"]]) for v in axe_violations(browser.driver)}
    assert found == {
        "label": ("critical", ['<input type="text" name="unlabelled">']),
        "label-content-name-mismatch": ("serious", ['<button type="button" aria-label="no trumps">NT</button>']),
    }
