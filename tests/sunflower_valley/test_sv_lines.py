"""The scorepad's card rows, each with hand-computed points."""

import pytest
from sv_builders import layout

from scorer.sunflower_valley import lines

CROSS_OF_FIELDS = """
S F .
F M F
. F .
"""


def points(rows) -> int:
    return sum(line.points for line in rows)


@pytest.mark.parametrize(
    ("picture", "expected"),
    [
        ("S M", 0),
        ("S M F", 1),
        ("F M F\n. S .", 2),
        ("F M F\n. F S", 4),
        (CROSS_OF_FIELDS, 6),
    ],
)
def test_mountain_scores_1_2_4_6_for_adjacent_fields(picture, expected):
    assert points(lines.mountains(layout(picture))) == expected


def test_mountain_line_explains_its_numbers():
    (line,) = lines.mountains(layout(CROSS_OF_FIELDS))
    assert line.detail == "Mountain at row 2, column 2: 4 adjacent Fields -> 6"
    assert set(line.cells) == {(1, 1), (0, 1), (1, 0), (1, 2), (2, 1)}


def test_farmer_counts_as_a_field_for_mountains_SV_1():
    farmer_cross = CROSS_OF_FIELDS.replace("F M F", "A M F")
    (line,) = lines.mountains(layout(farmer_cross))
    assert line.points == 6 and "SV-1" in line.rulings
    (line,) = lines.mountains(layout(farmer_cross, farmers_count_as_fields=False))
    assert line.points == 4


def test_each_lake_scores_one():
    assert points(lines.lakes(layout("L S L\n. L ."))) == 3
    assert points(lines.lakes(layout("S F"))) == 0


def test_town_combination_complete_scores_once():
    # Town asks for Sheep + Field (3): two Sheep and two Fields around still score 3.
    town = {(1, 1): {"combination": ("sheep", "field"), "points": 3}}
    (line,) = lines.towns(layout(". H .\nF T F\nS H .", town))
    assert line.points == 3
    assert "complete" in line.detail and "SV-11" in line.rulings


def test_town_combination_incomplete_scores_nothing_and_names_what_is_missing():
    town = {(0, 1): {"combination": ("sheep", "field", "field"), "points": 5}}
    (line,) = lines.towns(layout("S T F\n. H .", town))
    assert line.points == 0
    assert line.detail.endswith("missing 1 Field -> 0")


def test_town_combination_needs_repeated_kinds_as_often_as_asked():
    town = {(1, 1): {"combination": ("lake", "lake"), "points": 4}}
    assert points(lines.towns(layout(". L .\nS T L", town))) == 4
    assert points(lines.towns(layout(". L .\nS T F", town))) == 0


def test_rulebook_town_worth_four():
    # A Town whose card asks for Sheep, Field and Lake for 4, with all three beside it.
    town = {(1, 1): {"combination": ("sheep", "field", "lake"), "points": 4, "villagers": 1}}
    assert points(lines.towns(layout(". H .\nS T F\n. L .", town))) == 4


def test_farmer_in_a_town_combination_counts_as_field_SV_1():
    town = {(0, 1): {"combination": ("field",), "points": 2}}
    (line,) = lines.towns(layout("S T A", town))
    assert line.points == 2 and "SV-1" in line.rulings
    (line,) = lines.towns(layout("S T A", town, farmers_count_as_fields=False))
    assert line.points == 0


def test_farmer_scores_its_own_combination():
    farmer = {(0, 1): {"combination": ("sheep", "lake"), "points": 3, "villagers": 1}}
    assert points(lines.farmers(layout("S A H\n. L .", farmer))) == 3
    assert points(lines.farmers(layout("S A H", farmer))) == 0


def test_starting_town_with_a_combination_scores_it_on_towns_SV_4():
    start = {(0, 0): {"combination": ("sheep",), "points": 2}}
    (line,) = lines.towns(layout("S H", start))
    assert line.points == 2 and "SV-4" in line.rulings


def test_plain_starting_town_has_no_town_line():
    (line,) = lines.towns(layout("S H"))
    assert line.points == 0 and line.detail == "No Town card with a combination."


# The Valley Express -----------------------------------------------------------------------------

GEORGE = """
S R T R T . . T L
F F F F F F F F .
"""
GEORGE_AFTER = GEORGE.replace("T . . T", "T R R T")


def test_george_express_worth_6_then_9():
    (line,) = lines.valley_express(layout(GEORGE))
    assert line.points == 6
    (line,) = lines.valley_express(layout(GEORGE_AFTER))
    assert line.points == 9
    assert "no stops entered" in line.detail and "SV-5" in line.rulings


def test_express_chooses_the_longer_of_two_branches():
    (line,) = lines.valley_express(layout("T R T R S R T"))
    assert line.points == 6
    assert (
        "Starting Town at row 1, column 5 -> Town at row 1, column 3 -> Town at row 1, column 1"
        in line.detail
    )


def test_express_entered_stops_are_scored_as_entered():
    (line,) = lines.valley_express(layout("T R T R S R T", stops=[(0, 4), (0, 6)]))
    assert line.points == 3 and "route as entered" in line.detail


def test_towns_side_by_side_are_not_joined_SV_2():
    (line,) = lines.valley_express(layout("S T T"))
    assert line.points == 0


def test_a_town_beside_a_railroad_is_not_passed_SV_2():
    # The line from (0,0) to (0,4) runs past the Starting Town: all three towns are joined.
    (line,) = lines.valley_express(layout("T R R R T\n. . S . ."))
    assert line.points == 6


def test_branching_junction_joins_every_town_it_touches_SV_2():
    (line,) = lines.valley_express(layout("T R R R T\n. . R . .\n. . S . ."))
    assert line.points == 6
    assert set(line.cells) >= {(0, 1), (0, 2), (0, 3), (1, 2)}


def test_express_cannot_pass_the_starting_town_twice():
    # Both branches leave the Starting Town: only one of them is the route.
    (line,) = lines.valley_express(layout("T R S R T"))
    assert line.points == 3


def test_lonely_starting_town_scores_no_express():
    (line,) = lines.valley_express(layout("S"))
    assert line.points == 0
