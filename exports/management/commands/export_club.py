"""``python manage.py export_club ID [--scope club|league|match] [--format json|csv|xlsx|pdf] [--output PATH]``:
write an export straight to a file, with a progress bar (no queue, no permission check: an operator's tool)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TextIO, cast

import click
from django.core.exceptions import ObjectDoesNotExist
from django.core.management.base import BaseCommand, CommandError, CommandParser

from exports.selectors import scope_by_id
from exports.writers import WRITERS, writer_for
from exports.writers.common import Progress
from games.errors import NotFound


class Command(BaseCommand):
    help = "Export a club (or a league or a match) to a file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", type=int)
        parser.add_argument("--scope", choices=["club", "league", "match", "event", "entrant", "round"], default="club")
        parser.add_argument("--format", choices=sorted(WRITERS), default="json")
        parser.add_argument("--output", help="Where to write; default <scope>-<id>.<format> here.")

    def handle(self, *args: Any, **options: Any) -> None:
        scope_kind, scope_id, file_format = options["scope"], options["id"], options["format"]
        output = Path(options["output"] or f"{scope_kind}-{scope_id}.{file_format}")
        try:
            scope = scope_by_id(scope_kind, scope_id)
        except (ObjectDoesNotExist, NotFound) as error:
            raise CommandError(f"There is no {scope_kind} {scope_id}.") from error
        errors = cast("TextIO", self.stderr._out)  # the command's own stderr (tests capture it)
        with click.progressbar(length=100, label=f"Exporting {scope.title}", file=errors) as bar:
            writer_for(scope_kind, file_format)(scope, output, Progress(lambda percent: bar.update(percent - bar.pos)))
        self.stdout.write(f"Wrote {output} ({output.stat().st_size} bytes).")
