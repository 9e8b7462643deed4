"""Facts about where the tests run (under CI a missing service fails a test instead of skipping it)."""

from __future__ import annotations

import os

IN_CI = os.environ.get("CI", "").lower() == "true"
