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

from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper


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
