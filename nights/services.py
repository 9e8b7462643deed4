"""Club night writes (DESIGN.md: "A club night is built on matches, not beside them"): each function is atomic,
locks the event row before reading its rounds (so two phones starting a round at once draw it once), audits what it
changes, and starts each table's match through games.services like any other match."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.errors import InvalidInput, NotFound
from games.events import NIGHT_EVENT_FINISHED, NIGHT_ROUND_STARTED, announce_club_event
from games.models import Club, League, Match, Player, Seat
from games.rules.messages import msg
from games.rules.registry import get_engine
from games.rules.seats import seat_names
from games.selectors.access import players_visible_to
from games.services.audit import audit_record
from games.services.matches import match_start
from nights.errors import (
    DrawHasDeals,
    EntrantAlreadyCheckedIn,
    EntrantSeated,
    EventRulesFrozen,
    FormatNotPlayable,
    PlayerAlreadyDrawn,
    PlayerInTeam,
    RoundAlreadyStarted,
    RoundClosed,
    RoundInProgress,
    RoundsComplete,
    TeamSizeInvalid,
    TeamsNotDrawn,
    TeamsRequired,
)
from nights.formats import base, progressive, round_robin, rummy_tables, swiss
from nights.live import announce_room_change
from nights.models import Bye, Entrant, Event, Round, Substitute, Table, Team
from nights.selectors import (
    draws_teams,
    night_results,
    partnership_seats,
    ranking_history,
    require_director,
    round_complete,
    rounds_of,
    table_sides,
    team_name,
    teams_of,
)

FORMATS: dict[str, Any] = {
    Event.Format.PROGRESSIVE: progressive,
    Event.Format.RUMMY_TABLES: rummy_tables,
    Event.Format.ROUND_ROBIN: round_robin,
    Event.Format.SWISS: swiss,
}
MATCH_POINT_FORMATS = (Event.Format.ROUND_ROBIN, Event.Format.SWISS)
SEED_BITS = 62


# --- events -------------------------------------------------------------------------------------------------------


@transaction.atomic
def event_create(
    *,
    actor: User,
    club: Club,
    name: str,
    game: str,
    settings: Mapping[str, Any],
    format: str,
    format_settings: Mapping[str, Any],
    rounds_planned: int,
    round_length: str,
    deals_per_round: int | None = None,
    league: League | None = None,
) -> Event:
    require_director(actor, Event(club=club))
    _check_round_length(round_length, deals_per_round)
    event = Event(
        club=club,
        league=league,
        name=name,
        game=game,
        format=format,
        rounds_planned=rounds_planned,
        round_length=round_length,
        deals_per_round=deals_per_round if round_length == Event.RoundLength.DEALS else None,
        director=actor,
    )
    _pin_rules(event, settings, format_settings)
    event.save()
    audit_record(actor=actor, action="night.created", club=club, after=_event_facts(event))
    return event


@transaction.atomic
def event_update(*, actor: User, event_id: int, changes: Mapping[str, Any]) -> Event:
    """The name and the planned rounds change any time; the house rules and the format's settings until round 1."""
    event = _locked_event(actor, event_id)
    before = _event_facts(event)
    if {"settings", "format_settings"} & set(changes):
        if event.rounds.exists():
            raise EventRulesFrozen(
                msg("The house rules and the format of a night are fixed once its first round is drawn."),
                "settings" if "settings" in changes else "format_settings",
            )
        _pin_rules(
            event, changes.get("settings", event.settings), changes.get("format_settings", event.format_settings)
        )
        _check_teams_still_fit(event)
    event.name = changes.get("name", event.name)
    event.rounds_planned = changes.get("rounds_planned", event.rounds_planned)
    event.save()
    audit_record(actor=actor, action="night.changed", club=event.club, before=before, after=_event_facts(event))
    announce_room_change(event.pk, "event")
    return event


