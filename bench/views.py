"""The bare authenticated DRF endpoint: token authentication, JSON in and out, one row inserted, nothing else."""

from __future__ import annotations

from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import AuditEntry
from games.selectors.access import signed_in


class InsertOneRow(APIView):
    def post(self, request: Request) -> Response:
        row = AuditEntry.objects.create(actor=signed_in(request.user), action="bench.insert", after=request.data)
        return Response({"id": row.pk}, status=201)
