"""Contract Rummy house rules: the §R.7 settings, presets, pack defaults by player count, the feasibility check."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from math import gcd
from typing import Any

from games.rules.cards import JOKER_CARD, RANKS, SUITS, Card, parse_cards
from games.rules.errors import RuleViolation
from games.rules.messages import and_list, msg, msg_template, nmsg, nmsg_template, phrase
from games.rules.settings_spec import Setting, SettingsSpec
from games.rules.shapes import reject_unknown_keys

GAME_NAME = "Contract Rummy"
MIN_PLAYERS, MAX_PLAYERS = 3, 8
MIN_PLAYERS_WITH_TWO = 2  # R-A13: only with allow_two_players
MAX_DECKS, MAX_JOKERS, MAX_DEALS, MAX_CARDS_DEALT = 6, 16, 20, 20
CARDS_PER_PACK = 52
UP_CARDS = 1

SEED_CARDS_DEALT: tuple[int, ...] = (10, 10, 10, 10, 12, 12, 12)
PAGAT_CARDS_DEALT: tuple[int, ...] = (10, 10, 10, 12, 12, 12, 12)
SEED_CONTRACTS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))


def _seed_pack(players: int) -> tuple[int, int]:
    return (1, 1) if players <= 4 else (2, 2)


def _pagat_pack(players: int) -> tuple[int, int]:
    return (2, players - 1)


def _bicycle_pack(players: int) -> tuple[int, int]:
    return (2, 1) if players <= 4 else (3, 2)


# Preset name -> (decks and jokers by player count, cards dealt per deal, shortest run).
PRESETS: dict[str, tuple[Any, tuple[int, ...], int]] = {
    "seed": (_seed_pack, SEED_CARDS_DEALT, 4),
    "pagat": (_pagat_pack, PAGAT_CARDS_DEALT, 4),
    "bicycle": (_bicycle_pack, SEED_CARDS_DEALT, 4),
}
WINNER_RULES: tuple[str, ...] = ("lowest_total_ties_share", "lowest_total_then_last_deal")

NUMBER_RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
PENALTY_KEYS: tuple[str, ...] = ("number_cards", *NUMBER_RANKS, "J", "Q", "K", "A", "JOKER")
DEFAULT_PENALTIES: dict[str, int | str] = {
    "number_cards": "face_value",
    "J": 10,
    "Q": 10,
    "K": 10,
    "A": 15,
    "JOKER": 15,
}
MAX_CARD_PENALTY = 1000


def card_values_from_spec(spec: tuple[tuple[str, int | str], ...]) -> dict[Card, int]:
    """Penalty per card (every suit of every rank, and the joker) from the normalized penalty spec."""
    table = dict(spec)
    number = table["number_cards"]
    values: dict[Card, int] = {}
    for rank in RANKS:
        if rank in NUMBER_RANKS:
            default = int(rank) if number == "face_value" else int(number)
            value = int(table.get(rank, default))
        else:
            value = int(table[rank])
        for suit in SUITS:
            values[Card(rank, suit)] = value
    values[JOKER_CARD] = int(table["JOKER"])
    return values


def _invalid(name: str, message: str) -> RuleViolation:
    return RuleViolation("invalid", message, f"settings.{name}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_list(value: object, name: str, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise _invalid(
            name,
            msg(
                "{name} is a list of {length} numbers: the cards each player is dealt, deal by deal.",
                name=name,
                length=length,
            ),
        )
    for index, item in enumerate(value):
        if not _is_int(item) or not 1 <= item <= MAX_CARDS_DEALT:
            raise _invalid(
                f"{name}[{index}]",
                msg(
                    "Deal {index} deals 1 to {max_cards_dealt} cards to each player; {item!r} is not.",
                    index=index + 1,
                    max_cards_dealt=MAX_CARDS_DEALT,
                    item=item,
                ),
            )
    return tuple(value)


def _contracts(value: object, length: int) -> tuple[tuple[int, int], ...]:
    example = '[{"sets": 2, "runs": 0}, {"sets": 1, "runs": 1}, ...]'
    if not isinstance(value, list) or len(value) != length:
        raise _invalid(
            "contracts",
            msg(
                "contracts lists the contract of each of the {length} deals: {example}.",
                length=length,
                example=example,
            ),
        )
    contracts: list[tuple[int, int]] = []
    for index, item in enumerate(value):
        name = f"contracts[{index}]"
        if not isinstance(item, Mapping):
            raise _invalid(
                name,
                msg(
                    'A contract is an object such as {{"sets": 2, "runs": 0}}; {item!r} is not.',
                    item=item,
                ),
            )
        reject_unknown_keys(
            item,
            ("sets", "runs"),
            f"settings.{name}",
            lambda key: msg("A contract has only sets and runs; {key!r} is not allowed.", key=key),
        )
        counts: list[int] = []
        for key in ("sets", "runs"):
            count = item.get(key)
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 4:
                raise _invalid(
                    f"{name}.{key}",
                    msg(
                        "Deal {index}'s {key} is a whole number from 0 to 4; {count!r} is not.",
                        index=index + 1,
                        key=key,
                        count=count,
                    ),
                )
            counts.append(count)
        if counts[0] + counts[1] == 0:
            raise _invalid(name, msg("Deal {index}'s contract needs at least one set or run.", index=index + 1))
        contracts.append((counts[0], counts[1]))
    return tuple(contracts)


def _penalty_spec(value: object) -> tuple[tuple[str, int | str], ...]:
    name = "penalty_points"
    if not isinstance(value, Mapping):
        raise _invalid(name, msg('penalty_points is an object such as {{"number_cards": "face_value", "A": 15}}.'))
    reject_unknown_keys(
        value,
        PENALTY_KEYS,
        f"settings.{name}",
        lambda key: msg(
            "penalty_points has the keys {penalty_keys}; not {key!r}.",
            penalty_keys=", ".join(PENALTY_KEYS),
            key=key,
        ),
    )
    table: dict[str, int | str] = dict(DEFAULT_PENALTIES)
    for key, item in value.items():
        face_value = key == "number_cards" and item == "face_value"
        if face_value or (_is_int(item) and 1 <= item <= MAX_CARD_PENALTY):
            table[key] = item
        else:
            template = (
                msg_template(
                    'The penalty for {key} is "face_value" or a whole number from 1 to {max_card_penalty}; {item!r} '
                    "is not."
                )
                if key == "number_cards"
                else msg_template(
                    "The penalty for {key} is a whole number from 1 to {max_card_penalty}; {item!r} is not."
                )
            )
            raise _invalid(f"{name}.{key}", msg(template, key=key, max_card_penalty=MAX_CARD_PENALTY, item=item))
    return tuple((key, table[key]) for key in PENALTY_KEYS if key in table)


SETTINGS = SettingsSpec(
    GAME_NAME,
    (
        Setting(
            "preset",
            "choice",
            "seed",
            phrase("Preset"),
            phrase("The rule set the other defaults come from: seed, pagat or bicycle (§R.7)."),
            choices=tuple(PRESETS),
            words={
                "seed": phrase("Seed"),
                "pagat": phrase("Pagat"),
                "bicycle": phrase("Bicycle"),
            },
        ),
        Setting(
            "players",
            "integer",
            4,
            phrase("Players"),
            phrase("3 to 8 players (2 with allow_two_players); the match's seats decide it."),
            minimum=MIN_PLAYERS_WITH_TWO,
            maximum=MAX_PLAYERS,
        ),
        Setting(
            "decks",
            "integer",
            1,
            phrase("Packs"),
            phrase("Packs of 52 cards shuffled together; the default depends on the players and the preset (§R.4)."),
            minimum=1,
            maximum=MAX_DECKS,
        ),
        Setting(
            "jokers",
            "integer",
            1,
            phrase("Jokers"),
            phrase("Jokers added to the packs; the default depends on the players and the preset (§R.4)."),
            minimum=0,
            maximum=MAX_JOKERS,
        ),
        Setting(
            "deals",
            "integer",
            len(SEED_CONTRACTS),
            phrase("Deals"),
            phrase("Deals in the match, one contract each."),
            minimum=1,
            maximum=MAX_DEALS,
        ),
        Setting(
            "cards_dealt",
            "custom",
            SEED_CARDS_DEALT,
            phrase("Cards dealt"),
            phrase("Cards each player is dealt, deal by deal."),
            dump=list,
            json_type="array",
        ),
        Setting(
            "contracts",
            "custom",
            SEED_CONTRACTS,
            phrase("Contracts"),
            phrase("The sets and runs each deal requires."),
            dump=lambda contracts: [{"sets": sets, "runs": runs} for sets, runs in contracts],
            json_type="array",
        ),
        Setting(
            "min_set_length",
            "integer",
            3,
            phrase("Shortest set"),
            phrase("Cards in the smallest set."),
            minimum=3,
            maximum=4,
        ),
        Setting(
            "min_run_length",
            "integer",
            4,
            phrase("Shortest run"),
            phrase("Cards in the shortest run."),
            minimum=3,
            maximum=13,
        ),
        Setting(
            "distinct_suits_in_sets",
            "boolean",
            True,
            phrase("Sets of distinct suits"),
            phrase("A set may not repeat a suit."),
        ),
        Setting(
            "contract_runs_distinct_suits",
            "boolean",
            True,
            phrase("Contract runs in distinct suits"),
            phrase("The runs of a contract are each of a different suit."),
        ),
        Setting(
            "penalty_points",
            "custom",
            tuple(DEFAULT_PENALTIES.items()),
            phrase("Penalty points"),
            phrase("Points per card left in hand: number cards at face value, J Q K 10, A and joker 15 (§R.3)."),
            parse=_penalty_spec,
            dump=dict,
            json_type="object",
        ),
        Setting(
            "winner_rule",
            "choice",
            WINNER_RULES[0],
            phrase("Winner"),
            phrase("The lowest total wins and equal totals share, or the last deal breaks the tie (R-A8)."),
            choices=WINNER_RULES,
            words={
                "lowest_total_ties_share": phrase("Lowest total; ties share"),
                "lowest_total_then_last_deal": phrase("Lowest total; then the last deal"),
            },
        ),
        Setting(
            "minimum_stock_after_deal",
            "integer",
            1,
            phrase("Stock left after the deal"),
            phrase("Cards that must remain in the stock once the hands and the up-card are dealt (§R.4)."),
            minimum=0,
            maximum=100,
        ),
        Setting(
            "allow_no_winner_deal",
            "boolean",
            False,
            phrase("A deal with nobody out"),
            phrase("A deal may end with no player out: everyone scores the hand."),
        ),
        Setting(
            "enforce_dealer_order",
            "boolean",
            False,
            phrase("Enforce the dealer order"),
            phrase("On: a deal by anyone but the player left of the last dealer is refused (dealer_out_of_turn)."),
        ),
        # Issue 20's house rules (§R.4, §R.7, R-A13); each default keeps the game above.
        Setting(
            "allow_two_players",
            "boolean",
            False,
            phrase("Two players"),
            phrase("A match may seat two players; the packs are those of 3-4 players (§R.4, R-A13)."),
            added_later=True,
        ),
        Setting(
            "non_dealer_extra_card",
            "boolean",
            False,
            phrase("Non-dealer's extra card"),
            phrase(
                "Two players only: the non-dealer is dealt one card more than the dealer; the pack check counts it "
                "(§R.4)."
            ),
            added_later=True,
        ),
    ),
)


@dataclass(frozen=True)
class ContractRummyRules:
    """Every house rule of §R.7, defaults filled in (the defaults depend on the player count and the preset)."""

    players: int = SETTINGS["players"].default
    preset: str = SETTINGS["preset"].default
    decks: int = SETTINGS["decks"].default
    jokers: int = SETTINGS["jokers"].default
    deals: int = SETTINGS["deals"].default
    cards_dealt: tuple[int, ...] = SETTINGS["cards_dealt"].default
    contracts: tuple[tuple[int, int], ...] = SETTINGS["contracts"].default
    min_set_length: int = SETTINGS["min_set_length"].default
    min_run_length: int = SETTINGS["min_run_length"].default
    distinct_suits_in_sets: bool = SETTINGS["distinct_suits_in_sets"].default
    contract_runs_distinct_suits: bool = SETTINGS["contract_runs_distinct_suits"].default
    penalty_points: tuple[tuple[str, int | str], ...] = SETTINGS["penalty_points"].default
    winner_rule: str = SETTINGS["winner_rule"].default
    minimum_stock_after_deal: int = SETTINGS["minimum_stock_after_deal"].default
    allow_no_winner_deal: bool = SETTINGS["allow_no_winner_deal"].default
    enforce_dealer_order: bool = SETTINGS["enforce_dealer_order"].default
    allow_two_players: bool = SETTINGS["allow_two_players"].default
    non_dealer_extra_card: bool = SETTINGS["non_dealer_extra_card"].default
    # Derived from the fields above (not compared): seats, penalty per card, the smallest and the step of a penalty.
    seats: tuple[str, ...] = field(default=(), compare=False, repr=False)
    card_values: dict[Card, int] = field(default_factory=dict, compare=False, repr=False, hash=False)
    min_penalty: int = field(default=0, compare=False, repr=False)
    penalty_step: int = field(default=1, compare=False, repr=False)
    pack_value: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        values = card_values_from_spec(self.penalty_points)
        in_pack = [value for card, value in values.items() if not card.is_joker or self.jokers > 0]
        step = 0
        for value in set(in_pack):
            step = gcd(step, value)
        pack_value = sum(value * self.decks for card, value in values.items() if not card.is_joker)
        object.__setattr__(self, "seats", tuple(f"S{index}" for index in range(1, self.players + 1)))
        object.__setattr__(self, "card_values", values)
        object.__setattr__(self, "min_penalty", min(in_pack))
        object.__setattr__(self, "penalty_step", step or 1)
        object.__setattr__(self, "pack_value", pack_value + values[JOKER_CARD] * self.jokers)

    def copies_in_pack(self, card: Card) -> int:
        return self.jokers if card.is_joker else self.decks

    def hand_value(self, cards: tuple[Card, ...]) -> int:
        """The penalty points of a hand left at the end of a deal (§R.3)."""
        return sum(self.card_values[card] for card in cards)


# not_enough_cards: one whole sentence (singular and plural of the stock cards) for each pair of (the largest hand is
# dealt in one deal or in several, the non-dealer's extra card counted or not). After its semicolon comes the
# sentence of the cards the pack has (CARDS_IN_PACK), then the advice, each whole.
CARDS_NEEDED: dict[tuple[bool, bool], tuple[str, str]] = {
    (False, False): nmsg_template(
        "{players} players need at least {needed} cards ({players} x {largest} dealt in deal {deals}, {up_cards} "
        "up-card, {stock} stock card); {cards_in_pack} {advice}",
        "{players} players need at least {needed} cards ({players} x {largest} dealt in deal {deals}, {up_cards} "
        "up-card, {stock} stock cards); {cards_in_pack} {advice}",
    ),
    (True, False): nmsg_template(
        "{players} players need at least {needed} cards ({players} x {largest} dealt in deals {deals}, {up_cards} "
        "up-card, {stock} stock card); {cards_in_pack} {advice}",
        "{players} players need at least {needed} cards ({players} x {largest} dealt in deals {deals}, {up_cards} "
        "up-card, {stock} stock cards); {cards_in_pack} {advice}",
    ),
    (False, True): nmsg_template(
        "{players} players need at least {needed} cards ({players} x {largest} dealt in deal {deals}, 1 more for the "
        "non-dealer, {up_cards} up-card, {stock} stock card); {cards_in_pack} {advice}",
        "{players} players need at least {needed} cards ({players} x {largest} dealt in deal {deals}, 1 more for the "
        "non-dealer, {up_cards} up-card, {stock} stock cards); {cards_in_pack} {advice}",
    ),
    (True, True): nmsg_template(
        "{players} players need at least {needed} cards ({players} x {largest} dealt in deals {deals}, 1 more for "
        "the non-dealer, {up_cards} up-card, {stock} stock card); {cards_in_pack} {advice}",
        "{players} players need at least {needed} cards ({players} x {largest} dealt in deals {deals}, 1 more for "
        "the non-dealer, {up_cards} up-card, {stock} stock cards); {cards_in_pack} {advice}",
    ),
}
# not_enough_cards, the cards the pack has: one whole sentence (singular and plural of the packs) for no joker, one
# joker and several jokers.
CARDS_IN_PACK: dict[str, tuple[str, str]] = {
    "none": nmsg_template("{decks} pack has {have}.", "{decks} packs have {have}."),
    "one": nmsg_template("{decks} pack + 1 joker has {have}.", "{decks} packs + 1 joker have {have}."),
    "many": nmsg_template("{decks} pack + {jokers} jokers has {have}.", "{decks} packs + {jokers} jokers have {have}."),
}


def _deal_ranges(numbers: list[int]) -> list[str]:
    """``7``, ``5-7``, ``1``, ``4``, ``6-7`` (1-based deal numbers, ascending): data, joined as a list of numbers."""
    groups: list[list[int]] = []
    for number in numbers:
        if groups and groups[-1][-1] == number - 1:
            groups[-1].append(number)
        else:
            groups.append([number])
    return [f"{group[0]}-{group[-1]}" if len(group) > 1 else f"{group[0]}" for group in groups]


def cards_in_pack(decks: int, jokers: int) -> str:
    """``1 pack + 1 joker has 53.``: the cards a match's pack has, one whole sentence."""
    singular, plural = CARDS_IN_PACK["none" if not jokers else "one" if jokers == 1 else "many"]
    return nmsg(singular, plural, "decks", decks=decks, jokers=jokers, have=decks * CARDS_PER_PACK + jokers)