def _check_teams_still_fit(event: Event) -> None:
    """New house rules keep the teams checked in seatable: the same partnership size (56 of 4 has pairs, of 6 in two
    sides threes)."""
    team = teams_of(event).first()
    if team is None:
        return
    given = len(team.members.all())
    expected = len(partnership_seats(event)[0]) if draws_teams(event) else 0
    if given != expected:
        raise TeamSizeInvalid(
            msg(
                "The teams checked in have {given} players; under these house rules a team of {game} has {expected}.",
                given=given,
                game=get_engine(event.game).display_name,
                expected=expected,
            ),
            "settings",
            expected=expected,
            given=given,
        )


def _check_round_length(round_length: str, deals_per_round: int | None) -> None:
    if round_length == Event.RoundLength.DEALS and not deals_per_round:
        raise InvalidInput(msg("A round of a fixed number of deals needs that number."), "deals_per_round")


def _pin_rules(event: Event, settings: Mapping[str, Any], format_settings: Mapping[str, Any]) -> None:
    """Pin the house rules (the league's first, as a league pins its matches') and the format's settings, refusing a
    format that cannot seat this game."""
    pinned = {**(event.league.settings if event.league else {}), **settings}
    if event.league is not None:
        _check_league(event.league, event.game, settings, event.club_id)
    engine = get_engine(event.game)
    if event.format == Event.Format.SWISS and not engine.plays_in_teams and "sides_per_table" not in format_settings:
        format_settings = {**format_settings, "sides_per_table": engine.default_player_count}
    formatted = FORMATS[event.format].settings_from_json(format_settings)
    if event.format == Event.Format.PROGRESSIVE:
        seats = formatted.seats_per_table
    elif event.format in MATCH_POINT_FORMATS:
        seats = _match_point_seats(engine, pinned, event.format, formatted)
    else:
        seats = engine.default_player_count
    rules = engine.rules_from_settings(pinned, seats)
    if event.format == Event.Format.PROGRESSIVE:
        _check_progressive_sides(engine.teams(rules), formatted)
    elif event.format in MATCH_POINT_FORMATS:
        _check_two_teams(engine.display_name, engine.teams(rules))
    elif engine.plays_in_teams:
        raise InvalidInput(
            msg(
                "Contract Rummy tables seat players who play alone; {game} is played in teams.",
                game=engine.display_name,
            ),
            "format",
        )
    event.settings = engine.settings_json(rules)
    event.format_settings = asdict(formatted)


def event_rules_pin(event: Event, settings: Mapping[str, Any], format_settings: Mapping[str, Any]) -> None:
    """Pin ``event``'s house rules and format settings as making it does (an imported night is checked so)."""
    _pin_rules(event, settings, format_settings)


def _check_league(league: League, game: str, requested: Mapping[str, Any], event_club: int) -> None:
    conflicts = [
        name for name, value in requested.items() if name in league.settings and league.settings[name] != value
    ]
    if league.game != game or conflicts or league.club_id != event_club:
        raise InvalidInput(
            msg("A night of a league plays the league's game under its house rules."),
            f"settings.{conflicts[0]}" if conflicts else "game",
        )


def _check_progressive_sides(teams: Mapping[str, Sequence[str]] | None, formatted: Any) -> None:
    """The draw seats each side's players every ``sides``-th seat (S1, S3 for side one of four seats in two sides):
    the game's teams must be those."""
    sides = formatted.sides
    expected = [[f"S{1 + side + turn * sides}" for turn in range(formatted.side_size)] for side in range(sides)]
    if teams is None or sorted(map(list, teams.values())) != sorted(expected):
        raise InvalidInput(
            msg("This game's teams cannot be seated as the format's sides: choose another table size or side size."),
            "format_settings.side_size",
        )


