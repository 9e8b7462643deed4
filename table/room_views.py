"""A club night's pages: its standings, the director's room, and the room display (for the club's members, or for a
screen nobody signs in on, through the display's link). Thin, as the table's pages: they read through selectors and
render; the room's actions go from the page's script through the JSON API, as any other client's."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString
from django.views.decorators.gzip import gzip_page

from games.errors import NotFound
from games.rules.registry import get_engine
from nights.models import Event
from nights.selectors import (
    draws_teams,
    event_directable_by,
    event_standings,
    partnership_seats,
    readable_event,
    rounds_of,
)
from table.models import EventDisplayLink
from table.public_rate import public_rate_refusal
from table.room import DISPLAY, ROOM, room_page_data
from table.room_api import display_link_body
from table.views import LOGIN_URL


def _page_event(request: HttpRequest, event_id: int) -> Event:
    """The night a page shows: Django's 404 page for anyone who is not a member of its club."""
    try:
        return readable_event(request.user, event_id)
    except NotFound:
        raise Http404 from None


@login_required(login_url=LOGIN_URL)
def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The night's standings with each round's score, for the club's members."""
    event = _page_event(request, event_id)
    rounds = list(rounds_of(event))
    rows = event_standings(event)
    context = {
        "event": event,
        "game_name": get_engine(event.game).display_name,
        "rounds": rounds,
        "rows": [(row, [row.rounds.get(played.number) for played in rounds]) for row in rows],
        "may_direct": event_directable_by(request.user, event),
    }
    return render(request, "table/event.html", context)


def _room_config(event: Event, **entries: Any) -> dict[str, Any]:
    return {
        "event_id": event.pk,
        "events_url": reverse("table:night-events", args=[event.pk]),
        "standings_page": reverse("table:event", args=[event.pk]),
        **entries,
    }


@login_required(login_url=LOGIN_URL)
@gzip_page
def room_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The director's room: every table of the current round live, and the director's actions. The club's admins;
    another member gets 403, anyone else 404."""
    event = _page_event(request, event_id)
    if not event_directable_by(request.user, event):
        raise PermissionDenied
    link = EventDisplayLink.objects.filter(event=event).first()
    config = _room_config(
        event,
        mode=ROOM,
        document_url=reverse("table-api:room", args=[event.pk]),
        rounds_url=reverse("event-rounds", args=[event.pk]),
        entrants_url=reverse("event-entrants", args=[event.pk]),
        teams_url=reverse("event-teams", args=[event.pk]),
        display_link_url=reverse("table-api:display-link", args=[event.pk]),
        display_page=reverse("table:display", args=[event.pk]),
        match_page=reverse("table:board", args=[0]),
    )
    team_size = len(partnership_seats(event)[0]) if draws_teams(event) else None
    context = {
        "event": event,
        "config": config,
        "team_size": team_size,  # a night of fixed partnerships checks teams of this many in, not players
        "team_seats": range(team_size or 0),
        "room_data": room_page_data(event, ROOM),
        "display_link": display_link_body(request, link) if link else None,  # type: ignore[arg-type]
    }
    return render(request, "table/room.html", context)


@login_required(login_url=LOGIN_URL)
@gzip_page
def display_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The room display for the club's members."""
    event = _page_event(request, event_id)
    config = _room_config(event, mode=DISPLAY, document_url=reverse("table-api:display", args=[event.pk]))
    return render(request, "table/display.html", {"event": event, "config": config, "room_data": _data(event)})


@gzip_page
def shared_display_page(request: HttpRequest, token: str) -> HttpResponse:
    """The room display through its link: the club's projector or TV, signed in as nobody."""
    refused = public_rate_refusal(request)
    if refused is not None:
        return refused
    event = Event.objects.filter(display_link__token=token).first()
    if event is None:
        raise Http404
    config = {
        "event_id": event.pk,
        "mode": DISPLAY,
        "document_url": reverse("table-api:shared-display", args=[token]),
        "events_url": reverse("table:shared-display-events", args=[token]),
    }
    context = {"event": event, "config": config, "room_data": _data(event), "spectator": True}
    return render(request, "table/display.html", context)


def _data(event: Event) -> SafeString:
    return room_page_data(event, DISPLAY)
