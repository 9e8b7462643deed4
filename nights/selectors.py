"""Reads of club nights and who may do what with them (asking games.selectors.access, the one place that decides):
a club's members read its events, its admins direct them. The standings are a fold of the rounds' tables, each an
ordinary match, read again whenever asked, so a correction at a table refolds them as league standings are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import pgettext

from games.errors import NotFound, NotPermitted
from games.models import Match, Membership
from games.rules.messages import msg
from games.rules.registry import get_engine
from games.selectors.access import Viewer, club_administrable_by, club_ids_of, club_role_of
from games.selectors.matches import id_from_url, seats_prefetch
from nights.formats import base
from nights.formats.progressive import bye_score_for
from nights.formats.standings import TIE_BREAKS, standings
from nights.models import Entrant, Event, Round, Table, Team

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


# --- teams -------------------------------------------------------------------------------------------------------


def draws_teams(event: Event) -> bool:
    """Whether the night's draw seats fixed partnerships (its entrants are teams): a round robin, or Swiss of a game
    played in teams (Swiss of Contract Rummy draws players alone)."""
    if event.format == Event.Format.ROUND_ROBIN:
        return True
    return event.format == Event.Format.SWISS and get_engine(event.game).plays_in_teams


def partnership_seats(event: Event) -> list[list[str]]:
    """The seats of each team of the game under the night's house rules, teams in name order: Bid Euchre's
    ``[["S1", "S3"], ["S2", "S4"]]``, 56 of six in two sides ``[["S1", "S3", "S5"], ["S2", "S4", "S6"]]``. A team's
    players sit in its seats in the order they were checked in."""
    engine = get_engine(event.game)
    stated = event.settings.get("players")
    count = stated if stated in engine.player_counts else engine.default_player_count
    teams = engine.teams(engine.rules_from_settings(event.settings, count)) or {}
    return [list(teams[name]) for name in sorted(teams)]


def teams_of(event: Event) -> QuerySet[Team]:
    return event.teams.prefetch_related(
        Prefetch("members", Entrant.objects.select_related("player").order_by("pk"))
    ).order_by("pk")


def names_joined(names: Sequence[str]) -> str:
    """Names joined as the language joins a team's names ("Asha & Bela", "Asha ja Bela", "Asha és Bela")."""
    if not names:
        return ""
    joined = names[0]
    for name in names[1:-1]:
        joined = pgettext("a team's names", "{names}, {name}").format(names=joined, name=name)
    if len(names) > 1:
        joined = pgettext("a team's names", "{names} & {name}").format(names=joined, name=names[-1])
    return joined


def team_name(team: Team) -> str:
    """The director's name for the team, or its players' names joined."""
    return team.name or names_joined([member.player.name for member in team.members.all()])


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
    """Each round by the draw's entrants: the players' entrant ids, or the teams' ids where the night draws teams
    (a side of a team's match is the team; a team's bye is its members')."""
    key_of: dict[int, int] = dict(event.entrants.values_list("pk", "team_id" if draws_teams(event) else "pk"))
    entrant_of = {player: key_of[entrant] for player, entrant in event.entrants.values_list("player_id", "pk")}
    bye_rule = str(event.format_settings.get("bye_score", "none"))
    results = []
    for played in rounds if rounds is not None else rounds_of(event):
        tables = list(played.tables.all())
        sides = [table_sides(table) for table in tables]
        # A substitute's seat is still the entrant's: its score is theirs, and the draws see them at that table.
        holders = {**entrant_of, **{sub.player_id: key_of[sub.entrant_id] for sub in played.substitutes.all()}}
        drawn = tuple(
            tuple(tuple(dict.fromkeys(holders[player] for player in side)) for side in found.values())
            for found in sides
        )
        byes = tuple(dict.fromkeys(key_of[bye.entrant_id] for bye in played.byes.all()))
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
    """A row of the standings: a player's (``entrant``) or, where the night draws teams, a team's (``team``, its
    ``members``). Round robin and Swiss rank by ``match_points`` and their tie-breaks (their measures are set);
    the other formats by ``total``."""

    rank: int
    entrant: Entrant | None
    total: float
    played: int
    byes: int
    rounds: dict[int, float]
    team: Team | None = None
    members: tuple[Entrant, ...] = ()
    match_points: int | None = None
    wins: int | None = None
    buchholz: int | None = None
    points_difference: float | None = None

    @property
    def name(self) -> str:
        if self.team is not None:
            return team_name(self.team)
        assert self.entrant is not None  # a row is a team's or an entrant's
        return self.entrant.player.name


