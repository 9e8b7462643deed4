"""A production worker's heap, settled once it has started (scorekeeper/gunicorn_conf.py post_worker_init).

Python's garbage collector now and then examines every object the process holds (a full, "generation 2",
collection). A worker that has imported Django, DRF and every view holds some 170,000 of them, nearly all alive for
good, and such a collection took 150-210 ms on these machines: every request waiting on that worker waited with it,
which was the deal post's one-in-a-hundred answer of 110 ms at half its capacity (issue 31, bench/README.md). Frozen
(``gc.freeze``), those objects are left out of every later collection, which then only looks at what requests
created since. The views are imported first, as the first requests would otherwise import them after the freeze.
"""

from __future__ import annotations

import gc

from django.conf import settings
from django.urls import get_resolver


def settle() -> bool:
    """Import every view the URLconf names, collect once, and freeze what is left (``WEB_GC_FREEZE``); whether it
    froze."""
    if not settings.WEB_GC_FREEZE:
        return False
    _import_views()
    gc.collect()
    gc.freeze()
    return True


def _import_views() -> None:
    """Resolve the whole URLconf: its patterns import their views' modules (and with them serializers, services and
    engines), as the first request of each kind would."""
    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 - the property imports the URL modules
    resolver.reverse_dict  # noqa: B018 - populating it walks every included pattern
