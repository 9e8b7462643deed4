"""The table's pages and its event streams, mounted at /table/ by scorekeeper/urls.py."""

from django.contrib.auth import views as auth_views
from django.urls import path

from table import live, pwa, room_views, views

app_name = "table"

urlpatterns = [
    path("", views.home, name="home"),
    path(
        "login/", auth_views.LoginView.as_view(template_name="table/login.html", next_page="table:home"), name="login"
    ),
    path("logout/", auth_views.LogoutView.as_view(next_page="table:login"), name="logout"),
    path("new/", views.new_match, name="new-match"),
    path("matches/<int:match_id>/", views.match_page, name="match"),
    path("matches/<int:match_id>/board/", views.board_page, name="board"),
    path("matches/<int:match_id>/events/", live.match_events, name="events"),
    path("s/<str:token>/", views.shared_board_page, name="shared-board"),
    path("s/<str:token>/events/", live.shared_match_events, name="shared-events"),
    path("disputes/", views.disputes_page, name="disputes"),
    path("events/<int:event_id>/", room_views.event_page, name="event"),
    path("events/<int:event_id>/room/", room_views.room_page, name="room"),
    path("events/<int:event_id>/display/", room_views.display_page, name="display"),
    path("events/<int:event_id>/live/", live.night_events, name="night-events"),
    path("d/<str:token>/", room_views.shared_display_page, name="shared-display"),
    path("d/<str:token>/live/", live.shared_night_events, name="shared-display-events"),
    path("sw.js", pwa.service_worker, name="service-worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline_page, name="offline"),
]
