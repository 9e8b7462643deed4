from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import django_filters
from django import forms
from django.utils.functional import lazy

from games.i18n.translation import localize
from games.models import Match
from games.rules.messages import msg
from games.rules.registry import game_keys
from games.selectors.matches import MAX_ID  # the database's bigint: a larger id is refused, not sent to SQL
from web.fields import valid_choices

if TYPE_CHECKING:  # django-stubs' type, a development tool: not imported when the service runs
    from django_stubs_ext import StrOrPromise


class IdFilter(django_filters.NumberFilter):
    """A row id: a whole number from 1 up; ``1.1`` or ``-1e308`` is refused with 400 instead of reaching the query."""

    field_class = forms.IntegerField

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, min_value=1, max_value=MAX_ID, **kwargs)


def choice_filter(noun: str, choices: Callable[[], Sequence[tuple[str, StrOrPromise]]]) -> django_filters.ChoiceFilter:
    """A choice whose refusal names the valid ones, as the serializers' do (web.fields.ChoiceField).

    ``choices`` is called when a request is filtered, so the games are the registry's at that time."""
    refusal = lazy(
        lambda: localize(
            msg('"%(value)s" is not a valid choice; {choices}.', choices=valid_choices(noun, (k for k, _ in choices())))
        ),
        str,
    )()
    return django_filters.ChoiceFilter(choices=choices, error_messages={"invalid_choice": refusal})


class MatchFilter(django_filters.FilterSet):
    game = choice_filter("games", lambda: [(key, key) for key in game_keys()])
    status = choice_filter("statuses", lambda: Match.Status.choices)
    league = IdFilter(field_name="league_id")
    player = IdFilter(method="filter_player", label="Player id seated in the match")

    class Meta:
        model = Match
        fields = ["game", "status", "league", "player"]

    def filter_player(self, queryset, name, value):  # type: ignore[no-untyped-def]
        return queryset.filter(pk__in=Match.objects.filter(seats__player_id=value).values("pk"))
