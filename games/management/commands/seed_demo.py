"""A demo club with a league per game and a few weeks of realistic matches, so a newcomer sees standings at once.

Each registered game's folder says how its demo league plays (games/rules/<game>/demo.py). Deals are made up by a
seeded random generator and recorded through the same services as the API, so every score, dealer and winner is the
engines' own. Running it again adds nothing once the demo club exists.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from games.models import Club, League, Match, Player
from games.rules.errors import RuleViolation
from games.rules.registry import demo_of, game_keys
from games.services.clubs import club_create, league_save
from games.services.deals import deal_record
from games.services.matches import match_start

CLUB_NAME = "Demo Card Club"
NAMES = ["Asha", "Bala", "Ravi", "Meena", "Kiran", "Divya", "Arjun", "Leela"]
MAX_DEALS = 200


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
        for game in game_keys():  # each game's folder holds its demo (demo.py): house rules and made-up deals
            league = league_save(
                actor=official,
                league=League(),
                changes={
                    "club": club,
                    "name": f"{game.replace('_', ' ').title()} season",
                    "game": game,
                    "settings": demo_of(game).settings,
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
                deal_record(match_id=match.pk, actor=official, payload=demo_of(league.game).deal(rng, state))
            except RuleViolation:
                continue  # an unlucky made-up deal; make another
