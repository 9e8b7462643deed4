"""The one error body's serializer: the shape of every 4xx answer in the schema (games.errors.error_body builds the
body itself)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class ErrorItemSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Stable machine code: the rules files' codes, or invalid, not_found, ...")
    detail = serializers.CharField(help_text="A message for a person at the table.")
    field = serializers.CharField(allow_null=True, help_text="Path into the request body, e.g. bid.value.")


class ErrorSerializer(ErrorItemSerializer):
    """Every 4xx answer has this shape; the top-level fields repeat the first of ``errors``."""

    extra = serializers.DictField(help_text="Structured facts: legal values, the current match on 412, ...")
    errors = ErrorItemSerializer(many=True)  # type: ignore[assignment]  # a field named as DRF's Serializer.errors
