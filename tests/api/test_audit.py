"""The audit log stays proportionate (issue 15, data 12): a correction's entry keeps what changed, not the whole tail
of the match, and a page of the log is bounded in bytes, ``next`` going on where it stopped."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import override_settings

from games.models import AuditEntry, Deal
from tests.api.helpers import start_match
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.corrections import alternating_deals, put, record

pytestmark = pytest.mark.django_db


def corrected_match(api: Any, deals: int) -> dict[str, Any]:
    match = start_match(api)
    record(api, match["id"], alternating_deals(deals))
    response = put(api, match["id"], 1, {**seep_deal(points_a=65), "reason": "Miscounted spades"}, deals)
    assert response.status_code == 200, response.json()
    return match


def test_a_correction_entry_keeps_only_the_parts_of_later_results_that_changed(api: Any) -> None:
    match = corrected_match(api, 20)
    entry = AuditEntry.objects.get(match_id=match["id"], action="deal.corrected")
    assert entry.after is not None
    # Deal 1 now leads by 30, not 10: every later running lead moves by 20 and nothing else in the results changes.
    level_to_a = {
        "before": {"running_lead": {"team": None, "points": 0}},
        "after": {"running_lead": {"team": "A", "points": 20}},
    }
    a_by_more = {"before": {"running_lead": {"points": 10}}, "after": {"running_lead": {"points": 30}}}
    assert entry.after["changed_deals"] == [
        {"deal_number": number, **(level_to_a if number % 2 == 0 else a_by_more)} for number in range(2, 21)
    ]
    assert (entry.after["input"], entry.after["status"]) == (
        Deal.objects.get(match_id=match["id"], number=1).input,
        "corrected",
    )
    whole_tail = [deal.result for deal in Deal.objects.filter(match_id=match["id"], number__gt=1)]
    # The entry used to hold every later result twice (before and after): five times what it holds now.
    assert len(json.dumps(entry.after["changed_deals"])) * 5 < 2 * len(json.dumps(whole_tail))


def page_bytes(results: list[Any]) -> int:
    return sum(len(json.dumps(item, ensure_ascii=False).encode()) + 1 for item in results)


def test_an_audit_page_ends_before_the_entry_that_would_pass_its_byte_bound_and_next_goes_on(api: Any) -> None:
    match = corrected_match(api, 20)
    everything = audit_pages(api, match["id"])
    assert [len(page["results"]) for page in everything] == [22]  # the default bound leaves this in one page
    entries = everything[0]["results"]
    bound = 3000
    with override_settings(AUDIT_PAGE_MAX_BYTES=bound):
        pages = audit_pages(api, match["id"])
    assert [len(page["results"]) for page in pages] == [4, 4, 4, 4, 4, 1, 1]
    assert [entry for page in pages for entry in page["results"]] == entries
    assert {page["count"] for page in pages} == {22}
    for page, following in zip(pages, [*pages[1:], None], strict=True):
        assert page_bytes(page["results"]) <= bound or len(page["results"]) == 1
        if following is not None:  # no page stopped early
            assert page_bytes(page["results"] + following["results"][:1]) > bound
    assert pages[-1]["results"][0]["action"] == "deal.corrected"  # larger than the bound, alone on its page
    assert pages[1]["next"].endswith("/audit/?offset=8") and pages[1]["previous"].endswith("/audit/")


def audit_pages(api: Any, match_id: int) -> list[dict[str, Any]]:
    pages, url = [], f"/api/v1/matches/{match_id}/audit/"
    while url:
        body = api.get(url).json()
        pages.append(body)
        url = body["next"]
    return pages


def test_correcting_a_deal_to_what_it_already_is_raises_its_revision_each_time(api: Any) -> None:
    """The third such correction answered 500: the deal's revision was not saved, so its next revision clashed."""
    match = corrected_match(api, 2)
    for version in (3, 4):
        response = put(api, match["id"], 1, {**seep_deal(points_a=65), "reason": "again"}, version)
        assert response.status_code == 200, response.json()
    deal = Deal.objects.get(match_id=match["id"], number=1)
    assert deal.revision == 4
    assert list(deal.revisions.order_by("revision").values_list("revision", "reason")) == [
        (1, ""),
        (2, "Miscounted spades"),
        (3, "again"),
        (4, "again"),
    ]


def test_renaming_a_club_is_audited_with_its_name_before_and_after(api: Any, user: Any) -> None:
    club = api.post("/api/v1/clubs/", {"name": "Tuesday Seep"}, format="json").json()
    response = api.patch(f"/api/v1/clubs/{club['id']}/", {"name": "Wednesday Seep"}, format="json")
    assert (response.status_code, response.json()) == (200, {"id": club["id"], "name": "Wednesday Seep"})
    entry = AuditEntry.objects.get(club_id=club["id"], action="club.updated")
    assert (entry.actor_id, entry.before, entry.after) == (
        user.pk,
        {"name": "Tuesday Seep"},
        {"name": "Wednesday Seep"},
    )


def test_a_member_who_is_not_an_admin_cannot_rename_the_club_and_nothing_is_audited(api: Any, make_client: Any) -> None:
    club = api.post("/api/v1/clubs/", {"name": "Tuesday Seep"}, format="json").json()
    scorer = UserFactory.create()
    api.post(f"/api/v1/clubs/{club['id']}/members/", {"user": scorer.pk, "role": "scorer"}, format="json")
    response = make_client(scorer).patch(f"/api/v1/clubs/{club['id']}/", {"name": "Mine"}, format="json")
    assert (response.status_code, response.json()["code"]) == (403, "permission_denied")
    assert response.json()["detail"] == "Only the club's admins can do this."
    assert not AuditEntry.objects.filter(club_id=club["id"], action="club.updated").exists()


@pytest.mark.parametrize("offset", ["14790383228693123691941199872", "9" * 5000, "²", "-3", "1e3", "٣"])
def test_an_offset_past_the_end_or_not_a_number_answers_a_page_not_a_server_error(api: Any, offset: str) -> None:
    """Found by tests/reliability/test_schemathesis.py: an offset past PostgreSQL's bigint failed the query."""
    match = corrected_match(api, 2)
    url = f"/api/v1/matches/{match['id']}/audit/"
    entries = len(api.get(url).json()["results"])
    body = api.get(url, {"offset": offset}).json()
    past_the_end = offset.isascii() and offset.isdigit()
    assert (body["count"], len(body["results"]), body["next"]) == (entries, 0 if past_the_end else entries, None)
