"""Player records: create, update, and merge a duplicate into the record of the same person (reversibly)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from games.errors import InvalidInput
from games.models import Club, Player, Seat
from games.rules.messages import msg
from games.selectors.access import require_player_admin, require_player_links_allowed
from games.services.audit import audit_record


@transaction.atomic
def player_create(*, actor: User, name: str, club: Club | None = None, user: User | None = None) -> Player:
    require_player_links_allowed(actor, {"club": club, "user": user})
    player = Player.objects.create(name=name, club=club, user=user, created_by=actor)
    audit_record(actor=actor, action="player.created", player=player, after=_player_fields(player))
    return player


@transaction.atomic
def player_update(*, actor: User, player: Player, changes: Mapping[str, Any]) -> Player:
    require_player_admin(actor, player)
    require_player_links_allowed(actor, dict(changes))
    before = _player_fields(player)
    for name, value in changes.items():
        setattr(player, name, value)
    player.save()
    audit_record(actor=actor, action="player.updated", player=player, before=before, after=_player_fields(player))
    return player


def _player_fields(player: Player) -> dict[str, Any]:
    return {"name": player.name, "club": player.club_id, "user": player.user_id}


@transaction.atomic
def player_merge(*, actor: User, player: Player, duplicate: Player) -> Player:
    """Count ``duplicate`` as ``player`` from now on: its matches, standings rows and ratings follow. Seats are not
    rewritten, so ``player_unmerge`` restores every figure exactly."""
    require_player_admin(actor, player)
    require_player_admin(actor, duplicate)
    player, duplicate = _locked_in_id_order(player, duplicate)
    if duplicate.pk == player.pk:
        raise InvalidInput(msg("A player cannot be merged into itself."), "player")
    if duplicate.merged_into_id is not None:
        raise InvalidInput(msg("{name} is already merged into another player.", name=duplicate.name), "player")
    if player.merged_into_id is not None:
        raise InvalidInput(
            msg("{name} is itself merged into another player; merge into that one.", name=player.name), "player"
        )
    shared = Seat.objects.filter(player=duplicate, match__seats__player=player).values_list("match_id", flat=True)
    if shared.exists():
        raise InvalidInput(
            msg(
                "{name} and {duplicate} sat at the same table (match {match}): they are two people.",
                name=player.name,
                duplicate=duplicate.name,
                match=shared.first(),
            ),
            "player",
            matches=list(shared),
        )
    duplicate.merged_into = player
    duplicate.save(update_fields=["merged_into"])
    audit_record(actor=actor, action="player.merged", player=player, after={"duplicate": duplicate.pk})
    return player


def _locked_in_id_order(*players: Player) -> tuple[Player, ...]:
    """The players read again under a row lock, taken in one fixed order (by id) whatever the order of the
    arguments: A into B and B into A at once then wait for each other instead of deadlocking."""
    locked = {pk: Player.objects.select_for_update().get(pk=pk) for pk in sorted({p.pk for p in players})}
    return tuple(locked[p.pk] for p in players)


@transaction.atomic
def player_unmerge(*, actor: User, player: Player, duplicate: Player) -> Player:
    require_player_admin(actor, player)
    require_player_admin(actor, duplicate)
    duplicate = Player.objects.select_for_update().get(pk=duplicate.pk)
    if duplicate.merged_into_id != player.pk:
        raise InvalidInput(
            msg("{duplicate} is not merged into {name}.", duplicate=duplicate.name, name=player.name), "player"
        )
    duplicate.merged_into = None
    duplicate.save(update_fields=["merged_into"])
    audit_record(actor=actor, action="player.unmerged", player=player, before={"duplicate": duplicate.pk})
    return player
