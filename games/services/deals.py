"""Recording, correcting and voiding deals.

Two phones at one table are served one after the other: no deal is numbered twice, none is lost. A correction or
a void locks the match row before it reads the match's state; a recording on PostgreSQL reads it without a lock and
writes only if the match is still at the version it read, else plays again on the new state (and after a few such
tries takes the lock: ``deal_record``); previews read without a lock. Recording folds one deal into the stored state
(the cost does not grow with the match); a correction or a void replays from the state stored after the deal before.
A refused request raises before anything is written, and leaves every row as it was.
"""

from __future__ import annotations

import contextlib
import functools
import json
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Case, F, Field, Model, TextField, When
from django.db.models.expressions import Col
from django.db.models.functions import Cast
from django.utils import timezone

from games import events
from games.errors import (
    CorrectionConflicts,
    DealVoided,
    DomainError,
    MatchClosed,
    NotFound,
    NotPermitted,
    PreconditionRequired,
    StaleVersion,
)
from games.models import Deal, DealRevision, Match
from games.rules.engine import AnyEngine
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.registry import get_engine
from games.rules.replay import DealRefused, ParsedDeal, ParsedDeals, ReplayStep, replay_steps
from games.selectors.access import WRITERS_ONLY, match_correctable_by, match_readable_by, match_writable_by
from games.selectors.matches import initial_state_json, seats_subquery_sql, state_before_deal
from games.services.audit import audit_record, result_changes
from games.services.bulk import rows_update
from games.services.prepared import database, prepared_cursor


@dataclass(frozen=True)
class DealRecording:
    deal: Deal
    match: Match
    created: bool
    state_before: dict[str, Any]  # the match state the deal was played in


@dataclass
class StoredDeal:
    """A deal after the changed one, as a change reads it: the columns a replay needs, its JSON columns decoded
    only when used (a dry run never reads the stored states; a deal already parsed, ``PARSED_DEALS``, is never
    decoded at all). Issue 28: reading whole rows was a third of a dry run of deal 1 of a long match."""

    pk: int
    number: int
    status: str
    revision: int
    result: dict[str, Any]
    input_text: str
    state_text: str
    parsed: ParsedDeal | None = None  # the parsed input, once the replay has parsed it

    @cached_property
    def input(self) -> dict[str, Any]:
        return json.loads(self.input_text)  # type: ignore[no-any-return]

    @cached_property
    def state_after(self) -> dict[str, Any]:
        return json.loads(self.state_text)  # type: ignore[no-any-return]

    @property
    def is_voided(self) -> bool:
        return self.status == Deal.Status.VOIDED


@dataclass
class ReplayedDeal:
    """A deal's row and what it becomes on the new history (``result`` is kept as it was for a void);
    ``input_moved`` when its normalized input is not the stored one."""

    row: Deal | StoredDeal
    input: dict[str, Any]
    result: dict[str, Any]
    state_after: dict[str, Any]
    status: str
    input_moved: bool = False

    def moved(self, column: str) -> bool:
        """Whether ``column`` (one of ``REPLAYED_COLUMNS``) differs from the stored row's."""
        if column == "input":
            return self.input_moved
        return bool(getattr(self, column) != getattr(self.row, column))


@dataclass
class Replay:
    start: dict[str, Any]  # the state before the first replayed deal
    deals: list[ReplayedDeal] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)

    def changed_later_deals(self, number: int) -> list[dict[str, Any]]:
        """Deals after ``number`` whose result differs on the new history: old and new."""
        return [
            {"deal_number": item.row.number, "before": item.row.result, "after": item.result}
            for item in self.deals
            if item.row.number > number and item.result != item.row.result
        ]


@dataclass(frozen=True)
class Correction:
    deal: Deal
    match: Match
    changed_deals: list[dict[str, Any]]
    state_before: dict[str, Any]  # the match state before the change
    deal_before: dict[str, Any]
    deal_state_before: dict[str, Any]  # the match state the deal was played in (unchanged by the change)


ADMINS_CORRECT = msg("In a league only the club's admins correct or void deals; ask one of them.")


def locked_match(match_id: int, actor: User, may_change: Callable[[User, Match], bool], refusal: str) -> Match:
    """The match row, locked until the transaction ends, once ``actor`` may make this change (``may_change``, a
    question of games.selectors.access; else ``refusal``, 403, or 404 for whoever may not see the match). Every
    service that writes a match, here or in the outer apps, locks it through this."""
    return _match_for_change(match_id, actor, may_change, refusal, lock=True)


