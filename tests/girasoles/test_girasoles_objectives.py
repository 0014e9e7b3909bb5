"""The additional objectives 1 to 15, each computed by hand on small boards."""

import pytest

from girasoles_boards import layout
from scorer.girasoles import objectives as rules
from scorer.girasoles.models import Colour, Symbol


# 1, 2, 3: on the edges (GI-7) ---------------------------------------------------------------------


def test_1_and_2_count_the_spaces_of_the_cards_colour_on_the_edges():  # GI-7
    board = layout(
        "B. B. R. B.",
        "G. B. B. Y.",
        "B. .. B. B.",
        "R. B. G. B.",
    )
    # Edges: (1,1), (1,2), (1,4), (3,1), (3,4), (4,2), (4,4); the corners once each; the inner
    # blue spaces (2,2), (2,3), (3,3) do not count.
    tally = rules.colour_on_edges(board, Colour.BLUE)
    assert tally.points == 7
    assert tally.cells == ((1, 1), (1, 2), (1, 4), (3, 1), (3, 4), (4, 2), (4, 4))
    assert tally.rulings == ("GI-7",)
    assert rules.colour_on_edges(board, Colour.RED).points == 2
    assert rules.colour_on_edges(board, Colour.YELLOW).points == 1


def test_3_counts_sunflowers_on_the_edges_whatever_their_colour():  # GI-7
    board = layout(
        "Rs Gs .. Bs",
        "Y. Ys Gs R.",
        "Bs .. .. Y.",
        "G. R. Rs Gs",
    )
    tally = rules.sunflowers_on_edges(board)
    assert tally.points == 6
    assert tally.detail == (
        "6 sunflowers on the edges x 1 -> 6 (row 1, column 1; row 1, column 2; row 1, column 4; "
        "row 3, column 1; row 4, column 3; row 4, column 4)"
    )


# 4, 5, 6: areas ----------------------------------------------------------------------------------


def test_4_sunflower_areas_join_side_by_side_across_colours_never_at_corners():  # GI-2
    board = layout(
        "Rs Gs .. Bs",
        "Y. Y. Gs R.",
        "Bs Ys .. Y.",
        "G. R. Rs Gs",
    )
    # {(1,1) red, (1,2) green}, {(1,4)}, {(2,3)} (corners only), {(3,1), (3,2)}, {(4,3), (4,4)}.
    tally = rules.sunflower_areas(board)
    assert tally.points == 5
    assert tally.detail == "5 sunflower areas (of 2, 2, 2, 1, 1 sunflowers) x 1 -> 5"
    assert tally.rulings == ("GI-2",)


def test_4_without_sunflowers_is_0():
    no_sunflower = layout(*["B. .. .. .."] * 4)
    assert rules.sunflower_areas(no_sunflower).detail == "0 sunflower areas x 1 -> 0"


def test_5_and_6_count_the_areas_of_the_cards_colour():  # GI-1
    board = layout(
        "G. G. B. G.",
        "B. G. B. ..",
        "G. B. G. G.",
        "Gs B. G. Rb",
    )
    # green: {(1,1),(1,2),(2,2)}, {(1,4)}, {(3,1),(4,1)}, {(3,3),(3,4),(4,3)};
    # blue: {(1,3),(2,3)}, {(2,1)}, {(3,2),(4,2)}; (2,1) and (3,2) touch only at a corner.
    green = rules.areas_of_colour(board, Colour.GREEN)
    assert green.points == 4
    assert green.detail == "4 green areas (of 3, 3, 2, 1 spaces) x 1 -> 4"
    assert rules.areas_of_colour(board, Colour.BLUE).points == 3
    assert rules.areas_of_colour(board, Colour.RED).points == 1
    assert rules.areas_of_colour(board, Colour.YELLOW).points == 0


# 7, 8, 9: pairs (GI-4) ---------------------------------------------------------------------------


GREEDY_TRAP = (
    ".. Bb Gf Rb",
    ".. Yf .. ..",
    ".. .. .. ..",
    ".. .. .. ..",
)
"""The bee at (1,2) can pair with the leaf at (1,3) or (2,2); the bee at (1,4) only with (1,3)."""


