"""Derived reads of a pool's finished matches, folded on from the last read and kept: league standings
(standings.py), ratings (ratings.py) and the folds both carry on (folds.py)."""
