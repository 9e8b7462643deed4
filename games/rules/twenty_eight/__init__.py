"""Twenty-Eight (28) for 4 players in two partnerships: implements shared/rules/twenty_eight.md (§T.1-§T.10).

The package follows the engine contract of DESIGN.md: ``engine`` (the ``TwentyEightEngine``), ``settings`` (the
``TwentyEightRules`` house rules of §T.9, each declared once), ``deal`` (the calls, the redeal record and the
``TwentyEightDeal`` report), ``checks`` (§T.7's checks in order), ``state`` (``TwentyEightState`` and its JSON),
``scoring`` (``apply_deal``), and the game's own ``tables`` (cards, calls, bands as data), ``auction`` (both rounds
and the doubles), ``redeal`` (§T.3a) and ``referee`` (§T.7a, on the shared ``games.rules.tricks``, which knows the
concealed trump).

Choices made where the rules file is silent:
- Parsing checks only the request's shape (``invalid``); the dealer, the trump, the pair, the face-down card and the
  card points are kept as sent and checked in §T.7's order, so a refusal names the first check that fails.
- Every auction refusal names the whole call (``auction[i]`` or ``second_auction[i]``); a bid whose points are
  missing or not a whole number is ``bid_out_of_range``. Doubles are free of the turn and come after the bidding; a
  seat that passed may double or redouble.
- In the second round the opener holds the first contract, so his partner bids over a partner (honours) and the
  opener may raise his own bid.
- The seating is fixed (A = S1+S3, B = S2+S4): a ``teams`` setting is accepted when it says so and refused with
  ``team_layout_invalid`` on ``settings.teams`` otherwise, as 56 does.
- ``card_points_by_team`` names both teams. With the tricks, summary figures sent must equal the tricks'.
- The tricks' counts (8 tricks, 4 cards each) are checked before any card, as §T.7a orders; ``trump_card`` that is
  not a card at all is ``trump_card_invalid``.
- ``forfeit_deal``: the first offence in the order of play (a renege, a call without a trump, a concealed lead)
  decides; the half-bid rule still applies to a contract lost so.
- The match state is ``{game_points, next_dealer, match_over, match_winner}``; standings measure game points.
"""

from games.rules.twenty_eight.engine import ENGINE

__all__ = ["ENGINE"]  # the registry reads a game's engine from its package
