"""A club season (two leagues, three matches with corrections and a void) for exports, imports and webhooks."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from games.models import Club, League, Match
from games.services.clubs import league_save
from games.services.deals import deal_correct, deal_record, deal_void
from games.services.matches import match_start
from scorekeeper.celery import app as celery_app
from tests.deals import fifty_six_made, seep_deal, seep_win
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from webhooks import addresses

FORMULA_NAME = '=HYPERLINK("http://evil.example","Meena")'


@dataclass
class Season:
    club: Club
    seep: League
    fifty_six: League
    matches: list[Match]
    admin: Any
    member: Any
    outsider: Any


def make_season() -> Season:
    club = ClubFactory.create(name="Tuesday Club")
    admin = MembershipFactory.create(club=club, role="admin").user
    member = MembershipFactory.create(club=club, role="member").user
    seep = league_save(
        actor=admin, league=League(), changes={"club": club, "name": "Winter", "game": "seep", "settings": FIRST_TO_TWO}
    )
    fifty_six = league_save(
        actor=admin,
        league=League(),
        changes={"club": club, "name": "Spring 56", "game": "fifty_six", "settings": {}, "rating_pool": "club_leagues"},
    )
    first = match_start(actor=admin, game="seep", players=seated(["Asha", "Bala", "Ravi", FORMULA_NAME]), league=seep)
    deal_record(match_id=first.pk, actor=admin, payload=seep_deal())
    deal_correct(
        match_id=first.pk,
        number=1,
        actor=admin,
        payload=seep_deal(points_a=70),
        reason="miscounted",
        expected_version=1,
    )
    deal_record(match_id=first.pk, actor=admin, payload=seep_win("A", dealer="S2"))
    deal_record(match_id=first.pk, actor=admin, payload=seep_win("A", dealer="S3"))
    second = match_start(
        actor=admin, game="seep", players=[*seated(["Asha", "Bala"]), *seated(["Chitra", "Dev"])], league=seep
    )
    deal_record(match_id=second.pk, actor=admin, payload=seep_deal())
    deal_record(match_id=second.pk, actor=admin, payload=seep_deal(dealer="S2", points_a=30))
    deal_void(match_id=second.pk, number=2, actor=admin, reason="entered twice")
    deal_record(match_id=second.pk, actor=admin, payload=seep_win("B", dealer="S2"))
    deal_record(match_id=second.pk, actor=admin, payload=seep_win("B", dealer="S3"))
    third = match_start(
        actor=admin, game="fifty_six", players=seated(["Esha", "Farid", "Gita", "Hari"]), league=fifty_six
    )
    deal_record(match_id=third.pk, actor=admin, payload=fifty_six_made())
    deal_record(match_id=third.pk, actor=admin, payload=fifty_six_made(dealer="S2"))
    matches = [Match.objects.get(pk=m.pk) for m in (first, second, third)]
    return Season(club, seep, fifty_six, matches, admin, member, UserFactory.create())


PUBLIC_ADDRESS = "93.184.215.14"


FIRST_TO_TWO = {"match_end": {"type": "first_to_baazis", "count": 2}}


def seated(names: list[str]) -> list[dict[str, str]]:
    return [{"name": name} for name in names]


@contextlib.contextmanager
def tasks_in_process() -> Iterator[None]:
    """Celery tasks run in-process (eagerly) meanwhile, even when REDIS_URL is set."""
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    try:
        yield
    finally:
        celery_app.conf.task_always_eager = saved


def fake_dns(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """Webhook host names resolve through the table this returns (example.org is public); an address literal
    resolves to itself, as it does. A test adds the names it needs to the table."""
    table: dict[str, list[str]] = {"example.org": [PUBLIC_ADDRESS]}

    def resolve(host: str, port: int | None) -> list[str]:
        if host in table:
            return table[host]
        return [str(info[4][0]) for info in socket.getaddrinfo(host, port, flags=socket.AI_NUMERICHOST)]

    monkeypatch.setattr(addresses, "resolve", resolve)
    return table
