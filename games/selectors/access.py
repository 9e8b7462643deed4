"""Who may do what: the one module that answers who may read, record, correct or administer a match, a league, a
club or a player. The API, the pages and the services all ask here (the ``may_``/``_by`` questions answer yes or no;
the ``require_`` ones refuse with ``NotPermitted``, 403), instead of deciding for themselves."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db.models import Q, QuerySet

from games.errors import NotFound, NotPermitted, NotSignedIn
from games.models import Club, League, Match, Membership, Player
from games.rules.messages import msg

# Whoever asks: a signed-in user, or nobody (the selectors answer "nothing" and "no" for the latter).
Viewer = AbstractBaseUser | AnonymousUser

WRITING_ROLES = (Membership.Role.ADMIN, Membership.Role.SCORER)


def signed_in(user: Viewer) -> User:
    """The account behind a request that must be signed in (the API's views require it before they run; the pages
    send anyone else to the sign-in page). Services are given this, never an anonymous user."""
    if not isinstance(user, User) or not user.is_authenticated:
        raise NotSignedIn(msg("Sign in first."))
    return user


def club_ids_of(user: Viewer, roles: tuple[str, ...] | None = None) -> QuerySet[Membership, Any]:
    """The ids of the clubs ``user`` is a member of (with one of ``roles``), as a subquery."""
    if not user.is_authenticated:
        return Membership.objects.none().values("club_id")
    memberships = Membership.objects.filter(user_id=user.pk)
    if roles is not None:
        memberships = memberships.filter(role__in=roles)
    return memberships.values("club_id")


def club_role_of(user: Viewer, club_id: int) -> str | None:
    """The user's current role in the club, or None for anyone who is not (or no longer) a member."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(club_id=club_id, user_id=user.pk).values_list("role", flat=True).first()


def club_administrable_by(user: Viewer, club: Club) -> bool:
    """A club's settings, members, leagues and webhooks: its admins."""
    return club_role_of(user, club.pk) == Membership.Role.ADMIN


def club_writable_by(user: Viewer, club: Club) -> bool:
    """Recording in a club (its league matches, its players): its admins and scorers."""
    return club_role_of(user, club.pk) in WRITING_ROLES


def clubs_visible_to(user: Viewer) -> QuerySet[Club]:
    return Club.objects.filter(pk__in=club_ids_of(user))


def leagues_visible_to(user: Viewer) -> QuerySet[League]:
    """A club's leagues: its members (anyone else only through a league's public standings link)."""
    return League.objects.filter(club_id__in=club_ids_of(user))


def _club_of(match: Match) -> int | None:
    """The club whose membership decides who may read and write the match: its league's club, or the club whose
    match it is outside a league (a club night's table), if any."""
    league = match.league  # no query when the match has none
    return league.club_id if league is not None else match.club_id


def _seated(user: Viewer, match: Match) -> bool:
    """The user's account is linked to a player seated at the match (a link the club's admins decide)."""
    user_id = user.pk
    return user_id is not None and match.seats.filter(player__user_id=user_id).exists()


def matches_visible_to(user: Viewer) -> QuerySet[Match]:
    """A league match: the members of the league's club, always, and the seated players whose player record is linked
    to their account (a link the club's admins decide; they confirm and dispute deals). Any other match: also its
    creator and its scorers."""
    if not user.is_authenticated:
        return Match.objects.none()
    seated = Match.objects.filter(seats__player__user_id=user.pk).values("pk")
    scored = Match.objects.filter(scorers__id=user.pk).values("pk")
    friendly = Q(league__isnull=True, club__isnull=True) & (Q(created_by_id=user.pk) | Q(pk__in=scored))
    clubs = club_ids_of(user)
    club_match = Q(league__club_id__in=clubs) | Q(league__isnull=True, club_id__in=clubs)
    return Match.objects.filter(friendly | Q(pk__in=seated) | club_match)


def match_readable_by(user: Viewer, match: Match) -> bool:
    """The same rule as ``matches_visible_to`` for one match, asked of that match's rows only (the list query's
    subqueries would scan every seat of the user's matches)."""
    if not user.is_authenticated:
        return False
    club_id = _club_of(match)
    if club_id is not None and club_role_of(user, club_id) is not None:
        return True
    if club_id is None and (match.created_by_id == user.pk or match.scorers.filter(pk=user.pk).exists()):
        return True
    return _seated(user, match)


# Said to whoever may read a match but not change it (a deal, its dry run, its progress).
WRITERS_ONLY = msg("You may read this match but not change it: ask its creator to add you as a scorer.")


