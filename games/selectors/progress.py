"""A deal part way through its plays or tricks, as the engine's referee sees it (``play_progress``): read-only.

A scorer entering a deal play by play (Seep) or trick by trick (56, Twenty-Eight, Bid Euchre) asks after each play
what the page shows next: the floor and the moves that fit each card, each trick's winner and the running tally.
The page keeps no rules of its own; this answers from the engine. Whoever may record a deal (and see its dry run)
may ask; anyone else who may see the match is told no (403), and for the rest the match does not exist (404).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.errors import NotFound, NotPermitted
from games.models import Match
from games.rules.messages import msg
from games.rules.registry import get_engine
from games.selectors.access import WRITERS_ONLY, Viewer, match_readable_by, match_writable_by
from games.selectors.matches import state_before_deal


def deal_progress(
    *, user: Viewer, match_id: int, payload: Mapping[str, Any], before_deal: int | None = None
) -> dict[str, Any]:
    """The engine's ``play_progress`` of ``payload`` (the deal as entered so far) in the match's state, or in the
    state deal ``before_deal`` was played in (a correction's form). ``NotFound`` for a game without one."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match_writable_by(user, match):
        if match is not None and match_readable_by(user, match):
            raise NotPermitted(WRITERS_ONLY)
        raise NotFound
    engine = get_engine(match.game)
    kind = engine.play_progress_kind
    if kind is None:
        raise NotFound(msg("{game} deals are not entered play by play or trick by trick.", game=engine.display_name))
    rules = engine.rules_from_settings(match.settings, match.player_count)
    state = match.state if before_deal is None else state_before_deal(match, before_deal, engine, rules)
    answer = engine.play_progress(rules, engine.state_from_json(state, rules), payload)
    return {"game": match.game, "kind": kind, **answer}
