"""Starting a match: resolve its players, pin its house rules, seat everyone and store the initial state."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from games.errors import InvalidInput, NotFound
from games.models import Club, League, Match, Player, Seat
from games.rules.first_dealer import with_first_dealer
from games.rules.messages import msg
from games.rules.registry import get_engine
from games.rules.seats import seat_names
from games.selectors.access import may_score, players_visible_to, require_club_writer, require_scorers_chooser
from games.selectors.matches import id_from_url
from games.services.audit import audit_record

PlayerRef = int | Mapping[str, Any]


@transaction.atomic
def match_start(
    *,
    actor: User,
    game: str,
    players: Sequence[PlayerRef],
    settings: Mapping[str, Any] | None = None,
    league: League | None = None,
    club: Club | None = None,
    first_dealer: str = "",
) -> Match:
    """``club`` makes a match outside a league the club's (a club night's table: see games.selectors.access);
    ``first_dealer`` is the seat that must deal the first deal, whatever the house rules say of the dealer order after
    it (its state says so until then: games.rules.first_dealer). A league's
    match is started by the club's admins and scorers only."""
    if league is not None:
        require_club_writer(actor, league.club)
    engine = get_engine(game)
    pinned = _pinned_settings(game, settings or {}, league)
    rules = engine.rules_from_settings(pinned, len(players))
    seated = _resolve_players(actor, players, league)
    teams = engine.teams(rules)
    match = Match.objects.create(
        game=game,
        league=league,
        club=club,
        first_dealer=first_dealer,
        settings=engine.settings_json(rules),
        teams=teams,
        state=with_first_dealer(engine.state_json(engine.initial_state(rules)), first_dealer),
        player_count=len(seated),
        created_by=actor,
    )
    team_of = {seat: team for team, members in (teams or {}).items() for seat in members}
    Seat.objects.bulk_create(
        Seat(match=match, seat=seat, position=index, player=player, team=team_of.get(seat, ""))
        for index, (seat, player) in enumerate(zip(seat_names(len(seated)), seated, strict=True))
    )
    audit_record(
        actor=actor,
        action="match.started",
        match=match,
        after={"game": game, "settings": match.settings, "players": [p.pk for p in seated]},
    )
    return match


def _pinned_settings(game: str, requested: Mapping[str, Any], league: League | None) -> dict[str, Any]:
    """A league's house rules are pinned into each of its matches; a match may not contradict them."""
    if league is None:
        return dict(requested)
    if league.game != game:
        raise InvalidInput(
            msg(
                "League {league!r} plays {league_game}, not {game}.",
                league=league.name,
                league_game=league.game,
                game=game,
            ),
            "game",
        )
    for name, value in requested.items():
        if name in league.settings and league.settings[name] != value:
            raise InvalidInput(
                msg(
                    "League {league!r} plays with {name} = {value!r}; its matches cannot change it.",
                    league=league.name,
                    name=name,
                    value=league.settings[name],
                ),
                f"settings.{name}",
            )
    return {**league.settings, **requested}


def _resolve_players(actor: User, refs: Sequence[PlayerRef], league: League | None) -> list[Player]:
    visible = players_visible_to(actor)
    resolved: list[Player] = []
    for index, ref in enumerate(refs):
        if isinstance(ref, Mapping):
            player = Player.objects.create(name=ref["name"], created_by=actor, club=league.club if league else None)
        else:
            found = visible.filter(pk=ref).first()
            if found is None:
                raise InvalidInput(msg("There is no player {ref} that you can seat.", ref=ref), f"players[{index}]")
            player = found
        if player in resolved:
            raise InvalidInput(msg("{name} is already seated at this table.", name=player.name), f"players[{index}]")
        resolved.append(player)
    return resolved


@transaction.atomic
def match_scorer_add(*, actor: User, match: Match, scorer: Callable[[], User | None]) -> User:
    """Add a scorer (the match's creator only). ``scorer`` reads the account asked for (None for one there is not)
    once the actor may: the request is read after the who-may answer, as it always was."""
    require_scorers_chooser(actor, match)
    user = scorer()
    if user is None or not may_score(user, match):
        # One answer for both, so the endpoint does not tell which accounts exist.
        raise InvalidInput(msg("There is no such user that can score this match."), "user")
    match.scorers.add(user)
    audit_record(actor=actor, action="match.scorer_added", match=match, after={"user": user.pk})
    return user


@transaction.atomic
def match_scorer_remove(*, actor: User, match: Match, user_id: object) -> None:
    """Remove a scorer (the match's creator only); 404 for a user who is not one (or an id from the address that
    cannot be one): nothing to remove or audit."""
    require_scorers_chooser(actor, match)
    scorer = match.scorers.filter(pk=id_from_url(user_id)).first()
    if scorer is None:
        raise NotFound
    match.scorers.remove(scorer)
    audit_record(actor=actor, action="match.scorer_removed", match=match, before={"user": scorer.pk})
