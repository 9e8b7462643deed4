"""The phone page in each language against English: its bytes (as sent, and gzipped as the server sends it) and the
time to render it (issue 18). An Estonian, Persian or Hungarian page carries its language's catalogue of the pages'
words inline (#page-i18n); an English page carries none.

A Seep match page with 20 deals, rendered through Django's test client (no network), the four languages taken turn
about so each sees the same machine. Read the ratios against English.

    .venv/bin/python -m bench.page_languages [--rounds 50]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import TYPE_CHECKING, Any

from bench.django_env import bench_database, bench_user

if TYPE_CHECKING:  # Django is set up by bench_database, not when this module loads
    from django.contrib.auth.models import User

LANGUAGES = ("en", "et", "fa", "hu")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    rounds = parser.parse_args().rounds
    with bench_database("page_languages"):
        from django.test import Client

        from tests.support.corrections import alternating_deals

        user = bench_user()
        page = f"/table/matches/{_seep_match(user, alternating_deals(20))}/"
        client = Client()
        client.force_login(user)
        sizes: dict[str, tuple[int, int]] = {}
        times: dict[str, list[float]] = {language: [] for language in LANGUAGES}
        for language in LANGUAGES:
            client.cookies["django_language"] = language
            sizes[language] = (
                len(client.get(page).content),
                len(client.get(page, headers={"Accept-Encoding": "gzip"}).content),
            )
        for _round in range(rounds):
            for language in LANGUAGES:
                client.cookies["django_language"] = language
                started = time.perf_counter()
                client.get(page, headers={"Accept-Encoding": "gzip"})
                times[language].append(time.perf_counter() - started)
    english = statistics.median(times["en"])
    print(f"Seep match page, 20 deals; {rounds} renders per language, turn about")
    print(f"{'language':9}{'bytes':>8}{'gzipped':>9}{'x en':>7}{'median ms':>11}{'x en':>7}")
    for language in LANGUAGES:
        raw, gzipped = sizes[language]
        median = statistics.median(times[language])
        print(
            f"{language:9}{raw:>8,}{gzipped:>9,}{gzipped / sizes['en'][1]:>7.2f}{median * 1000:>11.2f}"
            f"{median / english:>7.2f}"
        )


def _seep_match(user: User, deals: list[dict[str, Any]]) -> int:
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(user)
    match = api.post(
        "/api/v1/matches/",
        {"game": "seep", "players": [{"name": name} for name in ("Asha", "Bala", "Ravi", "Meena")]},
        format="json",
    ).json()
    for deal in deals:
        assert api.post(f"/api/v1/matches/{match['id']}/deals/", deal, format="json").status_code == 201
    return int(match["id"])


if __name__ == "__main__":
    main()
