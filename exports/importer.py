"""Loading an interchange file: check its shape against the JSON Schema, then hand it to the importer's services
(games.services.importer, and nights.importer for its club nights), which replay every match through its rules
engine while writing it, all in one transaction. The first problem refuses the whole file with its path
(``matches[3].deals[7].result``) and nothing is kept.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime
from functools import cache
from typing import Any

import jsonschema_rs
from django.contrib.auth.models import User

from exports.import_file import json_path
from exports.interchange import SCHEMA_PATH
from games.errors import ImportRefused
from games.rules.messages import msg
from games.rules.registry import game_keys
from games.services.importer import ImportSummary, club_load
from nights.importer import nights_load


def _is_moment(value: str) -> bool:
    """An ISO 8601 moment with its offset (a moment without one would be read in the server's time zone)."""
    try:
        return datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False


def _is_day(value: str) -> bool:
    try:
        return bool(date.fromisoformat(value))
    except ValueError:
        return False


@cache
def _validator(games: tuple[str, ...]) -> jsonschema_rs.Draft202012Validator:
    """The schema's validator, its game enum the registered ``games`` (the published file lists the games built
    in; a game registered in the registry is a game of the file too)."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    schema["$defs"]["game"] = {"enum": list(games)}
    # jsonschema-rs (Rust): the pure-Python jsonschema took 17 s over a file of 30,000 players, this 0.1 s.
    return jsonschema_rs.Draft202012Validator(
        schema, formats={"date-time": _is_moment, "date": _is_day}, validate_formats=True
    )


MESSAGE_CHARS = 300  # the schema's messages quote the value: a 1 MB name must not make a 1 MB error


def check_shape(document: Any) -> None:
    """Refuse a file that does not follow the schema, naming the first problem in document order. Only the first
    is looked for: collecting every error of a large broken file took minutes and gigabytes."""
    first = next(_validator(game_keys()).iter_errors(document), None)
    if first is not None:
        message = first.message if len(first.message) <= MESSAGE_CHARS else first.message[:MESSAGE_CHARS] + "…"
        raise ImportRefused(
            msg("The file does not follow the interchange format: {message}", message=message),
            json_path(first.instance_path) or "file",
        )


def club_import(
    *, actor: User | None, document: Any, progress: Callable[[int, int], None] | None = None
) -> ImportSummary:
    check_shape(document)
    return club_load(actor=actor, document=document, progress=progress, nights=nights_load)
