"""Who may do what, as DRF refusals. A private match or club is invisible (404) to outsiders; a reader who may not
write gets 403. The rules themselves are games.selectors'; these only turn a "no" into the refusal."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request

from games.models import Club, Match, Membership, Player
from games.selectors import WRITING_ROLES, club_role_of, match_scorers_chosen_by, player_administrable_by


def require_scorers_chooser(request: Request, match: Match) -> None:
    if not match_scorers_chosen_by(request.user, match):
        raise PermissionDenied("Only the player who started this match can choose its scorers.")


def club_role(user: Any, club: Club) -> str | None:
    return club_role_of(user, club.pk)


def require_club_admin(request: Request, club: Club) -> None:
    if club_role(request.user, club) != Membership.Role.ADMIN:
        raise PermissionDenied("Only the club's admins can do this.")


def require_club_writer(request: Request, club: Club) -> None:
    if club_role(request.user, club) not in WRITING_ROLES:
        raise PermissionDenied("Only the club's admins and scorers can do this.")


def require_player_admin(request: Request, player: Player) -> None:
    if not player_administrable_by(request.user, player):
        raise PermissionDenied("Only a club admin, or the person who added this player while a scorer of its club, "
                               "can change it.")
