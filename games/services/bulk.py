"""Setting columns of many rows at once: one ``UPDATE ... FROM (VALUES ...)`` per batch of rows. The importer needs
it for the timestamps that saving a row stamps with "now" (``auto_now_add``); a correction for the later deals it
changes (issue 28: one ``UPDATE`` each was most of a long match's correction).

Django's ``bulk_update`` builds a ``CASE WHEN id = ...`` expression per row and field: 0.5 ms of Python per row and
field, 24 s for the two columns of 30,000 players (and worse than linear unbatched). This takes a second.
``UPDATE ... FROM`` is PostgreSQL's and SQLite's (3.33+); both name the columns of VALUES column1, column2...
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.db import connection, models


def rows_update(
    model: type[models.Model],
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    batch_size: int,
    same: Mapping[str, Any] | None = None,
) -> None:
    """Set ``columns`` (field names) of each row: ``rows`` are ``(pk, value, ...)`` in that order, ``batch_size``
    rows a statement; and the columns of ``same`` to one value in every row (sent once a statement, not once a
    row). No value may be None: VALUES would not know its type on PostgreSQL."""
    fields = [_column(model, name) for name in columns]
    constants = [(_column(model, name), value) for name, value in (same or {}).items()]
    quote = connection.ops.quote_name
    table, pk = quote(model._meta.db_table), quote(_column(model, "pk").column)
    assignments = ", ".join(
        [
            *(
                f"{quote(field.column)} = {_from_text(field, f'v.column{n}')}"
                for n, field in enumerate(fields, start=2)
            ),
            *(f"{quote(field.column)} = %s" for field, _ in constants),
        ]
    )
    fixed = [field.get_db_prep_save(value, connection) for field, value in constants]
    senders = [_sender(field) for field in fields]
    placeholder = "(" + ", ".join(["%s"] * (len(fields) + 1)) + ")"
    with connection.cursor() as cursor:
        for start in range(0, len(rows), batch_size):
            chunk = rows[start : start + batch_size]
            params = [*fixed, *(value for row in chunk for value in _prepared(senders, row))]
            cursor.execute(
                f"UPDATE {table} SET {assignments} FROM (VALUES {', '.join([placeholder] * len(chunk))}) "
                f"AS v WHERE {table}.{pk} = v.column1",
                params,
            )


def _column(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    if not isinstance(field, models.Field) or not field.column:
        raise ValueError(f"{model.__name__}.{name} is not a column.")
    return field


def _prepared(senders: Sequence[Callable[[Any], Any]], row: Sequence[Any]) -> list[Any]:
    return [row[0], *(send(value) for send, value in zip(senders, row[1:], strict=True))]


# A JSON value is sent as its text and cast in SQL: what Django sends (json.dumps with the field's encoder), without
# psycopg's adapter object per value, which made the rows of a correction of deal 1 of a long match cost twice the
# CPU to send (issue 28).


def _sender(field: models.Field[Any, Any]) -> Callable[[Any], Any]:
    """What turns a value of ``field`` into the parameter sent."""
    if isinstance(field, models.JSONField):
        return functools.partial(json.dumps, cls=field.encoder)
    return functools.partial(field.get_db_prep_save, connection=connection)


def _from_text(field: models.Field[Any, Any], column: str) -> str:
    if isinstance(field, models.JSONField):
        return f"CAST({column} AS {field.db_type(connection)})"
    return column
