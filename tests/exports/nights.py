"""A small club night for the export tests: five players of progressive Bid Euchre (one table and a bye a round),
two rounds of two deals; round 2 closed by the director after one deal. The draws' seeds are fixed, so the tables
and the rows are the same on every run."""

from __future__ import annotations

import copy
import json
import os
import random
import secrets
import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from exports.selectors import scope_by_id
from exports.writers import writer_for
from exports.writers.common import Progress
from games.models import Club, Membership
from games.services.deals import deal_record
from nights.models import Entrant, Event, Round
from nights.services import entrant_check_in, event_create, round_close, round_start
from tests.factories import UserFactory
from tests.nights.helpers import euchre_deal

# Skipped on a machine without poppler-utils; under CI=true it must be there (.ci/run installs it).
needs_poppler = pytest.mark.skipif(
    shutil.which("pdftoppm") is None and not os.environ.get("CI"), reason="needs poppler-utils (pdftoppm, pdftotext)"
)
NAMES = ["Asha", "Bala", "Chen", "Dora", "Emil"]


@dataclass
class Night:
    director: User
    club: Club
    event: Event

    def entrant(self, name: str) -> Entrant:
        return self.event.entrants.get(player__name=name)

    def round(self, number: int) -> Round:
        return self.event.rounds.get(number=number)


def _play(director: User, played: Round, count: int, rng: random.Random) -> None:
    for table in played.tables.select_related("match"):
        dealer = table.first_dealer
        for _ in range(count):
            answer = deal_record(match_id=table.match_id, actor=director, payload=euchre_deal(dealer, rng))
            dealer = answer.match.state["next_dealer"]


def directed_club(name: str) -> tuple[User, Club]:
    """A new account and the club it is the admin of (so it may direct the club's nights)."""
    director = UserFactory.create()
    club = Club.objects.create(name=name)
    Membership.objects.create(club=club, user=director, role=Membership.Role.ADMIN)
    return director, club


def make_night(monkeypatch: pytest.MonkeyPatch, names: list[str] = NAMES) -> Night:
    seeds = iter([11, 22, 33])
    monkeypatch.setattr(secrets, "randbits", lambda bits: next(seeds))  # the draws' seeds
    director, club = directed_club("Thursday Euchre")
    event = event_create(
        actor=director,
        club=club,
        name="Progressive euchre",
        game="bid_euchre",
        settings={},
        format="progressive",
        format_settings={"bye_score": "average"},
        rounds_planned=2,
        round_length="deals",
        deals_per_round=2,
    )
    for name in names:
        entrant_check_in(actor=director, event_id=event.pk, player={"name": name})
    rng = random.Random(5)
    _play(director, round_start(actor=director, event_id=event.pk), 2, rng)
    second = round_start(actor=director, event_id=event.pk)
    _play(director, second, 1, rng)
    round_close(actor=director, event_id=event.pk, number=2, reason="Time is up.")
    event.refresh_from_db()
    return Night(director, club, event)


def write(kind: str, scope_id: int, file_format: str, folder: Path, reader: Any = None) -> bytes:
    path = folder / f"{kind}-{scope_id}.{file_format}"
    writer_for(kind, file_format)(scope_by_id(kind, scope_id, reader=reader), path, Progress())
    return path.read_bytes()


def renumbered(document: dict[str, Any]) -> dict[str, Any]:
    """The file with the exporting server's ids replaced by positions (an import makes new ids) and the moment of
    writing left out."""
    doc = copy.deepcopy(document)
    players = {p["id"]: n for n, p in enumerate(doc["players"])}
    matches = {m["id"]: n for n, m in enumerate(doc["matches"])}
    doc.pop("exported_at")
    doc["scope"].pop("id")
    doc["club"].pop("id")
    for player in doc["players"]:
        player["id"] = players[player["id"]]
    for match in doc["matches"]:
        match["id"] = matches[match["id"]]
        for seat in match["seats"]:
            seat["player"] = players[seat["player"]]
    events = {event["id"]: n for n, event in enumerate(doc["events"])}
    for entry in doc["audit"]:  # a night's entries name it by its id
        for facts in (entry["before"], entry["after"]):
            if isinstance(facts, dict) and facts.get("event") in events:
                facts["event"] = events[facts["event"]]
    for position, event in enumerate(doc["events"]):
        event["id"] = position
        entrants = {e["id"]: n for n, e in enumerate(event["entrants"])}
        teams = {t["id"]: n for n, t in enumerate(event.get("teams", []))}
        for team in event.get("teams", []):
            team["id"] = teams[team["id"]]
        for entrant in event["entrants"]:
            entrant["id"], entrant["player"] = entrants[entrant["id"]], players[entrant["player"]]
            entrant["team"] = teams.get(entrant.get("team"))
        for played in event["rounds"]:
            played["byes"] = [entrants[bye] for bye in played["byes"]]
            for sub in played.get("substitutes", []):
                sub["entrant"], sub["player"] = entrants[sub["entrant"]], players[sub["player"]]
            for table in played["tables"]:
                table["match"] = matches[table["match"]]
    return doc


def export_json(kind: str, scope_id: int, tmp_path: Path) -> dict[str, Any]:
    """As a member who is not an admin sees it (no usernames): an import has other accounts."""
    path = tmp_path / f"{kind}-{scope_id}.json"
    scope = replace(scope_by_id(kind, scope_id), usernames_shown=False)
    writer_for(kind, "json")(scope, path, Progress())
    return dict(json.loads(path.read_text(encoding="utf-8")))
