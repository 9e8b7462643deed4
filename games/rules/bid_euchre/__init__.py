"""Bid Euchre, as shared/rules/bid_euchre.md specifies (four players, A = S1+S3 against B = S2+S4, race to 32).

The package follows the engine contract of DESIGN.md: ``engine`` (the ``BidEuchreEngine``), ``settings`` (the
§E.7 house rules), ``deal`` (parsing the submitted deal), ``checks`` (the checks of §E.5), ``state`` (the
``BidEuchreState`` and its JSON), ``scoring`` (``apply_deal``: the scoring of §E.2 and the progression of §E.4),
and the game's own ``tables`` (seats, teams, decks as data), ``auction`` (§E.3, call by call) and ``referee`` (the
trick-by-trick entry of §E.7a, on the shared ``games.rules.tricks``).

Choices made where the rules file is silent:

- Settings: ``joker`` and ``tricks_per_deal`` follow from ``deck`` (joker only with ``with_joker_25``; 6 tricks,
  12 with ``double_48``). They are accepted when consistent and refused (``invalid``) when not; ``joker: true``
  alone selects the 25-card deck. ``double_48`` without explicit values defaults ``target_score`` to 52,
  ``partners_best_points`` to 24 and ``shoot_the_moon_points`` to 48 (E-A11). ``minimum_bid`` is 1 to 5 (to 6
  with ``allow_plain_six``; 11 / 12 double deck). ``players: 4`` is accepted as an informational setting.
  ``tricks_per_deal: 12`` alone does not pick the double deck: it is refused unless ``deck`` is ``double_48``.
- Calls: a bid of all the tricks while ``allow_plain_six`` is off is ``plain_six_not_allowed``; any other number
  outside ``minimum_bid`` .. 5 is ``bid_out_of_range`` on the whole call ``auction[i]`` (as eu-16). A call after
  the auction has ended is ``auction_closed``; a seat calling again before that (single round), or a seat that
  passed calling again (continuous), is ``already_called``; anyone else out of turn is ``call_out_of_turn``.
  Within a call the turn is checked first, then the range, then the ladder, then stick the dealer. An empty
  auction is ``auction_incomplete``; a deal with neither ``auction`` nor ``ace_no_face`` is ``invalid`` on
  ``auction``.
- Continuous bidding: turns go clockwise among the seats that have not passed; the standing bidder never calls
  over himself (the auction ends as soon as everyone else has passed).
- A passed-out deal carries no ``trump`` or ``tricks_won`` (``invalid`` on that key) and no ``reneges``
  (``renege_invalid`` on ``reneges[0]``). A played deal without ``tricks_won`` is ``invalid`` on ``tricks_won``;
  a team's tricks that are not a whole number are ``tricks_out_of_range``. An unknown trump word is
  ``invalid_trump`` as soon as the deal is read; trump accepts the suit words in any case, the letters S/H/D/C,
  and ``nt`` / ``no_trump`` for ``no_trumps``. An unknown dealer seat is ``invalid`` on ``dealer``.
- Reneges: the same seat may be reported more than once, each costing ``renege_penalty``; the field of a renege
  error is the entry ``reneges[i]``. The lone bidder himself and both defenders can renege; only the partner
  who sits out cannot. A renege never changes ``made`` or the deal points (E-A7).
- Ace no face: the claimed hand has 6 cards (12 double deck; 7 for the dealer with the joker, before his
  discard). The joker is not a face card. A card the pack does not hold (``2C``) is ``card_count_exceeds_pack``
  on ``ace_no_face.hand[i]`` (the E.5 row lists "a card not in the pack" under that code); a joker while the
  joker variant is off is ``variant_not_enabled``. An ace-no-face deal has no auction, trump, tricks or reneges.
- Progression: scores may go below zero. With ``simultaneous_target = bidders_win`` the bidding side wins
  whenever both teams are at the target after a played deal (equal scores included); after a deal without a
  contract the default rule applies. A result's ``next_dealer`` is null once the match is won, like the state's.
  ``match_already_finished`` has no field (it is about the whole deal).
- The referee (§E.7a), where the rules file is silent:
  - Checks run trick by trick in the order of play: a trick beyond the hands is ``hand_size_invalid`` on
    ``tricks[n]`` (each seat would play a card more than it holds); then the leader (``wrong_leader`` on
    ``tricks[i]``); then each card: its seat's turn (``play_out_of_turn`` on ``tricks[i][j]``, also for the
    sitting-out partner of a lone bidder), the joker while the variant is off (``variant_not_enabled``, as
    §E.5 says for "joker used"), a card the pack lacks (``card_not_in_pack``), a copy too many
    (``card_count_exceeds_pack``); then the trick's length (``trick_count_invalid`` on ``tricks[i]``); after
    the last trick, too few tricks is ``trick_count_invalid`` on ``tricks``. Shape errors are ``invalid`` on
    the element (``tricks[i][j].seat``), a bad card code ``invalid_card`` on ``tricks[i][j].card``.
  - The trump is checked before the tricks. ``tricks_won`` sent with the tricks is range- and total-checked
    first, then must equal the tricks (``tricks_inconsistent`` on ``tricks_won``). A passed-out deal or an
    ace-no-face claim with tricks is ``invalid`` on ``tricks``.
  - With no-trumps there are no bowers, and the joker (joker deck) is a trump suit of its own: it wins any
    trick, and led, nobody can follow it. The joker deck's discard and a partner's-best card exchange are not
    entered: the tricks are the cards played (24 of 25; 18 in a lone hand).
  - A renege's ``held_card`` is the first card of the suit led that the seat plays later; ``reneges_found``
    lists them in the order of play. Charging: each seat pays for max(reported, found) reneges, so a renege
    both reported and found costs once, and a reported renege the tricks do not show is still charged (the
    referee adds reneges, it does not acquit).
  - ``tricks``, ``reneges_found`` and ``tricks_won`` are in the result only when the tricks were entered;
    the deal's ``input`` keeps the tricks as sent (canonical codes) and no derived summary.
- Issue 20's house rules (§E.7's second table, each off by default):
  - ``triple_moon`` / ``quadruple_moon`` are read always; without ``extra_moon_calls`` they are
    ``variant_not_enabled`` on ``auction[i]`` (after the turn check, before the ladder). With it, a call above the
    standing one that skips a step is ``moon_call_not_allowed`` (``extra``: ``needs``, ``standing``, ``allowed``); a
    call not above it is ``bid_not_higher``, which after a quadruple moon says it is the highest bid.
  - ``low_no_trumps`` is also read as ``low_no_trump`` and ``low_nt``; refused without ``allow_low_no_trump``
    (``invalid_trump``, whose ``allowed`` then lists the words this match allows).
  - ``renege_awards`` is in every result of a match whose ``renege_award`` is above 0, passed-out and ace-no-face
    deals included (zeros). Under ``renege_ends_deal`` a second entry in ``reneges`` is ``renege_invalid`` on
    ``reneges[1]`` with ``extra.maximum`` 1; the sitting-out partner of a lone hand is still refused first.
"""

from games.rules.bid_euchre.engine import ENGINE

__all__ = ["ENGINE"]  # the registry reads a game's engine from its package
