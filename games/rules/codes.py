"""Every error code the rules engines and the club nights' draws raise: the rules section it comes from and the
``extra`` keys it carries.

Codes are part of the API (never rename one). A test (tests/rules/test_codes.py) reads every ``RuleViolation``
raised under games/rules and nights/formats and fails when a code is missing here, is listed here but never raised,
carries an ``extra`` key not listed, or is not documented in shared/rules/*.md or shared/API.md (a code the shared
contract does not name yet, such as the draws', in the section of docs/api.md it names).

``extra_keys`` is the union over the games: one key has one meaning everywhere, and a key a game sent before with
another meaning is still sent beside the new one, deprecated (docs/api.md lists them):

- ``expected_dealer``, ``expected_bidder``, ``expected_leader``: the seat that deals, bids or leads now;
  ``expected_seat``: the seat whose turn it is to call or play; ``seat``: the seat that made the refused call;
  ``to_call``: the seats still to call in an auction that is not finished;
- ``expected``: the value (or count) the field must have; ``given``: the count sent;
- ``allowed``: the values the field may take at all; ``legal``: the calls the seat may make at this point;
- ``minimum`` / ``maximum``: a range; ``missing``: what is missing; ``winners``: the sides that won (a list).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Code:
    code: str
    sections: tuple[str, ...]
    extra_keys: tuple[str, ...]


_CODES: tuple[Code, ...] = (
    Code("ace_no_face_not_allowed", ("bid_euchre.md §E.5",), ()),
    Code("already_called", ("bid_euchre.md §E.5",), ("expected_seat",)),
    Code("auction_closed", ("bid_euchre.md §E.5", "fifty_six.md §F.7"), ("seat",)),
    Code("auction_incomplete", ("bid_euchre.md §E.5", "fifty_six.md §F.7"), ("to_call", "waiting_for")),
    Code("bid_over_partner_too_low", ("twenty_eight.md §T.7",), ("legal", "minimum", "seat")),
    Code("bid_card_not_in_hand", ("seep.md §S.7",), ("allowed", "legal_bids")),
    Code("bid_not_higher", ("bid_euchre.md §E.5", "fifty_six.md §F.7"), ("allowed", "legal", "seat")),
    Code(
        "bid_out_of_range",
        ("bid_euchre.md §E.5", "fifty_six.md §F.7", "seep.md §S.7"),
        ("allowed", "legal", "maximum", "minimum", "seat"),
    ),
    Code("bidder_hand_mismatch", ("seep.md §S.7a",), ("bidder_hand",)),
    Code("bidder_hand_required", ("seep.md §S.7a",), ()),
    Code("build_sets_invalid", ("seep.md §S.7a",), ("house",)),
    Code(
        "call_not_affordable",
        ("fifty_six.md §F.7",),
        ("band", "calls_left", "could_cost", "legal", "seat", "tables_held", "team"),
    ),
    Code("call_out_of_turn", ("bid_euchre.md §E.5", "fifty_six.md §F.7"), ("expected_seat", "seat")),
    Code("capture_card_not_kept", ("seep.md §S.7a",), ("house",)),
    Code("capture_incomplete", ("seep.md §S.7a",), ("cards",)),
    Code("capture_required", ("seep.md §S.7a",), ()),
    Code("capture_sets_invalid", ("seep.md §S.7a",), ()),
    Code(
        "card_count_exceeds_pack",
        ("bid_euchre.md §E.5", "contract_rummy.md §R.5", "fifty_six.md §F.9a"),
        ("card", "copies_in_pack", "in_pack"),
    ),
    Code("card_not_in_pack", ("bid_euchre.md §E.7a", "fifty_six.md §F.7", "fifty_six.md §F.9a"), ("card", "in_pack")),
    Code("card_not_on_floor", ("seep.md §S.7a",), ("card",)),
    Code("card_points_inconsistent", ("fifty_six.md §F.7",), ("from_tricks", "team")),
    Code("card_points_out_of_range", ("fifty_six.md §F.7", "seep.md §S.7"), ("maximum", "minimum")),
    Code("card_points_total_mismatch", ("fifty_six.md §F.7", "seep.md §S.7"), ("total",)),
    Code("cemented_house_cannot_be_raised", ("seep.md §S.7a",), ()),
    Code("contract_not_met", ("contract_rummy.md §R.5",), ("contract", "entered")),
    Code("dealer_must_bid", ("bid_euchre.md §E.5",), ("allowed", "legal")),
    Code("dealer_not_active", ("fifty_six.md §F.7",), ("expected_dealer", "next_dealer")),
    Code(
        "dealer_out_of_turn",
        ("bid_euchre.md §E.5", "contract_rummy.md §R.5", "fifty_six.md §F.7", "seep.md §S.7"),
        ("expected", "expected_dealer", "next_dealer"),
    ),
    Code("dealer_unknown", ("seep.md §S.7",), ("allowed",)),
    Code("double_not_allowed", ("fifty_six.md §F.7",), ("legal", "seat")),
    Code("duplicate_card", ("seep.md §S.7", "seep.md §S.7a"), ("card",)),
    Code("exactly_one_player_out", ("contract_rummy.md §R.5",), ("went_out",)),
    Code("first_play_not_bid_value", ("seep.md §S.7a",), ("bid",)),
    Code("first_play_sweep_wrong_team", ("seep.md §S.7",), ("team",)),
    Code("floor_size_invalid", ("seep.md §S.7a",), ("expected", "given")),
    Code("hand_size_invalid", ("bid_euchre.md §E.5", "fifty_six.md §F.9a", "seep.md §S.7"), ("expected", "given")),
    Code("house_needs_floor_card", ("seep.md §S.7a",), ()),
    Code("house_not_found", ("seep.md §S.7a",), ("house",)),
    Code("house_set_left_loose", ("seep.md §S.7a",), ("cards", "house")),
    Code("house_value_out_of_range", ("seep.md §S.7a",), ("allowed",)),
    Code("invalid", ("API.md Basics", "seep.md §S.7a"), ("allowed", "expected", "expected_from", "missing")),
    Code("invalid_card", ("contract_rummy.md §R.5", "seep.md §S.7", "seep.md §S.7a"), ("card",)),
    Code("invalid_trump", ("bid_euchre.md §E.5", "fifty_six.md §F.7"), ("allowed", "legal", "seat")),
    Code("last_play_sweep_wrong_team", ("seep.md §S.7",), ("team",)),
    Code(
        "match_already_finished",
        ("bid_euchre.md §E.5", "contract_rummy.md §R.5", "fifty_six.md §F.7", "seep.md §S.7"),
        ("match_winner", "winners"),
    ),
    Code("meld_invalid", ("contract_rummy.md §R.5",), ("declared", "jokers", "min_length", "missing")),
    Code("not_enough_cards", ("contract_rummy.md §R.5",), ("available", "decks_needed", "needed")),
    Code("moon_call_not_allowed", ("bid_euchre.md §E.5",), ("legal", "needs", "standing")),
    Code("nothing_to_capture", ("seep.md §S.7a",), ()),
    Code("opening_bid_required", ("fifty_six.md §F.7",), ("legal", "seat")),
    Code("own_house_cannot_be_raised", ("seep.md §S.7a",), ()),
    Code("owner_may_not_throw", ("seep.md §S.7a",), ("house",)),
    Code("pair_not_allowed", ("twenty_eight.md §T.7", "twenty_eight.md §T.7a"), ("seat",)),
    Code("passed_player_may_not_bid", ("fifty_six.md §F.7",), ("legal", "seat")),
    Code("penalty_impossible", ("contract_rummy.md §R.5",), ("maximum", "minimum", "multiple_of")),
    Code("penalty_mismatch", ("contract_rummy.md §R.5",), ("cards_value", "entered")),
    Code("plain_six_not_allowed", ("bid_euchre.md §E.5",), ("allowed",)),
    Code("play_ambiguous", ("seep.md §S.7a",), ("choices",)),
    Code("play_count_invalid", ("seep.md §S.7a",), ("expected", "given")),
    Code("play_out_of_turn", ("bid_euchre.md §E.7a", "fifty_six.md §F.9a", "seep.md §S.7a"), ("expected_seat", "seat")),
    Code(
        "player_count_invalid",
        ("bid_euchre.md §E.5", "fifty_six.md §F.7", "seep.md §S.7"),
        ("allowed", "seated", "teams"),
    ),
    Code("player_count_out_of_range", ("contract_rummy.md §R.5",), ("maximum", "minimum")),
    Code("plays_totals_mismatch", ("seep.md §S.7a",), ("from_plays",)),
    Code("plus_bid_invalid", ("fifty_six.md §F.7",), ("legal", "seat")),
    Code("redouble_not_allowed", ("fifty_six.md §F.7",), ("legal", "seat")),
    Code("redeal_not_allowed", ("fifty_six.md §F.7",), ("card", "hand_points", "maximum")),
    Code("renege_invalid", ("bid_euchre.md §E.5",), ("allowed", "maximum", "sitting_out")),
    Code("scoring_cards_incomplete", ("seep.md §S.7",), ("missing",)),
    Code(
        "settings_conflict",
        ("bid_euchre.md §E.5", "contract_rummy.md §R.5", "fifty_six.md §F.7"),
        ("conflicts_with", "maximum", "setting"),
    ),
    Code("sweep_count_invalid", ("seep.md §S.7",), ()),
    Code("team_layout_invalid", ("fifty_six.md §F.7",), ("teams",)),
    Code("throw_in_not_allowed", ("seep.md §S.7",), ("legal_bids",)),
    Code("too_many_first_or_last_sweeps", ("seep.md §S.7",), ("maximum",)),
    Code("too_few_entrants", ("docs/api.md Club night draws",), ("given", "minimum")),
    Code("too_many_sweeps", ("seep.md §S.7",), ("maximum",)),
    Code("trick_count_invalid", ("bid_euchre.md §E.7a", "fifty_six.md §F.9a"), ("expected",)),
    Code("tricks_inconsistent", ("bid_euchre.md §E.7a",), ("from_tricks",)),
    Code("tricks_out_of_range", ("bid_euchre.md §E.5",), ("maximum", "minimum")),
    Code("tricks_total_mismatch", ("bid_euchre.md §E.5",), ("expected_total",)),
    Code("trump_call_invalid", ("twenty_eight.md §T.7", "twenty_eight.md §T.7a"), ("seat",)),
    Code("trump_card_invalid", ("twenty_eight.md §T.7", "twenty_eight.md §T.7a"), ("seat",)),
    Code("trump_missing", ("bid_euchre.md §E.5",), ("allowed",)),
    Code("unknown_player", ("contract_rummy.md §R.5",), ("allowed", "seats")),
    Code("variant_not_enabled", ("bid_euchre.md §E.5", "fifty_six.md §F.7"), ("setting",)),
    Code("went_out_missing", ("contract_rummy.md §R.5",), ()),
    Code("went_out_with_cards", ("contract_rummy.md §R.5",), ()),
    Code("wrong_bidder", ("seep.md §S.7",), ("expected", "expected_bidder")),
    Code("wrong_leader", ("bid_euchre.md §E.7a", "fifty_six.md §F.9a"), ("expected_leader",)),
)
CODES: MappingProxyType[str, Code] = MappingProxyType({entry.code: entry for entry in _CODES})
