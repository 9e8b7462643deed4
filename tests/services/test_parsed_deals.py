"""A replay parses each stored deal once per process (games.rules.replay.ParsedDeals, issue 28), and still plays
every deal against the state it meets: a parse kept from a preview must not let a deal the new history makes
illegal through, and a stored input that is not in normal form is still written back normalized."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from games.errors import CorrectionConflicts
from games.models import Deal, Match
from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from games.rules.replay import ParsedDeals
from games.services import deals as deal_services
from games.services.deals import deal_correct, deal_record
from games.services.matches import match_start
from tests.deals import seep_deal
from tests.factories import UserFactory

SEEP = get_engine("seep")
RULES = SEEP.rules_from_settings({}, 4)


@pytest.fixture(autouse=True)
def no_parsed_deals() -> Iterator[None]:
    deal_services.PARSED_DEALS.clear()
    yield
    deal_services.PARSED_DEALS.clear()


class CountingParses:
    """Seep's parse_deal, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.parse = SEEP.parse_deal  # the engine's own, taken before the test puts this object in its place

    def __call__(self, payload: Mapping[str, Any], rules: Any) -> Any:
        self.calls += 1
        return self.parse(payload, rules)


def text(deal: dict[str, Any]) -> str:
    return json.dumps(SEEP.deal_json(SEEP.parse_deal(deal, RULES)))


def test_a_stored_deal_is_parsed_once_and_kept_by_its_json_and_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    stored = text(seep_deal("S1"))
    parses = CountingParses()
    monkeypatch.setattr(SEEP, "parse_deal", parses)
    kept = ParsedDeals(2)
    first = kept.parsed(SEEP, RULES, "seep", stored)
    assert kept.parsed(SEEP, RULES, "seep", stored) is first and parses.calls == 1
    assert first.as_stored and first.normalized == json.loads(stored)
    assert kept.parsed(SEEP, RULES, "other rules", stored) is not first and parses.calls == 2


def test_the_least_recently_used_deal_is_forgotten_first_and_size_0_keeps_none() -> None:
    kept = ParsedDeals(2)
    one, two, three = (text(seep_deal("S1", points_a=points)) for points in (50, 60, 70))
    first = kept.parsed(SEEP, RULES, "seep", one)
    kept.parsed(SEEP, RULES, "seep", two)
    assert kept.parsed(SEEP, RULES, "seep", one) is first  # now the most recent
    kept.parsed(SEEP, RULES, "seep", three)  # forgets two
    assert len(kept) == 2 and kept.parsed(SEEP, RULES, "seep", one) is first
    none = ParsedDeals(0)
    none.parsed(SEEP, RULES, "seep", one)
    assert len(none) == 0


def test_a_refused_stored_deal_is_refused_again_and_not_kept() -> None:
    kept = ParsedDeals(10)
    broken = json.dumps({**seep_deal("S1"), "dealer": "S9"})
    for _ in range(2):
        with pytest.raises(RuleViolation) as refused:
            kept.parsed(SEEP, RULES, "seep", broken)
        assert refused.value.code == "dealer_unknown"
    assert len(kept) == 0


def test_a_stored_input_not_in_normal_form_is_known_as_such() -> None:
    stored = json.dumps({**seep_deal("S2"), "dealer": " s2"})
    parsed = ParsedDeals(10).parsed(SEEP, RULES, "seep", stored)
    assert not parsed.as_stored and parsed.normalized["dealer"] == "S2"


@pytest.mark.django_db
def test_a_correction_after_its_preview_still_finds_a_later_deal_out_of_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """The preview leaves deal 2 parsed; the correction does not parse it again, but plays it against the new
    state, where its dealer is out of turn: 409, and nothing is written."""
    actor = UserFactory.create()
    match = match_start(
        actor=actor, game="seep", players=[{"name": f"P{n}"} for n in range(4)], settings={"enforce_dealer_order": True}
    )
    for deal in (seep_deal("S1", points_a=60), seep_deal("S2", points_a=55)):
        deal_record(match_id=match.pk, actor=actor, payload=deal)
    version = Match.objects.get(pk=match.pk).version
    change: dict[str, Any] = {"match_id": match.pk, "number": 1, "actor": actor, "reason": "Miscounted"}
    deal_correct(**change, payload=seep_deal("S1", points_a=65), expected_version=version, dry_run=True)
    assert len(deal_services.PARSED_DEALS) == 1  # deal 2
    before = list(Deal.objects.filter(match=match).order_by("number").values())
    parses = CountingParses()
    monkeypatch.setattr(SEEP, "parse_deal", parses)
    # With B ahead after deal 1, S1 keeps the deal, so deal 2 dealt by S2 is out of turn.
    with pytest.raises(CorrectionConflicts) as conflict:
        deal_correct(**change, payload=seep_deal("S1", points_a=40), expected_version=version)
    assert parses.calls == 1  # the replacement only: deal 2 came from the kept parse
    assert conflict.value.extra["deal_number"] == 2 and conflict.value.extra["rule_code"] == "dealer_out_of_turn"
    assert list(Deal.objects.filter(match=match).order_by("number").values()) == before
    assert Match.objects.get(pk=match.pk).version == version


@pytest.mark.django_db
@pytest.mark.parametrize("previewed", [False, True])
def test_a_later_input_not_in_normal_form_is_written_back_normalized(previewed: bool) -> None:
    """As a replay from the first deal writes it (``deal_json`` of the parsed input), whether the parse is new or
    kept from a preview."""
    actor = UserFactory.create()
    match = match_start(actor=actor, game="seep", players=[{"name": f"P{n}"} for n in range(4)])
    for dealer in ("S1", "S2", "S3"):
        deal_record(match_id=match.pk, actor=actor, payload=seep_deal(dealer, points_a=55))
    Deal.objects.filter(match=match, number=2).update(input={**seep_deal("S2", points_a=55), "dealer": " s2"})
    version = Match.objects.get(pk=match.pk).version
    change: dict[str, Any] = {"match_id": match.pk, "number": 1, "actor": actor, "reason": "Miscounted"}
    if previewed:
        deal_correct(**change, payload=seep_deal("S1", points_a=58), expected_version=version, dry_run=True)
    deal_correct(**change, payload=seep_deal("S1", points_a=58), expected_version=version)
    inputs = dict(Deal.objects.filter(match=match).values_list("number", "input"))
    assert inputs[2] == SEEP.deal_json(SEEP.parse_deal(seep_deal("S2", points_a=55), RULES))
    assert inputs[3] == SEEP.deal_json(SEEP.parse_deal(seep_deal("S3", points_a=55), RULES))
