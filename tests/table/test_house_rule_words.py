"""The house-rules form says issue 20's new choices in words (CHOICE_WORDS in table/views.py)."""

from __future__ import annotations

from games.rules.facts import facts_of
from table.views import CHOICE_WORDS

ISSUE_20_CHOICES = {
    ("fifty_six", "eight_player_pack"),
    ("fifty_six", "trump_lead_rule"),
    ("bid_euchre", "made_contract_scores"),
}


def test_every_choice_of_the_new_house_rules_has_words() -> None:
    words = {
        (game, rule["name"]): [CHOICE_WORDS.get(str(choice)) for choice in rule["choices"]]
        for game in ("fifty_six", "bid_euchre")
        for rule in facts_of(game)["settings"]
        if (game, rule["name"]) in ISSUE_20_CHOICES
    }
    assert words == {
        ("fifty_six", "eight_player_pack"): ["64 cards, 8 each", "48 cards, 6 each (no 8s or 7s)"],
        ("fifty_six", "trump_lead_rule"): ["Any time", "Only after a trump has been played"],
        ("bid_euchre", "made_contract_scores"): ["The tricks taken", "The number bid"],
    }