def _match_point_seats(engine: Any, pinned: Mapping[str, Any], format: str, formatted: Any) -> int:
    """The seats of a round robin's or a Swiss night's table: a partnership game's own count (56's ``players``
    house rule, else the game's usual count), two teams a table; Contract Rummy's Swiss ``sides_per_table``."""
    if engine.plays_in_teams:
        if format == Event.Format.SWISS and formatted.sides_per_table != swiss.MIN_TEAMS:
            raise FormatNotPlayable(
                msg(
                    "Two teams meet at a table of {game}: a Swiss night of teams seats 2 sides.",
                    game=engine.display_name,
                ),
                "format_settings.sides_per_table",
            )
        stated = pinned.get("players")
        return (
            stated if isinstance(stated, int) and stated in engine.player_counts else int(engine.default_player_count)
        )
    if format == Event.Format.ROUND_ROBIN:
        raise FormatNotPlayable(
            msg(
                "A round robin draws fixed partnerships; {game} is played alone: choose Swiss or Contract Rummy "
                "tables.",
                game=engine.display_name,
            ),
            "format",
        )
    return int(formatted.sides_per_table)


def _check_two_teams(game: str, teams: Mapping[str, Sequence[str]] | None) -> None:
    """A partnership night seats two teams of the same size at each table."""
    if teams is not None and (len(teams) != 2 or len({len(seats) for seats in teams.values()}) != 1):
        raise FormatNotPlayable(
            msg(
                "Round robin and Swiss seat two teams at a table; {game} under these house rules seats {count}.",
                game=game,
                count=len(teams),
            ),
            "settings",
        )


def _event_facts(event: Event) -> dict[str, Any]:
    return {
        "event": event.pk,
        "name": event.name,
        "game": event.game,
        "settings": event.settings,
        "format": event.format,
        "format_settings": event.format_settings,
        "rounds_planned": event.rounds_planned,
    }


def _locked_event(actor: User, event_id: int) -> Event:
    event = Event.objects.select_for_update(of=("self",)).select_related("club", "league").filter(pk=event_id).first()
    if event is None:
        raise NotFound
    require_director(actor, event)
    return event


def _next_round_number(event: Event) -> int:
    last = event.rounds.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


# --- entrants -----------------------------------------------------------------------------------------------------


@transaction.atomic
def entrant_check_in(*, actor: User, event_id: int, player: int | Mapping[str, Any]) -> Entrant:
    """Check a player in (a new one by name); one who arrives after round 1 is drawn from the next round."""
    event = _locked_event(actor, event_id)
    if draws_teams(event):
        raise TeamsRequired(
            msg("This night draws fixed partnerships: check the player in with their partners, as a team."), "player"
        )
    found = _resolve_player(actor, event, player)
    joins = _next_round_number(event)
    entrant = event.entrants.filter(player=found).first()
    if entrant is not None and entrant.left_after_round is None:
        raise EntrantAlreadyCheckedIn(
            msg("{name} is already checked in.", name=found.name), "player", entrant=entrant.pk
        )
    if entrant is None:
        entrant = Entrant.objects.create(event=event, player=found, joined_from_round=joins)
    else:  # back after leaving: drawn again from the next round
        entrant.joined_from_round, entrant.left_after_round = joins, None
        entrant.save(update_fields=["joined_from_round", "left_after_round"])
    audit_record(
        actor=actor,
        action="night.checked_in",
        club=event.club,
        after={"event": event.pk, "player": found.pk, "round": joins},
    )
    announce_room_change(event.pk, "entrants")
    return entrant


def _resolve_player(actor: User, event: Event, ref: int | Mapping[str, Any]) -> Player:
    if isinstance(ref, Mapping):
        return Player.objects.create(name=ref["name"], club=event.club, created_by=actor)
    found = players_visible_to(actor).filter(pk=ref).first()
    if found is None:
        raise InvalidInput(msg("There is no player {ref} that you can seat.", ref=ref), "player")
    return found