def greedy_pairs(board, first: Symbol, second: Symbol) -> int:
    """Pairs found by taking, for each ``first`` in reading order, its first free ``second`` (up,
    right, down, left): what a hand count often does."""
    seconds = set(board.cells_with(second))
    taken = set()
    for row, col in board.cells_with(first):
        for neighbour in ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1)):
            if neighbour in seconds and neighbour not in taken:
                taken.add(neighbour)
                break
    return len(taken)


def test_pairs_are_a_maximum_matching_where_greedy_finds_fewer():  # GI-4
    board = layout(*GREEDY_TRAP)
    assert greedy_pairs(board, Symbol.BEE, Symbol.LEAF) == 1
    tally = rules.pairs_of_objects(board, Symbol.BEE, Symbol.LEAF)
    assert tally.points == 4
    assert tally.detail == (
        "2 pairs of bee and leaf x 2 -> 4 (row 1, column 2 and row 2, column 2; row 1, column 3 "
        "and row 1, column 4)"
    )
    assert tally.rulings == ("GI-4",)


def test_pairs_are_side_by_side_only_and_any_colour():
    board = layout(
        "Rb Gs .. ..",
        ".. .. Bs ..",
        ".. Yb .. ..",
        ".. Ys .. ..",
    )
    # (1,1)-(1,2) and (3,2)-(4,2) pair; the sunflower at (2,3) touches the bee at (3,2) only at a
    # corner.
    assert rules.pairs_of_objects(board, Symbol.BEE, Symbol.SUNFLOWER).points == 4


def test_each_object_is_in_one_pair_only():  # GI-4
    board = layout(
        "Bf Bb Bf ..",
        ".. Bf .. ..",
        ".. .. .. ..",
        ".. .. .. ..",
    )
    # one bee, three leaves around it: one pair.
    assert rules.pairs_of_objects(board, Symbol.BEE, Symbol.LEAF).points == 2
    # The order of the card's objects does not matter.
    assert rules.pairs_of_objects(board, Symbol.LEAF, Symbol.BEE).points == 2


@pytest.mark.parametrize(
    ("first_row", "pairs"),
    [("Bb Gb Rb ..", 1), ("Bb Gb Rb Yb", 2), ("Bb .. Rb ..", 0)],
)
def test_a_card_showing_one_object_twice_pairs_it_with_itself(first_row, pairs):  # GI-4
    board = layout(first_row, ".. .. .. ..", ".. .. .. ..", ".. .. .. ..")
    tally = rules.pairs_of_objects(board, Symbol.BEE, Symbol.BEE)
    assert tally.points == 2 * pairs
    assert "pair" in tally.detail and "two bees" in tally.detail


def test_a_block_of_four_same_objects_makes_two_pairs():  # GI-4
    board = layout("Rb Rb .. ..", "Rb Rb .. ..", ".. .. .. ..", ".. .. .. ..")
    assert rules.pairs_of_objects(board, Symbol.BEE, Symbol.BEE).points == 4


# 10, 11, 12: rows and columns --------------------------------------------------------------------


def test_10_counts_the_rows_with_a_bee():
    board = layout(
        "Rb .. .. ..",
        ".. Gs .. ..",
        "Bb .. Yb ..",
        ".. .. .. Gd",
    )
    tally = rules.rows_with_bees(board)
    assert tally.points == 4
    assert tally.detail == "2 rows with a bee x 2 -> 4 (rows 1, 3)"


def test_11_counts_the_columns_with_a_ladybug():
    board = layout(
        ".. Rd .. ..",
        ".. .. .. Bd",
        ".. Yd .. ..",
        "Gb .. .. ..",
    )
    tally = rules.columns_with_ladybugs(board)
    assert tally.points == 4
    assert tally.detail == "2 columns with a ladybug x 2 -> 4 (columns 2, 4)"


def test_12_counts_rows_and_columns_with_all_4_colours_sharing_spaces():  # GI-8
    board = layout(
        "B. G. R. Y.",
        "G. B. G. B.",
        "R. .. .. ..",
        "Ys Y. .. ..",
    )
    # Row 1 and column 1 have all 4 colours and share (1,1); row 2 lacks red and yellow.
    tally = rules.rows_and_columns_with_all_colours(board)
    assert tally.points == 6
    assert tally.detail == "2 rows and columns with all 4 colours x 3 -> 6 (row 1; column 1)"
    assert tally.rulings == ("GI-8",)
    assert rules.lines_with_all_colours(board) == ([1], [1])