def ranking_history(event: Event, results: Sequence[RoundResult]) -> list[base.PlayedRound]:
    """The rounds as round robin and Swiss rank them: higher wins, so a game whose lowest score wins (Contract
    Rummy's penalties) has its scores negated (its points difference is then the penalties the others took more)."""
    if not get_engine(event.game).side_scores_lower_wins:
        return [result.played for result in results]
    return [
        base.PlayedRound(
            result.played.tables,
            result.played.byes,
            {entrant: -score for entrant, score in result.played.scores.items()},
        )
        for result in results
    ]


def event_standings(event: Event, folded: Sequence[RoundResult] | None = None) -> list[StandingRow]:
    """Each entrant's total over the rounds with results (a player's round score is their side's score; a bye's
    follows the format's ``bye_score``), best first (lowest first where the game's lowest score wins); equal totals
    share a rank and keep the order of check-in. ``folded``: the rounds' results when the caller has them (else
    ``night_results``: the closed rounds' kept, the one being played folded). Round robin and Swiss: by match points
    and the tie-breaks."""
    results = [result for result in (night_results(event) if folded is None else folded) if result.complete]
    if event.format in (Event.Format.ROUND_ROBIN, Event.Format.SWISS):
        return _match_point_standings(event, results)
    lower_wins = get_engine(event.game).side_scores_lower_wins
    entrants = list(event.entrants.select_related("player").order_by("pk"))
    rows: list[dict[str, Any]] = []
    for entrant in entrants:
        rounds = {
            result.number: result.played.scores[entrant.pk] for result in results if entrant.pk in result.played.scores
        }
        byes = sum(1 for result in results if entrant.pk in result.played.byes)
        total = sum(rounds.values())
        rows.append(
            {
                "entrant": entrant,
                "members": (entrant,),
                "total": total,
                "played": len(rounds) - byes,
                "byes": byes,
                "rounds": rounds,
            }
        )
    rows.sort(key=lambda row: row["total"] if lower_wins else -row["total"])
    ranked: list[StandingRow] = []
    for index, row in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].total == row["total"] else index + 1
        ranked.append(StandingRow(rank=rank, **row))
    return ranked


def _match_point_standings(event: Event, results: Sequence[RoundResult]) -> list[StandingRow]:
    """Teams (or Contract Rummy players) ranked by match points over the complete rounds' ``results``, then the
    director's tie-breaks (nights/formats/standings.py); ``total`` is the sum of the round scores as the game counts
    them."""
    tie_breaks = tuple(event.format_settings.get("tie_breaks", TIE_BREAKS))
    if draws_teams(event):
        teams = list(teams_of(event))
        keys: list[base.Entrant] = [team.pk for team in teams]
        found: dict[base.Entrant, tuple[Team | None, Entrant | None, tuple[Entrant, ...]]] = {
            team.pk: (team, None, tuple(team.members.all())) for team in teams
        }
    else:
        entrants = list(event.entrants.select_related("player").order_by("pk"))
        keys = [entrant.pk for entrant in entrants]
        found = {entrant.pk: (None, entrant, (entrant,)) for entrant in entrants}
    rows = []
    for standing in standings(keys, ranking_history(event, results), tie_breaks):
        team, entrant, members = found[standing.entrant]
        rounds = {
            result.number: result.played.scores[standing.entrant]
            for result in results
            if standing.entrant in result.played.scores and standing.entrant not in result.played.byes
        }
        rows.append(
            StandingRow(
                rank=standing.rank,
                entrant=entrant,
                team=team,
                members=members,
                total=sum(rounds.values()),
                played=len(rounds),
                byes=standing.byes,
                rounds=rounds,
                match_points=standing.points,
                wins=standing.wins,
                buchholz=standing.buchholz,
                points_difference=standing.points_difference,
            )
        )
    return rows


