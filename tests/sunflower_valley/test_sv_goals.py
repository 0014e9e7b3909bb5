"""Every goal card, hand-computed on one valley (V1) and on small valleys for its edge cases.

V1, row by row (S Starting Town, T Town, A Farmer, M Mountain, L Lake, F Field, H Sheep, R Railroad):

    H H . L M
    F S R T R
    F A R . L
    . F M . .

Town (1,3) asks for a Lake (2 points, 1 villager); Farmer (2,1) asks for Field + Field (3 points,
2 villagers). Railroads: group {(1,2),(2,2)} touches S and T; (2,2) is a dead-end spur. Group
{(1,4)} touches only T.
"""

import pytest
from sv_builders import layout

from scorer.sunflower_valley.goals import GOALS

V1 = """
H H . L M
F S R T R
F A R . L
. F M . .
"""
V1_CARDS = {
    (1, 3): {"combination": ("lake",), "points": 2, "villagers": 1},
    (2, 1): {"combination": ("field", "field"), "points": 3, "villagers": 2},
}

V1_EXPECTED = {
    # competitive goals: the measure
    "valley_of_sheep": 2,
    "the_more_the_merrier": 3,  # 1 + 2 villagers
    "long_way": 4,  # S-R(1,2)-T(1,3)-R(1,4)
    "sunny_valley": 4,  # 3 Fields and the Farmer
    "ski_resort": 2,
    "vast_network": 3,
    "lake_land": 2,
    "vast_land": 5,  # row 1
    # accumulative goals: the points
    "flocks_of_sheep": 4,
    "the_suburbs": 2,  # the Farmer beside S; the Town has no Town beside it
    "happy_towns": 2,
    "boundless_field": 4,  # (1,0) (2,0) (2,1) (3,1)
    "satellite_towns": 4,  # S and T joined
    "suburban_trains": 0,  # the Express line is only (1,2); (2,2) is a spur (SV-3)
    "mountain_passes": 4,
    "walking_routes": 0,  # the line between S and T is 1 card
    "overlooking_the_water": 2,  # Lake (2,4) beside Railroad (1,4)
    "mountain_lakes": 2,  # Lake (0,3) beside Mountain (0,4)
}


@pytest.mark.parametrize("key", sorted(V1_EXPECTED))
def test_every_goal_on_v1(key):
    assert GOALS[key].rule(layout(V1, V1_CARDS)).value == V1_EXPECTED[key]


def test_all_18_goal_cards_are_known():
    assert set(GOALS) == set(V1_EXPECTED)
    assert sum(goal.competitive for goal in GOALS.values()) == 8


def value(key, picture, described=None, **options):
    return GOALS[key].rule(layout(picture, described, **options)).value


def test_sunny_valley_and_boundless_field_without_farmers_SV_1():
    assert value("sunny_valley", V1, V1_CARDS, farmers_count_as_fields=False) == 3
    assert value("boundless_field", V1, V1_CARDS, farmers_count_as_fields=False) == 2


def test_flocks_of_sheep_lone_sheep_scores_nothing():
    assert value("flocks_of_sheep", "H S H") == 0
    assert value("flocks_of_sheep", "H H H\n. S .") == 6


def test_the_suburbs_counts_towns_with_villagers_beside_towns():
    towns = {
        (0, 1): {"combination": ("lake",), "points": 1, "villagers": 1},
        (0, 2): {"combination": ("lake",), "points": 1, "villagers": 1},
    }
    # Both Towns have villagers and a Town beside them: 2 each.
    assert value("the_suburbs", "S T T", towns) == 4


def test_the_suburbs_starting_town_is_a_town_SV_4():
    farmer = {(0, 1): {"combination": ("lake",), "points": 1, "villagers": 1}}
    assert value("the_suburbs", "S A", farmer) == 2


def test_happy_towns_counts_only_complete_combinations():
    towns = {
        (0, 1): {"combination": ("sheep",), "points": 2},
        (1, 1): {"combination": ("mountain",), "points": 2},
    }
    assert value("happy_towns", "S T H\n. T .", towns) == 2


def test_happy_towns_starting_town_with_complete_combination_SV_4():
    start = {(0, 0): {"combination": ("sheep",), "points": 2}}
    assert value("happy_towns", "S H", start) == 2


