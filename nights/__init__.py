"""Club nights (issue 25): events, entrants, rounds and tables. Only the pure draws exist yet (nights/formats/)."""
