from __future__ import annotations

import django_filters

from games.models import Match
from games.rules.registry import GAME_KEYS


class MatchFilter(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(choices=[(key, key) for key in GAME_KEYS])
    status = django_filters.ChoiceFilter(choices=Match.Status.choices)
    league = django_filters.NumberFilter(field_name="league_id")
    player = django_filters.NumberFilter(method="filter_player", label="Player id seated in the match")

    class Meta:
        model = Match
        fields = ["game", "status", "league", "player"]

    def filter_player(self, queryset, name, value):  # type: ignore[no-untyped-def]
        return queryset.filter(pk__in=Match.objects.filter(seats__player_id=value).values("pk"))