def _match_for_change(
    match_id: int, actor: User, may_change: Callable[[User, Match], bool], refusal: str, *, lock: bool
) -> Match:
    """The match row (locked until the transaction ends with ``lock``) once ``actor`` may make this change; else
    403 for someone who may see the match and 404 (as if there were no such match) for anyone else. Reading it here,
    not before, makes one query of the two. Whoever may change a match may see it, so visibility is asked only on
    refusal."""
    match = _read_match(match_id, lock=lock)
    if match is not None and may_change(actor, match):
        return match
    if match is not None and match_readable_by(actor, match):
        raise NotPermitted(refusal)
    raise NotFound


# Stands for the match's id in the match read's SQL, built once; never an id (ids are positive).
_MATCH_ID_SLOT = -7_919


def _read_match(match_id: int, *, lock: bool) -> Match | None:
    """The match row (locked with ``lock``), with what the answer and the live event need read in the same query:
    the seats (``seats_json``, games.selectors.matches.seats_from_json) and the live fields' reads (the board's
    answers count). The SQL is the ORM's, built once per database, set of live fields and lock (building it cost
    more than the query itself: issue 31), and prepared on the connection (``prepared_cursor``); the row becomes a
    Match as the ORM would make it, without a raw queryset's work of matching columns to fields at every read."""
    db = database()
    sql, params = _match_read_sql(db.vendor, events.live_fields_read(), lock)
    with prepared_cursor(db) as cursor:
        cursor.execute(sql, [match_id if param == _MATCH_ID_SLOT else param for param in params])
        row = cursor.fetchone()
        layout = _ROW_LAYOUTS.get(sql) or _ROW_LAYOUTS.setdefault(sql, _row_layout(cursor.description, db))
    return None if row is None else _match_from_row(layout, row, db)


@dataclass(frozen=True)
class _RowLayout:
    """Where a match read's columns go: the model's fields, each with the converters the ORM applies to it on this
    database (the JSON columns decoded; on SQLite the dates parsed too), and by name the values read beside them
    (the seats, the live fields' reads)."""

    names: tuple[str, ...]
    positions: tuple[int, ...]
    converters: tuple[tuple[Col, tuple[Callable[[Any, Any, Any], Any], ...]], ...]
    extras: tuple[tuple[str, int], ...]


# The layout of each match read's rows, by its SQL (a read's text names its database and columns); a cursor's
# description is built anew at each read, so it is read once.
_ROW_LAYOUTS: dict[str, _RowLayout] = {}


def _row_layout(description: Sequence[Sequence[Any]], db: BaseDatabaseWrapper) -> _RowLayout:
    columns = [column[0] for column in description]
    fields = {field.column: field for field in Match._meta.concrete_fields}
    found = [
        (position, fields[column].get_col(Match._meta.db_table))
        for position, column in enumerate(columns)
        if column in fields
    ]
    return _RowLayout(
        names=tuple(col.target.attname for _, col in found),
        positions=tuple(position for position, _ in found),
        converters=tuple((col, tuple(db.ops.get_db_converters(col) + col.get_db_converters(db))) for _, col in found),
        extras=tuple((column, position) for position, column in enumerate(columns) if column not in fields),
    )


def _match_from_row(layout: _RowLayout, row: Sequence[Any], db: BaseDatabaseWrapper) -> Match:
    values = []
    for position, (col, converters) in zip(layout.positions, layout.converters, strict=True):
        value = row[position]
        for convert in converters:
            value = convert(value, col, db)
        values.append(value)
    match = Match.from_db(db.alias, list(layout.names), values)
    for name, position in layout.extras:
        setattr(match, name, row[position])
    return match


@functools.cache
def _match_read_sql(vendor: str, live_fields: tuple[str, ...], lock: bool) -> tuple[str, tuple[Any, ...]]:
    matches = events.with_live_fields(Match.objects.select_for_update() if lock else Match.objects.all())
    sql, params = matches.filter(pk=_MATCH_ID_SLOT).query.get_compiler(connection=connection).as_sql()
    seats = seats_subquery_sql(
        vendor, f"{connection.ops.quote_name(Match._meta.db_table)}.{connection.ops.quote_name('id')}"
    )
    assert sql.startswith("SELECT ") and params.count(_MATCH_ID_SLOT) == 1, sql
    return f"SELECT {seats} AS {connection.ops.quote_name('seats_json')}, {sql.removeprefix('SELECT ')}", tuple(params)


