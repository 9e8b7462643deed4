"""Pure rules engines: no Django, no I/O, no clock, no randomness.

Each game lives in its own module (or package) and is reached through ``registry.get_engine(key)``.
"""
