"""Festivities: most cubes + 4, second-most + 2, others 1 per cube; ties of every shape (MV-6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maple_builders import player, scored
from scorer.maple_valley.festivities import festivity_points


def points(*cubes: int) -> list[int]:
    named = {f"P{index}": count for index, count in enumerate(cubes)}
    return [earned for earned, _ in festivity_points(named).values()]


@pytest.mark.parametrize(
    ("cubes", "expected"),
    [
        ((3, 3, 2), (7, 7, 4)),  # the rulebook's Square Dance: tied most, then second
        ((4, 2, 1), (8, 4, 1)),  # clear places, third scores its cubes
        ((2, 2), (6, 6)),  # two tied first, nobody second
        ((2, 2, 2, 1), (6, 6, 6, 3)),  # three tied first: the next count is still second
        ((5, 2, 2, 1), (9, 4, 4, 1)),  # tie for second
        ((3, 0, 1), (7, 0, 3)),  # no cubes: 0, and no place taken
        ((0, 0, 0), (0, 0, 0)),  # nobody placed a cube
        ((1, 0), (5, 0)),
        ((10, 9, 8, 7, 6), (14, 11, 8, 7, 6)),  # five players
    ],
)
def test_mv6_festivity_places(cubes, expected):
    """MV-6: the most share +4, the next distinct count +2, others their cubes, none 0."""
    assert tuple(points(*cubes)) == expected


def test_festivity_lines_name_the_place_and_the_tie():
    result = scored(
        player("Red", cubes={"Square Dance": 3}),
        player("Yellow", cubes={"Square Dance": 3}),
        player("Blue", cubes={"Square Dance": 2}),
        festivities=["Square Dance", "Picnic", "Bonfire"],
    )
    red, yellow, blue = (p.row_lines("festivity_1")[0] for p in result.players)
    assert (red.points, yellow.points, blue.points) == (7, 7, 4)
    assert red.label == "Square Dance"
    assert red.detail == ("3 cubes, most, tied with Yellow (cubes: Red 3, Yellow 3, Blue 2) "
                          "-> 3 + 4 = 7")
    assert blue.detail.endswith("second-most (cubes: Red 3, Yellow 3, Blue 2) -> 2 + 2 = 4")
    assert red.rulings == ("MV-6", "MV-7")
    square_dance = result.competitions[0]
    assert square_dance.winners == ("Red", "Yellow")
    assert square_dance.points_each == 7


def test_a_player_without_cubes_gets_a_zero_line():
    result = scored(player("Red", cubes={"Festivity 2": 1}), player("Blue"))
    blue = result.players[1]
    assert [line.points for line in blue.lines if line.category.startswith("festivity")] == [
        0, 0, 0]
    assert blue.row_lines("festivity_2")[0].detail == "no cubes (cubes: Red 1, Blue 0) -> 0"
    assert result.players[0].row_points("festivity_2") == 5


def test_mv7_only_the_players_cubes_count():
    """MV-7: blocking cubes of unused colours are not entered: a lone cube is the most."""
    result = scored(player("Red", cubes={"Festivity 1": 1}), player("Blue"))
    assert result.players[0].row_points("festivity_1") == 5


def test_festivity_names_default_and_match_ignoring_case():
    result = scored(player("Red", cubes={"festivity 3": 2}), player("Blue"))
    assert [row.label for row in result.rows[-3:]] == ["Festivity 1", "Festivity 2",
                                                        "Festivity 3"]
    assert result.players[0].row_points("festivity_3") == 6


@given(st.lists(st.integers(min_value=0, max_value=10), min_size=2, max_size=5))
def test_festivity_properties(cubes):
    earned = points(*cubes)
    positive = sorted({c for c in cubes if c}, reverse=True)
    for count, score in zip(cubes, earned):
        if count == 0:
            assert score == 0
        elif count == positive[0]:
            assert score == count + 4
        elif count == positive[1]:
            assert score == count + 2
        else:
            assert score == count
    # more cubes never earn fewer points
    for a, sa in zip(cubes, earned):
        for b, sb in zip(cubes, earned):
            if a > b:
                assert sa > sb
