"""League standings and ratings from hand-computed seasons; corrections, voids and merges move them exactly."""

from __future__ import annotations

from typing import Any

import pytest

from games.errors import InvalidInput
from games.models import League, Match, Player
from games.selectors.tallies import ratings, standings
from games.services.clubs import club_create, league_save
from games.services.deals import deal_correct, deal_void
from games.services.players import player_merge, player_unmerge
from tests.deals import euchre_partners_best, fifty_six_made, rummy_deal, seep_win
from tests.factories import UserFactory
from tests.support.standings import LEAGUE_RULES, fresh, play, roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk() -> Any:
    return UserFactory.create()


def make_league(desk: Any, game: str, **scoring: Any) -> League:
    club = club_create(actor=desk, name=f"{game} club")
    return league_save(
        actor=desk,
        league=League(),
        changes={"club": club, "name": "Winter", "game": game, "settings": LEAGUE_RULES[game], **scoring},
    )


def table(body: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Rows as (rank, name, played, won, drawn, lost, points, tiebreak)."""
    return [
        (
            row["rank"],
            row["entrant"]["name"],
            row["played"],
            row["won"],
            row["drawn"],
            row["lost"],
            row["points"],
            row["tiebreak"],
        )
        for row in body["rows"]
    ]


def seep_season(desk: Any) -> tuple[League, list[Player], list[Match]]:
    league = make_league(desk, "seep")
    p = roster(desk, 6)
    matches = [
        play(desk, league, [p[0], p[1], p[2], p[3]], seep_win("A")),
        play(desk, league, [p[0], p[1], p[2], p[3]], seep_win("B")),
        play(desk, league, [p[0], p[4], p[2], p[5]], seep_win("A")),
    ]
    return league, p, matches


def test_seep_standings_by_partnership_count_wins_points_and_baazi_difference(desk: Any) -> None:
    league, _, _ = seep_season(desk)
    body = standings.league_standings(league)
    assert body["by"] == "partnership" and body["game"] == "seep"
    assert table(body) == [
        (1, "P1 & P3", 3, 2, 0, 1, 6, {"baazi_difference": 1, "running_lead": 0}),
        (2, "P2 & P4", 2, 1, 0, 1, 3, {"baazi_difference": 0, "running_lead": 0}),
        (3, "P5 & P6", 1, 0, 0, 1, 0, {"baazi_difference": -1, "running_lead": 0}),
    ]


def test_seep_standings_by_player_split_each_partnership(desk: Any) -> None:
    league, _, _ = seep_season(desk)
    rows = table(standings.league_standings(league, "player"))
    assert [row[:7] for row in rows] == [
        (1, "P1", 3, 2, 0, 1, 6),
        (1, "P3", 3, 2, 0, 1, 6),
        (3, "P2", 2, 1, 0, 1, 3),
        (3, "P4", 2, 1, 0, 1, 3),
        (5, "P5", 1, 0, 0, 1, 0),
        (5, "P6", 1, 0, 0, 1, 0),
    ]


def test_unfinished_matches_do_not_count(desk: Any) -> None:
    league, p, _ = seep_season(desk)
    play(desk, league, [p[0], p[1], p[2], p[3]])
    assert [row[2] for row in table(standings.league_standings(league))] == [3, 2, 1]


def test_the_tiebreak_order_is_the_leagues_own(desk: Any) -> None:
    league = make_league(desk, "contract_rummy", tiebreaks=["won"])
    p = roster(desk, 4)
    play(desk, league, p[:3], rummy_deal({"S1": 20, "S2": 0, "S3": 35}))
    play(desk, league, [p[0], p[3], p[2]], rummy_deal({"S1": 0, "S2": 15, "S3": 40}))
    # Both P1 and P2 won once: with "won" as the only tie-break they share first place.
    assert [row[:2] for row in table(standings.league_standings(league))][:2] == [(1, "P1"), (1, "P2")]


def test_league_points_for_a_win_draw_and_loss_are_the_leagues_own(desk: Any) -> None:
    league = make_league(desk, "seep", points_for_win=2, points_for_draw=1, points_for_loss=1)
    p = roster(desk, 4)
    play(desk, league, p, seep_win("A"))
    assert [row[6] for row in table(standings.league_standings(league))] == [2, 1]


def test_bid_euchre_ties_on_points_are_broken_by_point_difference(desk: Any) -> None:
    league = make_league(desk, "bid_euchre")
    p = roster(desk, 6)
    play(desk, league, [p[0], p[1], p[2], p[3]], euchre_partners_best("A"))
    play(desk, league, [p[4], p[1], p[5], p[3]], euchre_partners_best("B"))
    assert table(standings.league_standings(league)) == [
        (1, "P1 & P3", 1, 1, 0, 0, 3, {"points_difference": 12}),
        (2, "P2 & P4", 2, 1, 0, 1, 3, {"points_difference": 0}),
        (3, "P5 & P6", 1, 0, 0, 1, 0, {"points_difference": -12}),
    ]


def test_fifty_six_standings_use_net_tables(desk: Any) -> None:
    league = make_league(desk, "fifty_six")
    p = roster(desk, 4)
    play(desk, league, p, fifty_six_made())
    assert table(standings.league_standings(league)) == [
        (1, "P2 & P4", 1, 1, 0, 0, 3, {"net_tables": 1}),
        (2, "P1 & P3", 1, 0, 0, 1, 0, {"net_tables": -1}),
    ]


def test_contract_rummy_is_by_player_and_fewer_penalty_points_break_a_tie(desk: Any) -> None:
    league = make_league(desk, "contract_rummy")
    p = roster(desk, 4)
    play(desk, league, p[:3], rummy_deal({"S1": 20, "S2": 0, "S3": 35}))
    play(desk, league, [p[0], p[3], p[2]], rummy_deal({"S1": 0, "S2": 15, "S3": 40}))
    body = standings.league_standings(league)
    assert body["by"] == "player"
    assert table(body) == [
        (1, "P2", 1, 1, 0, 0, 3, {"penalty_points": 0}),
        (2, "P1", 2, 1, 0, 1, 3, {"penalty_points": 20}),
        (3, "P4", 1, 0, 0, 1, 0, {"penalty_points": 15}),
        (4, "P3", 2, 0, 0, 2, 0, {"penalty_points": 75}),
    ]


def test_a_correction_in_week_one_moves_standings_and_ratings_as_a_fresh_recomputation(desk: Any) -> None:
    league, _, matches = seep_season(desk)
    before_standings = standings.league_standings(league)
    before_ratings = ratings.game_ratings("seep")
    week_one = matches[0]
    deal_correct(
        match_id=week_one.pk,
        number=1,
        actor=desk,
        payload=seep_win("B"),
        reason="scores swapped",
        expected_version=week_one.version,
    )
    after = standings.league_standings(league)
    assert after != before_standings
    assert table(after) == [
        (1, "P2 & P4", 2, 2, 0, 0, 6, {"baazi_difference": 2, "running_lead": 0}),
        (2, "P1 & P3", 3, 1, 0, 2, 3, {"baazi_difference": -1, "running_lead": 0}),
        (3, "P5 & P6", 1, 0, 0, 1, 0, {"baazi_difference": -1, "running_lead": 0}),
    ]
    assert table(after) == table(fresh(league))
    after_ratings = {pid: r.summary() for pid, r in ratings.game_ratings("seep").items()}
    assert after_ratings != {pid: r.summary() for pid, r in before_ratings.items()}
    assert after_ratings == {pid: r.summary() for pid, r in ratings._compute("seep").items()}


def test_a_voided_deal_takes_its_match_out_of_the_standings(desk: Any) -> None:
    league, _, matches = seep_season(desk)
    deal_void(match_id=matches[2].pk, number=1, actor=desk, reason="wrong table")
    assert [row[1] for row in table(standings.league_standings(league))] == ["P1 & P3", "P2 & P4"]


def test_ratings_reward_the_winners_and_keep_a_history_per_match(desk: Any) -> None:
    _, p, matches = seep_season(desk)
    by_player = ratings.game_ratings("seep")
    assert by_player[p[0].pk].matches == 3 and len(by_player[p[0].pk].history) == 3
    assert [entry["match"] for entry in by_player[p[0].pk].history] == [m.pk for m in matches]
    assert by_player[p[0].pk].ordinal > by_player[p[4].pk].ordinal
    assert by_player[p[0].pk].summary() == by_player[p[2].pk].summary()  # partners move together


def test_merge_then_unmerge_restores_every_figure(desk: Any) -> None:
    league, p, _ = seep_season(desk)
    duplicate = Player.objects.create(name="P2 (guest)", created_by=desk)
    play(desk, league, [p[4], duplicate, p[5], p[3]], seep_win("B"))
    before_rows = table(standings.league_standings(league, "player"))
    before_ratings = ratings.player_ratings(p[1])
    player_merge(actor=desk, player=p[1], duplicate=duplicate)
    merged = {row[1]: row for row in table(standings.league_standings(league, "player"))}
    assert merged["P2"][2:7] == (3, 2, 0, 1, 6) and "P2 (guest)" not in merged
    assert ratings.player_ratings(duplicate)["player"] == p[1].pk
    assert ratings.player_ratings(p[1])["ratings"][0]["matches"] == 3
    player_unmerge(actor=desk, player=p[1], duplicate=duplicate)
    assert table(standings.league_standings(league, "player")) == before_rows
    assert ratings.player_ratings(p[1]) == before_ratings


def test_two_players_who_sat_at_one_table_cannot_be_merged(desk: Any) -> None:
    _, p, _ = seep_season(desk)
    with pytest.raises(InvalidInput) as refused:
        player_merge(actor=desk, player=p[0], duplicate=p[1])
    assert refused.value.field == "player" and "same table" in refused.value.detail
