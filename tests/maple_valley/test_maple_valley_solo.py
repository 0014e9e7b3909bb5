"""The solo title: four questions, one word each (rulings MV-5, MV-8)."""

from __future__ import annotations

import pytest

from maple_builders import favour, friend, patch, solo
from scorer.maple_valley.solo import score_word

FIDDLE = favour("Fiddle", 7, "Entertainment")
CAKE = favour("Cake", 3, "Food")
SHAWL = favour("Shawl", 3, "Gift")
OTTER = friend("Otter", 3, "Water")
GOAT = friend("Goat", 2, "Rock")
DEER = friend("Deer", 2, "Forest")


def title(result) -> str:
    prefix = "Solo title: "
    (line,) = [note for note in result.notes if note.startswith(prefix)]
    return line[len(prefix):]


def test_rulebook_example_title():
    """"A Delightfully Enthusiastic Rambler of the Running Rivers": Entertainment most, 51-75,
    0-1 Patch, Water most."""
    favours = [FIDDLE] * 8  # 56 points, and Otter 3
    result = solo(favours=favours, friends=[OTTER], patches=[patch("Knots", 0)])
    assert result.total == 59
    assert title(result) == "Delightfully Enthusiastic Rambler of the Running Rivers"
    assert "(ruling MV-8)" in result.notes


def test_solo_has_no_festivity_rows():
    result = solo(favours=[CAKE])
    assert {line.category for line in result.lines} == {"favours", "friends", "patches",
                                                         "leftovers"}


@pytest.mark.parametrize(
    ("total", "word"),
    [(0, "Sleepy"), (25, "Sleepy"), (26, "Nonchalant"), (50, "Nonchalant"),
     (51, "Enthusiastic"), (75, "Enthusiastic"), (76, "Exuberant"), (100, "Exuberant"),
     (101, "Festive"), (125, "Festive"), (126, "Spectacular"), (300, "Spectacular")],
)
def test_score_bands(total, word):
    assert score_word(total) == word


@pytest.mark.parametrize(("count", "word"),
                         [(0, "Rambler"), (1, "Rambler"), (2, "Scout"), (3, "Tripper"),
                          (4, "Ranger")])
def test_patch_words(count, word):
    patches = [patch(f"P{i}", 0) for i in range(count)]
    assert title(solo(friends=[OTTER], favours=[CAKE], patches=patches)).split()[2] == word


@pytest.mark.parametrize(
    ("favours", "word"),
    [([FIDDLE, CAKE, FIDDLE], "Delightfully"), ([CAKE], "Heartily"), ([SHAWL], "Generously"),
     ([favour("Garland", 1, "Decoration")], "Imaginatively")],
)
def test_category_words(favours, word):
    assert title(solo(favours=favours, friends=[OTTER])).split()[0] == word


def test_mv8_category_tie_defaults_to_rulebook_order():
    result = solo(favours=[SHAWL, CAKE], friends=[OTTER])
    assert title(result).startswith("Heartily")  # Food comes before Gift
    assert any("Food and Gift tie; Food taken, the first in the rulebook's order" in note
               for note in result.notes)


def test_mv8_category_tie_takes_the_players_choice():
    result = solo(favours=[SHAWL, CAKE], friends=[OTTER], choices={"favour_category": "Gifts"})
    assert title(result).startswith("Generously")


def test_mv8_a_choice_outside_the_tie_is_not_used():
    result = solo(favours=[SHAWL, SHAWL, CAKE], friends=[OTTER],
                  choices={"favour_category": "Food"})
    assert title(result).startswith("Generously")
    assert any("your tie choice Food is not needed" in note for note in result.notes)


def test_mv8_no_favours_is_a_four_way_tie():
    assert title(solo(friends=[OTTER])).startswith("Imaginatively")


def test_mv8_travel_two_way_tie_default_and_choice():
    assert title(solo(favours=[CAKE], friends=[OTTER, DEER])).endswith("of the Running Rivers")
    chosen = solo(favours=[CAKE], friends=[OTTER, DEER], choices={"travel": "Forest"})
    assert title(chosen).endswith("of the Woodlands")


def test_travel_most_rock():
    assert title(solo(favours=[CAKE], friends=[GOAT, GOAT, OTTER])).endswith(
        "of the Rolling Hills")


def test_mv8_three_way_travel_tie():
    result = solo(favours=[CAKE], friends=[OTTER, GOAT, DEER])
    assert title(result) == "Heartily Sleepy Rambler, Three-Way Tie of Maple Valley"


def test_mv5_starter_counts_for_every_travel_type_and_cannot_change_the_answer():
    """MV-5: with only the Starter, all three types tie at 1: a Three-Way Tie."""
    result = solo(favours=[CAKE])
    assert title(result).endswith("Three-Way Tie of Maple Valley")
    assert any("Water 1, Rock 1, Forest 1" in note for note in result.notes)


def test_mv5_solo_travel_ignores_the_patch_option():
    """The MV-4 option is about Patch bonuses; the title still counts the Starter (MV-5)."""
    result = solo(favours=[CAKE], friends=[OTTER],
                  options={"starter_counts_for_travel_bonuses": False})
    assert any("Water 2, Rock 1, Forest 1" in note for note in result.notes)
