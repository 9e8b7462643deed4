"""Who may do what. A private match or club is invisible (404) to outsiders; a reader who may not write gets 403."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request

from games.models import Club, Match, Membership


def require_match_creator(request: Request, match: Match) -> None:
    if match.created_by_id != request.user.pk:
        raise PermissionDenied("Only the player who started this match can choose its scorers.")


def club_role(user: Any, club: Club) -> str | None:
    membership = Membership.objects.filter(club=club, user_id=user.pk).only("role").first()
    return membership.role if membership else None


def require_club_admin(request: Request, club: Club) -> None:
    if club_role(request.user, club) != Membership.Role.ADMIN:
        raise PermissionDenied("Only the club's admins can do this.")


def require_club_writer(request: Request, club: Club) -> None:
    if club_role(request.user, club) not in (Membership.Role.ADMIN, Membership.Role.SCORER):
        raise PermissionDenied("Only the club's admins and scorers can do this.")