def _check_version(match: Match, expected_version: int | None, *, required: bool) -> None:
    if expected_version is None:
        if required:
            raise PreconditionRequired(
                msg(
                    "A correction must say which version of the match it corrects: send If-Match with the match's "
                    'ETag (now "{version}").',
                    version=match.version,
                ),
                None,
                current_version=match.version,
            )
        return
    if expected_version != match.version:
        raise StaleVersion(match, expected_version)


def _check_open(match: Match) -> None:
    """A match its organiser closed, or one that has played the deals it was cut at, takes no new deal."""
    if match.closed_at is not None:
        raise MatchClosed(msg("This match was closed by its organiser: it takes no new deal."), None)
    if match.deals_limit is not None and match.deals_count >= match.deals_limit:
        raise MatchClosed(
            msg(
                "This match is played to {limit} deals and has them all: it takes no new deal.", limit=match.deals_limit
            ),
            None,
            deals_limit=match.deals_limit,
        )


def _engine_and_rules(match: Match) -> tuple[AnyEngine, Any]:
    return get_engine(match.game), _pinned_rules(
        match.game, match.player_count, json.dumps(match.settings, sort_keys=True)
    )


@functools.lru_cache(maxsize=1024)
def _pinned_rules(game: str, player_count: int, settings_json: str) -> Any:
    """A match's rules from its pinned settings, made once per process for each set of house rules and player count:
    pinned settings never change, and the rules are frozen (issue 31: making them was a fifth of the engine's share
    of a deal post)."""
    return get_engine(game).rules_from_settings(json.loads(settings_json), player_count)


# What a deal changes on the match row; saving only these keeps the pinned settings out of every UPDATE.
MATCH_STATE_FIELDS = ["state", "status", "finished_at", "version", "deals_count", "last_deal_number", "updated_at"]


def _apply_match_state(match: Match, state_json: dict[str, Any]) -> None:
    match.state = state_json
    finished = bool(state_json.get("match_over"))
    if finished and match.status != Match.Status.FINISHED:
        match.finished_at = timezone.now()
    elif not finished:
        match.finished_at = None
    match.status = Match.Status.FINISHED if finished else Match.Status.IN_PROGRESS
    match.version += 1


def deal_record(
    *,
    match_id: int,
    actor: User,
    payload: Mapping[str, Any],
    client_deal_id: uuid.UUID | None = None,
    expected_version: int | None = None,
    dry_run: bool = False,
) -> DealRecording:
    """Record a deal, or answer the deal already recorded under ``client_deal_id`` (a retry). A first recording
    pays no lookup of that id: a retry is found when its insert meets the unique constraint (the deal is then read
    anew) or when it is refused (a stale If-Match, a match it finished).

    On PostgreSQL a recording is optimistic (issue 31): the match is read without a lock and outside a transaction,
    the deal played on that state, and the deal and the match's new state written in one statement that changes
    nothing unless the match is still at the version read (and still open). A post that meets another phone's deal
    in between plays again on the new state (``DEAL_OPTIMISTIC_ATTEMPTS`` in all), then takes the row lock and waits
    its turn, as every post does elsewhere: two phones are still served one after the other, none refused for it.
    A dry run stores nothing, so it reads without a lock on every database."""
    request = _DealRequest(match_id, actor, payload, client_deal_id, expected_version)
    try:
        if dry_run:
            return _deal_preview(request)
        for _attempt in range(_optimistic_attempts()):
            recorded = _deal_record_optimistic(request)
            if recorded is not None:
                return recorded
        return _deal_record_locked(request)
    except IntegrityError:
        if client_deal_id is None:
            raise
        # The deal the constraint met is committed (PostgreSQL waits for the transaction that inserts it).
        existing = _recorded_already(
            _match_for_change(match_id, actor, match_writable_by, WRITERS_ONLY, lock=False), client_deal_id
        )
        if existing is None:
            raise
        return existing


@dataclass(frozen=True)
class _DealRequest:
    match_id: int
    actor: User
    payload: Mapping[str, Any]
    client_deal_id: uuid.UUID | None
    expected_version: int | None


def _optimistic_attempts() -> int:
    """How many optimistic tries a recording has before it takes the lock: none where the deal and the match cannot
    be written in one conditional statement (SQLite keeps the locked path; its transactions take the write lock)."""
    return settings.DEAL_OPTIMISTIC_ATTEMPTS if connection.vendor == "postgresql" else 0


def _recorded_already(match: Match, client_deal_id: uuid.UUID | None) -> DealRecording | None:
    existing = None if client_deal_id is None else match.deals.filter(client_deal_id=client_deal_id).first()
    if existing is None:
        return None
    return DealRecording(existing, match, created=False, state_before=state_before_deal(match, existing.number))


