"""Share links: only the match's writers make one, they revoke or renew it (the old link stops at once, its stream
too), parallel first requests make one link, and the shared board names nobody's account, confirmer or reason."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.http import StreamingHttpResponse
from django.test import Client, RequestFactory
from rest_framework.test import APIClient

from games.models import AuditEntry, Membership
from table.live import shared_match_events
from table.models import MatchShareLink
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.auth import client_for
from tests.support.concurrency import run_together


def share_url(match_id: int) -> str:
    return f"/api/v1/matches/{match_id}/share/"


@pytest.fixture
def league_match(make_client: Any) -> dict[str, Any]:
    """A league match started by the club's admin, with a plain member who may read it."""
    club = ClubFactory.create()
    admin = make_client(MembershipFactory.create(club=club, role=Membership.Role.ADMIN).user)
    league = admin.post("/api/v1/leagues/", {"club": club.pk, "name": "Winter", "game": "seep"}, format="json")
    match = start_match(admin, league=league.json()["id"])
    member = make_client(MembershipFactory.create(club=club, role=Membership.Role.MEMBER).user)
    return {"id": match["id"], "admin": admin, "member": member}


@pytest.mark.django_db
def test_a_reader_who_may_not_write_cannot_make_or_revoke_a_share_link(league_match: Any) -> None:
    member = league_match["member"]
    assert_error(member.post(share_url(league_match["id"])), 403, "permission_denied")
    assert not MatchShareLink.objects.exists()
    assert league_match["admin"].post(share_url(league_match["id"])).status_code == 201
    assert_error(member.delete(share_url(league_match["id"])), 403, "permission_denied")
    assert MatchShareLink.objects.count() == 1


@pytest.mark.django_db
def test_an_outsider_cannot_tell_the_match_exists(league_match: Any, make_client: Any) -> None:
    assert_error(make_client().post(share_url(league_match["id"])), 404, "not_found")
    assert_error(make_client().post(share_url(99999999999999999999)), 404, "not_found")
    assert not MatchShareLink.objects.exists()


@pytest.mark.django_db
def test_a_revoked_link_stops_working_at_once_and_a_new_one_can_be_made(api: APIClient) -> None:
    match = start_match(api)["id"]
    old = api.post(share_url(match)).json()["token"]
    assert api.delete(share_url(match)).status_code == 204
    assert_error(APIClient().get(f"/api/v1/shared/{old}/"), 404, "not_found")
    assert Client().get(f"/table/s/{old}/").status_code == 404
    assert not MatchShareLink.objects.exists()
    assert list(AuditEntry.objects.filter(match_id=match).values_list("action", flat=True).order_by("id")) == [
        "match.started",
        "match.share_link_created",
        "match.share_link_revoked",
    ]
    assert_error(api.delete(share_url(match)), 404, "not_found")
    made = api.post(share_url(match))
    assert made.status_code == 201 and made.json()["token"] != old
    assert APIClient().get(f"/api/v1/shared/{made.json()['token']}/").status_code == 200


@pytest.mark.django_db
def test_renewing_replaces_the_link(api: APIClient) -> None:
    match = start_match(api)["id"]
    old = api.post(share_url(match)).json()["token"]
    renewed = api.post(share_url(match) + "?renew=true")
    assert renewed.status_code == 201
    new = renewed.json()["token"]
    assert new != old
    assert list(MatchShareLink.objects.values_list("token", flat=True)) == [new]
    assert_error(APIClient().get(f"/api/v1/shared/{old}/"), 404, "not_found")
    assert api.post(share_url(match)).json()["token"] == new


@pytest.mark.django_db
def test_the_shared_board_shows_names_and_scores_but_no_accounts_confirmers_or_reasons(
    user: Any, api: APIClient
) -> None:
    opponent = UserFactory.create()
    bala = PlayerFactory.create(name="Bala", user=opponent, created_by=user)
    match = start_match(api, players=[{"name": "Asha"}, bala.pk, {"name": "C"}, {"name": "D"}])["id"]
    post_deal(api, match, seep_deal())
    client_for(opponent).post(
        f"/api/v1/matches/{match}/deals/1/dispute/", {"reason": "Bala had the 10D"}, format="json"
    )
    token = api.post(share_url(match)).json()["token"]
    board = APIClient().get(f"/api/v1/shared/{token}/").json()
    assert "created_by" not in board["match"]
    assert [seat["player"]["name"] for seat in board["match"]["seats"]] == ["Asha", "Bala", "C", "D"]
    assert board["match"]["state"]["running_lead"] == {"team": "A", "points": 24}
    assert [sorted(deal) for deal in board["deals"]] == [
        [
            "client_deal_id",
            "input",
            "number",
            "recorded_at",
            "result",
            "revision",
            "state_before",
            "status",
            "updated_at",
        ]
    ]
    assert [{key: answer[key] for key in answer if key != "created_at"} for answer in board["answers"]] == [
        {"deal_number": 1, "deal_revision": 1, "verdict": "disputed", "open": True}
    ]
    private = api.get(f"/api/v1/matches/{match}/board/").json()
    assert private["answers"][0]["reason"] == "Bala had the 10D"
    assert private["deals"][0]["recorded_by"] == user.pk


