"""The table's API routes, mounted under /api/v1/ by api/urls.py."""

from django.urls import path

from table import api, room_api

app_name = "table-api"

urlpatterns = [
    path("matches/<int:match_pk>/deals/<int:number>/confirm/", api.DealConfirmView.as_view(), name="deal-confirm"),
    path("matches/<int:match_pk>/deals/<int:number>/dispute/", api.DealDisputeView.as_view(), name="deal-dispute"),
    path("matches/<int:match_pk>/board/", api.MatchBoardView.as_view(), name="board"),
    path("matches/<int:match_pk>/share/", api.ShareLinkView.as_view(), name="share"),
    path("shared/<str:token>/", api.SharedBoardView.as_view(), name="shared-board"),
    path("disputes/", api.DisputeListView.as_view(), name="disputes"),
    # A club night's room (table/room.py): the director's document, the room display's, and the display's link.
    path("events/<int:event_pk>/room/", room_api.RoomView.as_view(), name="room"),
    path("events/<int:event_pk>/display/", room_api.DisplayView.as_view(), name="display"),
    path("events/<int:event_pk>/display-link/", room_api.DisplayLinkView.as_view(), name="display-link"),
    path("displays/<str:token>/", room_api.SharedDisplayView.as_view(), name="shared-display"),
]
