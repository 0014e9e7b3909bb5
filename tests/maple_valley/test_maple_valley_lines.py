"""Hand-computed Favour, Friend, Patch and Leftover lines (rulebook "Final Scoring")."""

from __future__ import annotations

import pytest

from maple_builders import (
    also_have,
    favour,
    friend,
    pair,
    patch,
    per_friend,
    player,
    result_of,
    scored,
    stored_sets,
    typed,
)

FIDDLE = favour("Fiddle", 7, "Entertainment")
TAMBOURINE = favour("Tambourine", 4, "Entertainment", also_have("Fiddle", 2))


def lines_of(result, category):
    return [line for line in result.lines if line.category == category]


def test_favour_without_bonus_scores_its_printed_score():
    result = pair(player("Ann", favours=[FIDDLE]))
    (line,) = lines_of(result, "favours")
    assert line.points == 7
    assert "Fiddle (Entertainment): printed 7, no bonus -> 7" == line.detail
    assert line.cards == ("Fiddle",)


def test_one_fiddle_satisfies_both_tambourines():
    """Rulebook: two Tambourines and one Fiddle: the single Fiddle satisfies both (MV-3)."""
    result = pair(player("Ann", favours=[TAMBOURINE, TAMBOURINE, FIDDLE]))
    assert [line.points for line in lines_of(result, "favours")] == [6, 6, 7]
    assert all("you have Fiddle" in line.detail for line in lines_of(result, "favours")[:2])
    assert lines_of(result, "favours")[0].rulings == ("MV-3",)


def test_also_have_unmet_scores_printed_only():
    result = pair(player("Ann", favours=[TAMBOURINE]))
    (line,) = lines_of(result, "favours")
    assert line.points == 4
    assert "no Fiddle brought" in line.detail


def test_mv3_a_card_does_not_satisfy_its_own_also_have():
    """MV-3: "also have" needs another card; a lone Fiddle asking for a Fiddle gets no bonus."""
    self_asking = favour("Fiddle", 7, "Entertainment", also_have("Fiddle", 3))
    result = pair(player("Ann", favours=[self_asking]))
    (line,) = lines_of(result, "favours")
    assert line.points == 7
    assert "does not satisfy its own condition" in line.detail
    assert line.rulings == ("MV-3",)


def test_mv3_a_second_copy_satisfies_also_have():
    """MV-3: two copies of a self-asking card satisfy each other."""
    self_asking = favour("Fiddle", 7, "Entertainment", also_have("Fiddle", 3))
    result = pair(player("Ann", favours=[self_asking, self_asking]))
    assert [line.points for line in lines_of(result, "favours")] == [10, 10]


def test_mv3_also_have_matches_names_ignoring_case():
    tambourine = favour("Tambourine", 4, "Entertainment", also_have("fiddle", 2))
    result = pair(player("Ann", favours=[tambourine, FIDDLE]))
    assert lines_of(result, "favours")[0].points == 6


def test_also_have_looks_at_the_players_own_favours_only():
    result = scored(player("Ann", favours=[TAMBOURINE]), player("Bob", favours=[FIDDLE]))
    assert result_of(result, "Ann").total == 4


def test_typed_favour_bonus_is_added():
    card = favour("Cake", 3, "Food", typed(5, "one per Food Favour"))
    (line,) = lines_of(pair(player("Ann", favours=[card])), "favours")
    assert line.points == 8
    assert "typed bonus 5 (one per Food Favour)" in line.detail


def test_stored_sets_favour_line_names_the_sets_stored():
    jar = favour("Bug Jar", 5, "Gift", stored_sets(["Bugs", "Herbs"], 2))
    result = pair(player("Ann", favours=[jar], resources={"Bugs": 2, "Herbs": 2}))
    (line,) = lines_of(result, "favours")
    assert line.points == 9
    assert "2 sets stored (Herbs 2, Bugs 2) -> 5 + 2 x 2 = 9" in line.detail
    assert line.rulings == ("MV-2",)


def test_stored_sets_favour_with_no_complete_set_says_what_is_short():
    jar = favour("Bug Jar", 5, "Gift", stored_sets(["Bugs", "Herbs"], 2))
    result = pair(player("Ann", favours=[jar], resources={"Bugs": 4}))
    (line,) = lines_of(result, "favours")
    assert line.points == 5
    assert "short of Herbs" in line.detail


def test_no_favours_is_a_zero_line():
    (line,) = lines_of(pair(player("Ann")), "favours")
    assert (line.points, line.detail) == (0, "No Favours brought -> 0")


def test_friends_sum_their_scores_and_the_starter_scores_nothing():
    friends = [friend("Chipmunk", 4, "Forest"), friend("Otter", 3, "Water")]
    (line,) = lines_of(pair(player("Ann", friends=friends)), "friends")
    assert line.points == 7
    assert line.detail == "2 Friends besides the Starter: Starter 0, Chipmunk 4, Otter 3 -> 7"


