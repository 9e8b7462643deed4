"""House rules of a 56 match (shared/rules/fifty_six.md §F.9) and the seating they imply (§F.1, F-A1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.seats import seat_names
from games.rules.settings_input import reject_unknown_settings, setting_bool, setting_choice, setting_int
from games.rules.shapes import reject_unknown_keys

SETTING_NAMES: tuple[str, ...] = (
    "players",
    "team_layout",
    "starting_tables",
    "double_mode",
    "all_pass_rule",
    "elimination",
    "shortfall_distribution",
    "passed_player_may_bid_again",
    "bands",
    "four_player_pack",
    "enforce_dealer_order",
    "revoke_rule",
)
# ``teams`` is derived from ``players`` and ``team_layout``: accepted when it agrees, never echoed back.
ACCEPTED_SETTINGS: tuple[str, ...] = (*SETTING_NAMES, "teams")
MAX_TABLES = 999
MAX_BAND_AMOUNT = 99
BAND_KEYS: tuple[str, ...] = ("from", "to", "win", "lose")


@dataclass(frozen=True, slots=True)
class Band:
    """One row of the band table: a contract of ``first``..``last`` wins ``win`` or loses ``lose`` tables."""

    first: int
    last: int
    win: int
    lose: int

    @property
    def label(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    def as_json(self) -> dict[str, int]:
        return {"from": self.first, "to": self.last, "win": self.win, "lose": self.lose}


DEFAULT_BANDS: tuple[Band, ...] = tuple(Band(*row) for row in t.DEFAULT_BANDS)


def team_layout_teams(players: int, team_layout: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Team names and their seats: A/B with 4 or two sides, T1..Tk (Sk + S(k+n/2)) in pairs of 6 or 8."""
    seats = seat_names(players)
    if team_layout == "two_sides" or players == 4:
        return (("A", seats[0::2]), ("B", seats[1::2]))
    half = players // 2
    return tuple((f"T{k}", (seats[k - 1], seats[k - 1 + half])) for k in range(1, half + 1))


@dataclass(frozen=True)
class FiftySixRules:
    """Every house rule of §F.9 with its default; derived seating is kept alongside (not compared)."""

    players: int = 4
    team_layout: str = "pairs"
    starting_tables: int = 12
    double_mode: str = "multiply"
    all_pass_rule: str = "first_speaker_team_plays_28_no_trumps"
    elimination: str = "at_zero_tables"
    shortfall_distribution: str = "round_robin_from_payers_right"
    passed_player_may_bid_again: bool = True
    bands: tuple[Band, ...] = DEFAULT_BANDS
    four_player_pack: int = 48
    enforce_dealer_order: bool = False
    revoke_rule: str = "report"
    # Derived, filled in __post_init__.
    seats: tuple[str, ...] = field(init=False, compare=False, repr=False)
    teams: tuple[tuple[str, tuple[str, ...]], ...] = field(init=False, compare=False, repr=False)
    team_names: tuple[str, ...] = field(init=False, compare=False, repr=False)
    team_of: dict[str, str] = field(init=False, compare=False, repr=False)
    seat_index: dict[str, int] = field(init=False, compare=False, repr=False)
    band_by_points: tuple[Band | None, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        teams = team_layout_teams(self.players, self.team_layout)
        seats = seat_names(self.players)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "teams", teams)
        object.__setattr__(self, "team_names", tuple(name for name, _ in teams))
        object.__setattr__(self, "team_of", {seat: name for name, members in teams for seat in members})
        object.__setattr__(self, "seat_index", {seat: index for index, seat in enumerate(seats)})
        by_points: list[Band | None] = [None] * (t.MAX_BID + 1)
        for band in self.bands:
            for points in range(band.first, band.last + 1):
                by_points[points] = band
        object.__setattr__(self, "band_by_points", tuple(by_points))

    def teams_json(self) -> dict[str, list[str]]:
        return {name: list(members) for name, members in self.teams}


def _layout_message(players: int, team_layout: str) -> str:
    teams = team_layout_teams(players, team_layout)
    listing = ", ".join(f"{name} {'+'.join(members)}" for name, members in teams)
    if team_layout == "two_sides":
        return f"Seat the two sides alternately: {listing}."
    return f"Seat the teams alternately: {listing}."


def _check_teams(value: Any, players: int, team_layout: str) -> None:
    expected = {name: sorted(members) for name, members in team_layout_teams(players, team_layout)}
    given: dict[str, list[str]] | None = None
    if isinstance(value, Mapping) and all(
        isinstance(seats, list) and all(isinstance(seat, str) for seat in seats) for seats in value.values()
    ):
        given = {str(name): sorted(seat.strip().upper() for seat in seats) for name, seats in value.items()}
    if given != expected:
        raise RuleViolation(
            "team_layout_invalid",
            _layout_message(players, team_layout),
            "settings.teams",
            teams={name: list(members) for name, members in team_layout_teams(players, team_layout)},
        )


