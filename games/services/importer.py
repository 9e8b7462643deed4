"""Loading an interchange file whose shape is checked (exports.importer checks it against the JSON Schema): replay
every match through its rules engine while writing it, all in one transaction. The first problem refuses the whole
file with its path (``matches[3].deals[7].result``) and nothing is kept. The file's club nights are the nights app's
to load (nights.importer), in the same transaction, given this loader.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction

from games.models import AuditEntry, Club, Deal, DealRevision, League, Match, Membership, Player, Seat
from games.rules.errors import RuleViolation
from games.rules.first_dealer import FIRST_DEALER, with_first_dealer
from games.rules.messages import msg
from games.rules.registry import get_engine
from games.rules.replay import DealRefused, ReplayStep, replay_steps
from games.rules.seats import seat_names
from games.services import bulk
from games.services.audit import RECORDED, audit_record
from games.services.clubs import league_settings_check
from games.services.import_values import day, moment, refuse


def rows_update(model: Any, columns: list[str], rows: list[Any]) -> None:
    bulk.rows_update(model, columns, rows, batch_size=settings.IMPORT_BATCH_SIZE)


@dataclass
class ImportSummary:
    club: int | None
    players: int = 0
    leagues: int = 0
    matches: int = 0
    deals: int = 0
    events: int = 0
    new_ids: dict[str, dict[int, int]] = field(default_factory=dict)


def club_load(
    *,
    actor: User | None,
    document: Any,
    progress: Callable[[int, int], None] | None = None,
    nights: Callable[[ClubLoader], None] | None = None,
) -> ImportSummary:
    """Write the file's club, players, leagues, matches and audit; ``nights`` then loads its club nights."""
    with transaction.atomic():
        return ClubLoader(actor, document, progress or (lambda done, total: None), nights).run()


