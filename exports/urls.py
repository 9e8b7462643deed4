"""Mounted under /api/v1/ by api/urls.py."""

from django.urls import include, path
from rest_framework.routers import SimpleRouter

from exports.views import ExportDownloadView, ExportViewSet, ImportJobViewSet, ImportView

router = SimpleRouter()
router.register("exports", ExportViewSet, basename="export")
router.register("imports", ImportJobViewSet, basename="import")

urlpatterns = [
    path("exports/<int:pk>/download/", ExportDownloadView.as_view(), name="export-download"),
    path("imports/", ImportView.as_view(), name="import"),
    path("", include(router.urls)),
]