@transaction.atomic
def entrant_leave(*, actor: User, event_id: int, entrant_id: int) -> Entrant | None:
    """A player who leaves drops from the rounds not drawn yet; one never drawn is simply removed (None). A player at
    a table of a round still being played cannot leave it: their table's match goes on (a substitute takes the seat)."""
    event = _locked_event(actor, event_id)
    entrant = event.entrants.select_related("player").filter(pk=entrant_id).first()
    if entrant is None:
        raise NotFound
    if entrant.team_id is not None:
        raise TeamsRequired(
            msg("{name} plays in a team of this night: the team leaves together.", name=entrant.player.name), None
        )
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.CLOSED and _drawn_in(entrant, last):
        raise EntrantSeated(
            msg(
                "{name} is drawn in round {round}, which is being played: they can leave once it is closed.",
                name=entrant.player.name,
                round=last.number,
            ),
            None,
            round=last.number,
        )
    if not Bye.objects.filter(entrant=entrant).exists() and not _ever_seated(entrant):
        entrant.delete()
        entrant_left = None
    else:
        entrant.left_after_round = last.number if last else 0
        entrant.save(update_fields=["left_after_round"])
        entrant_left = entrant
    audit_record(
        actor=actor, action="night.left", club=event.club, after={"event": event.pk, "player": entrant.player_id}
    )
    announce_room_change(event.pk, "entrants")
    return entrant_left


def _drawn_in(entrant: Entrant, played: Round) -> bool:
    seated = Seat.objects.filter(match__night_table__round=played, player_id=entrant.player_id).exists()
    return seated or played.byes.filter(entrant=entrant).exists()


def _ever_seated(entrant: Entrant) -> bool:
    return Seat.objects.filter(
        match__night_table__round__event_id=entrant.event_id, player_id=entrant.player_id
    ).exists()


# --- teams -------------------------------------------------------------------------------------------------------


@transaction.atomic
def team_check_in(*, actor: User, event_id: int, players: Sequence[int | Mapping[str, Any]], name: str = "") -> Team:
    """Check a team in at a night of fixed partnerships: its players (ids, or new players by name) in the order they
    sit in the team's seats, as many as a team of the game has. Each becomes an entrant of the night, so a player
    is in one team of a night at most. A team checked in after round 1 is drawn from the next round."""
    event = _locked_event(actor, event_id)
    if not draws_teams(event):
        raise TeamsNotDrawn(msg("This night draws its players one by one: check each player in alone."), "players")
    size = len(partnership_seats(event)[0])
    if len(players) != size:
        raise TeamSizeInvalid(
            msg(
                "A team of {game} has {expected} players; {given} were given.",
                game=get_engine(event.game).display_name,
                expected=size,
                given=len(players),
            ),
            "players",
            expected=size,
            given=len(players),
        )
    found = [_resolve_player(actor, event, ref) for ref in players]
    for index, player in enumerate(found):
        if player in found[:index]:
            raise InvalidInput(msg("{name} is named twice in the team.", name=player.name), f"players.{index}")
    taken = event.entrants.select_related("player").filter(player__in=found).first()
    if taken is not None:
        raise PlayerInTeam(
            msg("{name} is already checked in to this night: a player plays in one team.", name=taken.player.name),
            "players",
            entrant=taken.pk,
            team=taken.team_id,
        )
    joins = _next_round_number(event)
    team = Team.objects.create(event=event, name=name.strip(), joined_from_round=joins)
    Entrant.objects.bulk_create(
        Entrant(event=event, player=player, team=team, joined_from_round=joins) for player in found
    )
    audit_record(
        actor=actor,
        action="night.team_checked_in",
        club=event.club,
        after={"event": event.pk, "team": team.pk, "name": team.name, "players": [p.pk for p in found], "round": joins},
    )
    announce_room_change(event.pk, "entrants")
    return teams_of(event).get(pk=team.pk)


