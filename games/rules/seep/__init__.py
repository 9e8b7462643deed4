"""Seep, the North Indian 100-point fishing game, as shared/rules/seep.md specifies it.

Four players, teams A = S1+S3 and B = S2+S4, seats in counter-clockwise order of play (the next seat is the
dealer's right). The package splits the rules file by concern:

- ``tables``: the table (seats, teams, the order of play) and the point-card tables (data, not branches);
- ``settings``: the house rules of §S.9, each declared once (``SETTINGS``), and ``SeepRules``;
- ``deal``: the deal record of §S.3 (``SeepDeal``, ``Play``), parsing its fields (shape, types, cards, ranges) and
  ``deal_json``;
- ``plays``: ``parse_deal``, the whole deal: §S.3's fields, then the floor and the 48 plays of §S.7a (their shape);
- ``checks``: ``check_deal``, the legality checks of §S.7 that relate the deal to itself and to the match;
- ``floor``: the floor during play (loose cards, houses) and the arithmetic of sets;
- ``referee``: §S.7a's referee, replaying the plays and refusing the first illegal one (P1-P12);
- ``tally``: what the plays give (P13, sweeps, the totals check, the result keys of §S.7a.4);
- ``state``: ``SeepState`` (running lead, baazis, next dealer and why) and its JSON both ways;
- ``scoring``: §S.4-§S.6, ``apply_deal`` -> ``DealOutcome`` (checks, referee, fold), ``settle_deal``, ``next_dealer``;
- ``engine``: ``SeepEngine``, the ``GameEngine`` the registry reads as ``ENGINE``.

Choices made where the rules file is silent:

1. ``bid.bidder`` and ``throw_ins[i].bidder`` may be left out; they default to the dealer's right (``deal_json``
   fills them in). A throw-in must show ``bidder_hand``, exactly four cards, like a bid's optional hand.
2. Numbers must be JSON integers (no strings, floats or booleans). A mistyped bid value, card-point total or
   sweep count gets that field's own code (``bid_out_of_range``, ``card_points_out_of_range``,
   ``sweep_count_invalid``), since the rules file refuses "not an integer" under them; a missing required
   field (``dealer``, ``bid``, ``bid.value``, a team of ``card_points``) is ``invalid``. A dealer that is not
   a seat is ``dealer_unknown``; a bidder that is not a seat is ``wrong_bidder``. ``null`` counts as absent.
3. ``scoring_cards_captured`` lists only the 17 point cards: any other card (or a joker) is ``invalid_card`` on
   that element, since it is most likely a typo. A team left out has captured none. ``sweeps``, a team or a sweep
   kind left out count as 0. ``card_points`` and ``scoring_cards_captured``: exactly one of them (``invalid``).
4. With the ``ten_of_diamonds_2_majority_4`` preset and listed cards the deal also says ``card_majority``:
   ``A``, ``B`` or ``tied`` (26-26: 2 points each, as §S.9 suggests); it is refused anywhere else, because
   entered totals already include the majority bonus.
5. One deal settles at most one baazi. With ``lead_beyond_baazi_carries_over`` the whole excess starts the next
   baazi, even when it is itself ``baazi_lead`` or more (the next deal then settles the next baazi). The 9-point
   rule always resets the lead to 0, carry-over or not, and its baazi is the only one of that deal.
6. The deal margin in the result is the deal's own margin even when the 9-point rule discards it.
7. ``after_baazi_dealer_basis = raw_difference`` reads the would-be dealer from the raw lead before the reset
   (previous running lead + this deal's margin), with the no-baazi rule (level or behind: same dealer; ahead:
   the right), then hands the deal to that player's partner.
8. ``match_end``: ``first_to_baazis`` ends the match when a side reaches ``count``; ``fixed_baazis`` when
   ``count`` baazis have been played, the side with more winning. An equal split is a draw: the state shows
   ``match_over: true``, ``match_winner: null`` and ``match_drawn: true``. ``open`` never ends.
9. ``next_dealer`` is null before the first deal (any dealer is accepted) and once the match is over.
   ``dealer_out_of_turn`` is checked only with ``enforce_dealer_order`` and once a next dealer is known.
   The state also keeps ``next_dealer_reason`` (``level``, ``dealer_side_behind``, ``dealer_side_ahead``,
   ``after_baazi``) to explain a refusal, and ``deals_played`` (throw-ins are not deals).
10. Checks run in the order of the deal's fields: match over, dealer, dealer order, throw-ins in order, bid,
    card points, sweeps (wrong side before more-than-one, then the 23 bound). Within sweeps, a first- or
    last-play sweep on the wrong side is reported before a count above one.
11. The 23-sweep bound is applied as §S.7 writes it (regular sweeps of both sides). A first-play and a
    last-play sweep together leave room for only 22 regular ones; that finer bound is not enforced.
12. Setting ranges: sweep points 0-1000, ``baazi_lead`` 1-10000, ``minimum_team_score`` 0-50 (above 50 both
    sides could be under it), ``match_end.count`` 1-1000. ``players`` is accepted as a setting when it is 4.
13. The result adds ``card_points`` (useful when the cards were listed), ``match_over`` and ``match_winner`` to
    the keys of examples.json.

Choices for the plays (§S.7a):

14. Right after play 1 the bidder holds the other three of his first four cards (the rest are dealt after it), so
    a house built by play 1 needs a second card of its value among those three (P6, P9). From play 2 on a seat
    holds the cards it has still to play.
15. A new house needs at least one card named in ``with`` (``house_needs_floor_card``), even when loose cards of
    its value would join it by themselves (P8): the check runs before they join (§S.7a.3).
16. A ``build`` onto the standing house of its value is a cement (P6) and keeps the action the scorer gave; the
    normalized input keeps it as ``build`` and fills in ``with`` (``[]``) and ``house``.
17. Left out, ``takes`` is inferred as the only choice that leaves no set worth the card, in both readings of
    ``capture_must_take_all_sets``. Choices differ by card, not only by value (two loose fives are two choices).
18. The state-free checks of §S.7 (throw-ins, bid, totals, sweeps) run before the plays are read; the match-over
    and dealer-order checks, which need the match, run after the plays' shape, like every parse error before them.
19. Under the ``ten_of_diamonds_2_majority_4`` preset a deal with plays needs no ``card_majority`` (the plays give
    the counts); sent, it must agree (``plays_totals_mismatch`` on ``card_majority``).
20. ``sweeps`` sent with the plays compare whole: a side or a kind left out counts as 0; a deal with plays that
    sends no ``sweeps`` keeps none in its normalized input.
"""

from games.rules.seep.engine import ENGINE

__all__ = ["ENGINE"]  # the registry reads a game's engine from its package
