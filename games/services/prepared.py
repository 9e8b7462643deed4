"""Statements PostgreSQL plans once per connection: the deal post's hot path (issue 31).

Django sends every statement with its values written into the text (client-side binding), so PostgreSQL parses and
plans each one anew. For the match read of a deal post, with its three subqueries, that planning cost about five
times the read itself (bench/README.md, "Prepared statements"). A cursor from ``prepared_cursor`` binds the values
on the server instead and, since the connection's ``prepare_threshold`` is 0 (``DATABASE_PREPARED_STATEMENTS``),
prepares each statement the first time the connection runs it; later runs only bind and execute.

The cursor is Django's own wrapper around it, so query logging, ``execute_wrapper`` hooks and the translation of
database errors are as for any other cursor. Elsewhere (SQLite, or the setting off) it is a plain cursor.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from django.db.models import Field, Model


def database() -> BaseDatabaseWrapper:
    """This thread's connection to the default database itself. ``django.db.connection`` is a proxy that looks the
    connection up in asgiref's ``Local`` at every attribute; preparing a deal post's values through it made 30 such
    lookups, a third of the write's CPU (issue 31). The hot path takes the connection once and passes it on."""
    return connections[DEFAULT_DB_ALIAS]


def prepared_cursor(db: BaseDatabaseWrapper | None = None) -> CursorWrapper:
    """A cursor of ``db`` (the default database) whose statements are prepared on the connection (PostgreSQL with
    ``DATABASE_PREPARED_STATEMENTS``); use it only for statements whose text is built once, or each distinct text is
    prepared and kept."""
    db = db or database()
    if db.vendor != "postgresql" or not settings.DATABASE_PREPARED_STATEMENTS:
        return db.cursor()
    # Only on PostgreSQL: the module needs psycopg, and the stubs do not declare the class it defines for it.
    from django.db.backends.postgresql.base import ServerBindingCursor  # type: ignore[attr-defined]

    db.ensure_connection()
    with db.wrap_database_errors:
        cursor = ServerBindingCursor(db.connection)
    return _LoggedCursor(cursor, db) if db.queries_logged else db.make_cursor(cursor)


class _LoggedCursor(CursorDebugWrapper):
    """Logs each statement as sent: its text with the placeholders, the values apart. (Django's debug cursor asks
    psycopg for the last query's text, which it does not keep for a prepared statement's execution.)"""

    def execute(self, sql: Any, params: Any = None) -> Any:
        with self.debug_sql(sql, params):
            return CursorWrapper.execute(self, sql, params)


def saved_values(instance: Model, columns: Sequence[Field[Any, Any]], db: BaseDatabaseWrapper) -> list[Any]:
    """The values of ``instance``'s ``columns`` as the ORM's save sends them to ``db``. On PostgreSQL the ORM sends
    a text, a UUID, an id or an aware moment as it is and wraps an integer (psycopg's Int4 and kin) or a JSON
    document, after a chain of per-field checks that was a tenth of a deal post's own work (issue 31); those are
    made here directly, anything else (a lazy text, a naive moment, another database) by ``get_db_prep_save``."""
    if db.vendor != "postgresql":
        return [column.get_db_prep_save(getattr(instance, column.attname), db) for column in columns]
    return [_saved_value(column, getattr(instance, column.attname), db) for column in columns]


def _saved_value(column: Field[Any, Any], value: Any, db: BaseDatabaseWrapper) -> Any:
    kind = column.get_internal_type()
    if value is None:
        return None
    if type(value) is int and kind in db.ops.integerfield_type_map:  # type: ignore[attr-defined]
        return db.ops.integerfield_type_map[kind](value)  # type: ignore[attr-defined]  # psycopg's Int4 and kin
    if kind in _SENT_AS_IS and isinstance(value, _SENT_AS_IS[kind]):
        return value
    if kind == "DateTimeField" and isinstance(value, datetime) and value.tzinfo is not None:
        return value
    if kind == "JSONField" and isinstance(value, dict | list):
        return db.ops.adapt_json_value(value, column.encoder)  # type: ignore[attr-defined]
    return column.get_db_prep_save(value, db)


# The kinds of column whose values of these types PostgreSQL's ORM sends unchanged (a foreign key to an automatic id;
# tests/api/test_deal_post_cost.py compares every column of a deal and a match with the ORM's).
_SENT_AS_IS: dict[str, type] = {"CharField": str, "BooleanField": bool, "UUIDField": uuid.UUID, "ForeignKey": int}
