"""Reads and access decisions: access.py answers who may do what, matches.py reads matches and their deals.

Each name is imported from the module that defines it (``games.selectors.access``, ``games.selectors.matches``).
"""
