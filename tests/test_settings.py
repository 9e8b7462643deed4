"""Settings read the environment and fail loudly on a malformed value."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHOW = "from django.conf import settings; print(settings.DATABASES['default']['ENGINE'], settings.DEBUG)"


def load_settings(show: str = SHOW, **environment: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL", "DEBUG")}
    env.update(environment, DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    code = f"import django; django.setup(); {show}"
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                          check=False, timeout=60)


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


@pytest.mark.parametrize(("name", "value"), [("DEBUG", "maybe"), ("API_MAX_BODY_BYTES", "lots"),
                                               ("DATABASE_URL", "nonsense://x")])
def test_a_malformed_value_stops_the_service(name: str, value: str) -> None:
    result = load_settings(**{name: value, "SECRET_KEY": "x" * 50})
    assert result.returncode != 0, result.stdout


@pytest.mark.parametrize(("query", "expected"), [("conn_health_checks=false", "False"),
                                                 ("conn_health_checks=true", "True"), ("conn_max_age=60", "False")])
def test_connection_health_checks_in_the_database_url_are_read_as_true_or_false(query: str, expected: str) -> None:
    result = load_settings("from django.conf import settings; print(settings.DATABASES['default']"
                           "['CONN_HEALTH_CHECKS'])", DATABASE_URL=f"postgres://user@db.example:5432/scores?{query}")
    assert (result.returncode, result.stdout.strip()) == (0, expected), result.stderr


def test_a_misspelt_health_check_flag_in_the_database_url_stops_the_service() -> None:
    result = load_settings(DATABASE_URL="postgres://user@db.example:5432/scores?conn_health_checks=flase")
    assert result.returncode != 0 and "conn_health_checks must be true or false, not 'flase'" in result.stderr


OPTIONS = "from django.conf import settings; print(repr(settings.DATABASES['default'].get('OPTIONS', {})))"


@pytest.mark.parametrize(("environment", "options"), [
    ({"DATABASE_URL": "postgres://user@db.example:5432/scores"}, "{'options': '-c statement_timeout=30000'}"),
    ({"DATABASE_URL": "postgres://user@db.example:5432/scores", "DATABASE_STATEMENT_TIMEOUT_MS": "5000"},
     "{'options': '-c statement_timeout=5000'}"),
    ({"DATABASE_URL": "postgres://user@db.example:5432/scores", "DATABASE_STATEMENT_TIMEOUT_MS": "0"}, "{}"),
    ({}, "{'timeout': 20}"),  # SQLite has no statement timeout
])
def test_a_statement_timeout_is_set_on_postgresql_only(environment: dict[str, str], options: str) -> None:
    result = load_settings(OPTIONS, **environment)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == options
