"""Ratings and standings are folded on from the last read (issue 19): after any sequence of matches finishing,
old matches corrected and deals voided, they are exactly what a computation from scratch gives, and the first read
after a match finishes folds that match only."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest

from games import folds, ratings, standings
from games.models import League, Match, Player
from games.services.clubs import league_save
from games.services.deals import deal_correct, deal_record, deal_void
from games.services.matches import match_start
from tests.deals import seep_deal, seep_win
from tests.factories import ClubFactory, MembershipFactory
from tests.services.test_standings import LEAGUE_RULES

pytestmark = pytest.mark.django_db


class Club:
    """A seep league of six players and the changes a season makes to it."""

    def __init__(self, rng: random.Random) -> None:
        club = ClubFactory()
        self.rng = rng
        self.desk = MembershipFactory(club=club, role="admin").user
        self.league = league_save(actor=self.desk, league=League(), changes={
            "club": club, "name": "Winter", "game": "seep", "settings": LEAGUE_RULES["seep"]})
        self.players = [Player.objects.create(name=f"P{n}", club=club) for n in range(6)]

    def finish_a_match(self) -> None:
        seated = self.rng.sample(self.players, 4)
        match = match_start(actor=self.desk, game="seep", players=[p.pk for p in seated], league=self.league)
        deal_record(match_id=match.pk, actor=self.desk, payload=seep_win(self.rng.choice("AB")))

    def start_a_match(self) -> None:
        match = match_start(actor=self.desk, game="seep", players=[p.pk for p in self.rng.sample(self.players, 4)],
                            league=self.league)
        deal_record(match_id=match.pk, actor=self.desk, payload=seep_deal())

    def _old_match(self) -> Match | None:
        finished = list(self.league.matches.filter(status=Match.Status.FINISHED).order_by("pk"))
        return self.rng.choice(finished) if finished else None

    def correct_an_old_match(self) -> None:
        match = self._old_match()
        if match is not None:  # the other side wins its one deal
            winner = "B" if match.state["match_winner"] == "A" else "A"
            deal_correct(match_id=match.pk, number=1, actor=self.desk, payload=seep_win(winner), reason="other way",
                         expected_version=match.version)

    def void_an_old_match(self) -> None:
        match = self._old_match()
        if match is not None:
            deal_void(match_id=match.pk, number=1, actor=self.desk, reason="never played")


def from_scratch(league: League, kind: str) -> tuple[dict[int, Any], list[dict[str, Any]]]:
    fresh_ratings = ratings._compute("seep", Match.objects.filter(league_id=league.pk), history=False)
    tallies = folds.folded_from_scratch(league.matches.all(), dict, standings._tallier("seep", kind))
    return fresh_ratings, standings._ranked_rows(league, tallies.values())


def assert_as_from_scratch(league: League) -> None:
    for kind in ("partnership", "player"):
        fresh_ratings, fresh_rows = from_scratch(league, kind)
        assert ratings.league_ratings(league) == fresh_ratings  # every mu, sigma, count and step, unrounded
        assert standings.league_standings(league, kind)["rows"] == fresh_rows
    assert ratings.game_ratings("seep") == ratings._compute("seep")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_any_season_the_kept_ratings_and_standings_are_a_fresh_computations(seed: int) -> None:
    club = Club(random.Random(seed))
    changes = [club.finish_a_match] * 4 + [club.start_a_match, club.correct_an_old_match, club.void_an_old_match]
    for _ in range(14):
        club.rng.choice(changes)()
        assert_as_from_scratch(club.league)


def test_the_first_read_after_a_match_finishes_folds_that_match_only() -> None:
    club = Club(random.Random(7))
    for _ in range(5):
        club.finish_a_match()
    assert_as_from_scratch(club.league)
    club.finish_a_match()
    folded_matches: list[int] = []
    real_fold = folds._fold_matches

    def counting(state: Any, matches: Any, fold: Any) -> bool:
        folded_matches.append(matches.filter(status=Match.Status.FINISHED).count())
        return real_fold(state, matches, fold)

    with mock.patch.object(folds, "_from_scratch", side_effect=AssertionError("folded from scratch")), \
            mock.patch.object(folds, "_fold_matches", counting):
        ratings.league_ratings(club.league)
        standings.league_standings(club.league)
        ratings.game_ratings("seep")
    assert folded_matches == [1, 1, 1]  # the league's ratings, its standings, the game's ratings: one match each
    assert_as_from_scratch(club.league)


def test_a_correction_of_an_old_match_folds_the_pool_again() -> None:
    club = Club(random.Random(8))
    for _ in range(4):
        club.finish_a_match()
    assert_as_from_scratch(club.league)
    club.correct_an_old_match()
    with mock.patch.object(folds, "_from_scratch", wraps=folds._from_scratch) as again:
        ratings.league_ratings(club.league)
    assert again.call_count == 1
    assert_as_from_scratch(club.league)


def test_a_merge_folds_the_pool_again_and_unmerging_restores_it() -> None:
    club = Club(random.Random(9))
    for _ in range(4):
        club.finish_a_match()
    before = ratings.league_ratings(club.league)
    guest = Player.objects.create(name="Guest", club=club.league.club)
    match = match_start(actor=club.desk, game="seep", players=[guest.pk, *[p.pk for p in club.players[:3]]],
                        league=club.league)
    deal_record(match_id=match.pk, actor=club.desk, payload=seep_win("A"))
    Player.objects.filter(pk=guest.pk).update(merged_into=club.players[5])
    assert_as_from_scratch(club.league)
    Player.objects.filter(pk=guest.pk).update(merged_into=None)
    assert_as_from_scratch(club.league)
    assert before != ratings.league_ratings(club.league)  # the guest's match counts


def test_a_finished_match_changed_long_before_the_last_read_still_counts() -> None:
    """As an import writes them (its timestamps are the file's) or a transaction committing very late."""
    club = Club(random.Random(10))
    for _ in range(3):
        club.finish_a_match()
    assert_as_from_scratch(club.league)
    club.finish_a_match()
    newest = club.league.matches.latest("pk")
    Match.objects.filter(pk=newest.pk).update(updated_at=newest.updated_at - timedelta(days=30))
    assert_as_from_scratch(club.league)
    assert ratings.game_ratings("seep")[newest.seats.first().player_id].steps[-1][0] == newest.pk
