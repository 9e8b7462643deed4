"""The contract every game engine follows, so the Django side can treat the games alike (DESIGN.md).

A match's state is the fold of its deals: ``state = initial_state(rules)`` and then, for each accepted deal,
``state = play_deal(state, deal, rules).state`` (``games.rules.replay`` does it). Everything crosses into Django as
JSON through the ``*_json`` / ``*_from_json`` pairs, which must round-trip exactly.

``GameEngine`` is the typed Protocol, generic over the game's rules, state and deal types. ``EngineBase`` is the
base class the engines derive from: an engine class declares facts (its key, rules file, settings declaration, the
functions of its package that read the rules, parse, score and store a deal) and the base answers the rest from
them where a game does not declare its own (display name, player counts, seats, ``rules_from_settings``,
``settings_json`` and the schema, state keys, standings places, the running score of a sheet, the board's headline).

Inside a game's package the checks have one signature, ``check_deal(state, deal, rules) -> None`` (it raises the
first ``RuleViolation``); a game whose scoring needs what the checks found (the contract, the referee's record) reads
it from its ``check_play``, a frozen dataclass that names the parts.

The facts the outer rings show read JSON (a stored state, a stored result, pinned settings), not the engine's
objects: standings, sheets and boards work from rows without building rules or states again.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from games.rules.errors import RuleViolation
from games.rules.first_dealer import check_first_dealer, without_first_dealer
from games.rules.seats import seat_names
from games.rules.settings_spec import SettingsSpec
from games.rules.shapes import Headline
from games.rules.sides import Sides, winner_places

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
DealT = TypeVar("DealT")

# A tie-break measure of the standings: its name and +1 when more is better, -1 when less is better.
Measure = tuple[str, int]

# Which way the deal, the bidding and the play go round the table, seen from above (each game's rules file): to
# the right is counter-clockwise (Seep, 56), to the left clockwise (Bid Euchre, Contract Rummy). The seats S1..Sn
# are numbered in that order, so a client draws them round the table this way.
TurnDirection = Literal["clockwise", "counter_clockwise"]
# What a game's ``play_progress`` follows, where it has one.
PlayProgressKind = Literal["plays", "tricks"]

# The counts a player-count probe tries for an engine that does not list its own (no card game here seats more).
PROBED_PLAYER_COUNTS: tuple[int, ...] = tuple(range(2, 13))


@dataclass(frozen=True)
class DealOutcome:
    """What one accepted deal produced: the state after it and its result as JSON-ready data.

    ``result`` holds the keys of ``expected.deals[k]`` in shared/rules/examples.json except
    ``deal_number``, which the service adds (deal numbers belong to the match record, not to the rules).
    """

    state: Any
    result: dict[str, Any]


class GameEngine(Protocol[RulesT, StateT, DealT]):
    """One game: the facts the outer rings show and the pure functions that score it."""

    key: str
    rules_file: str
    turn_direction: TurnDirection

    @property
    def display_name(self) -> str:
        """The game's name for people: ``56``, ``Bid Euchre``."""
        ...

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every number of players the game seats, ascending."""
        ...

    @property
    def default_player_count(self) -> int:
        """The count a new-match form starts with."""
        ...

    @property
    def settings_spec(self) -> SettingsSpec:
        """The house rules, each declared once (``games.rules.settings_spec``)."""
        ...

    def settings_schema(self) -> dict[str, Any]:
        """The JSON-schema-like description of the house-rules form."""
        ...

    def rules_from_settings(self, settings: Mapping[str, Any], player_count: int) -> RulesT:
        """Validate house rules (any subset; the rest default) for ``player_count`` players.

        Raises ``RuleViolation``: ``invalid`` with field ``settings.<name>`` for an unknown setting or a bad
        value, ``player_count_invalid`` / ``player_count_out_of_range`` with field ``players``, and the
        game's own codes for infeasible combinations (``not_enough_cards`` on ``settings.decks``).
        """
        ...

    def settings_json(self, rules: RulesT) -> dict[str, Any]:
        """Every setting with its value, defaults filled in; feeding it back gives equal rules."""
        ...

    def seats(self, rules: RulesT) -> tuple[str, ...]:
        """The seats ``S1..Sn`` in the order of play."""
        ...

    def teams(self, rules: RulesT) -> dict[str, list[str]] | None:
        """Team name to seats, or None for a game where everyone plays for himself."""
        ...

    @property
    def plays_in_teams(self) -> bool:
        """True when sides are teams (standings by partnership and by player), False when each plays alone."""
        ...

    @property
    def state_keys(self) -> tuple[str, ...]:
        """The keys of ``state_json``, in its order."""
        ...

    @property
    def result_keys(self) -> tuple[str, ...]:
        """The keys every deal's result has (a game may add more to some deals, as Seep's plays do)."""
        ...

    @property
    def tiebreak_measures(self) -> tuple[Measure, ...]:
        """The standings' tie-break measures of this game, in order."""
        ...

    def entry_facts(self, rules: RulesT) -> dict[str, Any]:
        """The bounds a deal form keeps its inputs within, so a page computes none of them: ``card_points_total``
        (what the two sides' card points add up to), ``bid_range`` ([lowest, highest] bid in points)."""
        ...

    def offline_forecast(self, rules: RulesT, state: Mapping[str, Any], ahead: int) -> dict[str, Any]:
        """What a page may propose for deals it enters offline, before the deals it has queued are folded: only
        what the rules decide whatever those deals' results. ``dealer_after``: each seat's successor as dealer where
        the deal passes on regardless (else null); ``next_deals``: the state's ``next_deal`` after each of the next
        ``ahead`` queued deals (null past the last deal), where the game schedules its deals (else null)."""
        ...

    @property
    def play_progress_kind(self) -> PlayProgressKind | None:
        """What ``play_progress`` follows: ``plays`` (Seep's play by play), ``tricks`` (trick by trick), or None for
        a game whose deals have no play-by-play entry."""
        ...

    def play_progress(self, rules: RulesT, state: StateT, payload: Mapping[str, Any]) -> dict[str, Any]:
        """A deal part way through its plays or tricks (the deal as entered so far), checked as the referee checks
        it: what a page shows while the rest is entered (the floor and the moves that fit, each trick's winner and
        the running tally), so that it computes no game fact. Raises ``RuleViolation`` for the first play the
        referee refuses; never refuses a deal only for being unfinished."""
        ...

    def side_measures(
        self, state: Mapping[str, Any], sides: Sides, settings: Mapping[str, Any]
    ) -> dict[str, dict[str, int]]:
        """Each side's tie-break measures in a finished match, from its final state and pinned settings."""
        ...

    def side_places(self, state: Mapping[str, Any], sides: Sides) -> dict[str, int]:
        """Each side's place in a finished match: 1 is the best; sides sharing a place drew."""
        ...

    def side_scores(self, state: Mapping[str, Any], settings: Mapping[str, Any]) -> dict[str, float]:
        """What each side has scored in the match so far, finished or cut short (a club night's round score):
        Bid Euchre's points, 56's tables, Contract Rummy's penalty total. Read with ``side_scores_lower_wins``."""
        ...

    @property
    def side_scores_lower_wins(self) -> bool:
        """True where the lowest ``side_scores`` is the best (Contract Rummy's penalty points)."""
        ...

    def running_score(self, result: Mapping[str, Any]) -> dict[str, Any]:
        """What a score sheet writes down after this deal: column -> value (``{"A": 12, "B": 9}``)."""
        ...

    def deal_score(self, result: Mapping[str, Any]) -> Any:
        """What this deal scored, for the sheet's "this deal" column."""
        ...

    @property
    def column_writers(self) -> Mapping[str, Callable[[Any], Any]]:
        """Columns of a deal-per-row sheet (CSV, XLSX) this game writes in words of its own: the dotted column
        (``input.plays``) -> a function of the column's JSON value giving the cell."""
        ...

    def headline(self, state: Mapping[str, Any], settings: Mapping[str, Any]) -> Headline:
        """The board's headline figures: ``{label, scores, leading, lead, target, lower_wins, winners}``.

        ``scores`` by side, ``leading`` the sides ahead (none when level), ``lead`` by how much, ``target`` the
        figure that ends the match or baazi (or null), ``lower_wins`` true where the lowest score wins, ``winners``
        the sides that won (empty while the match goes on or when it is drawn).
        """
        ...

    def initial_state(self, rules: RulesT) -> StateT: ...

    def parse_deal(self, payload: Mapping[str, Any], rules: RulesT) -> DealT:
        """Turn the submitted deal into the game's frozen deal object (shape and card checks only).

        Field paths in violations are relative to the deal: ``bid.value``, ``auction[1]``.
        """
        ...

    def deal_json(self, deal: DealT) -> dict[str, Any]:
        """The deal normalized: canonical cards, defaults filled. Parsing it again gives an equal deal."""
        ...

    def play_deal(self, state: StateT, deal: DealT, rules: RulesT) -> DealOutcome:
        """Check the deal against the state and fold it in; raises ``RuleViolation`` if it is illegal."""
        ...

    def state_json(self, state: StateT) -> dict[str, Any]:
        """The state as JSON; always has ``next_dealer`` and ``match_over``."""
        ...

    def state_from_json(self, data: Mapping[str, Any], rules: RulesT) -> StateT: ...


