"""Reading an import file into Python objects without the ways a file can break the server.

Python's JSON decoder fails with a RecursionError past about 1,000 levels, and PostgreSQL refuses text holding
NUL, a lone surrogate or a non-finite number; and a decoded document takes memory by its values, not its bytes. So
the nesting is measured and the values counted first while streaming the bytes (ijson: memory stays flat, time grows
with the size), then the file is decoded and every text and number is checked, each
refusal naming the JSON path of the problem.
"""

from __future__ import annotations

import json
import math
from typing import IO, Any

import ijson
from django.conf import settings

from exports.errors import ImportTooLarge
from games.errors import ImportRefused
from games.rules.messages import msg, msg_template

Path = list[str | int]


def json_path(parts: Any) -> str | None:
    path = ""
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or None


def read_import(stream: IO[bytes]) -> Any:
    """The document in ``stream`` (a binary file), or ImportRefused at the path of the first problem."""
    check_nesting(stream, settings.IMPORT_MAX_DEPTH, settings.IMPORT_MAX_ITEMS)
    stream.seek(0)
    try:
        document = json.load(stream)
    except (ValueError, UnicodeDecodeError) as error:
        raise ImportRefused(msg("The file is not JSON: {error}", error=str(error)), "file") from error
    except RecursionError as error:  # only when check_nesting could not finish (see there)
        raise ImportRefused(msg("The file nests objects and lists too deeply."), "file") from error
    check_values(document)
    return document


def check_nesting(stream: IO[bytes], limit: int, max_items: int) -> None:
    """Refuse objects and lists nested deeper than ``limit``, at the path of the first one too deep, and a file of
    more than ``max_items`` values (each object, list, text, number, true, false and null): the decoded document's
    memory grows with its values, not its bytes (a file of small values takes some fifty times its size)."""
    path: Path = []  # per open container: the current key (object) or index (list)
    items = 0
    try:
        for event, value in ijson.basic_parse(stream):
            if event == "map_key":
                path[-1] = value
                continue
            if event in ("end_map", "end_array"):
                path.pop()
                continue
            items += 1
            if items > max_items:
                raise ImportTooLarge(_too_many_values(max_items), json_path(path) or "file")
            if path and isinstance(path[-1], int):
                path[-1] += 1  # a new item of the enclosing list
            if event in ("start_map", "start_array"):
                if len(path) >= limit:
                    raise ImportRefused(
                        msg("The file nests objects and lists more than {limit} levels deep.", limit=limit),
                        json_path(path) or "file",
                    )
                path.append("" if event == "start_map" else -1)
    except ijson.JSONError as error:
        raise ImportRefused(msg("The file is not JSON: {error}", error=str(error)), "file") from error
    except UnicodeDecodeError:
        # The parser turns a lone low surrogate (\udc00) into bytes it cannot decode. Such a file is refused in any
        # case, by check_values at the path of the surrogate once the file is decoded; its values are then counted
        # from its bytes (at most one after each comma, colon and opening bracket), so it is decoded only if they
        # are bounded too.
        stream.seek(0)
        if _values_at_most(stream) > max_items:
            raise ImportTooLarge(_too_many_values(max_items), "file") from None


def _too_many_values(limit: int) -> str:
    return msg(
        "The file holds more than {limit} values (objects, lists, texts and numbers); split it into smaller files.",
        limit=limit,
    )


def _values_at_most(stream: IO[bytes]) -> int:
    count = 1
    while chunk := stream.read(1024 * 1024):
        count += chunk.count(b",") + chunk.count(b":") + chunk.count(b"[")
    return count


def check_values(document: Any) -> None:
    """Refuse text that PostgreSQL cannot store (NUL, a lone surrogate) and numbers JSON cannot carry (infinite or
    not a number), in keys and values alike. Encoding the document again finds out at C speed whether there is one
    (a fifth of the time of the walk that names its path, which then runs only for a file that may be refused)."""
    if _may_hold_bad_values(document):
        _find_bad_value(document)


def _may_hold_bad_values(document: Any) -> bool:
    try:
        text = json.dumps(document, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
    except (ValueError, UnicodeEncodeError):
        return True
    return "\\u0000" in text  # also a backslash typed before "u0000": the walk then finds nothing


def _find_bad_value(document: Any) -> None:
    pending: list[tuple[Any, Path]] = [(document, [])]
    while pending:
        value, path = pending.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key, path, "key")
                pending.append((item, [*path, key]))
        elif isinstance(value, list):
            pending.extend((item, [*path, index]) for index, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, path, "text")
        elif isinstance(value, float) and not math.isfinite(value):
            raise ImportRefused(msg("Numbers must be finite."), json_path(path) or "file")


# Whether a key or a string value holds the character: each its own sentence, so each language can say it.
NUL_CHARACTER = {
    "key": msg_template("A key holds a NUL character, which cannot be stored."),
    "text": msg_template("The text holds a NUL character, which cannot be stored."),
}
LONE_SURROGATE = {
    "key": msg_template("A key holds a lone surrogate ({escape}), which is not a character."),
    "text": msg_template("The text holds a lone surrogate ({escape}), which is not a character."),
}


def _check_text(text: str, path: Path, what: str) -> None:
    if "\x00" in text:
        raise ImportRefused(msg(NUL_CHARACTER[what]), json_path(path) or "file")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        escape = f"\\u{ord(text[error.start]):04x}"
        raise ImportRefused(msg(LONE_SURROGATE[what], escape=escape), json_path(path) or "file") from error
