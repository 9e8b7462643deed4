"""Settings read the environment and fail loudly on a malformed value."""

from __future__ import annotations

import pytest

from tests.support.settings_loader import load_settings


def test_with_nothing_set_it_runs_on_sqlite_in_debug() -> None:
    result = load_settings()
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.sqlite3", "True"]


def test_database_url_switches_to_postgresql() -> None:
    result = load_settings(DATABASE_URL="postgres://user@db.example:5432/scores")
    assert result.stdout.split()[0] == "django.db.backends.postgresql"


def test_secret_key_is_required_when_debug_is_off() -> None:
    result = load_settings(DEBUG="false")
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize(
    ("name", "value"), [("DEBUG", "maybe"), ("API_MAX_BODY_BYTES", "lots"), ("DATABASE_URL", "nonsense://x")]
)
def test_a_malformed_value_stops_the_service(name: str, value: str) -> None:
    result = load_settings(**{name: value, "SECRET_KEY": "x" * 50})
    assert result.returncode != 0, result.stdout


@pytest.mark.parametrize(
    ("query", "expected"),
    [("conn_health_checks=false", "False"), ("conn_health_checks=true", "True"), ("conn_max_age=60", "False")],
)
def test_connection_health_checks_in_the_database_url_are_read_as_true_or_false(query: str, expected: str) -> None:
    result = load_settings(
        "from django.conf import settings; print(settings.DATABASES['default']['CONN_HEALTH_CHECKS'])",
        DATABASE_URL=f"postgres://user@db.example:5432/scores?{query}",
    )
    assert (result.returncode, result.stdout.strip()) == (0, expected), result.stderr


def test_a_misspelt_health_check_flag_in_the_database_url_stops_the_service() -> None:
    result = load_settings(DATABASE_URL="postgres://user@db.example:5432/scores?conn_health_checks=flase")
    assert result.returncode != 0 and "conn_health_checks must be true or false, not 'flase'" in result.stderr


QUEUE_AND_WEBHOOK_SETTINGS = {
    "EXPORTS_QUEUE": ("x-exports", "'x-exports'"),
    "WEBHOOKS_QUEUE": ("x-hooks", "'x-hooks'"),
    "IMPORTS_QUEUE": ("x-imports", "'x-imports'"),
    "WEBHOOKS_PER_CLUB": ("3", "3"),
    "WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB": ("7", "7"),
    "WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT": ("9", "9"),
    "JOBS_IN_FLIGHT_PER_ACCOUNT": ("3", "3"),
    "JOBS_IN_FLIGHT_PER_CLUB": ("4", "4"),
    "JOBS_PER_HOUR_PER_ACCOUNT": ("30", "30"),
    "JOBS_PER_HOUR_PER_CLUB": ("40", "40"),
    "JOBS_HANDED_OUT_PER_CLUB": ("2", "2"),
    "IMPORT_MAX_ITEMS": ("1000", "1000"),
    "WEBHOOK_TIMEOUT_SECONDS": ("2.5", "2.5"),
    "WEBHOOK_ALLOW_PRIVATE_ADDRESSES": ("true", "True"),
    "HEALTH_WORKERS_TIMEOUT_SECONDS": ("0.25", "0.25"),
    "HEALTH_WORKERS_CACHE_SECONDS": ("30", "30"),
}


def test_the_queue_webhook_and_health_limits_are_read_from_the_environment() -> None:
    show = (
        "from django.conf import settings\n"
        f"for name in {list(QUEUE_AND_WEBHOOK_SETTINGS)!r}: print(repr(getattr(settings, name)))\n"
        "print(sorted(route['queue'] for route in settings.CELERY_TASK_ROUTES.values()))"
    )
    result = load_settings(show, **{name: raw for name, (raw, _) in QUEUE_AND_WEBHOOK_SETTINGS.items()})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        *(shown for _, shown in QUEUE_AND_WEBHOOK_SETTINGS.values()),
        "['x-exports', 'x-hooks', 'x-imports']",
    ]


