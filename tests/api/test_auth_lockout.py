"""Password guessing: every sign-in path (API token, table login, admin login) is throttled by the real client
address and locked (scorekeeper/sign_in_locks.py) per pair of account and address, per address trying many accounts
and per account tried from many addresses, with locks that grow and are never restarted by attempts during them;
the owner still signs in from another address, an address signed in from before, or a known device.
X-Forwarded-For only counts behind TRUSTED_PROXY_COUNT proxies."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db.models import F, Sum
from django.test import RequestFactory
from rest_framework.test import APIClient

from api.throttling import SignInRateThrottle
from scorekeeper.clients import client_address
from scorekeeper.sign_in_locks import DEVICE_COOKIE
from tests.api.helpers import assert_error
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
TOKEN_URL = "/api/v1/auth/token/"
LOCKED_PAGE = b"Too many failed sign-ins for this account or from this address. Try again in 15 minutes"
ATTACKER, OWNER = "203.0.113.66", "10.0.0.5"


def token_sign_in(client: Any, username: str, password: str, **meta: str) -> Any:
    return client.post(TOKEN_URL, {"username": username, "password": password}, content_type="application/json", **meta)


def page_sign_in(client: Any, url: str, username: str, password: str, **meta: str) -> Any:
    return client.post(url, {"username": username, "password": password}, **meta)


def time_passes(minutes: int) -> None:
    """As if the failures recorded so far were made this much earlier."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def pair_failures(username: str, address: str) -> int:
    found = AccessAttempt.objects.filter(username=username, ip_address=address).aggregate(n=Sum("failures_since_start"))
    return found["n"] or 0


