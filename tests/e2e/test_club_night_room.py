"""A club night in Chromium: the director checks a player in (at a night of teams, a team) and starts round 1 from
the room page, two table phones record a deal each through the score entry page, and the room display on the room's
screen (opened from its link, signed in as nobody) and the director's room follow each deal live. Both room pages pass
axe-core, in English, and after the close in Persian (right to left) and Hungarian."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.e2e.axe import axe_violations
from tests.e2e.phone import check_page, phone_browser
from tests.e2e.table import Table, wait_until
from tests.support.browser import PASSWORD, api_session
from tests.support.page_language import RTL, script_text, template_text

pytestmark = pytest.mark.e2e

PAGE_LANGUAGE = "return [document.documentElement.lang, document.documentElement.dir || 'ltr'];"
QR_NAMESPACE = "return document.querySelector('#display-qr svg').namespaceURI;"
PLAYERS = ["Asha", "Ravi", "Meena", "Kiran", "Dev", "Uma", "Tara"]  # and Bala, checked in from the page


def make_night(live_app: dict[str, Any]) -> int:
    """asha's club (she is its admin, so its director) with bala as a scorer, and a night of progressive Bid Euchre
    with seven players checked in."""
    api = api_session(live_app, "asha")
    base = live_app["base"]
    club = api.post(f"{base}/api/v1/clubs/", json={"name": "Thursday Euchre"}).json()["id"]
    member = api.post(f"{base}/api/v1/clubs/{club}/members/", json={"user": live_app["opponent"], "role": "scorer"})
    assert member.status_code == 201, member.json()
    event = api.post(
        f"{base}/api/v1/events/",
        json={
            "club": club,
            "name": "Progressive euchre",
            "game": "bid_euchre",
            "format": "progressive",
            "rounds_planned": 2,
            "round_length": "deals",
            "deals_per_round": 4,
        },
    ).json()["id"]
    for name in PLAYERS:
        assert api.post(f"{base}/api/v1/events/{event}/entrants/", json={"player": {"name": name}}).ok
    return int(event)


def record_a_deal(phone: Table, match_id: int) -> None:
    """One deal through the score entry page: the seat after the drawn dealer bids 3, the rest pass, 4 tricks to 2."""
    phone.open(f"/table/matches/{match_id}/")
    phone.find("#deal-fields [data-name=dealer]")
    phone.call("bid-3")
    for _ in range(3):
        phone.call("pass")
    phone.pick("trump", "hearts")
    phone.type("input[name=tricks_A]", 4)
    phone.type("input[name=tricks_B]", 2)
    phone.save_and_wait()


def deals_shown(room: Table, table: int) -> str:
    return str(room.driver.find_element(By.CSS_SELECTOR, f"#table-{table} .table-details").text)


def test_a_round_started_and_two_tables_recorded_reach_the_room_display(
    live_app: dict[str, Any], scorer_browser: Any, spectator_browser: Any, opponent_browser: Any
) -> None:
    event = make_night(live_app)
    director = Table(scorer_browser, live_app["base"])
    director.sign_in("asha", PASSWORD)
    director.open(f"/table/events/{event}/room/")
    director.type("#check-in-name", "Bala")
    director.tap("#check-in")
    wait_until(lambda: len(scorer_browser.find_elements(By.CSS_SELECTOR, "#entrants .entrant")) == 8, "8 players")
    check_page(director, "night room before the draw")

    director.tap("#make-display-link")
    link = str(wait_until(lambda: director.find("#display-link-url").get_attribute("href"), "the display link"))
    # Its QR code drawn at once, as an SVG (in the SVG namespace, dark modules on white whatever the colour scheme).
    namespace, drawn_width, background = scorer_browser.execute_script(
        "const svg = document.querySelector('#display-qr svg');"
        "return [svg.namespaceURI, svg.querySelector('path').getBoundingClientRect().width,"
        " getComputedStyle(svg).backgroundColor];"
    )
    assert (namespace, background) == ("http://www.w3.org/2000/svg", "rgb(255, 255, 255)")
    assert drawn_width >= 100
    display = Table(spectator_browser, live_app["base"])
    display.driver.get(link)
    assert display.text("#clock") == "No round is drawn yet."
    if live_app["redis"]:
        wait_until(lambda: display.find("#standings").get_attribute("data-live") == "events", "the display's stream")

    director.tap("#start-round")
    wait_until(lambda: director.text("#round-line") == "Round 1 of 2", "round 1 in the room")
    assert director.text("#table-1 .tag") == "No deal yet"
    wait_until(lambda: "Round 1 of 2" in display.text("#clock"), "round 1 on the room display")
    assert display.text("#tables-done") == "0 of 2 tables finished"

    api = api_session(live_app, "asha")
    tables = api.get(f"{live_app['base']}/api/v1/events/{event}/rounds/1/").json()["tables"]
    bala = Table(opponent_browser, live_app["base"])
    bala.sign_in("bala", PASSWORD)
    record_a_deal(bala, tables[0]["match"])
    wait_until(lambda: deals_shown(director, 1).startswith("1 deal recorded"), "table 1's deal in the room")
    with phone_browser(live_app["base"]) as second_phone:
        second_phone.sign_in("asha", PASSWORD)
        record_a_deal(second_phone, tables[1]["match"])
    wait_until(lambda: deals_shown(director, 2).startswith("1 deal recorded"), "table 2's deal in the room")
    assert director.text("#table-1 .tag") == "Playing"  # names without accounts: nobody there can confirm a deal

    standings = api.get(f"{live_app['base']}/api/v1/events/{event}/standings/").json()["rows"]
    assert [row["total"] for row in standings] == [0] * 8  # a round's scores count once it ends
    director.type("#close-reason", "Time is up")
    director.find("#close-reason").send_keys(Keys.ENTER)  # submits the close form (a tap may land on a moved row)
    wait_until(lambda: director.text("#round-status") == "Closed", "the closed round in the room")
    wait_until(lambda: display.text("#clock").startswith("Round 1 of 2\nClosed"), "the closed round on the display")
    shown = [item.text.split("\n") for item in spectator_browser.find_elements(By.CSS_SELECTOR, "#standings li")]
    standings = api.get(f"{live_app['base']}/api/v1/events/{event}/standings/").json()["rows"]
    assert [(line[1], float(line[2].replace("\u2212", "-"))) for line in shown] == [
        (row["player"]["name"], row["total"]) for row in standings
    ]
    assert {row["total"] for row in standings} != {0}
    check_page(director, "night room after the close")
    check_page(display, "night room display")
    try:
        for language in ("fa", "hu"):
            director_and_display_in(language, director, display, event, link)
    finally:
        for browser in (scorer_browser, spectator_browser):
            browser.delete_cookie("django_language")


def director_and_display_in(language: str, director: Table, display: Table, event: int, link: str) -> None:
    """The director's room and the room display (through its link) after the close, in ``language``: the page's
    direction, its words from the catalogues, the display link's QR code drawn, axe clean."""
    direction = "rtl" if language in RTL else "ltr"
    for page in (director, display):
        page.driver.add_cookie({"name": "django_language", "value": language, "path": "/"})
    director.open(f"/table/events/{event}/room/")
    wait_until(lambda: director.text("#round-status") == script_text(language, "Closed"), f"the room in {language}")
    assert director.driver.execute_script(PAGE_LANGUAGE) == [language, direction]
    assert director.text("#table-1 .tag") == script_text(language, "Finished")
    assert director.text("#tables-title") == template_text(language, "Tables")
    assert director.driver.execute_script(QR_NAMESPACE) == "http://www.w3.org/2000/svg"
    assert_axe_clean(director, f"night room ({language})")
    display.driver.get(link)
    wait_until(lambda: script_text(language, "Closed") in display.text("#clock"), f"the display in {language}")
    assert display.driver.execute_script(PAGE_LANGUAGE) == [language, direction]
    assert_axe_clean(display, f"night room display ({language})")