@transaction.atomic
def team_leave(*, actor: User, event_id: int, team_id: int) -> Team | None:
    """A team leaves: it drops from the rounds not drawn yet, with its players; one never drawn is removed (None).
    A team drawn in the round being played finishes it first (a substitute may take a member's seat)."""
    event = _locked_event(actor, event_id)
    team = teams_of(event).filter(pk=team_id).first()
    if team is None:
        raise NotFound
    members = list(team.members.all())
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.CLOSED and any(_drawn_in(m, last) for m in members):
        raise EntrantSeated(
            msg(
                "{name} is drawn in round {round}, which is being played: they can leave once it is closed.",
                name=team_name(team),
                round=last.number,
            ),
            None,
            round=last.number,
        )
    facts = {"event": event.pk, "team": team.pk, "players": [member.player_id for member in members]}
    left: Team | None = team
    if not Bye.objects.filter(entrant__in=members).exists() and not any(_ever_seated(m) for m in members):
        team.delete()  # its members with it
        left = None
    else:
        team.left_after_round = last.number if last else 0
        team.save(update_fields=["left_after_round"])
        event.entrants.filter(team=team).update(left_after_round=team.left_after_round)
    audit_record(actor=actor, action="night.team_left", club=event.club, after=facts)
    announce_room_change(event.pk, "entrants")
    return left


# --- rounds -------------------------------------------------------------------------------------------------------


@transaction.atomic
def round_start(*, actor: User, event_id: int, number: int | None = None) -> Round:
    """Draw the next round from the entrants present and the results so far, and start one match per table."""
    event = _locked_event(actor, event_id)
    last = rounds_of(event).order_by("-number").first()  # the rounds are numbered 1, 2, ... (an undo takes the last)
    next_number = last.number + 1 if last is not None else 1
    if number is not None and number < next_number:
        raise RoundAlreadyStarted(msg("Round {round} is already drawn.", round=number), "number", round=number)
    if number is not None and number > next_number:
        raise InvalidInput(msg("The next round to draw is round {round}.", round=next_number), "number")
    if last is not None and last.status != Round.Status.CLOSED:
        if not round_complete(last):
            raise RoundInProgress(
                msg("Round {round} is still being played: close it first.", round=last.number),
                None,
                round=last.number,
            )
        _close(last, reason="")
    if next_number > event.rounds_planned:
        raise RoundsComplete(msg("Every planned round of this night has been played."), None)
    drawn = _draw(event, last, next_number)
    played = Round.objects.create(event=event, number=next_number, seed=drawn.seed)
    _start_tables(actor, event, played, drawn)
    audit_record(
        actor=actor,
        action="night.round_drawn",
        club=event.club,
        after={"event": event.pk, "round": next_number, "seed": drawn.seed, "tables": drawn.tables, "byes": drawn.byes},
    )
    tables = [{"table": table.number, "match": table.match_id} for table in played.tables.all()]
    announce_club_event(
        {"event": NIGHT_ROUND_STARTED, "club": event.club_id, "night": event.pk, "round": next_number, "tables": tables}
    )
    announce_room_change(event.pk, "round")
    return played


def _draw(event: Event, last: Round | None, number: int) -> base.Draw:
    """The round drawn by the night's format from the entrants present (the teams, at a night of partnerships) and
    the rounds so far; round robin and Swiss see a lowest-wins game's scores negated (``ranking_history``). The
    rounds so far are the kept results (``night_results``: a closed round is folded once, not before every draw);
    ``last``, the latest round as round_start read it, is not read again."""
    entrants = event.teams.order_by("pk") if draws_teams(event) else event.entrants.order_by("pk")
    present = tuple(entrant.pk for entrant in entrants if entrant.plays_in(number))
    results = night_results(event, last)
    played = ranking_history(event, results) if event.format in MATCH_POINT_FORMATS else [r.played for r in results]
    history = tuple(played)
    request = base.DrawRequest(present, number, history, secrets.randbits(SEED_BITS))
    module = FORMATS[event.format]
    return module.draw(request, module.settings_from_json(event.format_settings))  # type: ignore[no-any-return]


