"""An import job's peak memory on a large invalid file, with and without the ceiling on its values (issue 28).

    .venv/bin/python bench/import_memory.py                 # both runs, each in a fresh process, as a table
    .venv/bin/python bench/import_memory.py --max-items 0   # one run, printed as JSON (0: no ceiling, as before)

The file (about 42 MB, written once to a temporary folder) is an interchange document whose ``players`` list holds
millions of small values and whose last player breaks the schema: what the job reads before it writes a row
(``read_import`` then ``check_shape``: exports/imports.py). A third run reads a file of just as many values as the
ceiling allows: the most memory a job can take before it writes. ``maxrss`` is the process's peak resident size from
``resource.getrusage`` (it sees the JSON decoder's objects and the Rust validator's copy alike; tracemalloc would see
only Python's); ``baseline`` is the same process's before the file is read.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
TARGET_BYTES = 42 * 1024 * 1024
PLAYER = (
    '{{"id":{n},"name":"Player {n}","in_club":true,"user":null,"merged_into":null,'
    '"created_at":"2026-01-01T00:00:00+00:00"}}'
)
VALUES_PER_PLAYER = 7
HEAD = (
    '{"format":"scorekeeper.interchange","version":1,"exported_at":"2026-01-01T00:00:00+00:00",'
    '"scope":{"kind":"club","id":1},"club":null,"leagues":[],"matches":[],"audit":[],"players":['
)


WHERE = {"root": "at its root", "last": "in its last player", "everywhere": "in every player"}


def write_file(path: Path, broken: str, players: int | None = None) -> None:
    """A club file of players only, of about ``TARGET_BYTES`` (or ``players`` of them), that breaks the schema at its
    root (``broken="root"``: the wrong format name), in its last player (``"last"``: a name that is a number), or
    in every player (``"everywhere"``: five numbers more in a key the format does not have).
    Either way it is refused only once all of it has been decoded."""
    head = HEAD.replace("scorekeeper.interchange", "scorekeeper") if broken == "root" else HEAD
    player = PLAYER.replace("}}", ',"x":[0,0,0,0,0]}}') if broken == "everywhere" else PLAYER
    with path.open("w", encoding="utf-8") as out:
        out.write(head)
        number = 1
        while out.tell() < TARGET_BYTES if players is None else number <= players:
            out.write(player.format(n=number) + ",")
            number += 1
        name = "1" if broken == "last" else '"last"'
        out.write(PLAYER.replace('"Player {n}"', name).format(n=number) + "]}")


def maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def measure(path: Path, max_items: int) -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django
    from django.conf import settings

    django.setup()
    from exports.import_file import read_import
    from exports.importer import check_shape
    from games.errors import ImportRefused

    settings.IMPORT_MAX_ITEMS = max_items or sys.maxsize
    baseline = maxrss_mb()
    started = time.perf_counter()
    try:
        with path.open("rb") as stream:
            check_shape(read_import(stream))
        outcome = "accepted"
    except ImportRefused as refused:
        outcome = f"{refused.code} at {refused.field}"
    return {
        "max_items": max_items,
        "outcome": outcome,
        "seconds": round(time.perf_counter() - started, 1),
        "baseline_mb": round(baseline),
        "maxrss_mb": round(maxrss_mb()),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-items", type=int, default=None)
    parser.add_argument("--file", type=Path, default=None)
    options = parser.parse_args()
    if options.max_items is not None and options.file is not None:
        print(json.dumps(measure(options.file, options.max_items)))
        return
    from scorekeeper.settings import IMPORT_MAX_ITEMS

    with tempfile.TemporaryDirectory(prefix="bench-import-") as folder:
        print("| file | IMPORT_MAX_ITEMS | outcome | seconds | baseline MB | peak RSS MB |")
        print("|---|---|---|---|---|---|")
        for broken in ("root", "last", "everywhere"):
            large, at_ceiling = Path(folder) / f"large-{broken}.json", Path(folder) / f"ceiling-{broken}.json"
            write_file(large, broken)
            # As many values as the ceiling allows (the document's own few, then 7 or 13 per player).
            per_player = VALUES_PER_PLAYER + (6 if broken == "everywhere" else 0)
            write_file(at_ceiling, broken, players=(IMPORT_MAX_ITEMS - 20) // per_player)
            for path, max_items in ((large, 0), (large, IMPORT_MAX_ITEMS), (at_ceiling, IMPORT_MAX_ITEMS)):
                command = [sys.executable, __file__, "--max-items", str(max_items), "--file", str(path)]
                row = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
                size = f"{path.stat().st_size / 1024 / 1024:.1f} MB, broken {WHERE[broken]}"
                label = "none (before)" if not max_items else f"{max_items:,}"
                print(
                    f"| {size} | {label} | {row['outcome']} | {row['seconds']} | {row['baseline_mb']} | "
                    f"{row['maxrss_mb']} |"
                )


if __name__ == "__main__":
    main()
