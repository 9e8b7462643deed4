"""Twenty-Eight: the rules engine of games/rules/twenty_eight/ against shared/rules/twenty_eight.md."""
