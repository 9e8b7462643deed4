"""Which player record stands for a person: a merged duplicate counts as the player it was merged into."""

from __future__ import annotations

from collections.abc import Iterable

from games.models import Player


def canonical_ids(player_ids: Iterable[int]) -> dict[int, int]:
    """Map each id to the id of the record it is merged into (following chains); unmerged ids map to themselves."""
    merged = dict(Player.objects.filter(merged_into__isnull=False).values_list("pk", "merged_into_id"))
    result = {}
    for player_id in player_ids:
        current, seen = player_id, set()
        while current in merged and current not in seen:
            seen.add(current)
            current = merged[current]
        result[player_id] = current
    return result
