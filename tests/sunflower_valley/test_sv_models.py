"""Validation of what a player enters, with messages they understand."""

import pytest
from pydantic import ValidationError
from sv_builders import cards, valley

from scorer.sunflower_valley.models import Card, Player, SunflowerValleyTable, Valley


def error_text(excinfo) -> str:
    return str(excinfo.value)


def test_a_valley_needs_exactly_one_starting_town():
    with pytest.raises(ValidationError, match="exactly one Starting Town, this one has 0"):
        valley("F F")
    with pytest.raises(ValidationError, match="exactly one Starting Town, this one has 2"):
        valley("S S")


def test_two_cards_on_one_position():
    with pytest.raises(ValidationError, match=r"two cards at row 1, column 2: Field and Lake"):
        Valley(cards=(*cards("S F"), Card(kind="lake", row=0, col=1)))


def test_every_card_connected_side_by_side():
    with pytest.raises(ValidationError, match=r"not connected: Lake at row 2, column 2"):
        valley("S .\n. L")


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ({"kind": "town", "combination": ["railroad"], "points": 2}, "cannot ask for Railroad"),
        ({"kind": "farmer", "combination": ["mountain"], "points": 2}, "cannot ask for Mountain"),
        ({"kind": "town", "combination": [], "points": 2}, "1 to 4 adjacent cards, not 0"),
        ({"kind": "town", "combination": ["lake"] * 5, "points": 2}, "1 to 4 adjacent cards, not 5"),
        ({"kind": "town", "combination": ["lake"], "points": -1}, "greater than or equal to 0"),
        ({"kind": "farmer", "combination": ["lake"], "points": 1, "villagers": -2},
         "greater than or equal to 0"),
        ({"kind": "mountain", "villagers": 1}, "has no combination, points or villagers"),
        ({"kind": "town", "combination": ["lake"], "points": 0}, "scores some points"),
        ({"kind": "starting_town", "points": 2}, "add the kinds it asks for"),
        ({"kind": "castle"}, "Input should be"),
    ],
)
def test_card_descriptions_are_checked(card, message):
    with pytest.raises(ValidationError, match=message):
        Card(row=0, col=0, **card)


def test_starting_town_may_carry_a_combination_or_none():
    assert Card(kind="starting_town", row=0, col=0).combination == ()
    Card(kind="starting_town", row=0, col=0, combination=["sheep"], points=2, villagers=1)


def test_unknown_fields_are_refused():
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        Card(kind="field", row=0, col=0, colour="green")


def test_card_summary_reads_like_the_card():
    card = Card(kind="town", row=0, col=0, combination=["sheep", "field"], points=3, villagers=1)
    assert card.description.summary == "Town (Sheep + Field -> 3, 1 villager)"


def test_express_stops_are_checked():
    picture = "T R S R T\n. . . . F"
    with pytest.raises(ValidationError, match=r"starts at the Starting Town at row 1, column 3, not at row 1, column 1"):
        valley(picture, stops=[(0, 0)])
    with pytest.raises(ValidationError, match=r"Express step 2: no Railroad line joins"):
        valley(picture, stops=[(0, 2), (0, 0), (0, 4)])
    with pytest.raises(ValidationError, match=r"stop 2 \(row 2, column 5\) is not a town"):
        valley(picture, stops=[(0, 2), (1, 4)])


def test_express_stop_repeated_is_named():
    picture = "T R S"
    with pytest.raises(ValidationError, match=r"stop 3: the town at row 1, column 3 is already on the route"):
        valley(picture, stops=[(0, 2), (0, 0), (0, 2)])


def players(count):
    return [Player(name=f"P{i}", valley=valley("S")) for i in range(count)]


def test_table_has_2_to_6_players():
    SunflowerValleyTable(players=players(2))
    SunflowerValleyTable(players=players(6))
    with pytest.raises(ValidationError, match="at least 2"):
        SunflowerValleyTable(players=players(1))
    with pytest.raises(ValidationError, match="at most 6"):
        SunflowerValleyTable(players=players(7))


def test_table_has_three_distinct_goals_or_none():
    SunflowerValleyTable(players=players(2), goals=[])
    with pytest.raises(ValidationError, match="3 goal cards or none, not 2"):
        SunflowerValleyTable(players=players(2), goals=["long_way", "lake_land"])
    with pytest.raises(ValidationError, match="must be different"):
        SunflowerValleyTable(players=players(2), goals=["long_way", "long_way", "lake_land"])


def test_player_names_are_distinct_and_not_blank():
    with pytest.raises(ValidationError, match="two players are called Ann"):
        SunflowerValleyTable(
            players=[Player(name="Ann", valley=valley("S")), Player(name="Ann", valley=valley("S"))]
        )
    with pytest.raises(ValidationError, match="needs a name"):
        Player(name="   ", valley=valley("S"))