def check_feasible(rules: ContractRummyRules) -> None:
    """§R.4: decks x 52 + jokers >= players x largest hand + 1 up-card + the minimum stock."""
    largest = max(rules.cards_dealt)
    stock = rules.minimum_stock_after_deal
    extra = 1 if rules.non_dealer_extra_card else 0  # R-A13: the non-dealer's card more
    needed = rules.players * largest + extra + UP_CARDS + stock
    have = rules.decks * CARDS_PER_PACK + rules.jokers
    if have >= needed:
        return
    biggest = [index + 1 for index, cards in enumerate(rules.cards_dealt) if cards == largest]
    packs_needed = next(
        (decks for decks in range(1, MAX_DECKS + 1) if decks * CARDS_PER_PACK + rules.jokers >= needed), None
    )
    advice = (
        nmsg("Use {packs} pack.", "Use {packs} packs.", "packs", packs=packs_needed)
        if packs_needed
        else msg("Deal fewer cards or seat fewer players.")
    )
    singular, plural = CARDS_NEEDED[(len(biggest) > 1, bool(extra))]
    refusal = nmsg(
        singular,
        plural,
        "stock",
        players=rules.players,
        needed=needed,
        largest=largest,
        deals=and_list(_deal_ranges(biggest)),
        up_cards=UP_CARDS,
        stock=stock,
        cards_in_pack=cards_in_pack(rules.decks, rules.jokers),
        advice=advice,
    )
    raise RuleViolation(
        "not_enough_cards",
        refusal,
        "settings.decks",
        needed=needed,
        available=have,
        decks_needed=packs_needed,
    )