class ClubLoader:
    def __init__(
        self,
        actor: User | None,
        document: dict[str, Any],
        progress: Callable[[int, int], None],
        nights: Callable[[ClubLoader], None] | None,
    ) -> None:
        self.actor, self.doc, self.progress, self.nights = actor, document, progress, nights
        self.club: Club | None = None
        self.players: dict[int, Player] = {}
        self.leagues: dict[int, League] = {}
        self.matches: dict[int, Match] = {}
        self.events: dict[int, Any] = {}  # nights.models.Event, by the file's id
        self.summary = ImportSummary(club=None)

    def run(self) -> ImportSummary:
        self._club()
        self._players()
        self._leagues()
        matches = self.doc["matches"]
        for index, match in enumerate(matches):
            self._match(index, match)
            self.progress(index + 1, len(matches))
        self._audit(self.doc["audit"], "audit", match=None)
        if self.nights is not None:
            self.nights(self)
            self.summary.events = len(self.events)
        audit_record(
            actor=self.actor,
            action="club.imported",
            club=self.club,
            after={"players": len(self.players), "leagues": len(self.leagues), "matches": len(matches)},
        )
        self.summary.new_ids = {
            "players": {k: v.pk for k, v in self.players.items()},
            "leagues": {k: v.pk for k, v in self.leagues.items()},
            **self.summary.new_ids,
        }
        return self.summary

    def _club(self) -> None:
        data = self.doc["club"]
        if data is None:
            return
        self.club = Club.objects.create(name=data["name"])
        Club.objects.filter(pk=self.club.pk).update(created_at=moment(data["created_at"]))
        if self.actor is not None:
            Membership.objects.create(club=self.club, user=self.actor, role=Membership.Role.ADMIN)
        self.summary.club = self.club.pk

    def _players(self) -> None:
        for index, data in enumerate(self.doc["players"]):
            if data["id"] in self.players:
                raise refuse(f"players[{index}].id", msg("player id {id} appears twice.", id=data["id"]))
            self.players[data["id"]] = Player(
                name=data["name"], club=self.club if data["in_club"] else None, created_by=self.actor
            )
        Player.objects.bulk_create(self.players.values(), batch_size=settings.IMPORT_BATCH_SIZE)
        created = [(self.players[data["id"]].pk, moment(data["created_at"])) for data in self.doc["players"]]
        rows_update(Player, ["created_at"], created)
        merges = [
            (self.players[data["id"]].pk, self.player(data["merged_into"], f"players[{index}].merged_into").pk)
            for index, data in enumerate(self.doc["players"])
            if data["merged_into"] is not None
        ]
        rows_update(Player, ["merged_into"], merges)
        self.summary.players = len(self.players)

    def player(self, ref: int, path: str) -> Player:
        if ref not in self.players:
            raise refuse(path, msg("there is no player {ref} in the file.", ref=ref))
        return self.players[ref]

    def _leagues(self) -> None:
        for index, data in enumerate(self.doc["leagues"]):
            path = f"leagues[{index}]"
            if self.club is None:
                raise refuse(path, msg("a league needs the club it belongs to, and the file has none."))
            if data["id"] in self.leagues:
                raise refuse(f"{path}.id", msg("league id {id} appears twice.", id=data["id"]))
            try:
                league_settings_check(data["game"], data["settings"])
            except RuleViolation as violation:
                raise refuse(f"{path}.settings", violation.detail) from violation
            starts_on, ends_on = day(data["starts_on"]), day(data["ends_on"])
            if starts_on is not None and ends_on is not None and ends_on < starts_on:
                raise refuse(f"{path}.ends_on", msg("a league cannot end before it starts."))
            fields = {k: v for k, v in data.items() if k not in ("id", "created_at", "starts_on", "ends_on")}
            league = League.objects.create(club=self.club, starts_on=starts_on, ends_on=ends_on, **fields)
            League.objects.filter(pk=league.pk).update(created_at=moment(data["created_at"]))
            self.leagues[data["id"]] = league
        self.summary.leagues = len(self.leagues)

    def _match(self, index: int, data: dict[str, Any]) -> None:
        path = f"matches[{index}]"
        league = None
        if data["league"] is not None:
            league = self.leagues.get(data["league"])
            if league is None:
                raise refuse(f"{path}.league", msg("there is no league {league} in the file.", league=data["league"]))
            if league.game != data["game"]:
                raise refuse(
                    f"{path}.game",
                    msg(
                        "league {name!r} plays {league_game}, not {game}.",
                        name=league.name,
                        league_game=league.game,
                        game=data["game"],
                    ),
                )
        replay = MatchReplay(path, data)
        replay.check()
        match = Match.objects.create(
            game=data["game"],
            league=league,
            settings=data["settings"],
            teams=data["teams"],
            state=replay.state,
            version=data["version"],
            status=data["status"],
            player_count=data["player_count"],
            deals_count=data["deals_count"],
            last_deal_number=data["last_deal_number"],
            created_by=self.actor,
            finished_at=moment(data["finished_at"]),
            club=self.club if data.get("club_match") else None,
            first_dealer=data.get("first_dealer", ""),
            deals_limit=data.get("deals_limit"),
            closed_at=moment(data.get("closed_at")),
        )
        if data["id"] in self.matches:
            raise refuse(f"{path}.id", msg("match id {id} appears twice.", id=data["id"]))
        self.matches[data["id"]] = match
        Seat.objects.bulk_create(
            Seat(
                match=match,
                seat=s["seat"],
                position=s["position"],
                team=s["team"],
                player=self.player(s["player"], f"{path}.seats[{i}].player"),
            )
            for i, s in enumerate(data["seats"])
        )
        recorded = {entry["deal_number"] for entry in data["audit"] if entry["action"] == RECORDED}
        self._deals(match, data["deals"], recorded, replay.states_after)
        self._audit(data["audit"], f"{path}.audit", match=match)
        # Timestamps last: saving a row stamps "now" over them.
        Match.objects.filter(pk=match.pk).update(
            created_at=moment(data["created_at"]), updated_at=moment(data["updated_at"])
        )
        self.summary.matches += 1
        self.summary.deals += len(data["deals"])

    def _deals(
        self, match: Match, deals: list[dict[str, Any]], recorded: set[int], states_after: list[dict[str, Any]]
    ) -> None:
        """``recorded``: the deals whose recording the file's audit lists; those entries are imported as rows, so
        the deal is marked not to be read as its own entry too."""
        rows = Deal.objects.bulk_create(
            [
                Deal(
                    match=match,
                    number=d["number"],
                    client_deal_id=d["client_deal_id"],
                    input=d["input"],
                    result=d["result"],
                    state_after=state_after,
                    status=d["status"],
                    revision=d["revision"],
                    recording_in_audit_log=d["number"] in recorded,
                )
                for d, state_after in zip(deals, states_after, strict=True)
            ],
            batch_size=settings.IMPORT_BATCH_SIZE,
        )
        stamps = [
            (row.pk, moment(d["recorded_at"]), moment(d["updated_at"])) for row, d in zip(rows, deals, strict=True)
        ]
        rows_update(Deal, ["recorded_at", "updated_at"], stamps)
        revisions = [
            DealRevision(deal=row, revision=r["revision"], input=r["input"], result=r["result"], reason=r["reason"])
            for row, data in zip(rows, deals, strict=True)
            for r in data["revisions"]
        ]
        created = DealRevision.objects.bulk_create(revisions, batch_size=settings.IMPORT_BATCH_SIZE)
        moments = [r["created_at"] for d in deals for r in d["revisions"]]
        rows_update(
            DealRevision,
            ["created_at"],
            [(revision.pk, moment(at)) for revision, at in zip(created, moments, strict=True)],
        )

    def _audit(self, entries: list[dict[str, Any]], path: str, match: Match | None) -> None:
        rows = []
        for index, data in enumerate(entries):
            league = None
            if data["league"] is not None:
                league = self.leagues.get(data["league"])
                if league is None:
                    raise refuse(
                        f"{path}[{index}].league",
                        msg("there is no league {league} in the file.", league=data["league"]),
                    )
            player = None if data["player"] is None else self.player(data["player"], f"{path}[{index}].player")
            rows.append(
                AuditEntry(
                    action=data["action"],
                    match=match,
                    club=self.club if data["club"] else None,
                    league=league,
                    player=player,
                    deal_number=data["deal_number"],
                    reason=data["reason"],
                    before=data["before"],
                    after=data["after"],
                )
            )
        created = AuditEntry.objects.bulk_create(rows, batch_size=settings.IMPORT_BATCH_SIZE)
        stamps = [(row.pk, moment(data["at"])) for row, data in zip(created, entries, strict=True)]
        rows_update(AuditEntry, ["at"], stamps)