class _TakeTheLock(Exception):
    """An unlocked read met a refusal of a post that has a ``client_deal_id`` and found no deal under it: its
    original may be being written now, which only the locked read waits for (and then answers)."""


def _deal_preview(request: _DealRequest) -> DealRecording:
    """A dry run: the match read without a lock and no transaction (it writes nothing)."""
    match = _match_for_change(request.match_id, request.actor, match_writable_by, WRITERS_ONLY, lock=False)
    existing = _recorded_already(match, request.client_deal_id)  # a dry run stores nothing to meet
    if existing is not None:
        return existing
    try:
        return _played(match, request, locked=False)
    except _TakeTheLock:
        with transaction.atomic():
            match = locked_match(request.match_id, request.actor, match_writable_by, WRITERS_ONLY)
            return _recorded_already(match, request.client_deal_id) or _played(match, request, locked=True)


def _deal_record_optimistic(request: _DealRequest) -> DealRecording | None:
    """One optimistic try (see ``deal_record``): the recording, or None when the match moved since it was read."""
    match = _match_for_change(request.match_id, request.actor, match_writable_by, WRITERS_ONLY, lock=False)
    read_version = match.version
    try:
        recording = _played(match, request, locked=False)
    except _TakeTheLock:
        return _deal_record_locked(request)
    if not _save_recording_if_unmoved(recording.deal, match, read_version):
        return None
    _announce_recording(match, recording.deal.number)  # in autocommit: now; in a caller's transaction: at its commit
    return recording


@transaction.atomic
def _deal_record_locked(request: _DealRequest) -> DealRecording:
    match = locked_match(request.match_id, request.actor, match_writable_by, WRITERS_ONLY)
    recording = _played(match, request, locked=True)
    if recording.created:
        _save_recording(recording.deal, match)  # the deal row is its own first revision and audit entry
        _announce_recording(match, recording.deal.number)
    return recording


def _announce_recording(match: Match, number: int) -> None:
    events.announce_match_change(
        events.DEAL_RECORDED, match, number, finished_now=match.status == Match.Status.FINISHED
    )


def _played(match: Match, request: _DealRequest, *, locked: bool) -> DealRecording:
    """The deal played on ``match`` as read, the match moved on in memory (nothing written): a new recording; or the
    deal already recorded under the request's ``client_deal_id`` when the new one is refused (a retry answers the
    first deal, refused or not). Read ``locked``, a refusal with no such deal is raised; read without the lock, it
    is ``_TakeTheLock`` (the first deal may be being written)."""
    try:
        _check_version(match, request.expected_version, required=False)
        _check_open(match)
        engine, rules = _engine_and_rules(match)
        deal = engine.parse_deal(request.payload, rules)
        outcome = engine.play_deal(engine.state_from_json(match.state, rules), deal, rules)
    except (RuleViolation, DomainError):
        existing = _recorded_already(match, request.client_deal_id)
        if existing is not None:
            return existing
        if locked or request.client_deal_id is None:
            raise
        raise _TakeTheLock from None
    number = match.last_deal_number + 1
    state_before = match.state
    state_json = engine.state_json(outcome.state)
    row = Deal(
        match=match,
        number=number,
        client_deal_id=request.client_deal_id,
        input=engine.deal_json(deal),
        result={"deal_number": number, **outcome.result},
        state_after=state_json,
        recorded_by=request.actor,
    )
    match.last_deal_number = number
    match.deals_count += 1
    _apply_match_state(match, state_json)
    return DealRecording(row, match, created=True, state_before=state_before)


def _save_recording(row: Deal, match: Match) -> None:
    """Insert the deal and write the match's new state. On PostgreSQL in one statement (the INSERT in a ``WITH``
    before the UPDATE: one round trip, no model save machinery; issue 31); elsewhere as two saves. A
    ``client_deal_id`` already recorded fails on the unique constraint either way (IntegrityError)."""
    db = database()
    if db.vendor != "postgresql":
        row.save()
        match.save(update_fields=MATCH_STATE_FIELDS)
        return
    row.recorded_at = row.updated_at = match.updated_at = timezone.now()
    deal_columns, match_columns, sql = _recording_statement()
    params = [*_column_values(row, deal_columns, db), *_column_values(match, match_columns, db), match.pk]
    with prepared_cursor(db) as cursor:
        cursor.execute(sql, params)
        (row.pk,) = cursor.fetchone()
    row._state.adding = False
    row._state.db = db.alias


