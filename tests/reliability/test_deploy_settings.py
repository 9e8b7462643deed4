"""Production settings: DEBUG off with production values passes ``manage.py check --deploy`` with no warning."""

from __future__ import annotations

from pathlib import Path

from tests.support.deploy import PRODUCTION, manage

REPO = Path(__file__).resolve().parents[2]


def test_production_values_pass_check_deploy_with_no_warnings() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_debug_off_without_a_secret_key_refuses_to_start() -> None:
    result = manage("check", **{**PRODUCTION, "SECRET_KEY": ""})
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is false." in result.stderr
