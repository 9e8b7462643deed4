"""Facts about where the tests run (under CI a missing service fails a test instead of skipping it)."""

from __future__ import annotations

import os

IN_CI = os.environ.get("CI", "").lower() == "true"

# The suite makes more requests a minute as one account than any phone (schemathesis: thousands), so its own servers
# and settings raise the API's rates out of the way; the rates are tested where they are set low on purpose
# (tests/api/test_rate_limits.py).
SUITE_RATES = dict.fromkeys(("read", "write", "dry_run", "job", "public"), "100000/min")
SUITE_RATE_ENVIRONMENT = {f"API_{kind.upper()}_RATE": rate for kind, rate in SUITE_RATES.items()}