def parse_hand(values: object, field: str) -> tuple[Card, ...]:
    """``parse_cards`` with the rummy file's message for a bad card code (``invalid_card`` on ``field[i]``)."""
    try:
        return parse_cards(values, field)
    except RuleViolation as violation:
        if violation.code != "invalid_card" or "card" not in violation.extra:
            raise
        bad = violation.extra["card"]
        raise RuleViolation(
            "invalid_card",
            msg(
                "{bad!r} is not a card: use A, 2-10, J, Q, K followed by S, H, D or C, or JKR for a joker.",
                bad=bad,
            ),
            violation.field,
            card=bad,
        ) from None


def rules_from_settings(settings: object, player_count: object) -> ContractRummyRules:
    """Validate any subset of the §R.7 settings for ``player_count`` players; the rest take their defaults."""
    if not _is_int(player_count):
        raise RuleViolation(
            "player_count_invalid",
            msg(
                "Give the number of players as a whole number; {player_count!r} is not.",
                player_count=player_count,
            ),
            "players",
        )
    assert isinstance(player_count, int)
    two_allowed = isinstance(settings, Mapping) and settings.get("allow_two_players") is True
    fewest = MIN_PLAYERS_WITH_TWO if two_allowed else MIN_PLAYERS
    if not fewest <= player_count <= MAX_PLAYERS:
        raise RuleViolation(
            "player_count_out_of_range",
            msg(
                "{game_name} needs {min_players} to {max_players} players; {player_count} were given.",
                game_name=GAME_NAME,
                min_players=fewest,
                max_players=MAX_PLAYERS,
                player_count=player_count,
            ),
            "players",
            minimum=fewest,
            maximum=MAX_PLAYERS,
        )
    if settings is None:
        settings = {}
    SETTINGS.reject_unknown(settings)  # type: ignore[arg-type]
    assert isinstance(settings, Mapping)
    players = settings.get("players", player_count)
    if players != player_count or not _is_int(players):
        raise _invalid(
            "players",
            msg(
                "This match seats {player_count} players; settings.players says {players!r}.",
                player_count=player_count,
                players=players,
            ),
        )
    preset = SETTINGS["preset"].read(settings)
    pack, preset_cards, preset_run = PRESETS[preset]
    default_decks, default_jokers = pack(player_count)
    decks = SETTINGS["decks"].read(settings, default=default_decks)
    jokers = SETTINGS["jokers"].read(settings, default=default_jokers)
    given = settings.get("contracts")
    implied = len(given) if isinstance(given, list) and 1 <= len(given) <= MAX_DEALS else len(SEED_CONTRACTS)
    deals = SETTINGS["deals"].read(settings, default=implied)
    for name, default in (("cards_dealt", preset_cards), ("contracts", SEED_CONTRACTS)):
        if name not in settings and len(default) != deals:
            raise _invalid(
                name,
                msg(
                    "With {deals} deals, give {name} with {deals} entries (the default has {default_count}).",
                    deals=deals,
                    name=name,
                    default_count=len(default),
                ),
            )
    moved_by_preset = {
        "players": player_count,
        "preset": preset,
        "decks": decks,
        "jokers": jokers,
        "deals": deals,
        "cards_dealt": _int_list(settings.get("cards_dealt", list(preset_cards)), "cards_dealt", deals),
        "contracts": _contracts(settings.get("contracts", SETTINGS["contracts"].dump(SEED_CONTRACTS)), deals),
        "min_run_length": SETTINGS["min_run_length"].read(settings, default=preset_run),
    }
    rules = ContractRummyRules(**SETTINGS.read_all(settings, moved_by_preset))
    check_combinations(rules)
    check_feasible(rules)
    return rules


def check_combinations(rules: ContractRummyRules) -> None:
    """§R.7: the non-dealer's extra card belongs to a two-player game (``settings_conflict``)."""
    if rules.non_dealer_extra_card and rules.players > MIN_PLAYERS_WITH_TWO:
        raise RuleViolation(
            "settings_conflict",
            msg(
                "Only a two-player game deals the non-dealer an extra card; this match seats {players}.",
                players=rules.players,
            ),
            "settings.non_dealer_extra_card",
            setting="non_dealer_extra_card",
            conflicts_with={"players": rules.players},
        )


def settings_json(rules: ContractRummyRules) -> dict[str, Any]:
    """Every setting, in the spelling of examples.json; ``rules_from_settings`` of it gives equal rules."""
    return SETTINGS.settings_json(rules)