def _start_tables(actor: User, event: Event, played: Round, drawn: base.Draw) -> None:
    player_of: dict[base.Entrant, int] = dict(event.entrants.values_list("pk", "player_id"))
    team_seats = partnership_seats(event) if draws_teams(event) else None
    members: dict[base.Entrant, list[Entrant]] = (
        {team.pk: list(team.members.all()) for team in teams_of(event)} if team_seats is not None else {}
    )
    for index, (sides, dealer) in enumerate(zip(drawn.tables, drawn.first_dealers, strict=True)):
        if team_seats is not None:
            # Each team's players sit in its seats (the first team drawn in the game's first team's seats).
            holder = {
                seat: member.player_id
                for (team,), seats in zip(sides, team_seats, strict=True)
                for seat, member in zip(seats, members[team], strict=True)
            }
            players = [holder[seat] for seat in seat_names(len(holder))]
            first_dealer = team_seats[dealer][0]  # the drawn side's first player (base.Draw)
        else:
            # The seats go round the table side by side: side one's first player, side two's first, ... (base.Draw).
            order = [side[turn] for turn in range(len(sides[0])) for side in sides]
            players = [player_of[entrant] for entrant in order]
            first_dealer = seat_names(len(order))[dealer]
        # The club's match (its scorers and the seated players' phones record it), dealt first by the drawn dealer.
        match = match_start(
            actor=actor,
            game=event.game,
            players=players,
            settings=event.settings,
            club=event.club,
            first_dealer=first_dealer,
        )
        if event.round_length == Event.RoundLength.DEALS:
            match.deals_limit = event.deals_per_round
            match.save(update_fields=["deals_limit"])
        Table.objects.create(round=played, number=index + 1, match=match, first_dealer=first_dealer)
    if team_seats is not None:  # a team's bye is its players'
        sitting_out = [member for team in drawn.byes for member in members[team]]
    else:
        sitting_out = list(event.entrants.in_bulk(list(drawn.byes)).values())
    Bye.objects.bulk_create(Bye(round=played, entrant=entrant) for entrant in sitting_out)


@transaction.atomic
def round_undo(*, actor: User, event_id: int, number: int) -> None:
    """Take back a draw (its matches and byes) until the first deal of any of its tables is recorded."""
    event = _locked_event(actor, event_id)
    played = _open_round(event, number)
    tables = list(played.tables.select_related("match"))
    if any(table.match.last_deal_number for table in tables):
        raise DrawHasDeals(
            msg("A deal is already recorded in round {round}: its draw can no longer be undone.", round=number),
            None,
            round=number,
        )
    matches = [table.match_id for table in tables]
    played.delete()  # its tables and byes with it
    Match.objects.filter(pk__in=matches).delete()
    audit_record(
        actor=actor,
        action="night.round_undone",
        club=event.club,
        before={"event": event.pk, "round": number, "seed": played.seed},
    )
    announce_room_change(event.pk, "round")


@transaction.atomic
def round_close(
    *,
    actor: User,
    event_id: int,
    number: int,
    reason: str,
    director_scores: Mapping[str, Mapping[str, float]] | None = None,
) -> Round:
    """The director ends the round: its unfinished matches count as they stand (or as the director scores them) and
    take no new deal."""
    event = _locked_event(actor, event_id)
    played = _open_round(event, number)
    if not reason.strip():
        raise InvalidInput(msg("Say why the round is closed."), "reason")
    tables = {
        str(table.number): table for table in played.tables.select_related("match").prefetch_related("match__seats")
    }
    for key, scores in (director_scores or {}).items():
        table = tables.get(key)
        if table is None or set(scores) != set(table_sides(table)):
            raise InvalidInput(
                msg("A director's score names a table of the round and gives each of its sides a score."),
                f"director_scores.{key}",
            )
        table.director_score = dict(scores)
        table.save(update_fields=["director_score"])
    _close(played, reason=reason)
    audit_record(
        actor=actor,
        action="night.round_closed",
        club=event.club,
        reason=reason,
        after={"event": event.pk, "round": number, "director_scores": dict(director_scores or {})},
    )
    if number >= event.rounds_planned:
        _finish(actor, event)
    announce_room_change(event.pk, "round")
    return played