def _column_values(instance: Model, columns: Sequence[Field[Any, Any]], db: BaseDatabaseWrapper) -> list[Any]:
    """The values of ``instance``'s ``columns`` as the ORM's save would send them to ``db``."""
    return [column.get_db_prep_save(getattr(instance, column.attname), db) for column in columns]


@functools.cache
def _recording_statement() -> tuple[list[Field[Any, Any]], list[Field[Any, Any]], str]:
    """The deal's columns, the match's state columns, and the one statement that writes both (PostgreSQL)."""
    deal_columns = _fields(Deal, RECORDED_COLUMNS)
    match_columns = _fields(Match, MATCH_STATE_FIELDS)
    q = connection.ops.quote_name
    sql = (
        f"WITH {q('recorded')} AS (INSERT INTO {q(Deal._meta.db_table)} "
        f"({', '.join(q(column.column) for column in deal_columns)}) "
        f"VALUES ({', '.join(['%s'] * len(deal_columns))}) RETURNING {q('id')}) "
        f"UPDATE {q(Match._meta.db_table)} SET {', '.join(f'{q(column.column)} = %s' for column in match_columns)} "
        f"WHERE {q('id')} = %s RETURNING (SELECT {q('id')} FROM {q('recorded')})"
    )
    return deal_columns, match_columns, sql


def _save_recording_if_unmoved(row: Deal, match: Match, read_version: int) -> bool:
    """Write the deal and the match's new state in one statement (PostgreSQL, autocommit: one round trip, no
    ``BEGIN``/``COMMIT``) only if the match is still at ``read_version`` and open: the UPDATE's condition is checked
    on the row as it is when the statement gets it (a post that waited for another's row lock sees its version), and
    the INSERT takes the UPDATE's row, so either both are written or neither. False when neither was (the match
    moved); a ``client_deal_id`` already recorded fails on the unique constraint (IntegrityError)."""
    db = database()
    row.recorded_at = row.updated_at = match.updated_at = timezone.now()
    deal_columns, match_columns, sql = _conditional_recording_statement()
    params = [*_column_values(match, match_columns, db), match.pk, read_version, *_column_values(row, deal_columns, db)]
    if db.in_atomic_block:  # a caller's transaction (tests, scripts): a refused INSERT must not break it
        with transaction.atomic(using=db.alias), prepared_cursor(db) as cursor:
            cursor.execute(sql, params)
            written = cursor.fetchone()
    else:
        with prepared_cursor(db) as cursor:
            cursor.execute(sql, params)
            written = cursor.fetchone()
    if written is None:
        return False
    (row.pk,) = written
    row._state.adding = False
    row._state.db = db.alias
    return True


@functools.cache
def _conditional_recording_statement() -> tuple[list[Field[Any, Any]], list[Field[Any, Any]], str]:
    """The deal's columns, the match's state columns, and the statement that writes both if the match is still at
    the version read (PostgreSQL). The deal's values are cast to their columns' types: in ``INSERT ... SELECT`` a
    bare literal would be text."""
    deal_columns = _fields(Deal, RECORDED_COLUMNS)
    match_columns = _fields(Match, MATCH_STATE_FIELDS)
    q = connection.ops.quote_name
    casts = ", ".join(f"CAST(%s AS {column.db_type(connection)})" for column in deal_columns)
    sql = (
        f"WITH {q('moved')} AS (UPDATE {q(Match._meta.db_table)} "
        f"SET {', '.join(f'{q(column.column)} = %s' for column in match_columns)} "
        f"WHERE {q('id')} = %s AND {q('version')} = %s AND {q('closed_at')} IS NULL RETURNING {q('id')}) "
        f"INSERT INTO {q(Deal._meta.db_table)} ({', '.join(q(column.column) for column in deal_columns)}) "
        f"SELECT {casts} FROM {q('moved')} RETURNING {q('id')}"
    )
    return deal_columns, match_columns, sql


def _fields(model: type[Model], names: Sequence[str]) -> list[Field[Any, Any]]:
    by_name = {field.name: field for field in model._meta.concrete_fields}
    return [by_name[name] for name in names]


# Every column of a new deal row (its id is the database's).
RECORDED_COLUMNS = (
    "match",
    "number",
    "client_deal_id",
    "input",
    "result",
    "state_after",
    "status",
    "revision",
    "recorded_by",
    "recorded_at",
    "updated_at",
    "recording_in_audit_log",
)


@dataclass(frozen=True)
class ChangedRows:
    """What a change of deal ``changed.number`` reads: the state kept with the deal before it (None for the first
    deal), the changed deal's row and the deals after it."""

    start: dict[str, Any] | None
    changed: Deal
    later: list[StoredDeal]


