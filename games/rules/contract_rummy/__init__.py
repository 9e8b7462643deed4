"""Contract Rummy: implements shared/rules/contract_rummy.md (seven deals with contracts, penalty points).

The package follows the engine contract of DESIGN.md: ``engine`` (the ``ContractRummyEngine``), ``settings`` (the
§R.7 settings, presets, pack defaults by player count and the §R.4 feasibility check), ``deal`` (the deal report
and its shape), ``checks`` (the §R.5 checks), ``state`` (the ``ContractRummyState``, its JSON, the dealer
rotation and winners), ``scoring`` (``apply_deal``: the §R.3 scoring and totals), and the game's own ``melds``
(the optional meld entry of the player who went out). Players are seats ``S1..Sn`` clockwise; the deal passes to
the left, i.e. to the seat after the dealer.

Choices made where the rules file is silent:

- Presets are chosen with the setting ``preset`` (``seed``, the default; ``pagat``; ``bicycle``); every other
  setting may then adjust them. The ``pagat`` preset keeps pagat's "2 packs + players-1 jokers" for 6-8 players
  (pagat itself stops at 5), and changes only what §R.7 lists (packs, cards dealt, runs of 4); in particular
  ``distinct_suits_in_sets`` stays true until set otherwise.
- ``deals`` may differ from 7 (1-20) when ``cards_dealt`` and ``contracts`` are given with that many entries;
  ``deals`` defaults to the length of ``contracts`` when only that is given. A contract is 0-4 sets and 0-4 runs,
  at least one meld. Cards dealt are 1-20 a deal; ``min_set_length`` is 3 or 4, ``min_run_length`` 3-13, decks 1-6,
  jokers 0-16, ``minimum_stock_after_deal`` 0-100 (it is the "1 stock card" of the §R.4 formula).
- ``settings.players``, when sent, must equal the number of seats (``invalid`` otherwise).
- ``penalty_points`` is ``{"number_cards": "face_value" | n, "2".."10": n, "J", "Q", "K", "A", "JOKER"}``; keys
  left out keep the §R.3 value, a rank key overrides ``number_cards`` for that rank; each value is 1-1000.
- ``winner_rule`` also accepts ``lowest_total_then_last_deal`` (R-A8's example tie-break: among equal lowest
  totals, the fewest penalty points in the last deal win; still equal, they share).
- A penalty is refused as ``penalty_impossible`` when it is negative, not whole, below the cheapest card of the
  pack (2 by default), not a multiple of the greatest common divisor of the card values (only bites with a custom
  table), or above the value of the whole pack. 0 for a player who did not go out is ``exactly_one_player_out``
  (§R.5 lists "0 points" there). A whole-valued float such as ``12.0`` is taken as 12.
- Per seat, ``cards_left`` or ``penalty_points`` must give the player's hand (the two may be mixed across seats);
  a seat given by neither is ``invalid`` on ``cards_left.<seat>`` (``penalty_points.<seat>`` when only penalty
  points were sent). The player who went out may be left out of both, or entered with ``[]`` / ``0``.
- With ``allow_no_winner_deal``, ``went_out`` may be null: every seat then scores its hand, and a seat entered with
  no cards or 0 points is refused as ``went_out_missing`` (that player went out).
- An unknown dealer is ``unknown_player`` on ``dealer`` (the rummy file's code for an unknown player); a missing
  dealer is ``invalid``. Without ``enforce_dealer_order`` any dealer is accepted and the next deal goes to the seat
  after the dealer actually entered.
- The pack count (``card_count_exceeds_pack``) covers every hand and the natural cards and jokers of the melds; a
  joker's declared card is not a physical card and is not counted. The field is the first card over the limit
  (``cards_left.S3[1]``, ``melds[0].cards[2]``).
- Melds: ``[{"type": "set" | "run", "cards": [...], "jokers": [...]}]``, each ``JKR`` in ``cards`` standing for the
  card declared at the same position in ``jokers``; a count mismatch is ``meld_invalid`` on ``melds[k].jokers``.
  Cards may be listed in any order; a run may include laid-off cards (any length from ``min_run_length`` to 13),
  the ace is high or low but never both. The melds must *contain* the contract (§R.5's word): extra sets or runs
  are accepted. With ``contract_runs_distinct_suits`` the runs must cover at least as many suits as the contract
  has runs; the first run repeating a suit is refused. A one-pack set may not repeat a suit even when
  ``distinct_suits_in_sets`` is false (one pack holds one of each card). No limit on jokers per meld. Melds are
  refused (``invalid``) in a deal with nobody out.
- Results also carry ``contract_text``, ``went_out``, ``match_over`` and ``winners``; the state also carries
  ``deals_played`` and ``last_penalties`` (for the tie-break). ``winners`` is empty until the last deal.
- Issue 20's house rules (each off by default): two players without ``allow_two_players`` are
  ``player_count_out_of_range`` on ``players`` (as ru-v01 says), whatever ``settings.players`` says; the
  refusal's ``minimum`` is 2 when the setting is on. ``non_dealer_extra_card`` is counted by the pack check only.
"""

from games.rules.contract_rummy.engine import ENGINE

__all__ = ["ENGINE"]  # the registry reads a game's engine from its package
