"""Coins and the 3 starting objectives, computed by hand on small boards."""

from girasoles_boards import layout
from scorer.girasoles.models import Player
from scorer.girasoles.starting import bees, coins, ladybugs, leaves


def points(lines) -> list[int]:
    return [line.points for line in lines]


def test_coins_score_their_value_and_show_the_rounds():
    by_round = Player(name="Ana", coins_by_round=[3, 0, 5, 2], board={"grid": [".. " * 6] * 6})
    (line,) = coins(by_round)
    assert line.points == 10
    assert line.detail == "coins of each round 3 + 0 + 5 + 2 -> 10"


# I. Leaves (GI-1) --------------------------------------------------------------------------------


def test_a_leaf_scores_1_per_2_spaces_of_its_area_rounded_down():  # GI-1
    board = layout(
        "Gf G. G. R.",
        "G. R. G. R.",
        "Bf B. B. R.",
        "Y. Y. Y. Yf",
    )
    # green (1,1),(1,2),(1,3),(2,1),(2,3): 5 -> 2; blue 3 -> 1; yellow 4 -> 2.
    assert points(leaves(board)) == [2, 1, 2]
    assert leaves(board)[0].detail == (
        "green leaf at row 1, column 1 in a green area of 5 spaces, 1 per 2 spaces -> 2"
    )
    assert leaves(board)[0].rulings == ("GI-1",)


def test_every_leaf_of_one_area_scores_the_whole_area():
    board = layout(
        "Gf Gf G. G.",
        ".. .. .. ..",
        ".. .. .. ..",
        ".. .. .. ..",
    )
    assert points(leaves(board)) == [2, 2]


def test_an_area_ends_at_another_colour_an_empty_space_or_a_corner():  # GI-1
    board = layout(
        "Gf G. .. G.",
        "R. G. G. ..",
        "G. R. .. ..",
        ".. .. .. ..",
    )
    # (1,1),(1,2),(2,2),(2,3) is one area of 4; (1,4) touches (2,3) only at a corner; (3,1) is
    # cut off by red.
    assert points(leaves(board)) == [2]
    assert leaves(board)[0].cells == ((1, 1), (1, 2), (2, 2), (2, 3))


def test_a_lone_leaf_scores_nothing_and_no_leaf_gives_a_zero_line():
    assert points(leaves(layout("Rf B. .. ..", *[".. .. .. .."] * 3))) == [0]
    (line,) = leaves(layout(*[".. .. .. .."] * 4))
    assert (line.points, line.detail) == (0, "no leaves on the board -> 0")


# II. Bees ----------------------------------------------------------------------------------------


def test_a_bee_scores_each_sunflower_around_it_diagonals_included():
    board = layout(
        "Ys Y. Rs ..",
        "G. Gb .. Bs",
        "Bs B. Rs ..",
        ".. .. .. Gs",
    )
    # around (2,2): (1,1), (1,3), (3,1), (3,3); (2,4) and (4,4) are two steps away.
    (line,) = bees(board)
    assert line.points == 4
    assert line.detail == (
        "green bee at row 2, column 2: 4 sunflowers around, at row 1, column 1; row 1, column 3; "
        "row 3, column 1; row 3, column 3 -> 4"
    )


def test_one_sunflower_counts_for_every_bee_around_it():
    board = layout(
        "Rb Rs Rb ..",
        ".. Yb .. ..",
        ".. .. .. ..",
        ".. .. .. ..",
    )
    assert points(bees(board)) == [1, 1, 1]


def test_a_bee_on_the_edge_and_a_bee_with_no_sunflower():
    board = layout(
        "Bb .. .. ..",
        ".. Gs .. ..",
        ".. .. .. ..",
        ".. .. .. Rb",
    )
    assert points(bees(board)) == [1, 0]
    assert bees(board)[1].detail == "red bee at row 4, column 4: 0 sunflowers around -> 0"


# III. Ladybugs -----------------------------------------------------------------------------------


def test_a_ladybug_scores_2_with_no_other_ladybug_around():
    board = layout(
        "Rd .. Rd ..",
        ".. .. .. ..",
        ".. .. .. Bd",
        "Gd .. .. ..",
    )
    # (1,1) and (1,3) are two columns apart: neither is around the other.
    assert points(ladybugs(board)) == [2, 2, 2, 2]


def test_ladybugs_side_by_side_or_at_a_corner_score_nothing():
    board = layout(
        "Rd Bd .. ..",
        ".. .. .. ..",
        ".. .. Yd ..",
        ".. .. .. Gd",
    )
    assert points(ladybugs(board)) == [0, 0, 0, 0]
    assert ladybugs(board)[2].detail == (
        "yellow ladybug at row 3, column 3: another ladybug around, at row 4, column 4 -> 0"
    )


def test_the_middle_of_three_ladybugs_and_its_neighbours_all_score_nothing():
    board = layout(
        "Rd .. .. ..",
        ".. Rd .. ..",
        ".. .. Rd ..",
        ".. .. .. ..",
    )
    assert points(ladybugs(board)) == [0, 0, 0]
