"""What several test modules share: builders, API clients, servers, the referee's oracles. Test modules import from
here, never from one another or from a conftest (tests/test_test_modules_stand_alone.py fails if one does)."""
