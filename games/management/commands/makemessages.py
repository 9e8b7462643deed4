"""Django's makemessages, also extracting the rules engines' templates: ``msg("...")``, ``msg_template("...")``
and ``nmsg("...", "...")`` (games/rules/messages.py), which are not gettext calls because the engines do not
import Django."""

from __future__ import annotations

from django.core.management.commands import makemessages

ENGINE_KEYWORDS = ["--keyword=msg", "--keyword=msg_template", "--keyword=nmsg:1,2"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, *ENGINE_KEYWORDS]
