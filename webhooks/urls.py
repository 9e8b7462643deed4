"""Mounted under /api/v1/ by api/urls.py."""

from django.urls import include, path
from rest_framework.routers import SimpleRouter

from webhooks.views import ClubWebhookViewSet

router = SimpleRouter()
router.register(r"clubs/(?P<club_pk>\d+)/webhooks", ClubWebhookViewSet, basename="club-webhook")

urlpatterns = [
    path("", include(router.urls)),
]