def events_of_user(user: Viewer) -> QuerySet[Event]:
    """The nights a signed-in user plays in (one of their players is an entrant) or directs (an admin of its club),
    in the clubs they are a member of, newest first."""
    playing = Q(entrants__player__user_id=user.pk)
    directing = Q(club_id__in=club_ids_of(user, roles=(Membership.Role.ADMIN,)))
    return events_visible_to(user).filter(playing | directing).distinct().order_by("-id")


# --- the closed rounds' results, kept -------------------------------------------------------------------------------
# A closed round's result changes only by a correction (or void) at one of its tables, which moves its match's
# version. So each closed round's RoundResult is kept in the cache under a fingerprint of its tables' matches (ids
# and versions) and director's scores, as league standings are kept (games/standings.py): a read after a deal folds
# only the round being played, and a correction in a closed round misses its key and folds that round again.

KEPT_ROUND_SECONDS = 24 * 3600


def _kept_key(event: Event, round_id: int, tables: tuple[int, ...]) -> str:
    """``tables``: the round's tables' match versions summed, their match ids summed, their count, and how many
    the director scored."""
    bye_rule = event.format_settings.get("bye_score", "none")
    return f"night-round:v1:{event.pk}:{round_id}:{':'.join(map(str, tables))}:{bye_rule}"


def _closed_round_keys(event: Event) -> dict[int, str]:
    """Each closed round's number -> the key of its kept result, read in one statement."""
    rows = (
        event.rounds.filter(status=Round.Status.CLOSED)
        .annotate(
            versions=Coalesce(Sum("tables__match__version"), 0),
            matches=Coalesce(Sum("tables__match_id"), 0),
            tables_count=Count("tables"),
            scored=Count("tables", filter=Q(tables__director_score__isnull=False)),
        )
        .values_list("number", "pk", "versions", "matches", "tables_count", "scored")
    )
    return {number: _kept_key(event, pk, tuple(counts)) for number, pk, *counts in rows}


def _loaded_key(event: Event, played: Round) -> str:
    """The key of ``played``'s result from the round as read (so a result is kept under what it was folded from)."""
    tables = list(played.tables.all())
    scored = sum(1 for table in tables if table.director_score is not None)
    versions = sum(table.match.version for table in tables)
    return _kept_key(event, played.pk, (versions, sum(table.match_id for table in tables), len(tables), scored))


def night_results(event: Event, current: Round | None = None) -> list[RoundResult]:
    """``round_results`` of the whole night, by round number, reading and folding only what is not kept: the round
    being played, and a closed round whose fingerprint moved (a correction) or whose result was never kept.
    ``current``: the latest round as the caller read it (``rounds_of``), so it is not read again."""
    keys = _closed_round_keys(event)
    kept: dict[int, RoundResult] = {}
    found = cache.get_many(list(keys.values())) if keys else {}
    for number, key in keys.items():
        if key in found:
            kept[number] = found[key]
    given = [current] if current is not None and current.number not in kept else []
    known = set(kept) | {played.number for played in given}
    wanted = rounds_of(event).exclude(number__in=known)
    rounds = sorted([*given, *wanted], key=lambda played: played.number)
    fresh = round_results(event, rounds) if rounds else []
    to_keep = {
        _loaded_key(event, played): result
        for played, result in zip(rounds, fresh, strict=True)
        if played.status == Round.Status.CLOSED
    }
    if to_keep:
        cache.set_many(to_keep, KEPT_ROUND_SECONDS)
    return sorted([*kept.values(), *fresh], key=lambda result: result.number)
