"""Input and output shapes of the export and import endpoints (kept apart, as elsewhere in the API)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from rest_framework import serializers

from exports.imports import import_progress
from exports.models import ExportJob, ImportJob
from exports.tasks import EXPORT_FAILURES
from exports.writers import PDF_ONLY_SCOPES
from games.i18n.translation import localize
from games.rules.messages import message_from_json, msg
from web.fields import ChoiceField

# An export job's error column keeps the English text of its failure: the message found again by that text.
EXPORT_FAILURE_BY_TEXT = {str(failure): failure for failure in EXPORT_FAILURES}


class ExportRequestSerializer(serializers.Serializer[Any]):
    scope = ChoiceField(choices=ExportJob.Scope.choices)
    id = serializers.IntegerField(
        min_value=1,
        help_text="The match, league, club or club night (event) to export; the entrant whose score card, or the "
        "round (its id) whose table cards, to print.",
    )
    format = ChoiceField(choices=ExportJob.Format.choices)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["scope"] in PDF_ONLY_SCOPES and attrs["format"] != ExportJob.Format.PDF:
            raise serializers.ValidationError({"format": localize(PDF_ONLY)}, code="invalid")
        return attrs


PDF_ONLY = msg("A score card and the table cards of a round are printed as PDF only.")


class ExportJobSerializer(serializers.ModelSerializer[ExportJob]):
    url = serializers.SerializerMethodField(help_text="Poll this for the status.")
    download_url = serializers.SerializerMethodField(help_text="Set once the file is ready.")
    id = serializers.IntegerField(read_only=True)
    error = serializers.SerializerMethodField()

    class Meta:
        model = ExportJob
        fields = [
            "id",
            "status",
            "progress",
            "url",
            "download_url",
            "error",
            "scope",
            "scope_id",
            "format",
            "language",
            "created_at",
            "finished_at",
        ]
        read_only_fields = ["language"]

    def get_url(self, job: ExportJob) -> str:
        return self._absolute(reverse("export-detail", args=[job.pk]))

    def get_download_url(self, job: ExportJob) -> str | None:
        if job.status != ExportJob.Status.DONE:
            return None
        return self._absolute(reverse("export-download", args=[job.pk]))

    def get_error(self, job: ExportJob) -> str | None:
        return localize(EXPORT_FAILURE_BY_TEXT.get(job.error, job.error)) or None

    def _absolute(self, path: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


class ImportFileSerializer(serializers.Serializer[Any]):
    file = serializers.FileField(help_text="An interchange file (docs/interchange.md), version 1.")


class ImportSummarySerializer(serializers.Serializer[Any]):
    club = serializers.IntegerField(allow_null=True, help_text="The new club's id; you are its admin.")
    players = serializers.IntegerField()
    leagues = serializers.IntegerField()
    matches = serializers.IntegerField()
    deals = serializers.IntegerField()
    events = serializers.IntegerField(help_text="The club nights loaded.")


class ImportErrorSerializer(serializers.Serializer[Any]):
    """A failed import's reason; its detail is said in the reader's language from the stored message (``message``,
    games.rules.messages.message_json), or stays as stored."""

    code = serializers.CharField(help_text="import_invalid (the file), queue_unavailable or import_failed.")
    detail = serializers.CharField()
    field = serializers.CharField(allow_null=True, help_text="The JSON path of the first problem in the file.")

    def to_representation(self, instance: Any) -> Any:
        body = super().to_representation(instance)
        if isinstance(instance, dict) and instance.get("message") is not None:
            body["detail"] = localize(message_from_json(instance["message"]))
        return body


class ImportJobSerializer(serializers.ModelSerializer[ImportJob]):
    """An import running as a job: poll ``url`` until ``status`` is done (``summary``) or failed (``error``)."""

    url = serializers.SerializerMethodField(help_text="Poll this for the status.")
    progress = serializers.SerializerMethodField(help_text="0..100: the share of the file's matches loaded.")
    summary = ImportSummarySerializer(allow_null=True, read_only=True, help_text="What was imported, once done.")
    error = ImportErrorSerializer(allow_null=True, read_only=True, help_text="Why it failed, in the error shape.")

    class Meta:
        model = ImportJob
        fields = ["id", "status", "progress", "url", "size", "summary", "error", "created_at", "finished_at"]

    def get_url(self, job: ImportJob) -> str:
        request = self.context.get("request")
        path = reverse("import-detail", args=[job.pk])
        return request.build_absolute_uri(path) if request is not None else path

    def get_progress(self, job: ImportJob) -> int:
        return import_progress(job)
