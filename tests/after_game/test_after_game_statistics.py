"""Statistics of a hand-written set of finished games, against figures computed by hand."""

from __future__ import annotations

import pytest
from plays_fixture import FIRST, PLAYS, THIRD, TIE

from scorer.statistics import game_statistics


def test_games_are_counted_apart_and_lines_keep_scorepad_order():
    statistics = game_statistics(PLAYS)
    assert set(statistics) == {"sunflower_valley", "girasoles"}
    sunflower = statistics["sunflower_valley"]
    assert sunflower.plays == 3
    assert sunflower.labels == ("Towns", "Farmers", "Long Way")
    assert statistics["girasoles"].plays == 1


def test_a_player_written_in_three_cases_is_one_player_shown_as_last_written():
    sunflower = game_statistics(PLAYS)["sunflower_valley"]
    # ANN: 2 wins (one shared); Cid: 1 of 1; Bob: 1 (shared) of 2.
    assert [player.name for player in sunflower.players] == ["ANN", "Cid", "Bob"]
    ann = sunflower.players[0]
    assert (ann.played, ann.wins, ann.best_total) == (3, 2, 15)
    assert ann.win_rate == pytest.approx(2 / 3)
    assert ann.average_total == pytest.approx((15 + 12 + 9) / 3)  # 12.0
    assert [point for _, point in ann.totals] == [15, 12, 9]
    assert [when for when, _ in ann.totals] == [FIRST.played, TIE.played, THIRD.played]


def test_a_shared_win_counts_for_each_tied_winner():
    bob = game_statistics(PLAYS)["sunflower_valley"].players[2]
    assert (bob.played, bob.wins, bob.win_rate) == (2, 1, 0.5)
    assert (bob.average_total, bob.best_total) == (11.0, 12)


def test_line_averages_are_over_the_games_that_had_the_line():
    players = game_statistics(PLAYS)["sunflower_valley"].players
    ann, cid, bob = players
    assert ann.line("Towns").average == pytest.approx(6.0)  # (10 + 6 + 2) / 3
    assert ann.line("Farmers").average == pytest.approx(14 / 3)  # (5 + 6 + 3) / 3
    assert (ann.line("Long Way").average, ann.line("Long Way").plays) == (4.0, 1)
    assert (bob.line("Towns").average, bob.line("Farmers").average) == (6.0, 5.0)
    assert bob.line("Long Way") is None
    assert [line.label for line in cid.lines] == ["Towns", "Farmers", "Long Way"]
    assert [line.average for line in cid.lines] == [7.0, 1.0, 3.0]


def test_no_games_no_statistics():
    assert game_statistics([]) == {}
