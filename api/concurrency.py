"""The match ``version`` is its ETag: ``If-Match`` guards writes, ``If-None-Match`` makes polling cheap."""

from __future__ import annotations

import re

from rest_framework.request import Request

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