@pytest.fixture(autouse=True)
def _locks_not_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests make more sign-ins from one address than AUTH_THROTTLE_RATE allows: they test the locks."""
    monkeypatch.setattr(SignInRateThrottle, "THROTTLE_RATES", {"auth": "1000/min"})


def test_rotating_x_forwarded_for_does_not_get_more_tries(
    client: Any, user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(SignInRateThrottle, "THROTTLE_RATES", {"auth": "10/min"})
    wrong = [
        token_sign_in(client, user.username, "guess", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code
        for n in range(10)
    ]
    assert wrong == [400] * 9 + [429]
    right = token_sign_in(client, user.username, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert_error(right, 429, "throttled")


def fail(client: Any, username: str, times: int, **meta: str) -> list[Any]:
    return [token_sign_in(client, username, "guess", **meta) for _ in range(times)]


def test_the_owner_signs_in_from_another_address_while_one_address_guesses(client: Any, user: Any) -> None:
    wrong = fail(client, user.username, 10, REMOTE_ADDR=ATTACKER)
    assert [response.status_code for response in wrong[:9]] == [400] * 9
    body = assert_error(wrong[9], 429, "sign_in_locked", field=None)
    assert body["extra"] == {"retry_after_seconds": 15 * 60} and wrong[9]["Retry-After"] == "900"

    assert token_sign_in(client, user.username, PASSWORD, REMOTE_ADDR=OWNER).status_code == 200
    # The attacker's pair stays locked, even with the right password.
    assert_error(token_sign_in(APIClient(), user.username, PASSWORD, REMOTE_ADDR=ATTACKER), 429, "sign_in_locked")
    assert pair_failures(user.username, ATTACKER) == 10


def test_the_owner_signs_in_on_a_known_device_behind_the_attackers_address(user: Any) -> None:
    phone = APIClient()
    assert token_sign_in(phone, user.username, PASSWORD, REMOTE_ADDR=OWNER).status_code == 200
    assert DEVICE_COOKIE in phone.cookies
    fail(APIClient(), user.username, 10, REMOTE_ADDR=ATTACKER)  # the same club Wi-Fi, say

    assert token_sign_in(phone, user.username, PASSWORD, REMOTE_ADDR=ATTACKER).status_code == 200
    assert_error(token_sign_in(APIClient(), user.username, PASSWORD, REMOTE_ADDR=ATTACKER), 429, "sign_in_locked")


def test_a_device_cookie_is_trusted_for_its_own_account_only_and_not_for_guessing(user: Any) -> None:
    other = UserFactory.create()
    phone = APIClient()
    assert token_sign_in(phone, user.username, PASSWORD, REMOTE_ADDR=OWNER).status_code == 200
    fail(APIClient(), other.username, 10, REMOTE_ADDR=ATTACKER)
    assert_error(token_sign_in(phone, other.username, PASSWORD, REMOTE_ADDR=ATTACKER), 429, "sign_in_locked")

    stolen = fail(phone, user.username, 10, REMOTE_ADDR=ATTACKER)
    assert [response.status_code for response in stolen] == [400] * 9 + [429]
    assert_error(token_sign_in(phone, user.username, PASSWORD, REMOTE_ADDR=ATTACKER), 429, "sign_in_locked")


def test_the_table_login_sets_the_device_cookie(client: Any, user: Any) -> None:
    signed_in = page_sign_in(client, "/table/login/", user.username, PASSWORD, REMOTE_ADDR=OWNER)
    assert signed_in.status_code == 302 and DEVICE_COOKIE in signed_in.cookies
    assert signed_in.cookies[DEVICE_COOKIE]["httponly"]


def test_a_lock_is_not_restarted_by_attempts_during_it_and_grows_after_it(
    client: Any, user: Any, settings: Any
) -> None:
    settings.SIGN_IN_LOCKOUT_MAX_MINUTES = 60
    fail(client, user.username, 10, REMOTE_ADDR=ATTACKER)
    waits = []
    for minutes_later, password in [(5, "guess"), (5, PASSWORD), (6, "guess"), (31, "guess"), (61, "guess"), (61, "x")]:
        time_passes(minutes_later)
        refused = assert_error(
            token_sign_in(client, user.username, password, REMOTE_ADDR=ATTACKER), 429, "sign_in_locked"
        )
        waits.append(refused["extra"]["retry_after_seconds"])
    # 15 minutes from the tenth failure, not from each attempt; after it ends the next failure locks for 30, then 60,
    # then the cap (60).
    assert waits == [600, 300, 1800, 3600, 3600, 3600]
    assert pair_failures(user.username, ATTACKER) == 14  # the attempts during a lock were not recorded
    time_passes(61)
    assert token_sign_in(client, user.username, PASSWORD, REMOTE_ADDR=ATTACKER).status_code == 200


def test_failures_are_forgotten_after_the_kept_hours(client: Any, user: Any) -> None:
    fail(client, user.username, 9, REMOTE_ADDR=ATTACKER)
    time_passes(48 * 60 + 1)
    assert [response.status_code for response in fail(client, user.username, 9, REMOTE_ADDR=ATTACKER)] == [400] * 9
    assert pair_failures(user.username, ATTACKER) == 9


def test_an_address_guessing_at_many_accounts_is_locked(client: Any) -> None:
    users = UserFactory.create_batch(31)
    regular = users[30]
    assert token_sign_in(client, regular.username, PASSWORD).status_code == 200  # has signed in from here before
    wrong = [token_sign_in(client, other.username, "guess").status_code for other in users[:30]]
    assert wrong == [400] * 29 + [429]
    newcomer = UserFactory.create()
    assert_error(token_sign_in(client, newcomer.username, PASSWORD), 429, "sign_in_locked")
    assert token_sign_in(client, newcomer.username, PASSWORD, REMOTE_ADDR="10.9.9.9").status_code == 200
    assert token_sign_in(APIClient(), regular.username, PASSWORD).status_code == 200  # no device cookie


def test_an_account_guessed_at_from_many_addresses_is_locked_for_new_addresses_until_lifted(
    client: Any, user: Any, settings: Any
) -> None:
    settings.SIGN_IN_ACCOUNT_FAILURE_LIMIT = 20
    settings.SIGN_IN_LOCKOUT_MINUTES = 0  # until an administrator lifts it
    assert token_sign_in(APIClient(), user.username, PASSWORD, REMOTE_ADDR=OWNER).status_code == 200
    wrong = [token_sign_in(client, user.username, "guess", REMOTE_ADDR=f"10.0.9.{n}") for n in range(1, 21)]
    assert [response.status_code for response in wrong[:19]] == [400] * 19
    body = assert_error(wrong[19], 429, "sign_in_locked", field=None)
    assert body["extra"] == {} and "Retry-After" not in wrong[19]
    assert_error(token_sign_in(client, user.username, PASSWORD, REMOTE_ADDR="10.0.1.1"), 429, "sign_in_locked")
    assert token_sign_in(APIClient(), user.username, PASSWORD, REMOTE_ADDR=OWNER).status_code == 200  # known address

    call_command("axes_reset_username", user.username)

    assert token_sign_in(client, user.username, PASSWORD, REMOTE_ADDR="10.0.1.1").status_code == 200


def test_a_username_longer_than_an_account_can_have_is_refused_before_anything_is_recorded(client: Any) -> None:
    for length in (151, 256, 10_000):
        refused = token_sign_in(client, "u" * length, "guess")
        assert_error(refused, 400, "invalid", field="username")
    assert not AccessAttempt.objects.exists()


def test_the_table_login_locks_the_pair_whatever_x_forwarded_for_says(client: Any, user: Any) -> None:
    wrong = [
        page_sign_in(client, "/table/login/", user.username, "guess", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
        for n in range(10)
    ]
    assert [response.status_code for response in wrong] == [200] * 9 + [429]
    assert LOCKED_PAGE in wrong[9].content
    again = page_sign_in(client, "/table/login/", user.username, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert again.status_code == 429 and LOCKED_PAGE in again.content
    assert "_auth_user_id" not in client.session
    owner = page_sign_in(type(client)(), "/table/login/", user.username, PASSWORD, REMOTE_ADDR=OWNER)
    assert owner.status_code == 302


def test_the_admin_login_is_locked_and_the_admin_sees_and_lifts_the_lock(client: Any) -> None:
    staff = UserFactory.create(is_staff=True)
    wrong = [page_sign_in(client, "/admin/login/", staff.username, "guess", REMOTE_ADDR=ATTACKER) for _ in range(10)]
    assert [response.status_code for response in wrong] == [200] * 9 + [429]
    assert page_sign_in(client, "/admin/login/", staff.username, PASSWORD, REMOTE_ADDR=ATTACKER).status_code == 429

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

    signed_in = page_sign_in(client, "/admin/login/", staff.username, PASSWORD, REMOTE_ADDR=ATTACKER)
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
    settings.SIGN_IN_ADDRESS_FAILURE_LIMIT = 10
    for n in range(10):
        token_sign_in(client, f"nobody{n}", "guess", HTTP_X_FORWARDED_FOR=f"6.6.6.{n}, 203.0.113.7")
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}
    locked = token_sign_in(client, user.username, PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert locked.status_code == 429
    assert token_sign_in(client, user.username, PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.8").status_code == 200