# Of every deal from the one before the changed one on, a change reads these, the JSON columns as text (decoded
# when needed: ``StoredDeal``); the changed deal's row is read whole, its other columns only for it (a CASE).
_REPLAY_READ = ("id", "number", "status", "revision", "result", "input_text", "state_text")
_OWN_COLUMNS = tuple(
    item.attname
    for item in Deal._meta.concrete_fields
    if item.attname not in ("id", "number", "status", "revision", "result", "input", "state_after")
)


def _changed_rows(match: Match, number: int) -> ChangedRows:
    """Deal ``number`` and every deal after it, in order, and the state after the deal before it: one query. That
    state is the kept state a change replays from, so the replay starts at ``number`` and folds only the deals
    from there on. 404 for a deal the match does not have; 409 for a voided one."""
    found = (
        match.deals.filter(number__gte=max(number - 1, 0))
        .order_by("number")
        .annotate(
            input_text=Cast("input", TextField()),
            state_text=Cast("state_after", TextField()),
            **{f"own_{name}": Case(When(number=number, then=F(name))) for name in _OWN_COLUMNS},
        )
        .values_list(*_REPLAY_READ, *(f"own_{name}" for name in _OWN_COLUMNS))
    )
    rows = [(StoredDeal(*values[: len(_REPLAY_READ)]), values[len(_REPLAY_READ) :]) for values in found]
    start = rows.pop(0)[0].state_after if rows and rows[0][0].number == number - 1 else None
    if not rows or rows[0][0].number != number:
        raise NotFound
    changed = _whole_row(*rows[0])
    if changed.is_voided:
        raise DealVoided(
            msg(
                "Deal {number} is voided; a voided deal cannot be changed.",
                number=number,
            ),
            None,
            deal_number=number,
        )
    return ChangedRows(start, changed, [stored for stored, _ in rows[1:]])


def _whole_row(stored: StoredDeal, own: tuple[Any, ...]) -> Deal:
    """The changed deal's row as a model instance (saved and answered), from what ``_changed_rows`` read."""
    values = {
        "id": stored.pk,
        "number": stored.number,
        "status": stored.status,
        "revision": stored.revision,
        "result": stored.result,
        "input": stored.input,
        "state_after": stored.state_after,
        **dict(zip(_OWN_COLUMNS, own, strict=True)),
    }
    names = [item.attname for item in Deal._meta.concrete_fields]
    return Deal.from_db(connection.alias, names, [values[name] for name in names])


# The stored deals a replay has parsed, kept by their JSON and the match's rules (games.rules.replay.ParsedDeals):
# a correction of deal 1 of a long match parses every later deal, and a preview (dry run) and the correction after
# it, or a second correction, parse the same ones again (issue 28). REPLAY_PARSED_DEALS bounds it; 0 keeps none.
PARSED_DEALS = ParsedDeals(settings.REPLAY_PARSED_DEALS)


def _rules_key(match: Match) -> str:
    """Names the game and the rules a stored deal of ``match`` is parsed under."""
    return json.dumps([match.game, match.player_count, match.settings], sort_keys=True)


def _replay(
    match: Match,
    rows: ChangedRows,
    replacement: Mapping[str, Any] | None,
) -> Replay:
    """Fold ``rows`` (``_changed_rows``) from the state after the deal before, with the changed deal replaced by
    the submitted ``replacement`` (or voided when it is None). A refusal of the replacement is raised as it is; one
    of a later deal is a conflict. The later deals' stored inputs are parsed through ``PARSED_DEALS``; each is
    played against the new state with every check of ``play_deal``."""
    engine, rules = _engine_and_rules(match)
    later: list[Deal | StoredDeal] = [rows.changed, *rows.later]
    number = rows.changed.number
    start = rows.start if rows.start is not None else initial_state_json(match, engine, rules)
    inputs: list[Any] = [rows.changed.input if replacement is None else replacement, *rows.later]
    voided = {index for index, row in enumerate(later) if row.is_voided or (index == 0 and replacement is None)}
    rules_key = _rules_key(match)

    def parse(item: Any) -> Any:
        if isinstance(item, StoredDeal):
            item.parsed = PARSED_DEALS.parsed(engine, rules, rules_key, item.input_text)
            return item.parsed.deal
        return engine.parse_deal(item, rules)

    replay = Replay(start=start)
    state = engine.state_from_json(start, rules)
    try:
        for step in replay_steps(engine, rules, inputs, state, voided=voided, parse=parse):
            row, state = later[step.index], step.outcome.state
            replay.deals.append(_replayed(engine, row, step, number))
    except DealRefused as refused:
        if refused.index == 0:
            raise refused.violation from None
        raise _conflict(later[refused.index].number, number, refused.violation) from refused.violation
    replay.state = engine.state_json(state)
    return replay


