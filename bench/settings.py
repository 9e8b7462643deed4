"""The product's settings plus the bench-only URL (the bare insert endpoint), for the scripts that measure a deal post
against it (load.py, load_open.py, profile_deal.py, publish_handoff.py)."""

import os

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import API_RATES

ROOT_URLCONF = "bench.urls"
# These scripts measure the endpoints, not the rate limits (bench/rates.py does, under the product's settings): one
# account posting as fast as it is answered passes the default 120 writes a minute, and the 429s would be measured.
# An API_<KIND>_RATE in the environment still wins.
API_RATES = {kind: os.environ.get(f"API_{kind.upper()}_RATE", "1000000/min") for kind in API_RATES}