def _finish(actor: User, event: Event) -> None:
    """The last planned round closed: the night is over (its standings are final unless a deal is corrected)."""
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    audit_record(actor=actor, action="night.finished", club=event.club, after={"event": event.pk})
    announce_club_event(
        {"event": NIGHT_EVENT_FINISHED, "club": event.club_id, "night": event.pk, "rounds": event.rounds_planned}
    )


def _open_round(event: Event, number: int) -> Round:
    played = event.rounds.filter(number=number).first()
    if played is None:
        raise NotFound
    if played.status == Round.Status.CLOSED:
        raise RoundClosed(msg("Round {round} is closed.", round=number), None, round=number)
    if event.rounds.filter(number__gt=number).exists():  # an earlier round is closed once a later one is drawn
        raise RoundClosed(msg("Round {round} is closed.", round=number), None, round=number)
    return played


def _close(played: Round, *, reason: str) -> None:
    now = timezone.now()
    for table in played.tables.select_related("match"):
        if table.match.status != Match.Status.FINISHED:
            Match.objects.filter(pk=table.match_id, closed_at__isnull=True).update(closed_at=now)
    played.status, played.closed_at, played.close_reason = Round.Status.CLOSED, now, reason
    played.save(update_fields=["status", "closed_at", "close_reason"])


# --- substitutes --------------------------------------------------------------------------------------------------


@transaction.atomic
def round_substitute(
    *, actor: User, event_id: int, number: int, entrant_id: int, player: int | Mapping[str, Any]
) -> Substitute:
    """A substitute takes ``entrant``'s seat in round ``number`` (still being played): the seat of the table's match
    is theirs from now on, and the seat's score stays the entrant's (nights.selectors.round_results). Another
    substitute may take the seat again. Audited in the club's log and in the match's."""
    event = _locked_event(actor, event_id)
    played = _open_round(event, number)
    entrant = event.entrants.select_related("player").filter(pk=entrant_id).first()
    if entrant is None:
        raise InvalidInput(msg("There is no entrant {ref} in this night.", ref=entrant_id), "entrant")
    earlier = played.substitutes.filter(entrant=entrant).first()
    holder = earlier.player_id if earlier is not None else entrant.player_id
    seat = Seat.objects.select_for_update().filter(match__night_table__round=played, player_id=holder).first()
    if seat is None:
        raise InvalidInput(
            msg(
                "{name} has no seat in round {round}: only a seated player can be replaced.",
                name=entrant.player.name,
                round=number,
            ),
            "entrant",
        )
    found = _resolve_player(actor, event, player)
    _check_not_drawn(event, played, found)
    table = Table.objects.get(match_id=seat.match_id)
    before = {"event": event.pk, "round": number, "table": table.number, "seat": seat.seat, "player": seat.player_id}
    seat.player = found
    seat.save(update_fields=["player"])
    if earlier is not None:
        earlier.player = found
        earlier.save(update_fields=["player"])
        substitute = earlier
    else:
        substitute = Substitute.objects.create(round=played, entrant=entrant, player=found, table=table, seat=seat.seat)
    after = {**before, "player": found.pk, "entrant": entrant.pk}
    audit_record(actor=actor, action="night.substituted", club=event.club, before=before, after=after)
    audit_record(actor=actor, action="match.seat_substituted", match_id=seat.match_id, before=before, after=after)
    announce_room_change(event.pk, "round")
    return substitute


def _check_not_drawn(event: Event, played: Round, player: Player) -> None:
    """A substitute is not already in the round: at a table, on a bye, or in another entrant's seat."""
    seated = Seat.objects.filter(match__night_table__round=played, player=player).exists()
    on_bye = played.byes.filter(entrant__player=player).exists()
    if seated or on_bye:
        raise PlayerAlreadyDrawn(
            msg(
                "{name} is already drawn in round {round}: a substitute is someone not playing it.",
                name=player.name,
                round=played.number,
            ),
            "player",
            round=played.number,
        )