# 13, 14, 15: collections -------------------------------------------------------------------------


CREATURES = layout(
    "Rb Rb Bb Rf",
    "Yd Yd .. Gs",
    ".. .. .. ..",
    ".. .. .. ..",
)
"""Bees red, red, blue; a red leaf; two yellow ladybugs; a green sunflower."""


def test_13_counts_each_kind_and_colour_once():  # GI-3
    tally = rules.differently_coloured_creatures(CREATURES)
    # red bee, blue bee, red leaf, yellow ladybug; the second red bee and second yellow ladybug
    # add nothing and the sunflower is not a bee, leaf or ladybug.
    assert tally.points == 4
    assert tally.detail == (
        "4 different kinds and colours of bee, leaf or ladybug x 1 -> 4 "
        "(red bee, blue bee, red leaf, yellow ladybug)"
    )
    assert tally.rulings == ("GI-3",)


def test_13_option_colour_counts_each_colour_holding_one():  # GI-3
    tally = rules.differently_coloured_creatures(CREATURES, "colour")
    assert tally.points == 3
    assert tally.detail == "3 colours with a bee, leaf or ladybug x 1 -> 3 (blue, red, yellow)"


def test_13_reaches_12_with_every_kind_in_every_colour():  # GI-3
    board = layout("Bb Gb Rb Yb", "Bf Gf Rf Yf", "Bd Gd Rd Yd", "Bb .. .. ..")
    assert rules.differently_coloured_creatures(board).points == 12
    assert rules.differently_coloured_creatures(board, "colour").points == 4


@pytest.mark.parametrize(
    ("rows", "sets"),
    [
        (("Bs Bs Gs Gs", "Gs Rs Rs Ys", ".. .. .. ..", ".. .. .. .."), 1),
        (("Bs Bs Gs Gs", "Rs Rs Ys Ys", ".. .. .. ..", ".. .. .. .."), 2),
        (("Bs Bs Gs Gs", "Rs Rs .. ..", ".. .. .. ..", ".. .. .. .."), 0),
    ],
)
def test_14_sets_of_4_sunflower_colours_share_no_sunflower(rows, sets):  # GI-9
    tally = rules.sunflower_sets_of_four_colours(layout(*rows))
    assert tally.points == 3 * sets
    assert tally.rulings == ("GI-9",)


def test_14_detail_counts_each_colour():
    tally = rules.sunflower_sets_of_four_colours(
        layout("Bs Bs Gs Gs", "Gs Rs Rs Ys", ".. .. .. ..", ".. .. .. ..")
    )
    assert tally.detail == (
        "sunflowers by colour: blue 2, green 3, red 2, yellow 1; 1 set of 4 colours x 3 -> 3"
    )


def test_15_sets_are_a_bee_a_leaf_and_a_ladybug_in_one_area():  # GI-1, GI-9
    board = layout(
        "Gb Gf Gd Gb",
        "Gf .. Rb Rf",
        ".. .. .. ..",
        "Rd .. .. ..",
    )
    # The green area holds 2 bees, 2 leaves, 1 ladybug: 1 set. The red bee and leaf share an area
    # but the red ladybug at (4,1) is in another red area: no set.
    tally = rules.bee_leaf_ladybug_sets(board)
    assert tally.points == 4
    assert tally.detail == (
        "1 set of bee, leaf and ladybug in one area x 4 -> 4 (green area at row 1, column 1: 1)"
    )
    assert tally.rulings == ("GI-1", "GI-9")


def test_15_counts_several_sets_in_one_area():  # GI-9
    board = layout("Yb Yf Yd Y.", "Yb Yf Yd Y.", ".. .. .. ..", ".. .. .. ..")
    assert rules.bee_leaf_ladybug_sets(board).points == 8


# The list ----------------------------------------------------------------------------------------


def test_the_list_has_objectives_1_to_15_and_no_16th():  # GI-5
    assert sorted(rules.OBJECTIVES) == list(range(1, 16))
    colour_cards = [n for n, card in rules.OBJECTIVES.items() if card.needs_colour]
    object_cards = [n for n, card in rules.OBJECTIVES.items() if card.needs_objects]
    assert colour_cards == [1, 2, 5, 6]
    assert object_cards == [7, 8, 9]