class MatchReplay:
    """Checks that a match in a file is what its rules make of its deals: pinned settings, teams, seats, every
    counted deal's normalized input and result, every state after, the final state and the counters."""

    def __init__(self, path: str, data: Mapping[str, Any]) -> None:
        self.path, self.data = path, data
        # What the rules make of the file's deals once checked: the final state and each deal's state after (the
        # file's, but for a key it may not have had: ``_read_as``), stored as the match's.
        self.state: dict[str, Any] = {}
        self.states_after: list[dict[str, Any]] = []

    def check(self) -> None:
        data, path = self.data, self.path
        engine = get_engine(data["game"])
        try:
            rules = engine.rules_from_settings(data["settings"], data["player_count"])
        except RuleViolation as violation:
            raise refuse(f"{path}.settings", violation.detail) from violation
        pinned = engine.settings_json(rules)
        # A file written before its game added a house rule does not list it; the match plays it at its default.
        older = {name: pinned[name] for name in engine.settings_spec.added_later if name not in data["settings"]}
        self._expect(
            pinned == {**older, **data["settings"]},
            "settings",
            msg("the settings must list every house rule as the match pinned it."),
        )
        self._expect(engine.teams(rules) == data["teams"], "teams", msg("the teams do not follow from the settings."))
        self._check_seats()
        # A club night's table starts from the drawn first dealer (games.services.match_start), who deals its first
        # counted deal (games.rules.first_dealer), as the service played it.
        start = with_first_dealer(engine.state_json(engine.initial_state(rules)), data.get("first_dealer", ""))
        state = self._replay(engine, rules, engine.state_from_json(start, rules))
        self.state = engine.state_json(state)
        self._expect(
            _read_as(data["state"], self.state),
            "state",
            msg("the match state is not what its deals add up to."),
        )
        finished = bool(data["state"].get("match_over"))
        self._expect((data["status"] == "finished") == finished, "status", msg("the status does not match the state."))

    def _expect(self, condition: bool, where: str, detail: str) -> None:
        if not condition:
            raise refuse(f"{self.path}.{where}", detail)

    def _check_seats(self) -> None:
        seats = self.data["seats"]
        self._expect(
            len(seats) == self.data["player_count"],
            "seats",
            msg("{count} players need as many seats.", count=self.data["player_count"]),
        )
        names = seat_names(len(seats))
        for index, seat in enumerate(seats):
            self._expect(
                seat["seat"] == names[index] and seat["position"] == index,
                f"seats[{index}]",
                msg(
                    "seat {number} must be {seat} at position {index}.",
                    number=index + 1,
                    seat=names[index],
                    index=index,
                ),
            )

    def _replay(self, engine: Any, rules: Any, state: Any) -> Any:
        """The one fold of ``games.rules.replay`` over the file's deals (a voided one keeps its number, unplayed);
        each deal's own fields are checked just before it is played, so the first problem in file order is named."""
        deals = self.data["deals"]
        voided = {index for index, deal in enumerate(deals) if deal["status"] == "voided"}
        try:
            for step in replay_steps(engine, rules, self._checked_inputs(deals), state, voided=voided):
                deal, where, state = deals[step.index], f"deals[{step.index}]", step.outcome.state
                if not step.voided:
                    self._check_played(engine, step, deal, where)
                self.states_after.append(engine.state_json(state))
                self._expect(
                    _read_as(deal["state_after"], self.states_after[-1]),
                    f"{where}.state_after",
                    msg("the state after this deal is not what the rules give."),
                )
        except DealRefused as refused:
            violation = refused.violation
            field = f"deals[{refused.index}].input" + (f".{violation.field}" if violation.field else "")
            raise refuse(f"{self.path}.{field}", violation.detail) from violation
        counted = len(deals) - len(voided)
        self._expect(
            counted == self.data["deals_count"],
            "deals_count",
            msg("{counted} deals count, not {deals_count}.", counted=counted, deals_count=self.data["deals_count"]),
        )
        self._expect(
            len(deals) == self.data["last_deal_number"],
            "last_deal_number",
            msg("the last deal is number {number}.", number=len(deals)),
        )
        return state

    def _checked_inputs(self, deals: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """Each deal's input, once its number, client_deal_id and revisions are checked."""
        client_ids: set[str | None] = set()
        for index, deal in enumerate(deals):
            where = f"deals[{index}]"
            client_id = deal["client_deal_id"] and str(uuid.UUID(deal["client_deal_id"]))
            self._expect(
                client_id is None or client_id not in client_ids,
                f"{where}.client_deal_id",
                msg("another deal of this match has the same client_deal_id."),
            )
            client_ids.add(client_id)
            self._expect(
                deal["number"] == index + 1,
                f"{where}.number",
                msg("deal numbers must run 1, 2, 3...; this one should be {number}.", number=index + 1),
            )
            revisions = [r["revision"] for r in deal["revisions"]]
            self._expect(
                revisions == list(range(1, deal["revision"] + 1)),
                f"{where}.revisions",
                msg("the revisions must be 1 to {revision}.", revision=deal["revision"]),
            )
            yield deal["input"]

    def _check_played(self, engine: Any, step: ReplayStep, deal: dict[str, Any], where: str) -> None:
        self._expect(
            engine.deal_json(step.deal) == deal["input"],
            f"{where}.input",
            msg("the deal is not in its normalized form."),
        )
        self._expect(
            {"deal_number": deal["number"], **step.outcome.result} == deal["result"],
            f"{where}.result",
            msg("the result is not what the rules give for this deal."),
        )


def _read_as(stored: Mapping[str, Any], computed: dict[str, Any]) -> bool:
    """Whether a file's state is the ``computed`` one. A file exported before a state named its drawn first dealer
    (``games.rules.first_dealer``) has the state without that key; the computed state, with it, is what is stored, so
    the imported match refuses another first dealer as the exporting one did."""
    if stored == computed:
        return True
    without = {key: value for key, value in computed.items() if key != FIRST_DEALER}
    return FIRST_DEALER not in stored and without == stored
