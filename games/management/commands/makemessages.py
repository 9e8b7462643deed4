"""Django's makemessages, also extracting what is not a gettext call: in the ``django`` domain the rules engines'
templates, ``msg("...")``, ``msg_template("...")``, ``phrase("...")``, ``nmsg("...", "...")`` and
``nmsg_template("...", "...")`` (games/rules/messages.py: the engines do not import Django), and in the
``djangojs`` domain the pages' ``t("...")`` and ``nt("...", "...")`` (table/static/table/js/i18n.js). Each domain
gets only its own keywords: ``t`` is no message call in Python."""

from __future__ import annotations

from typing import Any

from django.core.management.commands import makemessages

KEYWORDS = {
    "django": [
        "--keyword=msg",
        "--keyword=msg_template",
        "--keyword=phrase",
        "--keyword=nmsg:1,2",
        "--keyword=nmsg_template:1,2",
    ],
    "djangojs": ["--keyword=t", "--keyword=nt:1,2"],
}


class Command(makemessages.Command):
    def handle(self, *args: Any, **options: Any) -> None:
        self.xgettext_options = [*makemessages.Command.xgettext_options, *KEYWORDS[options.get("domain") or "django"]]
        super().handle(*args, **options)