def _parse_bands(value: Any) -> tuple[Band, ...]:
    where = "settings.bands"
    cover = f"The bands must cover every bid from {t.MIN_BID} to {t.MAX_BID} in order, without gaps or overlaps"
    if not isinstance(value, list) or not value:
        raise RuleViolation("invalid", f"bands is a list of {{from, to, win, lose}} rows. {cover}.", where)
    bands: list[Band] = []
    expected_from = t.MIN_BID
    for index, row in enumerate(value):
        row_field = f"{where}[{index}]"
        if not isinstance(row, Mapping):
            raise RuleViolation("invalid", "Each band is an object {from, to, win, lose}.", row_field)
        reject_unknown_keys(row, BAND_KEYS, row_field,
                            lambda key: f"A band has only from, to, win and lose; not {key!r}.")
        numbers: dict[str, int] = {}
        for key in BAND_KEYS:
            number = row.get(key)
            limit = t.MAX_BID if key in ("from", "to") else MAX_BAND_AMOUNT
            if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= limit:
                raise RuleViolation(
                    "invalid", f"A band's {key} is a whole number from 0 to {limit}; {number!r} is not.",
                    f"{row_field}.{key}",
                )
            numbers[key] = number
        if numbers["from"] != expected_from or numbers["to"] < numbers["from"]:
            raise RuleViolation(
                "invalid", f"{cover}: this band should start at {expected_from}.", row_field,
                expected_from=expected_from,
            )
        bands.append(Band(numbers["from"], numbers["to"], numbers["win"], numbers["lose"]))
        expected_from = numbers["to"] + 1
    if expected_from != t.MAX_BID + 1:
        raise RuleViolation("invalid", f"{cover}: the last band must end at {t.MAX_BID}.", where)
    return tuple(bands)


def rules_from_settings(settings: Mapping[str, Any], player_count: Any) -> FiftySixRules:
    """Validate house rules (any subset, the rest default) for ``player_count`` players."""
    if not isinstance(player_count, int) or isinstance(player_count, bool) or player_count not in t.PLAYER_COUNTS:
        raise RuleViolation(
            "player_count_invalid", "56 is played by 4, 6 or 8 players.", "players", allowed=list(t.PLAYER_COUNTS)
        )
    if settings is None:
        settings = {}
    reject_unknown_settings(settings, ACCEPTED_SETTINGS, "56")
    if "players" in settings:
        stated = settings["players"]
        if isinstance(stated, bool) or not isinstance(stated, int):
            raise RuleViolation(
                "invalid", f"players is a whole number (4, 6 or 8); {stated!r} is not.", "settings.players"
            )
        if stated != player_count:
            raise RuleViolation(
                "player_count_invalid",
                f"The settings say {stated} players but {player_count} are seated; 56 is played by 4, 6 or 8 players.",
                "settings.players",
                seated=player_count,
            )
    team_layout = setting_choice(settings, "team_layout", "pairs", t.TEAM_LAYOUTS)
    if "teams" in settings:
        _check_teams(settings["teams"], player_count, team_layout)
    four_player_pack = settings.get("four_player_pack", 48)
    if not isinstance(four_player_pack, int) or isinstance(four_player_pack, bool) or (
        four_player_pack not in t.FOUR_PLAYER_PACKS
    ):
        raise RuleViolation(
            "invalid", f"four_player_pack is 48 or 32 cards; {four_player_pack!r} is not.", "settings.four_player_pack"
        )
    return FiftySixRules(
        players=player_count,
        team_layout=team_layout,
        starting_tables=setting_int(settings, "starting_tables", 12, 1, MAX_TABLES),
        double_mode=setting_choice(settings, "double_mode", "multiply", tuple(t.DOUBLE_MODES)),
        all_pass_rule=setting_choice(settings, "all_pass_rule", t.ALL_PASS_RULES[0], t.ALL_PASS_RULES),
        elimination=setting_choice(settings, "elimination", "at_zero_tables", t.ELIMINATIONS),
        shortfall_distribution=setting_choice(
            settings, "shortfall_distribution", t.SHORTFALL_DISTRIBUTIONS[0], t.SHORTFALL_DISTRIBUTIONS
        ),
        passed_player_may_bid_again=setting_bool(settings, "passed_player_may_bid_again", True),
        bands=_parse_bands(settings["bands"]) if "bands" in settings else DEFAULT_BANDS,
        four_player_pack=int(four_player_pack),
        enforce_dealer_order=setting_bool(settings, "enforce_dealer_order", False),
        revoke_rule=setting_choice(settings, "revoke_rule", "report", t.REVOKE_RULES),
    )


def settings_json(rules: FiftySixRules) -> dict[str, Any]:
    return {
        "players": rules.players,
        "team_layout": rules.team_layout,
        "starting_tables": rules.starting_tables,
        "double_mode": rules.double_mode,
        "all_pass_rule": rules.all_pass_rule,
        "elimination": rules.elimination,
        "shortfall_distribution": rules.shortfall_distribution,
        "passed_player_may_bid_again": rules.passed_player_may_bid_again,
        "bands": [band.as_json() for band in rules.bands],
        "four_player_pack": rules.four_player_pack,
        "enforce_dealer_order": rules.enforce_dealer_order,
        "revoke_rule": rules.revoke_rule,
    }
