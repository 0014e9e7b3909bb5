"""Places named as players see them: "row R, column C", counted from 1 at the valley's top left as
the editor's grid shows it, whatever numbers the table file uses."""

import pytest
from hypothesis import given, settings
from pydantic import ValidationError
from sv_builders import layout, valley
from test_sv_properties import TRANSFORMS, moved, valleys

from scorer.sunflower_valley.goals import GOALS
from scorer.sunflower_valley.layout import Layout
from scorer.sunflower_valley.models import Options
from scorer.sunflower_valley.places import Places, place_name
from scorer.sunflower_valley.scoring import CARD_LINES


def test_the_top_row_and_the_leftmost_column_of_cards_are_row_1_and_column_1():
    cells = [(0, 0), (-2, 0), (-1, -3)]  # a Starting Town at (0,0), cards above and to the left
    assert place_name(cells, (0, 0)) == "row 3, column 4"
    assert place_name(cells, (-2, 0)) == "row 1, column 4"
    assert place_name(cells, (-1, -3)) == "row 2, column 1"


def test_the_editor_numbers_its_rows_and_columns_the_same_way():
    places = Places.of([(5, 7), (6, 7), (6, 8)])
    assert [places.row(row) for row in range(4, 8)] == [0, 1, 2, 3]  # row 4 is the free margin
    assert [places.column(col) for col in range(6, 10)] == [0, 1, 2, 3]


def test_explanations_name_places_from_the_valleys_top_left():
    # The Mountain is at (1,1) of the picture: the second row and the second column.
    (line,) = CARD_LINES[3](layout("S F .\nF M F\n. F ."))
    assert line.detail == "Mountain at row 2, column 2: 4 adjacent Fields -> 6"
    assert GOALS["vast_land"].rule(layout(". S .\nF F F\nF . .")).detail == (
        "longest line of consecutive cards: 3 cards in row 2"
    )


def explanations(any_valley) -> list[str]:
    board = Layout(any_valley, Options())
    lines = [line.detail for rule in CARD_LINES for line in rule(board)]
    return lines + [goal.rule(board).detail for goal in GOALS.values()]


@settings(max_examples=60, deadline=None)
@given(valleys())
def test_moving_a_valley_changes_no_word_of_its_explanations(any_valley):
    assert explanations(moved(any_valley, TRANSFORMS["move"])) == explanations(any_valley)


def test_errors_name_places_the_same_way():
    # The Town is at (1,0) of the picture: the second row and the first column.
    with pytest.raises(ValidationError, match="the town at row 2, column 1 is already on the route"):
        valley(". R S\nT R .", stops=[(0, 2), (1, 0), (1, 0)])
