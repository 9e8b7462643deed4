"""What a long match costs to correct, audit and watch (issue 15, data 12): a Seep match of 2,001 deals.

- Correcting deal 1: the time, and the bytes of its audit entry against what the entry held before the fix (every
  later result whole, before and after).
- After ten corrections: the bytes of the audit page that starts at the first correction (AUDIT_PAGE_MAX_BYTES
  bounds it; it used to hold all ten corrections).
- The scoreboard through a share link: the bytes of the default window against the whole board.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper .venv/bin/python -m bench.amplification
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from bench.django_env import bench_database, bench_user
from bench.recording import corrector, match_with_deals

DEALS = 2_001
CORRECTIONS = 10


def whole_entry_bytes(correction: Any) -> int:
    """The entry as it was kept before: the deal and state before and after, and each changed result whole."""
    deal = correction.deal
    before = {**correction.deal_before, "state": correction.state_before}
    after = {
        "input": deal.input,
        "result": deal.result,
        "status": deal.status,
        "state": correction.match.state,
        "changed_deals": correction.changed_deals,
    }
    return len(json.dumps(before)) + len(json.dumps(after))


def main() -> int:
    with bench_database("amplification") as vendor:  # Django is set up from here on
        from django.test import override_settings
        from rest_framework.test import APIClient

        from games.models import AuditEntry
        from games.services.audit import MatchAuditLog
        from table.services import share_link_get_or_create

        user = bench_user()
        match_id = match_with_deals(user, DEALS)
        correct = corrector(user, match_id)
        started = time.perf_counter()
        correction = correct()
        seconds = time.perf_counter() - started
        entry = AuditEntry.objects.filter(match_id=match_id, action="deal.corrected").latest("id")
        kept = len(json.dumps(entry.before)) + len(json.dumps(entry.after))
        print(f"database: {vendor}; a Seep match of {DEALS:,} deals")
        print(
            f"correct deal 1: {seconds:.2f} s; audit entry {kept:,} bytes (before the fix "
            f"{whole_entry_bytes(correction):,}); {len(correction.changed_deals):,} later deals changed"
        )
        for _ in range(CORRECTIONS - 1):
            correct()
        client = APIClient()
        client.force_authenticate(user)
        count = MatchAuditLog(correction.match).count()
        page = client.get(f"/api/v1/matches/{match_id}/audit/?offset={count - CORRECTIONS}")
        body = page.json()
        print(
            f"audit page of the first correction, after {CORRECTIONS} of them: {len(page.content):,} bytes, "
            f"{len(body['results'])} entries of {body['count']:,} ({[e['action'] for e in body['results']]})"
        )
        token = share_link_get_or_create(match_id=correction.match.pk, actor=user)[0].token
        window = APIClient().get(f"/api/v1/shared/{token}/")
        with override_settings(BOARD_DEALS_WINDOW=DEALS):
            whole = APIClient().get(f"/api/v1/shared/{token}/")
        print(
            f"shared board: {len(window.content):,} bytes ({len(window.json()['deals'])} deals); the whole board "
            f"{len(whole.content):,} bytes"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