def test_boundless_field_takes_the_largest_area_only():
    assert value("boundless_field", "F F S F\n. . . F\n. . . F") == 3


def test_boundless_field_empty_valley_is_zero():
    assert value("boundless_field", "S") == 0


def test_satellite_towns_need_rail_not_adjacency_SV_2():
    assert value("satellite_towns", "S T") == 0
    assert value("satellite_towns", "S R T R T") == 6


SUBURBAN = """
S R R F
F F R F
. . T .
"""


def test_suburban_trains_counts_each_field_once_SV_8():
    # Fields beside the Express's Railroad cards: (1,1) (touching two of them), (0,3), (1,3).
    # Each once: 3 Fields -> 1 pair -> 3 (counting (1,1) twice would give 2 pairs).
    assert value("suburban_trains", SUBURBAN) == 3


def test_suburban_trains_ignores_railroads_off_the_express():
    # The rail beside the Fields joins no town to the route's towns.
    assert value("suburban_trains", "S F R F\n. F F .") == 0


def test_suburban_trains_uses_entered_stops():
    picture = "T R R S R R T\nF F F . . . ."
    lay = layout(picture, stops=[(0, 3), (0, 0)])
    assert GOALS["suburban_trains"].rule(lay).value == 3
    lay = layout(picture, stops=[(0, 3), (0, 6)])
    assert GOALS["suburban_trains"].rule(lay).value == 0


def test_walking_routes_counts_cards_after_the_first_SV_7():
    assert value("walking_routes", "S R T") == 0
    assert value("walking_routes", "S R R R T") == 4


def test_walking_routes_ignores_dead_end_spurs_SV_3():
    picture = """
S R R T
. R . .
. R . .
"""
    assert value("walking_routes", picture) == 2


def test_walking_routes_branching_line_between_three_towns_SV_7():
    # 4 Railroad cards joining 3 towns, no spur: 2 x 3.
    assert value("walking_routes", "T R R R T\n. . R . .\n. . S . .") == 6


def test_walking_routes_rail_touching_one_town_scores_nothing():
    assert value("walking_routes", "S R R") == 0


def test_long_way_counts_one_path_not_the_network_SV_6():
    # 7 cards in a T; a path through it holds at most 5 of them.
    assert value("long_way", "T R R R T\n. . R . .\n. . S . .") == 5


def test_long_way_needs_a_railroad_SV_6():
    assert value("long_way", "S T T") == 0
    assert value("long_way", "S F R") == 1


def test_long_way_does_not_step_town_to_town_SV_2():
    # S-T are side by side; the chain T(0,1)-R-T(0,3) does not continue to S.
    assert value("long_way", "S T R T") == 3


def test_vast_land_consecutive_and_whole_line_SV_9():
    picture = "S F . F F\nF . . . F\nF F F F F"
    assert value("vast_land", picture) == 5  # row 2
    gap = "F S . F F F\nF . . F . .\nF F F F . ."
    assert value("vast_land", gap) == 4  # row 2; row 0 has a gap
    assert value("vast_land", gap, vast_land="whole_line") == 5


def test_mountain_passes_any_railroad():
    assert value("mountain_passes", "S R M M") == 2


def test_overlooking_the_water_any_railroad():
    assert value("overlooking_the_water", "S R L L\n. R L .") == 4


def test_mountain_lakes():
    assert value("mountain_lakes", "S L M L\n. . L .") == 6
    assert value("mountain_lakes", "S L F L\n. . M .") == 0


def rulings(key, picture, **options):
    return GOALS[key].rule(layout(picture, **options)).rulings


def test_field_goals_cite_SV_1_only_when_a_farmer_is_counted():
    """A valley without a Farmer is scored by the card's own words: citing SV-1 (Farmers count
    as Fields) there confused a player who had none (issue 32, row 9)."""
    assert rulings("boundless_field", "F F S\n. F .") == ()
    assert rulings("sunny_valley", "F F S\n. F .") == ()
    assert rulings("boundless_field", "F A S\n. F .") == ("SV-1",)
    assert rulings("sunny_valley", "F A S\n. F .") == ("SV-1",)
    # A Farmer outside the largest area is not counted by Boundless Field.
    assert rulings("boundless_field", "F F S A\n. F . .") == ()
    assert rulings("boundless_field", "F A S\n. F .", farmers_count_as_fields=False) == ()
