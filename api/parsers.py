"""JSON parsing with hard limits: a huge body is refused with 413 before it is read into memory, a body nested
deeper than any request of ours is refused with 400 (Python's JSON decoder would otherwise fail with a recursion
error: a 500), and so is a lone surrogate (``"\\ud800"``) anywhere, key or value: JSON allows the escape, but no
UTF-8 text can hold it, so echoing it in an answer or storing it would fail (a 500)."""

from __future__ import annotations

import codecs
import io
import json
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils.translation import gettext
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.i18n.translation import localize
from games.rules.messages import msg
from web.errors import RequestTooLarge


class BoundedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        limit = settings.API_MAX_BODY_BYTES
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        if declared and declared.isdigit() and int(declared) > limit:
            raise RequestTooLarge(localize(msg("The request body is larger than {limit} bytes.", limit=limit)))
        body: bytes = stream.read()
        try:
            data = super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError as error:
            raise ParseError(_too_deep()) from error
        except ParseError as error:  # DRF's detail is "JSON parse error - " and the decoder's own English
            raise ParseError(_not_json(error.__context__)) from error
        # Each walk is skipped when the UTF-8 bytes show it cannot find anything (most deal posts: 13 us of walks
        # against 1 us of counting, issue 31): nesting deeper than the limit needs more brackets than it, and a lone
        # surrogate in parsed text can only come from an escape (the decoder refuses one written as UTF-8 bytes).
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)  # as DRF decoded the body
        utf8 = codecs.lookup(encoding).name == "utf-8"
        may_nest_deeper = not utf8 or body.count(b"[") + body.count(b"{") > settings.API_MAX_JSON_DEPTH
        if may_nest_deeper and nesting_depth(data) > settings.API_MAX_JSON_DEPTH:
            raise ParseError(_too_deep())
        if (b"\\u" in body or not utf8) and not is_utf8_text(data):
            raise ParseError(gettext("The JSON holds a lone surrogate escape (such as \\ud800), which is not text."))
        return data


def _not_json(cause: BaseException | None) -> str:
    """Why DRF's decoder refused the body (the error it was handling), as a whole sentence in the request's language."""
    if isinstance(cause, json.JSONDecodeError):
        where: str = localize(
            msg(
                "The request body is not valid JSON: it goes wrong at line {line}, column {column}.",
                line=cause.lineno,
                column=cause.colno,
            )
        )
        return where
    if isinstance(cause, UnicodeDecodeError):
        return gettext(
            "The request body is not text in its charset: send it as UTF-8, or name its charset in Content-Type."
        )
    return gettext("The request body is not valid JSON: NaN and Infinity are not JSON numbers.")  # json.strict_constant


def _too_deep() -> str:
    # DRF keeps a detail as plain text: each is said in the request's language as it is raised.
    detail: str = localize(
        msg("The JSON is nested too deeply (more than {depth} levels).", depth=settings.API_MAX_JSON_DEPTH)
    )
    return detail


def is_utf8_text(data: Any) -> bool:
    """Whether every key and string in the parsed body can be written as UTF-8."""
    try:
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return False
    return True


def nesting_depth(data: Any) -> int:
    """How deep lists and objects nest, counted without recursion."""
    deepest, pending = 0, [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            children = value.values() if isinstance(value, dict) else value
            pending.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return deepest
