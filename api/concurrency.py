"""The match ``version`` is its ETag: ``If-Match`` guards writes, ``If-None-Match`` makes polling cheap."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from games.errors import InvalidInput
from games.rules.messages import msg

_ETAG = re.compile(r'^\s*(?:W/)?"?(\d{1,10})"?\s*$')


def etag(version: int) -> str:
    return f'"{version}"'


def if_match_version(request: Request) -> int | None:
    """The version named by ``If-Match`` (``"7"``, ``W/"7"`` or ``7``), or None when the header is absent."""
    header = request.headers.get("If-Match")
    if header is None:
        return None
    found = _ETAG.match(header)
    if found is None:
        raise InvalidInput(
            msg('If-Match must be the match\'s ETag, such as "7"; {header!r} is not one.', header=header), "If-Match"
        )
    return int(found.group(1))


def none_match(request: Request, version: int) -> bool:
    """True when ``If-None-Match`` already names ``version`` (or ``*``): the client's copy is current."""
    header = request.headers.get("If-None-Match")
    if not header:
        return False
    tags = {tag.strip().removeprefix("W/") for tag in header.split(",")}
    return "*" in tags or etag(version) in tags


def body_etag(body: Any) -> str:
    """The ETag of a resource that has no version of its own (a club night, its standings): a digest of the body
    answered, so it changes exactly when what a client would read changes (a deal at a table, a check-in, a
    correction that refolds the standings)."""
    encoded = json.dumps(body, cls=DjangoJSONEncoder, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return '"' + hashlib.sha256(encoded.encode("utf-8")).hexdigest()[:32] + '"'


def tagged_response(request: Request, body: Any) -> Response:
    """``body`` with its ETag, or ``304`` with it when ``If-None-Match`` already names it (or ``*``)."""
    tag = body_etag(body)
    header = request.headers.get("If-None-Match") or ""
    tags = {each.strip().removeprefix("W/") for each in header.split(",")}
    response = Response(status=status.HTTP_304_NOT_MODIFIED) if "*" in tags or tag in tags else Response(body)
    response["ETag"] = tag
    return response
