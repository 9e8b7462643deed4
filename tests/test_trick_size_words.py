"""A trick entered short says how many cards it has in whole words: "1 card", not "1 cards" (each language's own
plural forms; Hungarian's article and Persian's isolated values as the service writes every message)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.i18n.translation import localize
from games.rules.tricks import wrong_trick_size

ORDER = ("S2", "S3", "S4", "S1")


@pytest.mark.parametrize(
    ("language", "size", "said"),
    [
        ("en", 1, "Trick 1 has 1 card; each trick has 4, one from each of S2, S3, S4, S1 in turn."),
        ("en", 3, "Trick 1 has 3 cards; each trick has 4, one from each of S2, S3, S4, S1 in turn."),
        ("et", 1, "Tihis 1 on 1 kaart; igas tihis on 4, üks igalt kohalt järjekorras S2, S3, S4, S1."),
        ("et", 3, "Tihis 1 on 3 kaarti; igas tihis on 4, üks igalt kohalt järjekorras S2, S3, S4, S1."),
        ("hu", 1, "Az 1. ütésben 1 lap van; minden ütésben 4 van, egy-egy sorban innen: S2, S3, S4, S1."),
        (  # each value isolated from the right-to-left text around it (U+2068 ... U+2069); the trick's number and
            # its count of cards apart ("the cards of trick 1: 1"), never two numbers side by side
            "fa",
            1,
            "تعداد کارت‌های دستِ \u20681\u2069، \u20681\u2069 است؛ هر دست \u20684\u2069 کارت دارد، یکی از هر کدام از "
            "\u2068S2, S3, S4, S1\u2069 به نوبت.",
        ),
    ],
)
def test_a_short_trick_counts_its_cards_in_whole_words(language: str, size: int, said: str) -> None:
    refusal = wrong_trick_size(0, size, ORDER)
    assert (refusal.code, refusal.field) == ("trick_count_invalid", "tricks[0]")
    with translation.override(language):
        assert localize(refusal.detail) == said
