"""Ratings and standings are folded on from the last read (issue 19): after any sequence of matches finishing,
old matches corrected and deals voided, they are exactly what a computation from scratch gives, and the first read
after a match finishes folds that match only."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.test import override_settings

from games.models import League, Match, Player
from games.selectors.tallies import folds, ratings, standings
from games.services.clubs import league_save
from games.services.deals import deal_correct, deal_record, deal_void
from games.services.matches import match_start
from tests.deals import seep_deal, seep_win
from tests.factories import ClubFactory, MembershipFactory
from tests.support.standings import LEAGUE_RULES

pytestmark = pytest.mark.django_db


class Club:
    """A seep league of six players and the changes a season makes to it."""

    def __init__(self, rng: random.Random) -> None:
        club = ClubFactory.create()
        self.rng = rng
        self.desk = MembershipFactory.create(club=club, role="admin").user
        self.league = league_save(
            actor=self.desk,
            league=League(),
            changes={"club": club, "name": "Winter", "game": "seep", "settings": LEAGUE_RULES["seep"]},
        )
        self.players = [Player.objects.create(name=f"P{n}", club=club) for n in range(6)]

    def finish_a_match(self) -> None:
        seated = self.rng.sample(self.players, 4)
        match = match_start(actor=self.desk, game="seep", players=[p.pk for p in seated], league=self.league)
        deal_record(match_id=match.pk, actor=self.desk, payload=seep_win(self.rng.choice("AB")))

    def start_a_match(self) -> None:
        match = match_start(
            actor=self.desk, game="seep", players=[p.pk for p in self.rng.sample(self.players, 4)], league=self.league
        )
        deal_record(match_id=match.pk, actor=self.desk, payload=seep_deal())

    def _old_match(self) -> Match | None:
        finished = list(self.league.matches.filter(status=Match.Status.FINISHED).order_by("pk"))
        return self.rng.choice(finished) if finished else None

    def correct_an_old_match(self) -> None:
        match = self._old_match()
        if match is not None:  # the other side wins its one deal
            winner = "B" if match.state["match_winner"] == "A" else "A"
            deal_correct(
                match_id=match.pk,
                number=1,
                actor=self.desk,
                payload=seep_win(winner),
                reason="other way",
                expected_version=match.version,
            )

    def void_an_old_match(self) -> None:
        match = self._old_match()
        if match is not None:
            deal_void(match_id=match.pk, number=1, actor=self.desk, reason="never played")


def from_scratch(league: League, kind: str) -> tuple[dict[int, Any], list[dict[str, Any]]]:
    fresh_ratings = ratings._compute("seep", Match.objects.filter(league_id=league.pk), history=False)
    tallies = folds.folded_from_scratch(league.matches.all(), standings._tally_fold("seep", kind))
    return fresh_ratings, standings._ranked_rows(league, tallies.values())


def assert_as_from_scratch(league: League) -> None:
    for kind in ("partnership", "player"):
        fresh_ratings, fresh_rows = from_scratch(league, kind)
        assert ratings.league_ratings(league) == fresh_ratings  # every mu, sigma, count and step, unrounded
        assert standings.league_standings(league, kind)["rows"] == fresh_rows
    assert ratings.game_ratings("seep") == ratings._compute("seep")


@pytest.mark.parametrize(("seed", "checkpoint_every"), [(1, 1), (2, 2), (3, 3), (4, 250)])
def test_after_any_season_the_kept_ratings_and_standings_are_a_fresh_computations(
    seed: int, checkpoint_every: int
) -> None:
    club = Club(random.Random(seed))
    changes = [club.finish_a_match] * 4 + [club.start_a_match, club.correct_an_old_match, club.void_an_old_match]
    with override_settings(STANDINGS_CHECKPOINT_EVERY=checkpoint_every):
        for _ in range(14):
            club.rng.choice(changes)()
            assert_as_from_scratch(club.league)


@contextmanager
def folding_counted() -> Iterator[list[int]]:
    """How many matches each fold that is carried on folds, and no fold from scratch."""
    counts: list[int] = []
    carry_on = folds._fold_after

    def counted(state: Any, pool: Any, fold: folds.Fold) -> None:
        folded_now: list[int] = []

        def step(payload: Any, match: folds.FoldedMatch) -> None:
            folded_now.append(match["pk"])
            fold.step(payload, match)

        carry_on(state, pool, dataclasses.replace(fold, step=step))
        counts.append(len(folded_now))

    with (
        mock.patch.object(folds, "_from_scratch", side_effect=AssertionError("folded from scratch")),
        mock.patch.object(folds, "_fold_after", counted),
    ):
        yield counts


def test_the_first_read_after_a_match_finishes_folds_that_match_only() -> None:
    club = Club(random.Random(7))
    for _ in range(5):
        club.finish_a_match()
    assert_as_from_scratch(club.league)
    club.finish_a_match()
    with folding_counted() as counts:
        ratings.league_ratings(club.league)
        standings.league_standings(club.league)
        ratings.game_ratings("seep")
    # The league's ratings, its standings' tally, the league's ratings again for the standings (nothing new), the
    # game's ratings.
    assert counts == [1, 1, 0, 1]
    assert_as_from_scratch(club.league)


@override_settings(STANDINGS_CHECKPOINT_EVERY=3)
def test_a_correction_of_an_old_match_folds_on_from_the_checkpoint_before_it() -> None:
    club = Club(random.Random(8))
    for _ in range(8):
        club.finish_a_match()
    assert_as_from_scratch(club.league)
    fifth = list(club.league.matches.order_by("finished_at", "pk"))[4]
    winner = "B" if fifth.state["match_winner"] == "A" else "A"
    deal_correct(
        match_id=fifth.pk,
        number=1,
        actor=club.desk,
        payload=seep_win(winner),
        reason="other way",
        expected_version=fifth.version,
    )
    with folding_counted() as counts:
        ratings.league_ratings(club.league)
    assert counts == [5]  # from the checkpoint after 3 matches: the 4th to the 8th again
    assert_as_from_scratch(club.league)


def test_a_merge_folds_the_pool_again_and_unmerging_restores_it() -> None:
    club = Club(random.Random(9))
    for _ in range(4):
        club.finish_a_match()
    before = ratings.league_ratings(club.league)
    guest = Player.objects.create(name="Guest", club=club.league.club)
    match = match_start(
        actor=club.desk, game="seep", players=[guest.pk, *[p.pk for p in club.players[:3]]], league=club.league
    )
    deal_record(match_id=match.pk, actor=club.desk, payload=seep_win("A"))
    Player.objects.filter(pk=guest.pk).update(merged_into=club.players[5])
    assert_as_from_scratch(club.league)
    Player.objects.filter(pk=guest.pk).update(merged_into=None)
    assert_as_from_scratch(club.league)
    assert before != ratings.league_ratings(club.league)  # the guest's match counts


def test_a_finished_match_changed_long_before_the_last_read_still_counts() -> None:
    """As an import into a club with history writes it: it finished before the last match folded, and its
    timestamps are the file's."""
    club = Club(random.Random(10))
    for _ in range(3):
        club.finish_a_match()
    assert_as_from_scratch(club.league)
    club.finish_a_match()
    newest = club.league.matches.latest("pk")
    long_ago = newest.updated_at - timedelta(days=30)
    Match.objects.filter(pk=newest.pk).update(updated_at=long_ago, finished_at=long_ago)
    assert_as_from_scratch(club.league)
    first_steps = [steps[0][0] for steps in (r.steps for r in ratings.game_ratings("seep").values()) if steps]
    assert newest.pk in first_steps  # folded first: it finished before every other
