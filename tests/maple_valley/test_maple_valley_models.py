"""Validation of a Maple Valley table: messages a player understands, placed in the file."""

from __future__ import annotations

import json

import pytest

from maple_builders import (
    also_have,
    favour,
    friend,
    parse,
    patch,
    player,
    scored,
    stored_sets,
    table_data,
)
from scorer.files import TableFileError, table_from_json


def error_of(data: dict) -> str:
    with pytest.raises(TableFileError) as caught:
        table_from_json(json.dumps(data), source="t.json")
    return str(caught.value)


def two(first: dict, **extra) -> dict:
    return table_data(first, player("Other"), **extra)


@pytest.mark.parametrize(
    ("resources", "where"),
    [({"Honey": -1}, "resources > Honey"), ({"Maps": -2}, "resources > Maps")],
)
def test_negative_resource_counts(resources, where):
    message = error_of(two(player("Ann", resources=resources)))
    assert f"at players[0] (Ann) > {where}: a count or score cannot be negative" in message


def test_negative_cubes_and_scores():
    assert "cannot be negative (got -1)" in error_of(two(player("Ann", cubes={"Festivity 1": -1})))
    assert "cannot be negative (got -3)" in error_of(
        two(player("Ann", favours=[favour("Cake", -3)])))
    assert "cannot be negative" in error_of(
        two(player("Ann", favours=[favour("Cake", 1, bonus=also_have("Tea", -2))])))


def test_more_than_four_patches():
    patches = [patch(f"Patch {n}", 1) for n in range(5)]
    message = error_of(two(player("Ann", patches=patches)))
    assert "at players[0] (Ann) > patches: a player holds at most 4 Patches, not 5" in message


def test_duplicate_patch_by_name_ignoring_case():
    catalogue = {"patches": [patch("Water Safety", 1)]}
    data = two(player("Ann", patches=["Water Safety", "water safety"]), catalogue=catalogue)
    assert "Ann has the Patch 'Water Safety' twice" in error_of(data)


def test_bonus_naming_an_unknown_resource():
    jar = favour("Jar", 1, bonus=stored_sets(["Bugs", "Mushrooms"], 2))
    message = error_of(two(player("Ann", favours=[jar])))
    assert "'Mushrooms' is not a resource of Maple Valley; the resources are Acorns" in message
    assert "favours[0] (Jar) > description > bonus > stored_sets > set" in message


def test_maps_cannot_be_stored():
    jar = favour("Jar", 1, bonus=stored_sets(["Maps"], 2))
    assert "Maps are not resources" in error_of(two(player("Ann", favours=[jar])))


def test_unknown_resource_in_the_pack():
    message = error_of(two(player("Ann", resources={"Gold": 1})))
    assert "at players[0] (Ann) > resources: 'Gold' is not a resource of Maple Valley" in message


def test_an_implausible_resource_count_is_refused():
    assert "1000 Bugs? At most 99: check the count" in error_of(
        two(player("Ann", resources={"Bugs": 1000})))


def test_the_players_together_hold_no_more_resources_than_the_box():
    """Each Pack may hold up to 228, but all come from one supply: 2 x 115 = 230 > 228."""
    full = {"Acorns": 60, "Berries": 55}
    message = error_of(table_data(player("Ann", resources=full), player("Bea", resources=full)))
    assert ("at players: the players hold 230 resources in all, but the game has 180 resource "
            "markers and 12 multiplier planks (at most 228): check the counts") in message
    parse(player("Ann", resources=full), player("Bea", resources={"Acorns": 60, "Berries": 53}))


def test_the_players_together_hold_no_more_maps_or_cards_than_the_box():
    assert "the players hold 21 Maps in all, but the game has 20 Map tiles" in error_of(
        table_data(player("Ann", resources={"Maps": 11}), player("Bea", resources={"Maps": 10})))
    card = favour("Fiddle", 7)
    brought = {"catalogue": {"favours": [card]}}
    assert "the players hold 73 Favours in all, but the game has 72 Favour cards" in error_of(
        table_data(player("Ann", favours=["Fiddle"] * 40), player("Bea", favours=["Fiddle"] * 33),
                   **brought))
    parse(player("Ann", favours=["Fiddle"] * 40), player("Bea", favours=["Fiddle"] * 32),
          **brought)
    friends = {"catalogue": {"friends": [{"name": "Chipmunk", "score": 4, "travel": ["Forest"]}]}}
    assert "the players hold 37 Friends besides the Starters in all, but the game has 36" in (
        error_of(table_data(player("Ann", friends=["Chipmunk"] * 20),
                            player("Bea", friends=["Chipmunk"] * 17), **friends)))


def test_the_same_resource_twice_in_the_pack():
    assert "Bugs is entered twice" in error_of(two(player("Ann", resources={"Bug": 1, "Bugs": 2})))


