"""The share link as the pages and the API give it: its addresses and its QR code (segno, drawn by the server as an
SVG, so the page needs no QR library of its own)."""

from __future__ import annotations

from typing import Any

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext

from table.models import MatchShareLink


def share_qr_svg(url: str, title: str | None = None) -> str:
    """``url`` as a QR code, an ``<svg>`` element to put in a page. A regular QR code (a Micro QR, which segno picks
    for short texts, is read by few phone cameras) with error correction M, the standard's quiet zone of four
    modules, and dark modules on white whatever the page's colours (a camera needs that contrast). Sized by CSS:
    the element has a viewBox and no width or height. ``title`` names it (the share link's by default)."""
    code = segno.make_qr(url, error="m")
    return str(
        code.svg_inline(
            scale=4,
            border=4,
            omitsize=True,
            dark="#000",
            light="#fff",
            title=title if title is not None else gettext("QR code of the share link"),
            svgclass="qr-code",
        )
    )


def share_link_body(request: HttpRequest, link: MatchShareLink) -> dict[str, Any]:
    page_url = request.build_absolute_uri(reverse("table:shared-board", args=[link.token]))
    return {
        "token": link.token,
        "page_url": page_url,
        "board_url": request.build_absolute_uri(reverse("table-api:shared-board", args=[link.token])),
        "qr_svg": share_qr_svg(page_url),
    }
