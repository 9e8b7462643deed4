"""Password guessing: every sign-in path (API token, table login, admin login) is throttled by the real client
address and locked per account and per address after SIGN_IN_FAILURE_LIMIT failures, until the lock ends or an
administrator lifts it; X-Forwarded-For only counts behind TRUSTED_PROXY_COUNT proxies."""

from __future__ import annotations

from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import RequestFactory

from api.throttling import SignInRateThrottle, client_address
from tests.api.helpers import assert_error
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
TOKEN_URL = "/api/v1/auth/token/"
LOCKED_PAGE = b"Too many failed sign-ins for this account or from this address. Try again in 15 minutes"


def token_sign_in(client: Any, username: str, password: str, **meta: str) -> Any:
    return client.post(TOKEN_URL, {"username": username, "password": password}, content_type="application/json", **meta)


def page_sign_in(client: Any, url: str, username: str, password: str, **meta: str) -> Any:
    return client.post(url, {"username": username, "password": password}, **meta)


def test_rotating_x_forwarded_for_does_not_get_more_tries(client: Any, user: Any) -> None:
    wrong = [
        token_sign_in(client, user.username, "guess", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code
        for n in range(10)
    ]
    assert wrong == [400] * 9 + [429]
    right = token_sign_in(client, user.username, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert_error(right, 429, "throttled")


def test_an_account_guessed_at_from_many_addresses_is_locked_until_an_admin_lifts_it(client: Any, user: Any) -> None:
    wrong = [token_sign_in(client, user.username, "guess", REMOTE_ADDR=f"10.0.0.{n}") for n in range(1, 11)]
    assert [response.status_code for response in wrong[:9]] == [400] * 9
    body = assert_error(wrong[9], 429, "sign_in_locked", field=None)
    assert body["extra"] == {"retry_after_seconds": 15 * 60} and wrong[9]["Retry-After"] == "900"
    right = token_sign_in(client, user.username, PASSWORD, REMOTE_ADDR="10.0.1.1")
    assert_error(right, 429, "sign_in_locked")
    assert AccessAttempt.objects.filter(username=user.username).count() == 11  # one row per address

    call_command("axes_reset_username", user.username)

    assert token_sign_in(client, user.username, PASSWORD, REMOTE_ADDR="10.0.1.1").status_code == 200


def test_an_address_guessing_at_many_accounts_is_locked(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SignInRateThrottle, "THROTTLE_RATES", {"auth": "1000/min"})  # the lock, not the rate
    users = UserFactory.create_batch(11)
    wrong = [token_sign_in(client, other.username, "guess").status_code for other in users[:10]]
    assert wrong == [400] * 9 + [429]
    assert_error(token_sign_in(client, users[10].username, PASSWORD), 429, "sign_in_locked")
    assert token_sign_in(client, users[10].username, PASSWORD, REMOTE_ADDR="10.9.9.9").status_code == 200


def test_the_table_login_is_locked_after_ten_failures_whatever_x_forwarded_for_says(client: Any, user: Any) -> None:
    wrong = [
        page_sign_in(client, "/table/login/", user.username, "guess", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
        for n in range(10)
    ]
    assert [response.status_code for response in wrong] == [200] * 9 + [429]
    assert LOCKED_PAGE in wrong[9].content
    right = page_sign_in(client, "/table/login/", user.username, PASSWORD, REMOTE_ADDR="10.0.2.2")
    assert right.status_code == 429 and LOCKED_PAGE in right.content
    assert "_auth_user_id" not in client.session


def test_the_admin_login_is_locked_and_the_admin_sees_and_lifts_the_lock(client: Any) -> None:
    staff = UserFactory.create(is_staff=True)
    wrong = [
        page_sign_in(client, "/admin/login/", staff.username, "guess", REMOTE_ADDR=f"10.0.3.{n}") for n in range(1, 11)
    ]
    assert [response.status_code for response in wrong] == [200] * 9 + [429]
    assert page_sign_in(client, "/admin/login/", staff.username, PASSWORD, REMOTE_ADDR="10.0.4.4").status_code == 429

    official = get_user_model().objects.create_superuser("official", "o@example.org", "pw")
    desk = type(client)()
    desk.force_login(official)
    listing = desk.get("/admin/axes/accessattempt/")
    assert listing.status_code == 200 and staff.username.encode() in listing.content
    attempts = list(AccessAttempt.objects.filter(username=staff.username).values_list("pk", flat=True))
    lifted = desk.post(
        "/admin/axes/accessattempt/", {"action": "delete_selected", "_selected_action": attempts, "post": "yes"}
    )
    assert lifted.status_code == 302 and not AccessAttempt.objects.filter(username=staff.username).exists()

    signed_in = page_sign_in(client, "/admin/login/", staff.username, PASSWORD, REMOTE_ADDR="10.0.4.4")
    assert signed_in.status_code == 302 and client.session["_auth_user_id"] == str(staff.pk)


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "203.0.113.7", "192.0.2.1"),
        (1, "6.6.6.6, 203.0.113.7", "203.0.113.7"),
        (2, "6.6.6.6, 203.0.113.7, 10.1.1.1", "203.0.113.7"),
        (3, "203.0.113.7", "203.0.113.7"),
        (1, "not-an-address", "192.0.2.1"),
        (1, "", "192.0.2.1"),
    ],
)
def test_the_client_address_trusts_only_our_proxies(settings: Any, proxies: int, forwarded: str, expected: str) -> None:
    settings.TRUSTED_PROXY_COUNT = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


def test_behind_one_trusted_proxy_the_forwarded_address_is_the_one_locked(
    client: Any, user: Any, settings: Any
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    for n in range(10):
        token_sign_in(client, f"nobody{n}", "guess", HTTP_X_FORWARDED_FOR=f"6.6.6.{n}, 203.0.113.7")
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}
    locked = token_sign_in(client, user.username, PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert locked.status_code == 429
    assert token_sign_in(client, user.username, PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.8").status_code == 200