def assert_axe_clean(page: Table, state: str) -> None:
    """axe-core finds no critical or serious violation, in the light scheme: the colours are the same in every
    language (check_page checked both schemes in English), the words and the direction are what change here."""
    serious = [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
        for v in axe_violations(page.driver)
        if v["impact"] in ("critical", "serious")
    ]
    assert serious == [], state


def test_a_team_nights_director_checks_two_teams_in_from_the_room_and_starts_round_1(
    live_app: dict[str, Any], scorer_browser: Any, screenshots: Path
) -> None:
    """A round robin of Bid Euchre (teams of two): the room asks for two players' names and a team's name, not a
    player alone; three teams checked in through it show at once, one named by the director, one leaves, and round 1
    seats the other two at one table in their team's seats. axe clean with the team form."""
    api = api_session(live_app, "asha")
    base = live_app["base"]
    club = api.post(f"{base}/api/v1/clubs/", json={"name": "Pairs Club"}).json()["id"]
    body = {"club": club, "name": "Pairs night", "game": "bid_euchre", "format": "round_robin", "rounds_planned": 1}
    event = api.post(f"{base}/api/v1/events/", json={**body, "round_length": "match"}).json()["id"]
    director = Table(scorer_browser, live_app["base"])
    director.sign_in("asha", PASSWORD)
    director.open(f"/table/events/{event}/room/")
    assert scorer_browser.find_elements(By.CSS_SELECTOR, "#check-in-form") == []
    assert director.text("#team-check-in-hint") == (
        "This night is played in fixed partnerships: check each team in with its 2 players together, not one by one."
    )
    teams = ((("Asha", "Ravi"), "The Aces"), (("Meena", "Kiran"), ""), (("Dev", "Uma"), ""))
    for names, team_name in teams:
        for number, name in enumerate(names, 1):
            director.type(f"#team-player-{number}", name)
        director.type("#team-name", team_name)
        director.tap("#team-check-in")
        wait_until(lambda: director.find("#team-player-1").get_attribute("value") == "", "the form emptied")
    wait_until(lambda: len(scorer_browser.find_elements(By.CSS_SELECTOR, "#entrants .team")) == 3, "three teams")
    dev_and_uma = scorer_browser.find_elements(By.CSS_SELECTOR, "#entrants .team")[2]
    assert dev_and_uma.text.startswith("Dev & Uma\nChecked in")
    dev_and_uma.find_element(By.CSS_SELECTOR, "[data-drop-team]").click()  # never drawn: the team is removed
    wait_until(lambda: len(scorer_browser.find_elements(By.CSS_SELECTOR, "#entrants .team")) == 2, "two teams")
    shown = [item.text.split("\n") for item in scorer_browser.find_elements(By.CSS_SELECTOR, "#entrants .team")]
    assert [line[:2] for line in shown] == [["The Aces", "Asha, Ravi"], ["Meena & Kiran", "Checked in"]]
    check_page(director, "team night room before the draw")
    director.screenshot(screenshots / "night-room-teams.png", scroll_to="#team-check-in-hint")

    director.tap("#start-round")
    wait_until(lambda: director.text("#round-line") == "Round 1 of 1", "round 1 in the room")
    (table,) = api.get(f"{base}/api/v1/events/{event}/rounds/1/").json()["tables"]
    seats = {seat["seat"]: seat["player"]["name"] for seat in table["seats"]}
    assert {(seats["S1"], seats["S3"]), (seats["S2"], seats["S4"])} == {("Asha", "Ravi"), ("Meena", "Kiran")}
    assert sorted(director.text("#table-1 .table-players").split(", ")) == sorted(f"{s} {n}" for s, n in seats.items())