def test_only_the_starter_scores_zero_friends():
    (line,) = lines_of(pair(player("Ann")), "friends")
    assert line.points == 0


def test_patch_without_bonus():
    (line,) = lines_of(pair(player("Ann", patches=[patch("Beekeeping", 2)])), "patches")
    assert (line.points, line.detail) == (2, "Beekeeping: printed 2, no bonus -> 2")


def test_typed_patch_bonus():
    (line,) = lines_of(pair(player("Ann", patches=[patch("Odd", 1, typed(3))])), "patches")
    assert line.points == 4


WATER_SAFETY = patch("Water Safety", 0, per_friend("Water", 2))
WATER_FRIENDS = [friend("Otter", 1, "Water"), friend("Heron", 1, "Water"),
                 friend("Goat", 1, "Rock")]


def test_mv4_starter_counts_as_a_water_friend_by_default():
    """MV-4: the Starter shows all three travel types, so it is a Water Friend: 3 x 2 = 6."""
    result = pair(player("Ann", friends=WATER_FRIENDS, patches=[WATER_SAFETY]))
    (line,) = lines_of(result, "patches")
    assert line.points == 6
    assert "3 Friends (Starter, Otter, Heron" in line.detail
    assert line.rulings == ("MV-4",)


def test_mv4_option_leaves_the_starter_out_of_travel_bonuses():
    result = pair(player("Ann", friends=WATER_FRIENDS, patches=[WATER_SAFETY]),
                  options={"starter_counts_for_travel_bonuses": False})
    (line,) = lines_of(result, "patches")
    assert line.points == 4
    assert "Starter not counted (table option)" in line.detail


def test_a_friend_with_two_travel_types_counts_for_each():
    amphibian = friend("Frog", 1, "Water", "Forest")
    rock_and_water = [WATER_SAFETY, patch("Forest Lore", 0, per_friend("Forest", 1))]
    result = pair(player("Ann", friends=[amphibian], patches=rock_and_water),
                  options={"starter_counts_for_travel_bonuses": False})
    assert [line.points for line in lines_of(result, "patches")] == [2, 1]


def test_no_patches_is_a_zero_line():
    (line,) = lines_of(pair(player("Ann")), "patches")
    assert (line.points, line.detail) == (0, "No Patches -> 0")


@pytest.mark.parametrize(
    ("resources", "points"),
    [
        ({}, 0),
        ({"Honey": 4}, 4),
        ({"Maps": 3}, 3),
        ({"Acorns": 2}, 0),
        ({"Acorns": 3}, 1),
        ({"Acorns": 1, "Bugs": 1, "Clay": 1, "Flowers": 4}, 2),
        ({"Honey": 2, "Maps": 1, "Birch": 5, "Pebbles": 3}, 2 + 1 + 2),
    ],
)
def test_leftovers_honey_maps_and_batches_of_any_blend(resources, points):
    (line,) = lines_of(pair(player("Ann", resources=resources)), "leftovers")
    assert line.points == points


def test_mv1_honey_scores_alone_and_never_joins_a_batch():
    """MV-1: 2 Honey + 1 Clay: 2 for the Honey, and the Clay alone makes no batch -> 2 (not 3)."""
    (line,) = lines_of(pair(player("Ann", resources={"Honey": 2, "Clay": 1})), "leftovers")
    assert line.points == 2
    assert "1 other resource (Clay 1) -> 0 batches of 3 -> 0, 1 left over" in line.detail
    assert line.rulings == ("MV-1",)


def test_leftovers_detail_shows_every_part():
    resources = {"Honey": 1, "Maps": 1, "Acorns": 2, "Clay": 3, "Bugs": 2}
    (line,) = lines_of(pair(player("Ann", resources=resources)), "leftovers")
    assert line.points == 1 + 1 + 2
    assert line.detail == (
        "1 Honey -> 1; 1 Map -> 1; 7 other resources (Acorns 2, Clay 3, Bugs 2) -> "
        "2 batches of 3 -> 2, 1 left over scores nothing -> 4"
    )


def test_resource_names_accept_singulars_and_any_case():
    (line,) = lines_of(pair(player("Ann", resources={"honey": 1, "Bug": 3, "MAP": 1})),
                       "leftovers")
    assert line.points == 3


def test_total_is_the_sum_of_every_line():
    result = pair(player("Ann", favours=[TAMBOURINE, FIDDLE], friends=WATER_FRIENDS,
                         patches=[WATER_SAFETY], resources={"Honey": 1, "Clay": 3},
                         cubes={"Festivity 1": 1}))
    assert result.total == 6 + 7 + 3 + 6 + 2 + 5