def match_writable_by(user: Viewer, match: Match) -> bool:
    """A league match is written by the club's current admins and scorers only: being its creator or an added
    scorer gives nothing to someone the club removed or demoted. A club's match outside a league (a club night's
    table) also by its seated players linked to their account: the table's own phone records it. Any other match by
    its creator and scorers."""
    if not user.is_authenticated:
        return False
    club_id = _club_of(match)
    if club_id is not None:
        writer = club_role_of(user, club_id) in WRITING_ROLES
        return writer or (match.league_id is None and _seated(user, match))
    return match.created_by_id == user.pk or match.scorers.filter(pk=user.pk).exists()


def match_correctable_by(user: Viewer, match: Match) -> bool:
    """Corrections and voids: in a league only the club's admins (a result there moves the standings); outside a
    league whoever may record deals."""
    club_id = _club_of(match)
    if club_id is None:
        return match_writable_by(user, match)
    return club_role_of(user, club_id) == Membership.Role.ADMIN


def match_scorers_chosen_by(user: Viewer, match: Match) -> bool:
    """The creator chooses a match's scorers, while still able to write it."""
    return match.created_by_id == user.pk and match_writable_by(user, match)


def matches_disputes_shown_to(user: Viewer) -> QuerySet[Match]:
    """The matches whose open disputes the user is asked to settle: those of the leagues of clubs the user
    administers, and the friendly matches the user started (in a league the club's membership decides, not who
    started the match)."""
    admin_clubs = club_ids_of(user, roles=(Membership.Role.ADMIN,))
    return Match.objects.filter(Q(league__club_id__in=admin_clubs) | Q(league__isnull=True, created_by_id=user.pk))


def may_score(user: Viewer, match: Match) -> bool:
    """Who may be added as a scorer: anyone with an account for a friendly match, a member of the club for a league
    match (an added scorer outside the club would be a way around its membership)."""
    club_id = _club_of(match)
    return club_id is None or club_role_of(user, club_id) is not None


def players_visible_to(user: Viewer) -> QuerySet[Player]:
    """A club's players: its members (and the player's own account). A player of no club: whoever added it."""
    if not user.is_authenticated:
        return Player.objects.none()
    return Player.objects.filter(
        Q(club__isnull=True, created_by_id=user.pk) | Q(user_id=user.pk) | Q(club_id__in=club_ids_of(user))
    )


def player_administrable_by(user: Viewer, player: Player) -> bool:
    """Renames, club changes and merges: for a club's player its admins, and the person who added it while still a
    writer of the club; for a player of no club the person who added it."""
    if player.club_id is None:
        return player.created_by_id == user.pk
    role = club_role_of(user, player.club_id)
    return role == Membership.Role.ADMIN or (player.created_by_id == user.pk and role in WRITING_ROLES)


def account_linkable_by(user: Viewer, account: Viewer | None, club: Club | None) -> bool:
    """A player record is linked to an account by the account's owner, or by an admin of the player's club to one of
    the club's members (a guest who became a member keeps the history)."""
    if account is None or account.pk == user.pk:
        return True
    return club is not None and club_administrable_by(user, club) and club_role_of(account, club.pk) is not None


def require_club_admin(user: Viewer, club: Club) -> None:
    if not club_administrable_by(user, club):
        raise NotPermitted(msg("Only the club's admins can do this."))


def require_club_writer(user: Viewer, club: Club) -> None:
    if not club_writable_by(user, club):
        raise NotPermitted(msg("Only the club's admins and scorers can do this."))


def require_player_admin(user: Viewer, player: Player) -> None:
    if not player_administrable_by(user, player):
        raise NotPermitted(
            msg("Only a club admin, or the person who added this player while a scorer of its club, can change it.")
        )


def require_scorers_chooser(user: Viewer, match: Match) -> None:
    if not match_scorers_chosen_by(user, match):
        raise NotPermitted(msg("Only the player who started this match can choose its scorers."))


def require_player_links_allowed(user: Viewer, changes: dict[str, Any]) -> None:
    """Before a player is created or changed: it joins a club only by the club's admins or scorers, and its account
    link follows ``account_linkable_by``."""
    club = changes.get("club")
    if club is not None:
        require_club_writer(user, club)
    if not account_linkable_by(user, changes.get("user"), club):
        raise NotPermitted(msg("Link your own account, or as a club admin the account of one of its members."))


def administered_club(user: Viewer, club_id: int | str) -> Club:
    """The club for its admins (its webhooks): 404 for anyone who may not see it, 403 for a member who is not one."""
    club = clubs_visible_to(user).filter(pk=club_id).first()
    if club is None:
        raise NotFound
    require_club_admin(user, club)
    return club