# Any game's engine, as the registry hands it out: the Django side treats the games alike.
AnyEngine = GameEngine[Any, Any, Any]


class EngineBase(ABC, Generic[RulesT, StateT, DealT]):
    """The core members every engine declares, and defaults for the facts derived from them.

    An engine states its package's functions as members (``initial_state = staticmethod(state.initial_state)``):
    the class is a list of facts, not a layer that forwards each call by hand.
    """

    key: str
    rules_file: str
    # How the game reads a match's rules from the settings sent (the declaration's checks, then the game's own:
    # player counts, combinations); ``rules_from_settings`` calls it. A game may define ``rules_from_settings``
    # itself instead.
    rules_reader: Callable[[Mapping[str, Any], int], RulesT]
    # Player counts a house rule opens beyond ``player_counts`` (Contract Rummy's two players, R-A13), each with
    # the settings that open it: a new-match form offers the count only while they are chosen.
    player_counts_under_settings: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    turn_direction: TurnDirection  # each engine states its own (no default: a new game must say which way it goes)

    @property
    @abstractmethod
    def settings_spec(self) -> SettingsSpec:
        """The house rules, each declared once (an engine states ``settings_spec = SETTINGS``)."""

    @abstractmethod
    def teams(self, rules: RulesT) -> dict[str, list[str]] | None: ...

    @abstractmethod
    def initial_state(self, rules: RulesT) -> StateT: ...

    @abstractmethod
    def parse_deal(self, payload: Mapping[str, Any], rules: RulesT) -> DealT: ...

    @abstractmethod
    def deal_json(self, deal: DealT) -> dict[str, Any]: ...

    @abstractmethod
    def apply_deal(self, state: StateT, deal: DealT, rules: RulesT) -> DealOutcome:
        """The game's own checks and fold of one deal (``play_deal`` is the one path every deal takes to it)."""

    def play_deal(self, state: StateT, deal: DealT, rules: RulesT) -> DealOutcome:
        """Every deal of every game, recorded, previewed, corrected, replayed or imported, is played here: a drawn
        first dealer binds the first deal before the game's checks (``games.rules.first_dealer``), then the game
        checks and folds it, and the state after it no longer names a drawn first dealer."""
        check_first_dealer(state, deal)
        outcome = self.apply_deal(state, deal, rules)
        return DealOutcome(without_first_dealer(outcome.state), outcome.result)

    @abstractmethod
    def state_json(self, state: StateT) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any], rules: RulesT) -> StateT: ...

    # --- derived from the declarations ------------------------------------------------------------------------

    def rules_from_settings(self, settings: Mapping[str, Any], player_count: int) -> RulesT:
        return self.rules_reader(settings, player_count)

    def settings_json(self, rules: RulesT) -> dict[str, Any]:
        """Every echoed setting of the declaration, read off the rules object (an attribute of the same name)."""
        return self.settings_spec.settings_json(rules)

    def settings_schema(self) -> dict[str, Any]:
        return self.settings_spec.schema()

    # --- defaults, for a game that does not declare its own -------------------------------------------------

    @property
    def display_name(self) -> str:
        return self.key.replace("_", " ").title()

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The counts whose default house rules the engine accepts."""
        return tuple(count for count in PROBED_PLAYER_COUNTS if self._seats_players(count))

    @property
    def default_player_count(self) -> int:
        counts = self.player_counts
        return 4 if 4 in counts else counts[0]

    def seats(self, rules: RulesT) -> tuple[str, ...]:
        teams = self.teams(rules)
        if teams is None:
            return tuple(getattr(rules, "seats"))  # noqa: B009 - a game without teams keeps its seats on the rules
        return seat_names(sum(len(members) for members in teams.values()))

    @property
    def plays_in_teams(self) -> bool:
        return self.teams(self.rules_from_settings({}, self.default_player_count)) is not None

    @property
    def state_keys(self) -> tuple[str, ...]:
        return tuple(self.state_json(self.initial_state(self.rules_from_settings({}, self.default_player_count))))

    @property
    def result_keys(self) -> tuple[str, ...]:
        return ()

    @property
    def tiebreak_measures(self) -> tuple[Measure, ...]:
        return ()

    def entry_facts(self, rules: RulesT) -> dict[str, Any]:
        return {}

    def offline_forecast(self, rules: RulesT, state: Mapping[str, Any], ahead: int) -> dict[str, Any]:
        """Without a declaration of its own, nothing: the page asks for the dealer of every deal it queues."""
        return {"dealer_after": None, "next_deals": None}

    play_progress_kind: PlayProgressKind | None = None

    def play_progress(self, rules: RulesT, state: StateT, payload: Mapping[str, Any]) -> dict[str, Any]:
        """Without a declaration of its own a game has no play-by-play entry (``play_progress_kind`` is None)."""
        raise NotImplementedError(self.key)

    def side_measures(
        self, state: Mapping[str, Any], sides: Sides, settings: Mapping[str, Any]
    ) -> dict[str, dict[str, int]]:
        return {side: {} for side in sides}

    def side_places(self, state: Mapping[str, Any], sides: Sides) -> dict[str, int]:
        return winner_places(state, sides)

    def side_scores(self, state: Mapping[str, Any], settings: Mapping[str, Any]) -> dict[str, float]:
        """Without a declaration of its own, the scores of the board's headline."""
        scores: dict[str, float] = dict(self.headline(state, settings)["scores"])
        return scores

    side_scores_lower_wins: bool = False

    def running_score(self, result: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    def deal_score(self, result: Mapping[str, Any]) -> Any:
        return None

    @property
    def column_writers(self) -> Mapping[str, Callable[[Any], Any]]:
        return {}

    def headline(self, state: Mapping[str, Any], settings: Mapping[str, Any]) -> Headline:
        return headline_figures("", {}, winners=_winners(state))

    def _seats_players(self, count: int) -> bool:
        try:
            self.rules_from_settings({}, count)
        except RuleViolation:
            return False
        return True


def _winners(state: Mapping[str, Any]) -> list[str]:
    """The winning sides a state names: ``match_winner`` (one side) or ``winners`` (a list)."""
    winner = state.get("match_winner")
    if winner is not None:
        return [winner]
    return list(state.get("winners") or [])


def headline_figures(
    label: str,
    scores: Mapping[str, int],
    *,
    winners: list[str],
    target: int | None = None,
    lower_wins: bool = False,
    in_danger: list[str] | None = None,
) -> Headline:
    """The board's headline from the sides' scores: who leads (the best score, unless every side has it) and by
    how much over the next best; ``ahead`` the same sides by score (a game whose lead is another figure, Seep's
    running lead, keeps them), ``order`` the sides best first (ties in their order), ``to_target`` what each side
    still needs to reach a target that higher scores race to (else null), ``in_danger`` the sides the game marks."""
    ordered = sorted(scores.values(), reverse=not lower_wins)
    best = ordered[0] if ordered else 0
    leading = [side for side, score in scores.items() if score == best] if len(set(ordered)) > 1 else []
    runner_up = next((score for score in ordered if score != best), best)
    return {
        "label": label,
        "scores": dict(scores),
        "leading": leading,
        "lead": abs(best - runner_up),
        "target": target,
        "lower_wins": lower_wins,
        "winners": winners,
        "ahead": list(leading),
        "order": sorted(scores, key=lambda side: scores[side] if lower_wins else -scores[side]),
        "to_target": None
        if target is None or lower_wins
        else {side: max(0, target - score) for side, score in scores.items()},
        "in_danger": list(in_danger or []),
    }
