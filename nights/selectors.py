"""Reads of club nights and who may do what with them (asking games.selectors.access, the one place that decides):
a club's members read its events, its admins direct them. The standings are a fold of the rounds' tables, each an
ordinary match, read again whenever asked, so a correction at a table refolds them as league standings are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from games.errors import NotFound, NotPermitted
from games.models import Match, Membership
from games.rules.messages import msg
from games.rules.registry import get_engine
from games.selectors.access import Viewer, club_administrable_by, club_ids_of, club_role_of
from games.selectors.matches import id_from_url, seats_prefetch
from nights.formats import base
from nights.formats.progressive import bye_score_for
from nights.models import Entrant, Event, Round, Table

# --- access -------------------------------------------------------------------------------------------------------


def events_visible_to(user: Viewer) -> QuerySet[Event]:
    return Event.objects.filter(club_id__in=club_ids_of(user)).select_related("club", "league")


def event_readable_by(user: Viewer, event: Event) -> bool:
    return club_role_of(user, event.club_id) is not None


def event_directable_by(user: Viewer, event: Event) -> bool:
    """Checking players in, drawing, undoing and closing rounds: the club's admins."""
    return club_administrable_by(user, event.club)


def require_director(user: Viewer, event: Event) -> None:
    if not event_directable_by(user, event):
        raise NotPermitted(msg("Only the club's admins direct its club nights."))


def readable_event(user: Viewer, event_id: object) -> Event:
    event = Event.objects.select_related("club", "league").filter(pk=id_from_url(event_id)).first()
    if event is None or not event_readable_by(user, event):
        raise NotFound
    return event


def directed_event(user: Viewer, event_id: object) -> Event:
    """The event for its director (``readable_event``'s 404 for anyone who may not see it, 403 for a member who
    does not direct it): the room's view."""
    event = readable_event(user, event_id)
    require_director(user, event)
    return event


# --- rounds and tables --------------------------------------------------------------------------------------------


def rounds_of(event: Event) -> QuerySet[Round]:
    tables = Table.objects.select_related("match").prefetch_related(Prefetch("match__seats", seats_prefetch().queryset))
    return event.rounds.prefetch_related(
        Prefetch("tables", tables), "byes__entrant__player", "substitutes__player", "substitutes__table"
    ).order_by("number")


def event_round(event: Event, number: object) -> Round:
    found = rounds_of(event).filter(number=id_from_url(number)).first()
    if found is None:
        raise NotFound
    return found


def table_done(table: Table) -> bool:
    """A table has its result: its match ended, played its round's deals, was closed, or the director scored it."""
    match = table.match
    cut = match.deals_limit is not None and match.deals_count >= match.deals_limit
    return (
        match.status == Match.Status.FINISHED or cut or match.closed_at is not None or table.director_score is not None
    )


def round_status(played: Round) -> str:
    """``closed``; ``playing`` once a deal is recorded at any table; ``drawn`` before."""
    if played.status == Round.Status.CLOSED:
        return played.status
    started = any(table.match.last_deal_number for table in played.tables.all())
    return Round.Status.PLAYING if started else Round.Status.DRAWN


def round_complete(played: Round) -> bool:
    return played.status == Round.Status.CLOSED or all(table_done(table) for table in played.tables.all())


def table_sides(table: Table) -> dict[str, list[int]]:
    """Each side of the table's match (a team, or a seat where each plays alone) -> its players' ids, in seat order."""
    match = table.match
    player_of = {seat.seat: seat.player_id for seat in match.seats.all()}
    teams: Mapping[str, Sequence[str]] = match.teams or {seat: [seat] for seat in player_of}
    return {side: [player_of[seat] for seat in seats] for side, seats in teams.items()}


def table_scores(table: Table) -> dict[str, float]:
    """Each side's score at the table: the director's where the director scored it, else the engine's fact."""
    if table.director_score is not None:
        return {side: float(score) for side, score in table.director_score.items()}
    match = table.match
    return {
        side: float(score) for side, score in get_engine(match.game).side_scores(match.state, match.settings).items()
    }


def seat_holder(played: Round, entrant: Entrant) -> int:
    """The player in the entrant's seat in the round: their substitute's, if one took it, else their own."""
    found = next((sub.player_id for sub in played.substitutes.all() if sub.entrant_id == entrant.pk), None)
    return found if found is not None else entrant.player_id


# --- the fold -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundResult:
    """A round as the draws and the standings see it: tables and byes by entrant id, and each entrant's score once
    every table has its result (or the director closed the round)."""

    number: int
    played: base.PlayedRound
    complete: bool


def round_results(event: Event, rounds: Sequence[Round] | None = None) -> list[RoundResult]:
    entrant_of = dict(event.entrants.values_list("player_id", "pk"))
    bye_rule = str(event.format_settings.get("bye_score", "none"))
    results = []
    for played in rounds if rounds is not None else rounds_of(event):
        tables = list(played.tables.all())
        sides = [table_sides(table) for table in tables]
        # A substitute's seat is still the entrant's: its score is theirs, and the draws see them at that table.
        holders = {**entrant_of, **{sub.player_id: sub.entrant_id for sub in played.substitutes.all()}}
        drawn = tuple(tuple(tuple(holders[player] for player in side) for side in found.values()) for found in sides)
        byes = tuple(bye.entrant_id for bye in played.byes.all())
        complete = round_complete(played)
        scores: dict[base.Entrant, float] = {}
        if complete:
            for table, found in zip(tables, sides, strict=True):
                by_side = table_scores(table)
                scores.update({holders[player]: by_side[side] for side, players in found.items() for player in players})
            per_table = [[scores[entrant] for side in table for entrant in side] for table in drawn]
            scores.update(dict.fromkeys(byes, bye_score_for(per_table, bye_rule)))
        results.append(RoundResult(played.number, base.PlayedRound(drawn, byes, scores), complete))
    return results


@dataclass(frozen=True)
class StandingRow:
    rank: int
    entrant: Entrant
    total: float
    played: int
    byes: int
    rounds: dict[int, float]


def event_standings(event: Event) -> list[StandingRow]:
    """Each entrant's total over the rounds with results (a player's round score is their side's score; a bye's
    follows the format's ``bye_score``), best first (lowest first where the game's lowest score wins); equal totals
    share a rank and keep the order of check-in."""
    lower_wins = get_engine(event.game).side_scores_lower_wins
    entrants = list(event.entrants.select_related("player").order_by("pk"))
    results = [result for result in round_results(event) if result.complete]
    rows: list[dict[str, Any]] = []
    for entrant in entrants:
        rounds = {
            result.number: result.played.scores[entrant.pk] for result in results if entrant.pk in result.played.scores
        }
        byes = sum(1 for result in results if entrant.pk in result.played.byes)
        total = sum(rounds.values())
        rows.append({"entrant": entrant, "total": total, "played": len(rounds) - byes, "byes": byes, "rounds": rounds})
    rows.sort(key=lambda row: row["total"] if lower_wins else -row["total"])
    ranked: list[StandingRow] = []
    for index, row in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].total == row["total"] else index + 1
        ranked.append(StandingRow(rank=rank, **row))
    return ranked


def events_of_user(user: Viewer) -> QuerySet[Event]:
    """The nights a signed-in user plays in (one of their players is an entrant) or directs (an admin of its club),
    in the clubs they are a member of, newest first."""
    playing = Q(entrants__player__user_id=user.pk)
    directing = Q(club_id__in=club_ids_of(user, roles=(Membership.Role.ADMIN,)))
    return events_visible_to(user).filter(playing | directing).distinct().order_by("-id")
