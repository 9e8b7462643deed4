"""The draw formats of a club night, one module per format: pure Python, no Django, no clock.

A draw is a pure function of the entrants, the rounds played so far (their tables, byes and scores), the format's
settings and the round's recorded seed, so a replayed draw gives the same tables (../shared/DESIGN.md, "Architecture:
rings"). Each format module has the same names: ``SETTINGS`` (the settings declared once), ``<Format>Settings``
(frozen, checked when built), ``settings_from_json`` and ``draw(request, settings) -> Draw``; the shared shapes are
in ``base``. Refusals are ``RuleViolation``s with codes of games/rules/codes.py (``too_few_entrants``, ``invalid``,
``settings_conflict``).

- ``progressive``: individual scoring, partners rotate (or winners move up); byes go round.
- ``round_robin``: fixed partnerships, every team meets every other (circle method).
- ``swiss``: fixed partnerships paired by standing (``standings`` ranks them with the director's tie-breaks).
- ``rummy_tables``: Contract Rummy, no partnerships, balanced tables of 3 to 8.
"""