def test_mv7_more_than_ten_cubes():
    cubes = {"Festivity 1": 5, "Festivity 2": 4, "Festivity 3": 2}
    message = error_of(two(player("Ann", cubes=cubes)))
    assert "11 cubes on Festivities, but a player owns only 10" in message


def test_cubes_on_an_unknown_festivity():
    data = two(player("Ann", cubes={"Square Danse": 1}),
               festivities=["Square Dance", "Picnic", "Bonfire"])
    assert "Ann has cubes on 'Square Danse', which is not one of this game's Festivities" in (
        error_of(data))


def test_three_distinct_festivities():
    assert "a game has 3 Festivities, not 2" in error_of(two(player("A"), festivities=["X", "Y"]))
    assert "different names" in error_of(two(player("A"), festivities=["X", "x", "Y"]))
    assert "has 3 Festivities" in error_of(two(player("A"), festivities=[]))


def test_solo_game_has_no_festivities_and_choices_are_solo_only():
    assert "a solo game has no Festivities" in error_of(
        table_data(player("Sam"), festivities=["X", "Y", "Z"]))
    assert "no cubes" in error_of(table_data(player("Sam", cubes={"Festivity 1": 1})))
    assert "for a one-player game only" in error_of(
        two(player("Ann"), solo={"favour_category": "Food"}))


def test_player_count_and_names():
    assert "at most 5" in error_of(table_data(*(player(f"P{n}") for n in range(6))))
    assert "at least 1" in error_of(table_data())
    assert "two players are called Ann" in error_of(table_data(player("Ann"), player("ann")))


def test_unknown_catalogue_name():
    catalogue = {"favours": [favour("Fiddle", 7, "Entertainment")]}
    message = error_of(two(player("Ann", favours=["Fidle"]), catalogue=catalogue))
    assert "Ann's favour 1: no Favour called 'Fidle' in the catalogue (it describes: Fiddle)" in (
        message)


def test_catalogue_names_are_distinct():
    catalogue = {"friends": [friend("Otter", 1, "Water"), friend("otter", 2, "Water")]}
    assert "describes the Friend 'otter' twice" in error_of(two(player("A"), catalogue=catalogue))


def test_inline_description_must_agree_with_the_catalogue():
    catalogue = {"favours": [favour("Fiddle", 7, "Entertainment")]}
    same = two(player("Ann", favours=[favour("Fiddle", 7, "Entertainment")]), catalogue=catalogue)
    assert parse(*same["players"], catalogue=catalogue)
    other = two(player("Ann", favours=[favour("Fiddle", 5, "Entertainment")]), catalogue=catalogue)
    assert "described differently in the catalogue" in error_of(other)


def test_catalogue_descriptions_are_shared_by_name():
    catalogue = {"favours": [favour("Fiddle", 7, "Entertainment")],
                 "friends": [friend("Otter", 3, "Water")],
                 "patches": [patch("Knots", 2)]}
    holdings = {"favours": ["Fiddle", "fiddle"], "friends": ["Otter"], "patches": ["Knots"]}
    result = scored(player("Ann", **holdings), player("Bob", **holdings), catalogue=catalogue)
    assert [p.total for p in result.players] == [7 + 7 + 3 + 2] * 2


def test_the_starter_is_never_entered():
    assert "the Starter is always counted" in error_of(two(player("Ann", friends=["Starter"])))
    inline = two(player("Ann", friends=[friend("Starter", 0, "Water")]))
    assert "the Starter is always counted" in error_of(inline)


def test_friend_travel_types():
    assert "'Air' is not a travel type; the travel types are Water, Rock, Forest" in error_of(
        two(player("Ann", friends=[friend("Bird", 1, "Air")])))
    assert "list each travel type of a Friend once" in error_of(
        two(player("Ann", friends=[friend("Otter", 1, "Water", "water")])))


def test_favour_categories_accept_the_rulebooks_plurals():
    table = parse(player("Ann", favours=[favour("Bow", 1, "gifts")]), player("B"))
    assert table.favours_of(table.players[0])[0].category.value == "Gift"
    assert "'Toys' is not a Favour category" in error_of(
        two(player("Ann", favours=[favour("Bow", 1, "Toys")])))


def test_unknown_field_is_named():
    assert "unknown field" in error_of(two(player("Ann", stuff=1)))


def test_also_have_a_favour_nobody_has_warns():
    tambourine = favour("Tambourine", 4, "Entertainment", also_have("Fidle", 2))
    result = scored(player("Ann", favours=[tambourine]), player("Bob", favours=[tambourine]))
    assert result.warnings == (
        "Tambourine asks for 'Fidle', which no Favour of this table is called (held by Ann, "
        "Bob): check the spelling.",
    )


def test_also_have_a_favour_described_somewhere_does_not_warn():
    tambourine = favour("Tambourine", 4, "Entertainment", also_have("Fiddle", 2))
    catalogue = {"favours": [favour("Fiddle", 7, "Entertainment")]}
    assert scored(player("Ann", favours=[tambourine]), player("B"),
                  catalogue=catalogue).warnings == ()
