"""Loading the project's settings in a fresh interpreter with a given environment, as a deployment would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
SHOW = "from django.conf import settings; print(settings.DATABASES['default']['ENGINE'], settings.DEBUG)"


def load_settings(show: str = SHOW, **environment: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL", "DEBUG")}
    env.update(environment, DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    code = f"import django; django.setup(); {show}"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=False, timeout=60
    )
