"""Writes of the live table: an opponent confirms or disputes a deal; a match gets a share link.

Like every service: one transaction, the match row locked first, an audit entry, the live event after commit.
"""

from __future__ import annotations

import logging
import secrets

from django.contrib.auth.models import User
from django.db import transaction

from games.errors import DealVoided, DomainError, NotFound
from games.events import publish_live, publish_on
from games.models import Deal, Match, Seat
from games.rules.messages import msg
from games.selectors.access import match_writable_by
from games.services.audit import audit_record
from games.services.deals import locked_match
from nights.live import NIGHT_FIELD, night_channel, night_of
from nights.models import Event
from nights.selectors import require_director
from table.models import DealConfirmation, EventDisplayLink, MatchShareLink
from table.selectors import board_etag

logger = logging.getLogger(__name__)

DEAL_CONFIRMED = "deal.confirmed"
DEAL_DISPUTED = "deal.disputed"


class NotSeated(DomainError):
    status_code = 403
    code = "not_a_player"


class SameSideAsScorer(DomainError):
    status_code = 403
    code = "same_team_as_scorer"


class AlreadyAnswered(DomainError):
    status_code = 409
    code = "already_answered"


@transaction.atomic
def deal_answer(*, match_id: int, number: int, actor: User, verdict: str, reason: str = "") -> DealConfirmation:
    """Record an opponent's confirmation or dispute of deal ``number`` as it stands now (its current revision)."""
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    deal = match.deals.filter(number=number).first() if match else None
    if match is None or deal is None:
        raise NotFound
    if deal.is_voided:
        raise DealVoided(
            msg("Deal {number} is voided; there is nothing to confirm or dispute.", number=number),
            None,
            deal_number=number,
        )
    seat = _opponent_seat(match, deal, actor)
    if DealConfirmation.objects.filter(deal=deal, player=seat.player, deal_revision=deal.revision).exists():
        raise AlreadyAnswered(
            msg(
                "{name} ({seat}) has already answered deal {number}.",
                name=seat.player.name,
                seat=seat.seat,
                number=number,
            ),
            None,
            deal_number=number,
        )
    answer = DealConfirmation.objects.create(
        deal=deal,
        deal_revision=deal.revision,
        player=seat.player,
        seat=seat.seat,
        user=actor,
        verdict=verdict,
        reason=reason,
    )
    event = DEAL_CONFIRMED if verdict == DealConfirmation.Verdict.CONFIRMED else DEAL_DISPUTED
    audit_record(
        actor=actor,
        action=event,
        match=match,
        deal_number=number,
        reason=reason,
        after={"seat": seat.seat, "verdict": verdict, "deal_revision": deal.revision},
    )
    payload = {
        "event": event,
        "match": match.pk,
        "version": match.version,
        "deal_number": number,
        "status": match.status,
        "league": match.league_id,
        "etag": board_etag(match),
        NIGHT_FIELD: night_of(match),  # the night's room hears its tables' answers too (nights/live.py)
    }  # counts this answer
    transaction.on_commit(lambda: publish_live(match.pk, payload))
    return answer


def _opponent_seat(match: Match, deal: Deal, actor: User) -> Seat:
    """The actor's seat that may answer: a seat of another team than the deal's scorer (another seat where
    each plays alone). A scorer without a seat has no team, so any seated player may answer."""
    mine = list(match.seats.select_related("player").filter(player__user_id=actor.pk))
    if not mine:
        raise NotSeated(
            msg(
                "Only a player seated at this match can confirm or dispute its deals; link your "
                "account to your player first."
            ),
            None,
        )
    scorer_seats = list(match.seats.filter(player__user_id=deal.recorded_by_id)) if deal.recorded_by_id else []
    taken = {seat.team or seat.seat for seat in scorer_seats}
    for seat in mine:
        if (seat.team or seat.seat) not in taken:
            return seat
    side = f"team {mine[0].team}" if mine[0].team else f"seat {mine[0].seat}"
    raise SameSideAsScorer(
        msg(
            "Deal {number} was recorded by your own side ({side}); a player of the other team confirms or disputes it.",
            number=deal.number,
            side=side,
        ),
        None,
    )


SHARE_WRITERS_ONLY = msg("Only the match's scorers can share it or revoke its share link.")
SHARE_LINK_REVOKED = "share_link.revoked"


@transaction.atomic
def share_link_get_or_create(*, match_id: int, actor: User, renew: bool = False) -> tuple[MatchShareLink, bool]:
    """The match's share link, made on first request; ``renew`` replaces it, and the old one stops working at once.
    The match row is locked first, so parallel first requests make one link, not a unique violation."""
    match = locked_match(match_id, actor, match_writable_by, SHARE_WRITERS_ONLY)
    link = MatchShareLink.objects.filter(match=match).first()
    if link is not None and not renew:
        return link, False
    if link is not None:
        _revoke(match, link, actor)
    link = MatchShareLink.objects.create(match=match, token=secrets.token_urlsafe(24), created_by=actor)
    audit_record(actor=actor, action="match.share_link_created", match=match)
    return link, True


@transaction.atomic
def share_link_revoke(*, match_id: int, actor: User) -> None:
    """Switch the share link off: its board answers 404 and its open streams end (told after commit)."""
    match = locked_match(match_id, actor, match_writable_by, SHARE_WRITERS_ONLY)
    link = MatchShareLink.objects.filter(match=match).first()
    if link is None:
        raise NotFound
    _revoke(match, link, actor)


def _revoke(match: Match, link: MatchShareLink, actor: User) -> None:
    link.delete()
    audit_record(actor=actor, action="match.share_link_revoked", match=match)
    payload = {"event": SHARE_LINK_REVOKED, "match": match.pk, "version": match.version}
    transaction.on_commit(lambda: publish_live(match.pk, payload))


DISPLAY_LINK_REVOKED = "display_link.revoked"


def _locked_event(event_id: int, actor: User) -> Event:
    """The event row, locked (parallel first requests make one link), and only for its director."""
    event = Event.objects.select_for_update(of=("self",)).select_related("club").filter(pk=event_id).first()
    if event is None:
        raise NotFound
    require_director(actor, event)
    return event


@transaction.atomic
def display_link_get_or_create(*, event_id: int, actor: User, renew: bool = False) -> tuple[EventDisplayLink, bool]:
    """The room display's link of a club night, made on first request; ``renew`` replaces it (the old one stops at
    once). The night's director only."""
    event = _locked_event(event_id, actor)
    link = EventDisplayLink.objects.filter(event=event).first()
    if link is not None and not renew:
        return link, False
    if link is not None:
        _revoke_display(event, link, actor)
    link = EventDisplayLink.objects.create(event=event, token=secrets.token_urlsafe(24), created_by=actor)
    audit_record(actor=actor, action="night.display_link_created", club=event.club, after={"event": event.pk})
    return link, True


@transaction.atomic
def display_link_revoke(*, event_id: int, actor: User) -> None:
    """Switch the room display's link off: its page and document answer 404 and its open streams end."""
    event = _locked_event(event_id, actor)
    link = EventDisplayLink.objects.filter(event=event).first()
    if link is None:
        raise NotFound
    _revoke_display(event, link, actor)


def _revoke_display(event: Event, link: EventDisplayLink, actor: User) -> None:
    link.delete()
    audit_record(actor=actor, action="night.display_link_revoked", club=event.club, before={"event": event.pk})
    payload = {"event": DISPLAY_LINK_REVOKED, "night": event.pk}
    transaction.on_commit(lambda: publish_on(night_channel(event.pk), payload))
