"""The embedded default under a table's concurrency: `make run`'s server (runserver, a thread per request) on a fresh
SQLite file, migrated as `make run` migrates it (into WAL mode), with eight phones writing deals, share links and
answers at the same moment, 96 writes in all. Every write waits its turn and is answered 2xx, and is in the database
exactly once. Before WAL and immediate transactions a write that had read first failed at once with "database is
locked" whatever the busy timeout (a 500; answered 503 database_busy since, which this test would send again and
then fail on).

The server runs in a subprocess on its own SQLite file: pytest-django's SQLite test database lives in memory, which
threads cannot share, and only a real server exercises the settings `make run` uses."""

from __future__ import annotations

import json
import sqlite3
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.deals import SEATS, seep_deal
from tests.support.servers import App, app_env, free_port, manage, served

PHONES = 8
DEALS_PER_PHONE = 10

SETUP = f"""
import json
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from games.models import Player
User = get_user_model()
scorer = User.objects.create_user("scorer")
phones = []
for n in range({PHONES}):
    user = User.objects.create_user(f"player{{n}}")
    player = Player.objects.create(name=f"Player {{n}}", user=user, created_by=scorer)
    phones.append({{"token": AuthToken.objects.create(user=user)[1], "player": player.pk}})
print(json.dumps({{"scorer": AuthToken.objects.create(user=scorer)[1], "phones": phones}}))
"""


@pytest.fixture
def make_run_server(workdir: Path) -> Iterator[tuple[App, Path, dict[str, Any]]]:
    """`make run` on a fresh SQLite file: migrate, then runserver; the accounts made with the shell."""
    database = workdir / "db.sqlite3"
    env = app_env(workdir, DATABASE_URL=f"sqlite:///{database}", DEBUG="true")
    manage(env, "migrate", "--noinput")
    accounts = json.loads(manage(env, "shell", "-c", SETUP).splitlines()[-1])  # after the shell's own words
    port = free_port()
    command = [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    with served(command, port, workdir / "runserver.log", env, seconds=30) as app:
        yield app, database, accounts


def until_not_busy(send: Callable[[], httpx.Response], busy: list[httpx.Response]) -> httpx.Response:
    """Send; a 503 database_busy (with Retry-After) is sent again, as the page's outbox does."""
    while (answer := send()).status_code == 503 and answer.json()["code"] == "database_busy":
        assert int(answer.headers["Retry-After"]) > 0
        busy.append(answer)
        time.sleep(0.2)
    return answer


def test_eight_phones_writing_at_once_on_sqlite_are_all_answered_and_all_kept(
    make_run_server: tuple[App, Path, dict[str, Any]],
) -> None:
    app, database, accounts = make_run_server
    with app.client(accounts["scorer"]) as scorer:
        matches = []
        for account in accounts["phones"]:
            players = [account["player"], {"name": "Ravi"}, {"name": "Meena"}, {"name": "Kiran"}]
            match = scorer.post("/api/v1/matches/", json={"game": "seep", "players": players})
            assert match.status_code == 201, match.text
            matches.append(match.json()["id"])
            assert scorer.post(f"/api/v1/matches/{matches[-1]}/deals/", json=seep_deal()).status_code == 201

    deal_ids = [[str(uuid.uuid4()) for _ in range(DEALS_PER_PHONE)] for _ in range(PHONES)]
    answers: list[list[httpx.Response | Exception]] = [[] for _ in range(PHONES)]
    busy: list[httpx.Response] = []
    barrier = threading.Barrier(PHONES, timeout=30)

    def write_all(index: int) -> None:
        match_id = matches[index]
        with app.client(accounts["scorer"], timeout=60) as scorer, app.client(accounts["phones"][index]["token"]) as me:
            deals = [
                lambda n=n: scorer.post(
                    f"/api/v1/matches/{match_id}/deals/",
                    json={**seep_deal(dealer=SEATS[(n + 1) % 4]), "client_deal_id": deal_ids[index][n]},
                )
                for n in range(DEALS_PER_PHONE)
            ]
            verdict = "confirm" if index % 2 else "dispute"
            writes = [
                lambda: scorer.post(f"/api/v1/matches/{match_id}/share/"),
                lambda: me.post(f"/api/v1/matches/{match_id}/deals/1/{verdict}/", json={"reason": "too many"}),
                *deals,
            ]
            writes = writes[index % 3 :] + writes[: index % 3]  # each kind of write meets the others
            scorer.get("/api/v1/health/")
            me.get("/api/v1/health/")
            barrier.wait()
            for write in writes:
                try:
                    answers[index].append(until_not_busy(write, busy))
                except httpx.HTTPError as error:
                    answers[index].append(error)

    threads = [threading.Thread(target=write_all, args=(index,), daemon=True) for index in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    statuses = [[getattr(answer, "status_code", repr(answer)) for answer in phone] for phone in answers]
    assert statuses == [[201] * (DEALS_PER_PHONE + 2)] * PHONES, statuses

    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)  # set by migrate, kept by the file
        for index, match_id in enumerate(matches):
            kept = db.execute(
                "SELECT number, client_deal_id FROM games_deal WHERE match_id = ? ORDER BY number", (match_id,)
            ).fetchall()
            assert [number for number, _ in kept] == list(range(1, DEALS_PER_PHONE + 2))
            assert {uuid.UUID(client_id) for _, client_id in kept[1:]} == {uuid.UUID(d) for d in deal_ids[index]}
            links = db.execute("SELECT COUNT(*) FROM table_matchsharelink WHERE match_id = ?", (match_id,))
            assert links.fetchone() == (1,)
            verdicts = db.execute(
                "SELECT a.verdict FROM table_dealconfirmation a JOIN games_deal d ON d.id = a.deal_id "
                "WHERE d.match_id = ?",
                (match_id,),
            ).fetchall()
            assert verdicts == [("confirmed" if index % 2 else "disputed",)]
    assert not busy, [answer.json() for answer in busy]  # the busy timeout absorbed every wait: no 503 either
