"""56 (Fifty-six) for 4, 6 or 8 players: implements shared/rules/fifty_six.md (§F.1-§F.9a).

The package follows the engine contract of DESIGN.md: ``engine`` (the ``FiftySixEngine``), ``settings`` (the
``FiftySixRules`` house rules and the seating), ``deal`` (the calls and the ``FiftySixDeal`` report), ``checks``
(``check_deal``), ``state`` (the ``FiftySixState`` and its JSON, ``next_dealer``), ``scoring`` (``apply_deal``),
and the game's own ``tables`` (band, doubling and pack tables as data), ``auction`` (the call-by-call auction and
the contract) and ``referee`` (the trick-by-trick entry of §F.9a, on the shared ``games.rules.tricks``).

Choices made where the rules file is silent:
- Field of a refused call: every §F.7 auction code (including ``bid_out_of_range`` and ``invalid_trump``) names
  the whole call, ``auction[i]``; ``auction_incomplete`` names ``auction``. Shape errors with no rules code are
  ``invalid`` on the sub-field (``auction[2].call``, ``auction[2].seat``). A call by a seat that is out of the
  match, or by anyone but the next active seat, is ``call_out_of_turn``.
- A bid whose points are missing or not a whole number is ``bid_out_of_range`` (the rules put "not a whole
  number" there); a bid without trump is ``invalid_trump``, except a "noes" bid (F-A13), which may leave the
  trump out while it is outbid; if a noes bid wins, its call must carry the trump named before play
  (otherwise ``invalid_trump`` on that call).
- "Plus N" (F-A12): a bid ``{"call": "bid", "plus": N, "trump": ...}`` is resolved to the absolute bid
  (standing bid + N) and stored with ``points`` filled and ``convention: "plus"``; ``points`` may be sent as
  well and must then equal standing + N. N below 1, no standing bid, a result above 56 or a mismatch:
  ``plus_bid_invalid``. ``convention: "noes"`` is stored as given.
- With ``passed_player_may_bid_again`` off, a seat that passed may not bid, double or redouble
  (``passed_player_may_not_bid``: "may only pass now").
- ``bidding_team_card_points`` may be left out when ``card_points_by_team`` is sent (it is then read from
  it); ``card_points_by_team`` must name exactly the teams still playing. A disagreement between the two is
  ``card_points_inconsistent`` on ``bidding_team_card_points``. Under ``all_pass_rule = redeal`` an all-pass
  deal needs no card points; any sent are shape-checked and otherwise ignored.
- The dealer must be a seat (``invalid`` on ``dealer`` otherwise; 56 has no ``dealer_unknown`` code) and
  active (``dealer_not_active``); without ``enforce_dealer_order`` any active seat may deal.
- ``transfers`` lists the other active teams in order of play from the bidder's seat, with ``owed`` and the
  ``tables`` actually moved (0 included). Shortfall is paid round-robin in that same order (the creditor
  seated right after the payer first), computed arithmetically.
- Elimination under ``at_zero_tables`` looks at the teams that paid in the deal (only they can reach 0);
  several teams may go out in one deal (8 players can drop straight to 4). ``eliminated`` in the state is the
  list of ``{team, reason}`` in the order the teams went out.
- ``four_player_pack`` applies to every deal played by 4 players, including a 6-player match that has dropped
  to 4 (32 cards, 8 each); ``next_deal_cards`` is null once the match is over.
- Settings also accept ``teams`` (derived): when sent it must match the layout, else ``team_layout_invalid``
  on ``settings.teams``; a ``players`` setting that disagrees with the seated count is ``player_count_invalid``
  on ``settings.players``. ``settings_json`` does not echo ``teams``.
- Bands are editable: rows ``{from, to, win, lose}`` covering 28..56 in order with no gap or overlap, amounts
  0..99; ``starting_tables`` runs 1..999.
- The referee (§F.9a), where the rules file is silent:
  - The seats still in the match play, from the dealer's right; the pack and hand size are those of the
    players at the table (``four_player_pack`` 32 with 4 players: J 9 A 10 only). A seat whose team is out
    is ``play_out_of_turn``. The checks and their fields are those of the shared referee (see
    ``games.rules.tricks``): ``hand_size_invalid`` on ``tricks[n]`` for a trick beyond the hands,
    ``wrong_leader`` on ``tricks[i]``, ``play_out_of_turn`` / ``card_not_in_pack`` /
    ``card_count_exceeds_pack`` on ``tricks[i][j]``, ``trick_count_invalid`` on ``tricks[i]`` (a trick short)
    or ``tricks`` (too few tricks).
  - ``card_points_by_team`` sent with the tricks is checked as before (every team, total 56) and then must
    equal the tricks (``card_points_inconsistent`` on ``card_points_by_team``); then
    ``bidding_team_card_points`` (``card_points_inconsistent`` on that field). Either may be left out.
  - Tricks with an all-pass deal under ``all_pass_rule = redeal`` are ``invalid`` on ``tricks``; the forced
    28 no-trumps is refereed like any contract.
  - ``revoke_rule = forfeit_deal``: when both sides revoke, the first revoke in the order of play (earliest
    trick, then order within it) decides. The result then adds ``decided_by_revoke`` ``{seat, team, trick}``
    (null when no revoke decided); ``band`` and the amounts are those of the contract as usual.
  - ``tricks``, ``reneges_found`` (revokes, with the first later card of the suit led as ``held_card``),
    ``card_points_by_team`` (every team at the table) and ``decided_by_revoke`` are in the result only when
    the tricks were entered. Hands are never entered, so ``hand_size_invalid`` is about the tricks.
- Issue 20's house rules (§F.9's second table, each off by default):
  - ``calls_limited_by_tables`` counts the tables each team holds when the deal starts; the ``legal`` of every
    auction refusal (and its message) then leaves out the calls the team cannot afford; ``call_not_affordable``
    carries ``team``, ``tables_held``, ``could_cost``, ``band`` and ``legal``.
  - ``redouble_out_of_turn``: the redouble is checked (``redouble_not_allowed``, ``call_not_affordable``) as soon
    as an active seat makes it, whoever's turn it is.
  - A redeal record (``redeal.py``) keeps its reason, seat and team as sent at parsing, so that the dealer is checked
    first, as §F.3a orders; seats and teams are read in any case. ``card_count_exceeds_pack`` there counts every card
    shown (``extra``: ``card``, ``in_pack``). The record leaves ``next_deal_cards`` as it was.
  - Under ``trump_lead_rule = after_trump_played`` ``trump_leads_found`` is in every result with entered tricks
    (empty under no-trumps); an early trump lead that decides the deal under ``forfeit_deal`` is named in
    ``decided_by_revoke`` like a revoke.
"""

from games.rules.fifty_six.engine import ENGINE

__all__ = ["ENGINE"]  # the registry reads a game's engine from its package
