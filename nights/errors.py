"""The club nights' refusals, in the one error shape (api/exceptions.py maps every DomainError by status and code).
Each code is documented in docs/api.md, "Club nights"."""

from __future__ import annotations

from games.errors import DomainError


class NightConflict(DomainError):
    """A change the night's present state does not allow (the request itself is well formed)."""

    status_code = 409


class RoundInProgress(NightConflict):
    code = "round_in_progress"


class RoundAlreadyStarted(NightConflict):
    code = "round_already_started"


class RoundsComplete(NightConflict):
    code = "event_rounds_complete"


class DrawHasDeals(NightConflict):
    code = "draw_has_deals"


class RoundClosed(NightConflict):
    code = "round_closed"


class EntrantAlreadyCheckedIn(NightConflict):
    code = "entrant_already_checked_in"


class EntrantSeated(NightConflict):
    code = "entrant_seated"


class EventRulesFrozen(NightConflict):
    code = "event_rules_frozen"


class PlayerAlreadyDrawn(NightConflict):
    """A substitute who is already drawn in the round (seated, on a bye, or substituting)."""

    code = "player_already_drawn"


class FormatNotPlayable(DomainError):
    """A draw format the event's game cannot be played in (round robin of Contract Rummy players, Swiss of three
    teams a table)."""

    code = "format_not_playable"


class TeamSizeInvalid(DomainError):
    """A team whose number of players is not the game's partnership size."""

    code = "team_size_invalid"


class TeamsRequired(NightConflict):
    """A player checked in (or leaving) alone at a night whose draw seats fixed partnerships."""

    code = "teams_required"


class TeamsNotDrawn(NightConflict):
    """A team checked in at a night whose draw seats players one by one."""

    code = "teams_not_drawn"


class PlayerInTeam(NightConflict):
    """A player already in a team of the night (or checked in to it): a player plays in one team of a night."""

    code = "player_in_team"
