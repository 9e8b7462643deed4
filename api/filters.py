from __future__ import annotations

import django_filters
from django import forms

from games.models import Match
from games.rules.registry import GAME_KEYS

MAX_ID = 2**63 - 1  # the database's bigint: a larger number must be refused, not sent to SQL


class IdFilter(django_filters.NumberFilter):
    """A row id: a whole number from 1 up; ``1.1`` or ``-1e308`` is refused with 400 instead of reaching the query."""

    field_class = forms.IntegerField

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, min_value=1, max_value=MAX_ID, **kwargs)  # type: ignore[arg-type]


class MatchFilter(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(choices=[(key, key) for key in GAME_KEYS])
    status = django_filters.ChoiceFilter(choices=Match.Status.choices)
    league = IdFilter(field_name="league_id")
    player = IdFilter(method="filter_player", label="Player id seated in the match")

    class Meta:
        model = Match
        fields = ["game", "status", "league", "player"]

    def filter_player(self, queryset, name, value):  # type: ignore[no-untyped-def]
        return queryset.filter(pk__in=Match.objects.filter(seats__player_id=value).values("pk"))