def _replayed(engine: AnyEngine, row: Deal | StoredDeal, step: ReplayStep, changed: int) -> ReplayedDeal:
    """What ``row`` becomes on the new history: a voided deal keeps its input and result."""
    state_after = engine.state_json(step.outcome.state)
    if step.voided:
        return ReplayedDeal(row, row.input, row.result, state_after, Deal.Status.VOIDED)
    status = Deal.Status.CORRECTED if row.number == changed else row.status
    result = {"deal_number": row.number, **step.outcome.result}
    if isinstance(row, StoredDeal) and row.parsed is not None:  # normalized once, when it was parsed
        return ReplayedDeal(row, row.parsed.normalized, result, state_after, status, not row.parsed.as_stored)
    normalized = engine.deal_json(step.deal)
    return ReplayedDeal(row, normalized, result, state_after, status, normalized != row.input)


def _conflict(later: int, corrected: int, violation: RuleViolation) -> CorrectionConflicts:
    return CorrectionConflicts(
        msg(
            "Deal {later} would no longer be legal after changing deal {corrected}: {detail} Correct or void deal "
            "{later} first.",
            later=later,
            corrected=corrected,
            detail=violation.detail,
        ),
        None,
        deal_number=later,
        rule_code=violation.code,
        rule_field=violation.field,
        rule_detail=violation.detail,
    )


def _rewritten(replay: Replay) -> list[ReplayedDeal]:
    """The deals a change writes: the changed deal always (even when it reads the same, a correction to what it
    already was: its revision goes up and a revision row of that number is written), a later one when it differs."""
    return [
        item
        for index, item in enumerate(replay.deals)
        if index == 0 or any(item.moved(column) for column in REPLAYED_COLUMNS)  # a stored state decoded last
    ]


def _write_first_revisions(rewritten: list[ReplayedDeal]) -> None:
    """Revision 1 of each deal about to be rewritten for the first time, copied from its row before the row is
    overwritten (a recording writes no revision row). A deal that has it already (changed before, recorded before
    recordings stopped writing it, or imported) keeps its own. The database copies the rows (``INSERT ... SELECT``):
    building them as objects cost a second of Python for 2,000 deals."""
    firsts = [item.row.pk for item in rewritten if item.row.revision == 1]
    q = connection.ops.quote_name
    revisions, deals = q(DealRevision._meta.db_table), q(Deal._meta.db_table)
    copied = ", ".join(q(name) for name in ("input", "result"))
    with connection.cursor() as cursor:
        for start in range(0, len(firsts), REWRITE_BATCH):
            batch = firsts[start : start + REWRITE_BATCH]
            cursor.execute(
                f"INSERT INTO {revisions} ({q('deal_id')}, {q('revision')}, {copied}, {q('reason')}, "
                f"{q('created_by_id')}, {q('created_at')}) "
                f"SELECT {q('id')}, 1, {copied}, '', {q('recorded_by_id')}, {q('recorded_at')} FROM {deals} "
                f"WHERE {q('id')} IN ({', '.join(['%s'] * len(batch))}) ON CONFLICT DO NOTHING",
                batch,
            )


# How many rows one statement of a change writes: a correction of deal 1 rewrites every later deal whose result or
# state moved, and one UPDATE each made it seconds long in a long match (issue 28).
REWRITE_BATCH = 500
# What a replay may change in a later deal (its revision stays: it was not corrected, only replayed), in the order
# they are compared: the stored state, the one a dry run never decodes, last.
REPLAYED_COLUMNS = ("input", "result", "status", "state_after")


def _save_replay(match: Match, rewritten: list[ReplayedDeal], state: dict[str, Any]) -> None:
    """The changed deal's row, then the later rows in batches, with only the columns that changed in any of them
    (a correction of deal 1 moves every later result and state, seldom an input or a status)."""
    corrected, later = rewritten[0], rewritten[1:]
    columns = [name for name in REPLAYED_COLUMNS if any(item.moved(name) for item in later)]
    now = timezone.now()
    row = corrected.row
    assert isinstance(row, Deal)  # the changed deal is read whole (_changed_rows)
    row.input, row.result, row.state_after, row.status = (
        corrected.input,
        corrected.result,
        corrected.state_after,
        corrected.status,
    )
    row.updated_at = now
    row.save(update_fields=[*REPLAYED_COLUMNS, "revision", "updated_at"])
    if later:
        rows_update(
            Deal,
            columns,
            [[item.row.pk, *(getattr(item, name) for name in columns)] for item in later],
            batch_size=REWRITE_BATCH,
            same={"updated_at": now},
        )
    _apply_match_state(match, state)
    match.save(update_fields=MATCH_STATE_FIELDS)


