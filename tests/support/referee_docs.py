"""The JSON examples of docs/referee.md, which the HTTP tests answer as documented."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any


def doc_blocks() -> dict[str, Any]:
    """The JSON blocks of docs/referee.md that follow a ``<!-- request game -->`` / ``<!-- result game -->`` mark."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "referee.md").read_text()
    found = re.findall(r"<!-- (request|result) (\w+) -->\n```json\n(.*?)\n```", text, re.DOTALL)
    return {f"{kind} {game}": json.loads(body) for kind, game, body in found}
