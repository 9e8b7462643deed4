"""The one exception type every rules engine raises."""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """A deal, call or setting that the rules forbid.

    ``code`` is stable and machine-readable (the codes of shared/rules/), ``detail`` is the message for a
    person at the table (which rule, what would be legal), ``field`` is the path into the submitted data
    (``bid.value``, ``auction[1]``, ``settings.decks``), ``extra`` carries structured facts for clients.
    """

    def __init__(self, code: str, detail: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.field = field
        self.extra = extra

    def prefixed(self, prefix: str) -> RuleViolation:
        """The same violation with its field path placed under ``prefix`` (``deals[3]``)."""
        field = f"{prefix}.{self.field}" if self.field else prefix
        return RuleViolation(self.code, self.detail, field, **self.extra)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "detail": self.detail, "field": self.field, "extra": dict(self.extra)}

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.detail!r}, field={self.field!r})"


def bad_state(detail: str, field: str) -> RuleViolation:
    """A stored match state that does not read back: ``invalid`` on ``state.<field>``. ``detail`` says what is wrong
    in the game's own words (a message literal at the caller, where the catalogue finds it)."""
    return RuleViolation("invalid", detail, f"state.{field}")
