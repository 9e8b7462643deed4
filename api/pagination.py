"""A page bounded in bytes as well as in entries, for lists whose entries vary in size (the audit log: a correction
entry can be large). The page ends before the entry that would take its JSON past the bound (but always holds
one), and ``next`` continues right after the last entry sent."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import QuerySet
from rest_framework.pagination import BasePagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.utils.urls import remove_query_param, replace_query_param


class ByteBoundedPagination(BasePagination):
    page_size: int = api_settings.PAGE_SIZE or 50  # as every other list (REST_FRAMEWORK["PAGE_SIZE"], which is set)
    offset_query_param = "offset"

    def paginate_queryset(self, queryset: QuerySet[Any], request: Request, view: Any = None) -> list[Any]:
        self.request = request
        self.count = queryset.count()
        self.offset = offset_within(request.query_params.get(self.offset_query_param), self.count)
        return list(queryset[self.offset : self.offset + self.page_size])

    def get_paginated_response(self, data: list[Any]) -> Response:
        results = within_bytes(data, settings.AUDIT_PAGE_MAX_BYTES)
        end = self.offset + len(results)
        return Response(
            {
                "count": self.count,
                "next": self._link(end) if end < self.count else None,
                "previous": self._link(max(0, self.offset - self.page_size)) if self.offset else None,
                "results": results,
            }
        )

    def _link(self, offset: int) -> str:
        url = self.request.build_absolute_uri()
        if offset == 0:
            return remove_query_param(url, self.offset_query_param)
        return replace_query_param(url, self.offset_query_param, offset)

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "object",
            "required": ["count", "results"],
            "properties": {
                "count": {"type": "integer"},
                "next": {
                    "type": "string",
                    "format": "uri",
                    "nullable": True,
                    "description": "The rest, from the first entry this page left out.",
                },
                "previous": {"type": "string", "format": "uri", "nullable": True},
                "results": schema,
            },
        }

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return [
            {
                "name": self.offset_query_param,
                "required": False,
                "in": "query",
                "schema": {"type": "integer"},
                "description": f"How many entries to skip. A page holds at most {self.page_size} entries and "
                "AUDIT_PAGE_MAX_BYTES of JSON; follow next.",
            }
        ]


def within_bytes(items: list[Any], limit: int) -> list[Any]:
    """The leading items whose JSON together stays within ``limit`` bytes; at least the first."""
    total = 0
    for index, item in enumerate(items):
        total += len(json.dumps(item, cls=DjangoJSONEncoder, ensure_ascii=False).encode()) + 1  # and a comma
        if total > limit and index > 0:
            return items[:index]
    return items


def offset_within(raw: str | None, count: int) -> int:
    """The offset asked for, at most ``count``; anything but ASCII digits is 0. Unbounded, an offset past the
    database's bigint failed the query (a 500), and "²" passes ``str.isdigit`` but not ``int``."""
    if not raw or not (raw.isascii() and raw.isdigit()):
        return 0
    return count if len(raw) > len(str(count)) else min(int(raw), count)