@pytest.mark.parametrize(
    "name",
    [
        "WEBHOOKS_PER_CLUB",
        "WEBHOOK_TIMEOUT_SECONDS",
        "WEBHOOK_ALLOW_PRIVATE_ADDRESSES",
        "HEALTH_WORKERS_TIMEOUT_SECONDS",
    ],
)
def test_a_malformed_queue_or_webhook_limit_stops_the_service(name: str) -> None:
    assert load_settings(**{name: "lots"}).returncode != 0


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("WEBHOOKS_PER_CLUB", "-1"),
        ("WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB", "0"),
        ("WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT", "0"),
        ("JOBS_IN_FLIGHT_PER_ACCOUNT", "0"),
        ("JOBS_IN_FLIGHT_PER_CLUB", "0"),
        ("JOBS_PER_HOUR_PER_ACCOUNT", "0"),
        ("JOBS_PER_HOUR_PER_CLUB", "-5"),
        ("JOBS_HANDED_OUT_PER_CLUB", "0"),
        ("IMPORT_MAX_ITEMS", "0"),
        ("WEBHOOK_TIMEOUT_SECONDS", "0"),
        ("HEALTH_WORKERS_TIMEOUT_SECONDS", "0"),
        ("HEALTH_WORKERS_CACHE_SECONDS", "-1"),
        ("SQLITE_BUSY_TIMEOUT_SECONDS", "0"),
    ],
)
def test_an_out_of_range_queue_or_webhook_limit_stops_the_service(name: str, value: str) -> None:
    result = load_settings(**{name: value})
    assert result.returncode != 0 and name in result.stderr.splitlines()[-1], result.stderr


OPTIONS = "from django.conf import settings; print(repr(settings.DATABASES['default'].get('OPTIONS', {})))"


@pytest.mark.parametrize(
    ("environment", "options"),
    [
        (  # and the deal post's hot statements prepared on each connection (DATABASE_PREPARED_STATEMENTS)
            {"DATABASE_URL": "postgres://user@db.example:5432/scores"},
            "{'options': '-c statement_timeout=30000', 'prepare_threshold': 0}",
        ),
        (
            {"DATABASE_URL": "postgres://user@db.example:5432/scores", "DATABASE_STATEMENT_TIMEOUT_MS": "5000"},
            "{'options': '-c statement_timeout=5000', 'prepare_threshold': 0}",
        ),
        (
            {"DATABASE_URL": "postgres://user@db.example:5432/scores", "DATABASE_STATEMENT_TIMEOUT_MS": "0"},
            "{'prepare_threshold': 0}",
        ),
        (  # behind a pooler that does not keep prepared statements: Django's default, none prepared
            {"DATABASE_URL": "postgres://user@db.example:5432/scores", "DATABASE_PREPARED_STATEMENTS": "false"},
            "{'options': '-c statement_timeout=30000'}",
        ),
        (  # SQLite has no statement timeout: it waits for the write lock (SQLITE_BUSY_TIMEOUT_SECONDS) instead
            {},
            "{'timeout': 20.0, 'transaction_mode': 'IMMEDIATE', "
            "'init_command': 'PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL'}",
        ),
        (
            {"SQLITE_BUSY_TIMEOUT_SECONDS": "2.5"},
            "{'timeout': 2.5, 'transaction_mode': 'IMMEDIATE', "
            "'init_command': 'PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL'}",
        ),
    ],
)
def test_a_statement_timeout_is_set_on_postgresql_only(environment: dict[str, str], options: str) -> None:
    result = load_settings(OPTIONS, **environment)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == options


@pytest.mark.parametrize(("value", "expected"), [(None, "30"), ("45", "45"), ("5", "20")])
def test_the_undo_window_of_a_saved_deal_is_read_and_never_under_20_seconds(value: str | None, expected: str) -> None:
    result = load_settings(
        "from django.conf import settings; print(settings.TABLE_UNDO_SECONDS)",
        **({} if value is None else {"TABLE_UNDO_SECONDS": value}),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == expected
