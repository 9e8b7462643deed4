"""Exports and imports: thin views over exports.services, exports.imports and exports.selectors."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.http import FileResponse, Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from exports.imports import import_now, import_request, import_requeue_if_lost
from exports.models import ExportJob, ImportJob
from exports.selectors import export_scope
from exports.serializers import (
    ExportJobSerializer,
    ExportRequestSerializer,
    ImportFileSerializer,
    ImportJobSerializer,
    ImportSummarySerializer,
)
from exports.services import export_request, export_requeue_if_lost
from exports.writers import CONTENT_TYPES
from games.i18n.translation import localize
from games.rules.messages import msg
from games.selectors.access import signed_in
from scorekeeper.throttles import JOB
from web.errors import RequestTooLarge

MULTIPART_OVERHEAD_BYTES = 64 * 1024  # the form's boundaries and headers around the file


class ExportViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet[ExportJob]):
    serializer_class = ExportJobSerializer
    throttle_kinds = {"POST": JOB}
    queryset = ExportJob.objects.none()

    def get_queryset(self) -> QuerySet[ExportJob]:
        return ExportJob.objects.filter(requested_by_id=self.request.user.pk)

    def get_object(self) -> ExportJob:
        job: ExportJob = super().get_object()
        export_scope(self.request.user, job.scope, job.scope_id)  # still allowed to read what it holds?
        return job

    @extend_schema(
        summary="Export a match, a league or a club (csv, xlsx, json or pdf)",
        request=ExportRequestSerializer,
        responses={
            202: ExportJobSerializer,
            503: OpenApiResponse(description="queue_unavailable: the job queue is down."),
        },
    )
    def create(self, request: Request) -> Response:
        serializer = ExportRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        job = export_request(
            actor=signed_in(request.user), scope=data["scope"], scope_id=data["id"], file_format=data["format"]
        )
        # The job as queued, even when tasks run in-process and it is already done: poll ``url`` for the news.
        body = ExportJobSerializer(job, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})

    @extend_schema(
        summary="An export's status, progress and, when done, its download URL",
        description="A job the queue lost (queued for 10 minutes, or running far past its time limit) "
        "is queued again when it is read.",
    )
    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        job = export_requeue_if_lost(self.get_object())
        return Response(self.get_serializer(job).data)


class ExportDownloadView(APIView):
    @extend_schema(
        summary="Download a finished export", responses={(200, "application/octet-stream"): OpenApiTypes.BINARY}
    )
    def get(self, request: Request, pk: int) -> FileResponse:
        job = get_object_or_404(ExportJob, pk=pk, requested_by_id=request.user.pk, status=ExportJob.Status.DONE)
        export_scope(request.user, job.scope, job.scope_id)
        if not job.file:
            raise Http404
        name = job.file.name.rsplit("/", 1)[-1]
        return FileResponse(
            job.file.open("rb"), as_attachment=True, filename=name, content_type=CONTENT_TYPES[job.format]
        )


class ImportView(APIView):
    parser_classes = [MultiPartParser]
    throttle_kinds = {"POST": JOB}

    @extend_schema(
        summary="Import an interchange file into a new club (you become its admin)",
        description="A file up to IMPORT_ASYNC_BYTES is loaded at once (201, what was imported); a "
        "larger one, up to IMPORT_MAX_BYTES, is loaded by a job (202): poll its url.",
        request={"multipart/form-data": ImportFileSerializer},
        responses={
            201: ImportSummarySerializer,
            202: ImportJobSerializer,
            413: OpenApiResponse(description="request_too_large: over IMPORT_MAX_BYTES."),
            503: OpenApiResponse(description="queue_unavailable: the job queue is down."),
        },
    )
    def post(self, request: Request) -> Response:
        limit = settings.IMPORT_MAX_BYTES
        declared = request.META.get("CONTENT_LENGTH") or ""
        if declared.isdigit() and int(declared) > limit + MULTIPART_OVERHEAD_BYTES:
            raise RequestTooLarge(_too_large(limit))  # before the upload is read
        serializer = ImportFileSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        upload = serializer.validated_data["file"]
        if upload.size > limit:
            raise RequestTooLarge(_too_large(limit))
        if upload.size > settings.IMPORT_ASYNC_BYTES:
            job = import_request(actor=signed_in(request.user), upload=upload)
            body = ImportJobSerializer(job, context={"request": request}).data
            return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})
        summary = import_now(actor=signed_in(request.user), stream=upload)
        return Response(ImportSummarySerializer(summary).data, status=status.HTTP_201_CREATED)


class ImportJobViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet[ImportJob]):
    """Only the account that sent the file sees its job."""

    serializer_class = ImportJobSerializer
    queryset = ImportJob.objects.none()

    def get_queryset(self) -> QuerySet[ImportJob]:
        return ImportJob.objects.filter(requested_by_id=self.request.user.pk)

    @extend_schema(
        summary="An import job's status, progress and, once ended, its summary or error",
        description="A job the queue lost is queued again when it is read, as for exports.",
    )
    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return Response(self.get_serializer(import_requeue_if_lost(self.get_object())).data)


def _too_large(limit: int) -> str:
    # DRF keeps a detail as plain text: it is said in the request's language as it is raised.
    detail: str = localize(msg("An import file may be at most {limit} bytes.", limit=limit))
    return detail
