"""The ``GameEngine`` for Seep: a thin class over the pure functions of this package."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.rules.engine import EngineBase, GameEngine, Measure, PlayProgressKind, TurnDirection, headline_figures
from games.rules.messages import msg, msg_template
from games.rules.seep import deal, moves, plays, referee, scoring, settings, state
from games.rules.seep.deal import HAND_SIZE, SeepDeal
from games.rules.seep.floor import HOUSE_VALUES
from games.rules.seep.plays import FLOOR_SIZE, PLAY_COUNT
from games.rules.seep.settings import SeepRules
from games.rules.seep.shapes import stored_result, stored_state
from games.rules.seep.state import SeepState
from games.rules.seep.tables import (
    BID_VALUES,
    CAPTURE_VALUE,
    CARD_POINTS_TOTAL,
    PLAYER_COUNT,
    SEATS,
    TEAM_SIGN,
    teams,
)
from games.rules.shapes import Headline, SignedPoints
from games.rules.sides import Sides, other_side


class SeepEngine(EngineBase[SeepRules, SeepState, SeepDeal]):
    """The ``GameEngine`` for ``seep``."""

    key = "seep"
    rules_file = "seep.md"
    turn_direction: TurnDirection = "counter_clockwise"  # seep.md: deal and play go counter-clockwise (to the right)
    display_name = "Seep"
    player_counts: tuple[int, ...] = (PLAYER_COUNT,)
    default_player_count = PLAYER_COUNT

    result_keys: tuple[str, ...] = (
        "throw_ins",
        "card_points",
        "team_scores",
        "deal_margin",
        "running_lead",
        "baazi",
        "baazis_won",
        "next_dealer",
        "match_over",
        "match_winner",
    )
    tiebreak_measures: tuple[Measure, ...] = (("baazi_difference", 1), ("running_lead", 1))

    settings_spec = settings.SETTINGS
    rules_reader = staticmethod(settings.rules_from_settings)
    initial_state = staticmethod(state.initial_state)
    parse_deal = staticmethod(plays.parse_deal)
    apply_deal = staticmethod(scoring.apply_deal)
    state_json = staticmethod(state.state_json)
    state_from_json = staticmethod(state.state_from_json)

    def side_measures(
        self, state_in: Mapping[str, Any], sides: Sides, settings_in: Mapping[str, Any]
    ) -> dict[str, dict[str, int]]:
        stored = stored_state(state_in)
        lead, baazis = _signed_lead(stored["running_lead"]), stored["baazis_won"]
        return {
            team: {
                "baazi_difference": baazis[team] - baazis[other_side(team, sides)],
                "running_lead": lead * TEAM_SIGN[team],
            }
            for team in sides
        }

    side_scores_lower_wins = False

    def side_scores(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> dict[str, float]:
        """Each baazi won is worth the lead that wins one (``baazi_lead``); the team ahead in the baazi under way
        adds its running lead."""
        baazi_lead = int(settings_in.get("baazi_lead", settings.SETTINGS["baazi_lead"].default))
        stored = stored_state(state_in)
        lead = _signed_lead(stored["running_lead"])
        return {team: won * baazi_lead + max(0, lead * TEAM_SIGN[team]) for team, won in stored["baazis_won"].items()}

    def running_score(self, result: Mapping[str, Any]) -> dict[str, Any]:
        """The running lead, then the baazis each team has won."""
        # Messages, so a sheet in another language says its own words for "Lead" and "level".
        stored = stored_result(result)
        return {msg("Lead"): _lead_text(stored["running_lead"]), **stored["baazis_won"]}

    def deal_score(self, result: Mapping[str, Any]) -> Any:
        return stored_result(result)["team_scores"]

    @property
    def column_writers(self) -> Mapping[str, Callable[[Any], Any]]:
        return {"input.plays": plays_text}

    def headline(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> Headline:
        """Baazis won by team; the lead is the running lead, and the target the lead that wins a baazi."""
        stored = stored_state(state_in)
        winner = stored["match_winner"]
        figures = headline_figures(
            "Baazis won",
            stored["baazis_won"],
            winners=[winner] if winner else [],
            target=settings_in.get("baazi_lead"),
        )
        lead = stored["running_lead"]
        figures["leading"], figures["lead"] = [lead["team"]] if lead["team"] else [], lead["points"]
        figures["to_target"] = None  # the target is a lead, not a count of baazis
        return figures

    def entry_facts(self, rules: SeepRules) -> dict[str, Any]:
        """The totals, and what a play-by-play entry (§S.7a) lays out: the capture value of each rank, the bid and
        house values, the sizes of the floor and the bidder's first cards, the number of plays in a deal."""
        return {
            "card_points_total": CARD_POINTS_TOTAL,
            "capture_values": dict(CAPTURE_VALUE),
            "bid_values": list(BID_VALUES),
            "house_values": list(HOUSE_VALUES),
            "floor_size": FLOOR_SIZE,
            "bidder_hand_size": HAND_SIZE,
            "plays_per_deal": PLAY_COUNT,
        }

    def seats(self, rules: SeepRules) -> tuple[str, ...]:
        return SEATS

    def teams(self, rules: SeepRules) -> dict[str, list[str]]:
        return teams()

    def deal_json(self, report: SeepDeal) -> dict[str, Any]:
        """The deal normalized; a deal with plays also shows each play's seat and the takes and house inferred."""
        return deal.deal_json(referee.resolved(report))

    play_progress_kind: PlayProgressKind | None = "plays"

    def play_progress(self, rules: SeepRules, state_in: SeepState, payload: Mapping[str, Any]) -> dict[str, Any]:
        """A deal entered play by play so far: the floor, whose play, the sweeps and the moves that fit each card."""
        return moves.play_progress(moves.parse_partial(payload, rules), rules)


