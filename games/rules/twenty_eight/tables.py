"""The cards, calls and scoring tables of Twenty-Eight (shared/rules/twenty_eight.md §T.2-§T.4, §T.9), as data."""

from __future__ import annotations

from types import MappingProxyType

PLAYERS = 4
PLAYER_COUNTS: tuple[int, ...] = (PLAYERS,)
SEATS: tuple[str, ...] = ("S1", "S2", "S3", "S4")
TEAMS: tuple[tuple[str, tuple[str, ...]], ...] = (("A", ("S1", "S3")), ("B", ("S2", "S4")))
TEAM_NAMES: tuple[str, ...] = ("A", "B")
TEAM_OF: MappingProxyType[str, str] = MappingProxyType({seat: team for team, seats in TEAMS for seat in seats})

# §T.2: 32 cards, one of each; J 9 A 10 K Q 8 7 in every suit, highest first.
RANK_ORDER: tuple[str, ...] = ("J", "9", "A", "10", "K", "Q", "8", "7")
CARD_POINTS: MappingProxyType[str, int] = MappingProxyType({"J": 3, "9": 2, "A": 1, "10": 1})
POINT_RANKS: frozenset[str] = frozenset(CARD_POINTS)
PACK_SIZE = 32
HAND_SIZE = 8
FIRST_HAND_SIZE = 4
TOTAL_CARD_POINTS = 28

# §T.3: bids are numbers only, from the minimum to 28.
MIN_BIDS: tuple[int, ...] = (14, 16)
MAX_BID = 28
LOWEST_SETTABLE_BID = 15  # partner_overcall_minimum and second_round_minimum run 15..28 (§T.9)
PAIR_ADJUSTMENT = 4  # §T.4: the king and queen of trumps move the target by 4
CALLS: tuple[str, ...] = ("bid", "pass", "double", "redouble")
DOUBLINGS: MappingProxyType[str, int] = MappingProxyType({"none": 1, "doubled": 2, "redoubled": 4})

# The trump is a suit; 28 has no no-trumps (§T.3). Suit word -> card letter, and the spellings a phone may send.
TRUMPS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
SUIT_LETTERS: MappingProxyType[str, str] = MappingProxyType(
    {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
)
TRUMP_ALIASES: MappingProxyType[str, str] = MappingProxyType(
    {
        **{name: name for name in TRUMPS},
        **{letter.lower(): name for name, letter in SUIT_LETTERS.items()},
        **{name[:-1]: name for name in TRUMPS},
    }
)

# §T.4: the default band table, (from, to, win, lose).
DEFAULT_BANDS: tuple[tuple[int, int, int, int], ...] = ((14, 28, 1, 1),)
MAX_BAND_AMOUNT = 99
MAX_TARGET_GAME_POINTS = 999

# §T.3a: the four redeal reasons, each with its setting.
REDEAL_SETTINGS: MappingProxyType[str, str] = MappingProxyType(
    {
        "first_speaker_no_points": "redeal_first_speaker_no_points",
        "pointless_hand": "redeal_pointless_hand",
        "four_jacks": "redeal_four_jacks",
        "defenders_without_trumps": "redeal_defenders_without_trumps",
    }
)
REDEAL_REASONS: tuple[str, ...] = tuple(REDEAL_SETTINGS)

# §T.9: the trick-entry choices.
TRUMP_INDICATORS: tuple[str, ...] = ("own_card", "spare_card")
CONCEALED_TRUMP_LEADS: tuple[str, ...] = ("allowed", "forbidden")
FIRST_LEADS: tuple[str, ...] = ("first_speaker", "bidder")
REVOKE_RULES: tuple[str, ...] = ("report", "forfeit_deal")
