"""Reads and access decisions: access.py answers who may do what, matches.py reads matches and their deals.

The names are also importable from ``games.selectors`` itself, as they were when it was one module.
"""

from games.selectors.access import (
    WRITING_ROLES,
    account_linkable_by,
    club_administrable_by,
    club_ids_of,
    club_role_of,
    club_writable_by,
    clubs_visible_to,
    leagues_visible_to,
    match_correctable_by,
    match_readable_by,
    match_scorers_chosen_by,
    match_writable_by,
    matches_visible_to,
    may_score,
    player_administrable_by,
    players_visible_to,
    require_club_admin,
    require_club_writer,
    require_player_admin,
    require_player_links_allowed,
    require_scorers_chooser,
)
from games.selectors.matches import (
    MAX_ID,
    id_from_url,
    initial_state_json,
    match_deals,
    match_id_from_url,
    match_queryset,
    readable_match,
    seats_prefetch,
    state_before_deal,
)

__all__ = [
    "MAX_ID", "WRITING_ROLES", "account_linkable_by", "club_administrable_by", "club_ids_of", "club_role_of",
    "club_writable_by", "clubs_visible_to", "id_from_url", "initial_state_json", "leagues_visible_to",
    "match_correctable_by", "match_deals", "match_id_from_url", "match_queryset", "match_readable_by",
    "match_scorers_chosen_by", "match_writable_by", "matches_visible_to", "may_score", "player_administrable_by",
    "players_visible_to", "readable_match", "require_club_admin", "require_club_writer", "require_player_admin",
    "require_player_links_allowed", "require_scorers_chooser", "seats_prefetch", "state_before_deal",
]