# Typed as the Protocol so that mypy proves the engine satisfies it.
ENGINE: GameEngine[SeepRules, SeepState, SeepDeal] = SeepEngine()


def _signed_lead(lead: SignedPoints) -> int:
    """A stored running lead ``{team, points}`` as a number: positive when team A leads."""
    return 0 if lead["team"] is None else TEAM_SIGN[lead["team"]] * lead["points"]


def _lead_text(lead: SignedPoints) -> str:
    """``A +24``, or ``level``."""
    return f"{lead['team']} +{lead['points']}" if lead.get("team") else msg("level")


# What a play did, in words for a spreadsheet cell (seep.md §S.7a): one whole phrase per action (and per whether it
# names a house), so each language says the verb its own way; seats, cards and values are the data inside it.
PLAY_TEMPLATES: dict[tuple[str, bool], str] = {
    ("throw", False): msg_template("{seat}: {card} thrown"),
    ("capture", False): msg_template("{seat}: {card} takes the house"),
    ("capture", True): msg_template("{seat}: {card} takes {cards}"),
    ("build", True): msg_template("{seat}: {card} builds {house} with {cards}"),
    ("build", False): msg_template("{seat}: {card} builds with {cards}"),
    ("cement", True): msg_template("{seat}: {card} cements {house} with {cards}"),
    ("cement", False): msg_template("{seat}: {card} cements with {cards}"),
    ("raise", True): msg_template("{seat}: {card} raises {house}"),
    ("raise", False): msg_template("{seat}: {card} raises"),
}


def plays_text(plays: Any) -> Any:
    """A deal's plays as one cell: ``S2: 3D builds 11 with AH 7S; S3: QH thrown; S1: QS takes the house``
    (anything but a list of plays as it is); a message, so a sheet in another language says its own words."""
    if not isinstance(plays, list):
        return plays
    head: Any = ""
    for play in plays:
        if isinstance(play, Mapping):
            text = _play_text(play)
            head = msg("{head}; {item}", head=head, item=text) if head else text
    return head


def _play_text(play: Mapping[str, Any]) -> str:
    action = play.get("action", "")
    named = bool(play.get("takes")) if action == "capture" else play.get("house") is not None
    template = PLAY_TEMPLATES.get((action, named))
    if template is None:  # not a play the parser accepts: its fields as they are
        return f"{play.get('seat')}: {play.get('card')} {action}"
    cards = " ".join(play.get("takes") or play.get("with") or [])
    return msg(template, seat=play.get("seat"), card=play.get("card"), house=play.get("house"), cards=cards)
