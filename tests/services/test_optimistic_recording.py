"""The optimistic recording on PostgreSQL (issue 31): the match read without a lock, the deal and the match written in
one statement only if the match is still at the version read. Each test puts another phone's change at the one
moment that matters, between one post's read and its write, and checks that the post ends as it would have under
the row lock: played again on the new state, refused for a stale If-Match or a closed match, a retry answering its
first deal, and after ``DEAL_OPTIMISTIC_ATTEMPTS`` conflicts the lock taken."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.utils import timezone

from games import events
from games.errors import MatchClosed, StaleVersion
from games.models import Deal, Match
from games.rules.errors import RuleViolation
from games.services import deals as service
from games.services.deals import deal_correct, deal_record, deal_void
from games.services.matches import match_start
from tests.deals import seep_deal
from tests.factories import UserFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table() -> tuple[Any, Match]:
    user = UserFactory.create()
    return user, match_start(actor=user, game="seep", players=[{"name": f"P{n}"} for n in range(4)])


@pytest.fixture
def heard() -> Iterator[list[dict[str, Any]]]:
    found: list[dict[str, Any]] = []
    events.add_listener("optimistic-test", found.append)
    yield found
    events.remove_listener("optimistic-test")


def before_writes(monkeypatch: pytest.MonkeyPatch, *changes: Callable[[], Any]) -> list[str]:
    """Run ``changes[k]`` just before the k-th optimistic write (another phone's change committing between that
    post's read and its write); returns what each optimistic write did ("written" or "moved")."""
    write = service._save_recording_if_unmoved
    pending = list(changes)
    done: list[str] = []

    def interleaved(row: Deal, match: Match, read_version: int) -> bool:
        if pending:
            change = pending.pop(0)
            monkeypatch.setattr(service, "_save_recording_if_unmoved", write)  # the other phone writes plainly
            change()
            monkeypatch.setattr(service, "_save_recording_if_unmoved", interleaved)
        written = write(row, match, read_version)
        done.append("written" if written else "moved")
        return written

    monkeypatch.setattr(service, "_save_recording_if_unmoved", interleaved)
    return done


def other_phone(user: Any, match: Match, **deal: Any) -> Callable[[], Any]:
    return lambda: deal_record(match_id=match.pk, actor=user, payload=seep_deal("S2", points_a=30), **deal)


def test_a_deal_met_between_read_and_write_is_played_again_on_the_new_state(
    table: tuple[Any, Match], heard: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    user, match = table
    done = before_writes(monkeypatch, other_phone(user, match))
    recording = deal_record(match_id=match.pk, actor=user, payload=seep_deal("S1"), client_deal_id=uuid.uuid4())
    assert done == ["moved", "written"]
    assert (recording.deal.number, recording.match.version, recording.created) == (2, 2, True)
    first = Deal.objects.get(match=match, number=1)
    assert recording.state_before == first.state_after  # played on the state the other phone's deal left
    stored = Match.objects.get(pk=match.pk)
    assert (stored.version, stored.deals_count, stored.last_deal_number) == (2, 2, 2)
    assert stored.state == recording.deal.state_after
    # each deal announced once, after its write, with its own version
    assert [(event["event"], event["version"], event["deal_number"]) for event in heard] == [
        ("deal.recorded", 1, 1),
        ("deal.recorded", 2, 2),
    ]


def test_a_stale_if_match_is_refused_after_the_deal_met_as_under_the_lock(
    table: tuple[Any, Match], heard: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    user, match = table
    done = before_writes(monkeypatch, other_phone(user, match))
    with pytest.raises(StaleVersion) as refused:
        deal_record(match_id=match.pk, actor=user, payload=seep_deal("S1"), expected_version=0)
    assert done == ["moved"]
    assert refused.value.extra["current_version"] == 1
    assert list(Deal.objects.filter(match=match).values_list("number", flat=True)) == [1]
    assert [event["version"] for event in heard] == [1]


def test_a_match_closed_between_read_and_write_takes_no_deal(
    table: tuple[Any, Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    user, match = table

    def close() -> None:  # as a club night's round closes its tables: closed_at set, the version left as it was
        Match.objects.filter(pk=match.pk).update(closed_at=timezone.now())

    done = before_writes(monkeypatch, close)
    with pytest.raises(MatchClosed):
        deal_record(match_id=match.pk, actor=user, payload=seep_deal("S1"))
    assert done == ["moved"]
    assert not Deal.objects.filter(match=match).exists()
    assert Match.objects.get(pk=match.pk).version == 0


def test_a_retry_that_meets_its_first_deal_between_read_and_write_answers_it(
    table: tuple[Any, Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    user, match = table
    deal_id = uuid.uuid4()
    done = before_writes(monkeypatch, other_phone(user, match, client_deal_id=deal_id))
    retry = deal_record(match_id=match.pk, actor=user, payload=seep_deal("S1"), client_deal_id=deal_id)
    assert done == ["moved"]  # the second try met the unique constraint: the first deal is answered
    assert retry.created is False
    first = Deal.objects.get(match=match)
    assert (retry.deal.pk, retry.deal.number, retry.deal.input["card_points"]) == (first.pk, 1, {"A": 30, "B": 70})
    assert Match.objects.get(pk=match.pk).version == 1


def test_after_every_optimistic_attempt_meets_a_deal_the_post_takes_the_lock(
    table: tuple[Any, Match], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.DEAL_OPTIMISTIC_ATTEMPTS = 2
    user, match = table
    done = before_writes(monkeypatch, other_phone(user, match), other_phone(user, match))
    locked: list[tuple[Any, ...]] = []
    take_the_lock = service.locked_match

    def noted(*args: Any) -> Match:
        locked.append(args)
        return take_the_lock(*args)

    monkeypatch.setattr(service, "locked_match", noted)
    recording = deal_record(match_id=match.pk, actor=user, payload=seep_deal("S1"))
    assert done == ["moved", "moved"]
    assert len(locked) == 1
    assert (recording.deal.number, recording.created) == (3, True)
    assert sorted(Deal.objects.filter(match=match).values_list("number", flat=True)) == [1, 2, 3]
    assert Match.objects.get(pk=match.pk).version == 3


def test_a_refused_retry_whose_first_deal_commits_after_the_unlocked_lookup_answers_it_under_the_lock(
    table: tuple[Any, Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock waits for a first deal being written; the unlocked read cannot, so it hands such a refusal to the
    locked read (here the first deal commits right after the unlocked lookup missed it)."""
    user, match = table
    deal_id = uuid.uuid4()
    look_up = service._recorded_already
    first_lookup = [True]

    def missed_then_committed(found_match: Match, client_deal_id: uuid.UUID | None) -> Any:
        found = look_up(found_match, client_deal_id)
        if first_lookup.pop() if first_lookup else False:
            other_phone(user, match, client_deal_id=deal_id)()
        return found

    monkeypatch.setattr(service, "_recorded_already", missed_then_committed)
    illegal = seep_deal("S1", points_a=150)  # refused by the rules
    retry = deal_record(match_id=match.pk, actor=user, payload=illegal, client_deal_id=deal_id)
    assert retry.created is False
    assert retry.deal.input["card_points"] == {"A": 30, "B": 70}
    with pytest.raises(RuleViolation):  # without a first deal the refusal stands
        deal_record(match_id=match.pk, actor=user, payload=illegal, client_deal_id=uuid.uuid4())


def deal_between_the_reads(user: Any, match: Match, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another phone's deal commits between a preview's match read and its deals read (once)."""
    read_rows = service._changed_rows
    first_read = [True]

    def deal_recorded_between(found_match: Match, number: int) -> Any:
        if first_read:
            first_read.pop()
            other_phone(user, match)()
        return read_rows(found_match, number)

    monkeypatch.setattr(service, "_changed_rows", deal_recorded_between)


def test_a_void_preview_whose_two_reads_disagree_reads_both_again_under_the_lock(
    table: tuple[Any, Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    user, match = table
    for dealer in ("S1", "S2"):
        deal_record(match_id=match.pk, actor=user, payload=seep_deal(dealer))
    deal_between_the_reads(user, match, monkeypatch)
    preview = deal_void(match_id=match.pk, number=1, actor=user, reason="not played", dry_run=True)
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == 3
    assert preview.state_before == stored.state  # the match read again, after the third deal
    assert preview.match.version == 4  # as the void would leave it
    assert [change["deal_number"] for change in preview.changed_deals] == [2, 3]
    assert Deal.objects.get(match=match, number=1).status == Deal.Status.RECORDED  # a preview changes nothing


def test_a_correction_preview_whose_two_reads_disagree_checks_if_match_against_the_match_read_again(
    table: tuple[Any, Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    user, match = table
    deal_record(match_id=match.pk, actor=user, payload=seep_deal("S1"))
    deal_between_the_reads(user, match, monkeypatch)
    with pytest.raises(StaleVersion):
        deal_correct(
            match_id=match.pk,
            number=1,
            actor=user,
            payload=seep_deal("S1", points_a=60),
            reason="typo",
            expected_version=1,
            dry_run=True,
        )
