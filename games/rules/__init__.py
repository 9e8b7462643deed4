"""Pure rules engines: no Django, no I/O, no clock, no randomness.

Each game lives in its own package and is reached through ``registry.get_engine(key)``. The engine contract
(DESIGN.md) is ``engine.GameEngine``; house rules are declared with ``settings_spec``, a match's deals are folded
by ``replay``, a game's facts for clients are ``facts.game_facts``, places and tie-breaks are paired with the sides
by ``outcomes``, and every error code is in ``codes``.
"""
