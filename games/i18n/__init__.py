"""A message in the language of the request: the engines' messages looked up in the catalogues (translation.py) and
the Hungarian article read from the value after it (hungarian.py)."""
