"""``python manage.py import_club FILE [--admin USERNAME]``: load an interchange file, with a progress bar."""

from __future__ import annotations

from typing import Any, TextIO, cast

import click
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from exports.import_file import read_import
from exports.importer import club_import
from games.errors import ImportRefused


class Command(BaseCommand):
    help = "Import a club from an interchange file (docs/interchange.md) into new rows."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The interchange JSON file.")
        parser.add_argument("--admin", help="Username of the account that becomes the imported club's admin.")

    def handle(self, *args: Any, **options: Any) -> None:
        admin = None
        if options["admin"]:
            admin = get_user_model().objects.filter(username=options["admin"]).first()
            if admin is None:
                raise CommandError(f"There is no user {options['admin']!r}.")
        try:
            with open(options["file"], "rb") as source:
                document = read_import(source)
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error}") from error
        except ImportRefused as refused:
            raise CommandError(f"Refused, nothing imported: {refused.detail}") from refused
        errors = cast("TextIO", self.stderr._out)  # the command's own stderr (tests capture it)
        with click.progressbar(
            length=max(1, len(document.get("matches") or [])), label="Importing matches", file=errors
        ) as bar:
            try:
                summary = club_import(
                    actor=admin, document=document, progress=lambda done, total: bar.update(done - bar.pos)
                )
            except ImportRefused as refused:
                raise CommandError(f"Refused, nothing imported: {refused.detail}") from refused
        self.stdout.write(
            f"Imported club {summary.club}: {summary.players} players, {summary.leagues} leagues, "
            f"{summary.matches} matches, {summary.deals} deals."
        )