def deal_correct(
    *,
    match_id: int,
    number: int,
    actor: User,
    payload: Mapping[str, Any],
    reason: str,
    expected_version: int | None,
    dry_run: bool = False,
) -> Correction:
    """Correct deal ``number`` (a dry run previews it: the match read without a lock and no transaction, as it
    writes nothing; a correction locks the match for the whole replay)."""
    with _changing(dry_run) as lock:
        match, rows = _match_and_rows(match_id, number, actor, lock=lock)
        _check_version(match, expected_version, required=True)
        replay = _replay(match, rows, payload)
        return _finish_change(match, replay, actor=actor, action="deal.corrected", reason=reason, dry_run=dry_run)


def deal_void(
    *,
    match_id: int,
    number: int,
    actor: User,
    reason: str,
    expected_version: int | None = None,
    dry_run: bool = False,
) -> Correction:
    """Void deal ``number`` (a dry run previews it, as ``deal_correct``'s does)."""
    with _changing(dry_run) as lock:
        match, rows = _match_and_rows(match_id, number, actor, lock=lock)
        _check_version(match, expected_version, required=False)
        replay = _replay(match, rows, None)
        match.deals_count -= 1
        return _finish_change(match, replay, actor=actor, action="deal.voided", reason=reason, dry_run=dry_run)


@contextlib.contextmanager
def _changing(dry_run: bool) -> Iterator[bool]:
    """A change's transaction, in which the match is locked (yields True); a preview needs neither (yields False:
    its match and deals are each read in one statement, ``_match_and_rows``), so a long replay previewed holds up
    no deal post."""
    if dry_run:
        yield False
        return
    with transaction.atomic():
        yield True


def _match_and_rows(match_id: int, number: int, actor: User, *, lock: bool) -> tuple[Match, ChangedRows]:
    """The match and the rows a change of deal ``number`` reads. Read without the lock (a preview), the two reads
    are two statements with no transaction around them: they are taken as one only when the last deal read is the
    match's last and left the match's state, else they are read again under the lock (a change committed between
    them)."""
    match = _match_for_change(match_id, actor, match_correctable_by, ADMINS_CORRECT, lock=lock)
    rows = _changed_rows(match, number)
    if lock or _agree(match, rows):
        return match, rows
    with transaction.atomic():
        match = locked_match(match_id, actor, match_correctable_by, ADMINS_CORRECT)
        return match, _changed_rows(match, number)


def _agree(match: Match, rows: ChangedRows) -> bool:
    last = rows.later[-1] if rows.later else rows.changed
    return last.number == match.last_deal_number and last.state_after == match.state


def _finish_change(match: Match, replay: Replay, *, actor: User, action: str, reason: str, dry_run: bool) -> Correction:
    corrected = replay.deals[0]
    row = corrected.row
    assert isinstance(row, Deal)  # the changed deal is read whole (_changed_rows)
    deal_before = {"input": row.input, "result": row.result, "status": row.status}
    state_before = match.state
    was_finished = match.status == Match.Status.FINISHED
    changed = replay.changed_later_deals(row.number)
    if not dry_run:
        rewritten = _rewritten(replay)
        _write_first_revisions(rewritten)
        row.revision += 1
        _save_replay(match, rewritten, replay.state)
        DealRevision.objects.create(
            deal=row, revision=row.revision, input=row.input, result=row.result, reason=reason, created_by=actor
        )
        audit_record(
            actor=actor,
            action=action,
            match=match,
            deal_number=row.number,
            reason=reason,
            before={**deal_before, "state": state_before},
            after={
                "input": corrected.input,
                "result": corrected.result,
                "status": corrected.status,
                "state": replay.state,
                "changed_deals": result_changes(changed),
            },
        )
        event = events.DEAL_VOIDED if action == "deal.voided" else events.DEAL_CORRECTED
        events.announce_match_change(
            event, match, row.number, finished_now=not was_finished and match.status == Match.Status.FINISHED
        )
    else:
        row.input, row.result, row.status = corrected.input, corrected.result, corrected.status
        _apply_match_state(match, replay.state)
    return Correction(row, match, changed, state_before, deal_before, replay.start)
