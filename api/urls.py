from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter, SimpleRouter

from api.views.clubs import ClubViewSet, LeagueViewSet, PlayerViewSet, PublicStandingsView
from api.views.deals import DealViewSet
from api.views.games import GameViewSet
from api.views.matches import MatchViewSet
from api.views.nights import ClubEventsView, EntrantViewSet, EventViewSet, RoundViewSet, StandingsView, TeamViewSet
from api.views.system import HealthView, MeView, TokenView

router = DefaultRouter()
router.register("players", PlayerViewSet, basename="player")
router.register("clubs", ClubViewSet, basename="club")
router.register("leagues", LeagueViewSet, basename="league")
router.register("matches", MatchViewSet, basename="match")
router.register("games", GameViewSet, basename="game")
router.register("events", EventViewSet, basename="event")

EVENT = "events/<int:event_pk>/"
night_urls = [
    path("clubs/<int:club_pk>/events/", ClubEventsView.as_view(), name="club-events"),
    path(f"{EVENT}entrants/", EntrantViewSet.as_view({"get": "list", "post": "create"}), name="event-entrants"),
    path(f"{EVENT}entrants/<int:pk>/", EntrantViewSet.as_view({"delete": "destroy"}), name="event-entrant"),
    path(f"{EVENT}teams/", TeamViewSet.as_view({"get": "list", "post": "create"}), name="event-teams"),
    path(f"{EVENT}teams/<int:pk>/", TeamViewSet.as_view({"delete": "destroy"}), name="event-team"),
    path(f"{EVENT}rounds/", RoundViewSet.as_view({"get": "list", "post": "create"}), name="event-rounds"),
    path(
        f"{EVENT}rounds/<int:number>/",
        RoundViewSet.as_view({"get": "retrieve", "delete": "destroy"}),
        name="event-round",
    ),
    path(f"{EVENT}rounds/<int:number>/close/", RoundViewSet.as_view({"post": "close"}), name="event-round-close"),
    path(
        f"{EVENT}rounds/<int:number>/substitutes/",
        RoundViewSet.as_view({"post": "substitute"}),
        name="event-round-substitutes",
    ),
    path(f"{EVENT}standings/", StandingsView.as_view(), name="event-standings"),
]

deal_router = SimpleRouter()
deal_router.register(r"matches/(?P<match_pk>\d+)/deals", DealViewSet, basename="deal")

urlpatterns = [
    # First: a deal post is the busiest request, and each pattern tried before its own cost it a match (issue 31).
    path("", include(deal_router.urls)),
    path("health/", HealthView.as_view(), name="health"),
    path("public/leagues/<uuid:token>/standings/", PublicStandingsView.as_view(), name="public-standings"),
    path("auth/token/", TokenView.as_view(), name="auth-token"),
    path("me/", MeView.as_view(), name="me"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI's starter script is served as a file (the split view); its page keeps a small inline <style>.
    path(
        "docs/",
        csp_update({"style-src": [UNSAFE_INLINE]})(SpectacularSwaggerSplitView.as_view(url_name="schema")),
        name="docs",
    ),
    path("", include("table.api_urls")),
    path("", include("exports.urls")),
    path("", include("webhooks.urls")),
    path("", include(night_urls)),
    path("", include(router.urls)),
]