@pytest.mark.django_db(transaction=True)
@pytest.mark.redis
def test_revoking_a_link_ends_its_open_stream(user: Any, api: APIClient) -> None:
    match = start_match(api)["id"]
    token = api.post(share_url(match)).json()["token"]

    @sync_to_async
    def revoke() -> int:
        status = api.delete(share_url(match)).status_code
        connection.close()  # this thread's connection, or the test database stays in use at teardown
        return status

    async def watch() -> tuple[int, list[str]]:
        response = await shared_match_events(RequestFactory().get(f"/table/s/{token}/events/"), token)
        assert isinstance(response, StreamingHttpResponse)
        stream: Any = response.streaming_content  # an async iterator (a generator: aclose() ends it)
        chunks = aiter(stream)
        ready = await anext(chunks)
        status = await revoke()
        rest = [chunk async for chunk in _until_end(chunks)]
        return status, [_text(ready), *rest]

    status, seen = asyncio.run(asyncio.wait_for(watch(), timeout=10))
    assert status == 204
    assert seen == ["retry: 3000\nevent: ready\ndata: {}\n\n"]  # ended at the revocation, relaying nothing


async def _until_end(chunks: Any) -> Any:
    async for chunk in chunks:
        yield _text(chunk)


def _text(chunk: Any) -> str:
    return chunk.decode() if isinstance(chunk, bytes) else str(chunk)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_six_parallel_first_requests_make_one_link() -> None:
    owner = UserFactory.create()
    match = start_match(client_for(owner))["id"]
    clients = [client_for(owner) for _ in range(6)]
    answers = run_together([partial(client.post, share_url(match)) for client in clients])
    assert sorted(answer.status_code for answer in answers) == [200, 200, 200, 200, 200, 201]
    assert len({answer.json()["token"] for answer in answers}) == 1
    assert MatchShareLink.objects.count() == 1
    assert AuditEntry.objects.filter(action="match.share_link_created").count() == 1


@pytest.mark.django_db
def test_the_board_page_offers_the_share_button_only_to_the_matchs_writers(league_match: Any) -> None:
    admin = Membership.objects.get(role=Membership.Role.ADMIN).user
    member = Membership.objects.get(role=Membership.Role.MEMBER).user
    pages = {}
    for who in (admin, member):
        browser = Client()
        browser.force_login(who)
        page = browser.get(f"/table/matches/{league_match['id']}/board/")
        assert page.status_code == 200
        pages[who] = 'id="share"' in page.content.decode()
    assert pages == {admin: True, member: False}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_renewals_are_served_one_after_the_other_and_the_last_link_works() -> None:
    """The contract (docs/api.md): renewals lock the match row, so each replaces the link the one before it made;
    each answers the link that was valid when it committed, and the last one's is the link that works."""
    owner = UserFactory.create()
    match = start_match(client_for(owner))["id"]
    first = client_for(owner).post(share_url(match)).json()["token"]
    clients = [client_for(owner) for _ in range(20)]
    answers = run_together([partial(client.post, share_url(match) + "?renew=true") for client in clients])

    assert [answer.status_code for answer in answers] == [201] * 20
    tokens = {answer.json()["token"] for answer in answers}
    assert len(tokens) == 20 and first not in tokens
    working = MatchShareLink.objects.get(match_id=match).token
    assert working in tokens
    anyone = APIClient()
    assert anyone.get(f"/api/v1/shared/{working}/").status_code == 200
    for token in tokens - {working} | {first}:
        assert_error(anyone.get(f"/api/v1/shared/{token}/"), 404, "not_found")
    actions = list(
        AuditEntry.objects.filter(match_id=match, action__startswith="match.share_link_")
        .order_by("at", "id")
        .values_list("action", flat=True)
    )
    # One after the other: every renewal revoked the link the one before it made, never two made side by side.
    assert actions == ["match.share_link_created"] + ["match.share_link_revoked", "match.share_link_created"] * 20
