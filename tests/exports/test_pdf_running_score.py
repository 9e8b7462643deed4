"""A PDF score sheet's columns are the running score each game's engine writes down after a deal (the cells are the
sheet's HTML text, escaped, in the language of the sheet)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.utils import translation

from exports.writers.pdf import _deal_line, _running_columns
from games.rules.registry import get_engine


def deal(number: int, result: dict[str, Any], status: str = "recorded") -> Any:
    return SimpleNamespace(number=number, status=status, input={"dealer": "S1"}, result=result)


def seep_result(lead_team: str | None, points: int, baazis: tuple[int, int]) -> dict[str, Any]:
    return {
        "running_lead": {"team": lead_team, "points": points},
        "baazis_won": {"A": baazis[0], "B": baazis[1]},
        "team_scores": {"A": 62, "B": 38},
    }


def test_a_seep_sheet_writes_the_running_lead_then_the_baazis_and_a_voided_deal_blank() -> None:
    seep = get_engine("seep")
    deals = [deal(1, seep_result("A", 24, (0, 0))), deal(2, seep_result(None, 0, (1, 0)), status="voided")]
    columns = _running_columns(seep, deals)
    assert columns == ["Lead", "A", "B"]
    first = _deal_line(seep, deals[0], columns)
    assert (first[0], first[1], first[4:]) == ("1", "S1", ["A +24", "0", "0"])
    assert _deal_line(seep, deals[1], columns) == ["2", "S1", "voided", "", "", "", ""]


def test_a_seep_sheet_in_estonian_says_level_in_estonian() -> None:
    seep = get_engine("seep")
    deals = [deal(1, seep_result(None, 0, (1, 0)))]
    with translation.override("et"):
        line = _deal_line(seep, deals[0], _running_columns(seep, deals))
    assert line[4:] == ["viik", "1", "0"]


def test_a_56_sheet_has_a_column_per_team_that_ever_held_tables() -> None:
    fifty_six = get_engine("fifty_six")
    deals = [
        deal(1, {"tables_after": {"T1": 13, "T2": 12, "T3": 11}, "transfers": []}),
        deal(2, {"tables_after": {"T1": 14, "T3": 10}, "transfers": []}),
    ]
    assert _running_columns(fifty_six, deals) == ["T1", "T2", "T3"]
    assert _deal_line(fifty_six, deals[1], ["T1", "T2", "T3"])[4:] == ["14", "", "10"]
