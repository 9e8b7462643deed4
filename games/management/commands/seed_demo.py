"""A demo club with a league per game and a few weeks of realistic matches, so a newcomer sees standings at once.

Deals are made up by a seeded random generator and recorded through the same services as the API, so every
score, dealer and winner is the engines' own. Running it again adds nothing once the demo club exists.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from games.models import Club, League, Match, Player
from games.rules.errors import RuleViolation
from games.rules.twenty_eight.demo import DEMO_SETTINGS as TWENTY_EIGHT_SETTINGS
from games.rules.twenty_eight.demo import demo_deal as twenty_eight_deal
from games.services.clubs import club_create, league_save
from games.services.deals import deal_record
from games.services.matches import match_start

CLUB_NAME = "Demo Card Club"
NAMES = ["Asha", "Bala", "Ravi", "Meena", "Kiran", "Divya", "Arjun", "Leela"]
SEATS = ("S1", "S2", "S3", "S4")
LEAGUES: dict[str, dict[str, Any]] = {
    "seep": {"match_end": {"type": "first_to_baazis", "count": 2}},
    "fifty_six": {"starting_tables": 4},
    "bid_euchre": {},
    "contract_rummy": {},
    "twenty_eight": TWENTY_EIGHT_SETTINGS,
}
MAX_DEALS = 200


def after(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def seep_deal(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    dealer = state["next_dealer"] or "S1"
    sweeps_a = rng.choice([0, 0, 0, 1])
    return {
        "dealer": dealer,
        "bid": {"bidder": after(dealer), "value": rng.randint(9, 13)},
        "card_points": (split := {"A": rng.randint(15, 85)}) | {"B": 100 - split["A"]},
        "sweeps": {
            "A": {"regular": sweeps_a, "first_play": 0, "last_play": 0},
            "B": {"regular": 0, "first_play": 0, "last_play": 0},
        },
    }


def euchre_deal(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    dealer = state["next_dealer"] or "S1"
    bidder, bid = after(dealer), rng.randint(3, 4)
    auction = [{"seat": bidder, "call": "bid", "tricks": bid}]
    auction += [{"seat": after(dealer, step), "call": "pass"} for step in (2, 3, 4)]
    bidders = rng.choice([bid - 1, bid, bid, bid + 1, 6]) if bid < 6 else 6
    team = "A" if bidder in ("S1", "S3") else "B"
    other = "B" if team == "A" else "A"
    return {
        "dealer": dealer,
        "auction": auction,
        "trump": rng.choice(["hearts", "spades", "clubs", "diamonds"]),
        "tricks_won": {team: min(bidders, 6), other: 6 - min(bidders, 6)},
    }


def fifty_six_deal(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    active = state["active_seats"]
    dealer = state["next_dealer"] or active[0]
    order = [active[(active.index(dealer) + step) % len(active)] for step in range(1, len(active) + 1)]
    bid = rng.randint(28, 40)
    auction = [{"seat": order[0], "call": "bid", "points": bid, "trump": rng.choice(["hearts", "spades"])}]
    auction += [{"seat": seat, "call": "pass"} for seat in order[1:]]
    return {"dealer": dealer, "auction": auction, "bidding_team_card_points": max(0, min(56, bid + rng.randint(-8, 6)))}


def rummy_deal(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    seats = sorted(state["totals"])
    went_out = rng.choice(seats)
    return {
        "dealer": state["next_dealer"] or "S1",
        "went_out": went_out,
        "penalty_points": {seat: 0 if seat == went_out else rng.randint(3, 60) for seat in seats},
    }


DEAL_MAKERS: dict[str, Callable[[random.Random, dict[str, Any]], dict[str, Any]]] = {
    "seep": seep_deal,
    "fifty_six": fifty_six_deal,
    "bid_euchre": euchre_deal,
    "contract_rummy": rummy_deal,
    "twenty_eight": twenty_eight_deal,
}


class Command(BaseCommand):
    help = "Make a demo club with a league per game and a few weeks of matches."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--weeks", type=int, default=3)
        parser.add_argument("--seed", type=int, default=56)
        parser.add_argument(
            "--base-url",
            default="http://127.0.0.1:8000",
            help="Where the service answers, for the links printed (make demo passes HOST and PORT).",
        )

    def handle(self, *args: Any, weeks: int, seed: int, base_url: str, **options: Any) -> None:
        club = Club.objects.filter(name=CLUB_NAME).first()
        if club is not None:
            self.stdout.write(
                "The demo club exists already; nothing added. Sign in as demo with the password printed "
                "the first time, or set a new one: .venv/bin/python manage.py changepassword demo"
            )
        else:
            password = secrets.token_urlsafe(12)
            with transaction.atomic():
                official = get_user_model().objects.create_user("demo", password=password)
                club = self._seed(official, random.Random(seed), weeks)
            self.stdout.write(self.style.SUCCESS(f"Demo club ready. Sign in as demo / {password}"))
        self._print_leagues(club, base_url.rstrip("/"))

    def _print_leagues(self, club: Club, base_url: str) -> None:
        self.stdout.write(
            f"The demo data belongs to the demo account (admin of {club.name!r}, club {club.pk}); sign "
            f"in at {base_url}/table/login/ to open these, or send its token "
            f"(POST {base_url}/api/v1/auth/token/). The leagues' standings:"
        )
        for league in League.objects.filter(club=club).order_by("pk"):
            self.stdout.write(f"  league {league.pk} ({league.name}): {base_url}/api/v1/leagues/{league.pk}/standings/")

    def _seed(self, official: Any, rng: random.Random, weeks: int) -> Club:
        club = club_create(actor=official, name=CLUB_NAME)
        players = [Player.objects.create(name=name, club=club, created_by=official) for name in NAMES]
        for game, settings in LEAGUES.items():
            league = league_save(
                actor=official,
                league=League(),
                changes={
                    "club": club,
                    "name": f"{game.replace('_', ' ').title()} season",
                    "game": game,
                    "settings": settings,
                },
            )
            for _ in range(weeks * 2):
                table = rng.sample(players, 4)
                self._play(official, league, table, rng)
        return club

    def _play(self, official: Any, league: League, table: list[Player], rng: random.Random) -> None:
        match = match_start(actor=official, game=league.game, players=[p.pk for p in table], league=league)
        for _ in range(MAX_DEALS):
            state = Match.objects.values_list("state", flat=True).get(pk=match.pk)
            if state["match_over"]:
                return
            try:
                deal_record(match_id=match.pk, actor=official, payload=DEAL_MAKERS[league.game](rng, state))
            except RuleViolation:
                continue  # an unlucky made-up deal; make another
