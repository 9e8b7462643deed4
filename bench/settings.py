"""The product's settings plus the bench-only URL (the bare insert endpoint); used by bench/load.py only."""

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
