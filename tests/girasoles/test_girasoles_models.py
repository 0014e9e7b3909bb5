"""The table format: the board's grid, coins, objectives, players and the messages players see."""

import pytest
from pydantic import ValidationError

from girasoles_boards import board
from scorer.girasoles.models import (
    AdditionalObjective,
    Board,
    Colour,
    GirasolesTable,
    Player,
    Space,
    Symbol,
)

EMPTY_ROW = ".. .. .. .. .. .."
SIX_EMPTY_ROWS = [EMPTY_ROW] * 6


def message(error: pytest.ExceptionInfo) -> str:
    return "\n".join(item["msg"] for item in error.value.errors())


def grid_with(row: int, col: int, token: str) -> list[str]:
    rows = [EMPTY_ROW.split() for _ in range(6)]
    rows[row - 1][col - 1] = token
    return [" ".join(tokens) for tokens in rows]


def player(**fields) -> dict:
    return {"name": "Ana", "coins": 5, "board": {"grid": SIX_EMPTY_ROWS}, **fields}


# The grid ----------------------------------------------------------------------------------------


def test_a_grid_reads_colours_and_symbols_by_position_from_1():
    read = board("B. Gs Rb Yf", "Bd .. .. ..", ".. .. .. ..", ".. .. .. R.").spaces
    assert read == {
        (1, 1): Space(Colour.BLUE, None),
        (1, 2): Space(Colour.GREEN, Symbol.SUNFLOWER),
        (1, 3): Space(Colour.RED, Symbol.BEE),
        (1, 4): Space(Colour.YELLOW, Symbol.LEAF),
        (2, 1): Space(Colour.BLUE, Symbol.LADYBUG),
        (4, 4): Space(Colour.RED, None),
    }


def test_the_board_is_6_by_6_unless_the_table_says_otherwise():  # GI-10
    default = Board(grid=SIX_EMPTY_ROWS)
    assert (default.rows, default.cols) == (6, 6)
    wide = Board(rows=4, cols=10, grid=[" ".join([".."] * 10)] * 4)
    assert (wide.rows, wide.cols) == (4, 10)


def test_blanks_between_tokens_may_be_several():
    spaces = board("B.   G.  R. Y.", *[".. .. .. .."] * 3).spaces
    assert spaces[(1, 4)] == Space(Colour.YELLOW, None)


@pytest.mark.parametrize("size", [3, 11])
def test_a_board_has_4_to_10_rows(size):  # GI-10
    with pytest.raises(ValidationError) as error:
        Board(rows=size, grid=[EMPTY_ROW] * size)
    assert "rows" in str(error.value)


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        (".b", "row 3, column 5: a bee on an empty space"),
        (".d", "row 3, column 5: a ladybug on an empty space"),
        ("Xs", "row 3, column 5: 'X' is not a colour"),
        ("bs", "row 3, column 5: 'b' is not a colour (colours are capitals: B)"),
        ("Bl", "leaf and ladybug both start with l: write f for a leaf, d for a ladybug"),
        ("BS", "'S' is not a symbol (symbols are small letters: s)"),
        ("Bq", "row 3, column 5: 'q' is not a symbol"),
        ("B", "row 3, column 5: 'B' is not a space: a space is 2 characters"),
        ("Bsb", "row 3, column 5: 'Bsb' is not a space"),
    ],
)
def test_a_wrong_space_is_named_by_row_and_column(token, expected):
    with pytest.raises(ValidationError) as error:
        Board(grid=grid_with(3, 5, token))
    assert expected in message(error)


def test_a_space_beyond_the_last_column_is_outside_the_board():
    rows = list(SIX_EMPTY_ROWS)
    rows[1] = EMPTY_ROW + " G."
    with pytest.raises(ValidationError) as error:
        Board(grid=rows)
    assert "row 2, column 7 is outside the board" in message(error)


def test_a_row_beyond_the_last_is_outside_the_board():
    with pytest.raises(ValidationError) as error:
        Board(grid=SIX_EMPTY_ROWS + [EMPTY_ROW])
    assert "row 7 is outside the board" in message(error)


def test_a_short_row_or_a_missing_row_is_an_error_not_empty_spaces():
    rows = list(SIX_EMPTY_ROWS)
    rows[3] = ".. .. .. .. .."
    with pytest.raises(ValidationError) as error:
        Board(grid=rows)
    assert "row 4 has 5 spaces, the board 6 columns" in message(error)
    with pytest.raises(ValidationError) as error:
        Board(grid=SIX_EMPTY_ROWS[:5])
    assert "the grid has 5 rows, the board 6" in message(error)


def test_edges_are_the_first_and_last_rows_and_columns():  # GI-7
    edges = Board(rows=4, cols=5, grid=[".. .. .. .. .."] * 4)
    assert edges.is_on_edge((1, 3)) and edges.is_on_edge((4, 2))
    assert edges.is_on_edge((2, 1)) and edges.is_on_edge((3, 5))
    assert not edges.is_on_edge((2, 2)) and not edges.is_on_edge((3, 4))


# Coins -------------------------------------------------------------------------------------------


def test_coins_are_a_total_or_the_rounds_or_both_when_they_agree():
    assert Player(**player(coins=9)).coin_total == 9
    assert Player(**player(coins=None, coins_by_round=[2, 3, 0, 4])).coin_total == 9
    assert Player(**player(coins=9, coins_by_round=[2, 3, 0, 4])).coin_total == 9


def test_coins_that_disagree_with_the_rounds_are_refused():
    with pytest.raises(ValidationError) as error:
        Player(**player(coins=10, coins_by_round=[2, 3, 0, 4]))
    assert "coins are 10 but the rounds add up to 9 (2 + 3 + 0 + 4)" in message(error)


def test_coins_are_needed_and_never_negative_and_4_rounds_at_most():
    with pytest.raises(ValidationError) as error:
        Player(**player(coins=None))
    assert 'give the coins: their total as "coins", or "coins_by_round"' in message(error)
    with pytest.raises(ValidationError):
        Player(**player(coins=-1))
    with pytest.raises(ValidationError):
        Player(**player(coins=None, coins_by_round=[1, 1, 1, 1, 1]))


# Objectives --------------------------------------------------------------------------------------


def test_cards_that_show_a_colour_or_objects_need_it():  # GI-6
    assert AdditionalObjective(card=5, colour="green").colour is Colour.GREEN
    assert AdditionalObjective(card=8, objects=["leaf", "bee"]).objects == (Symbol.LEAF, Symbol.BEE)
    with pytest.raises(ValidationError) as error:
        AdditionalObjective(card=1)
    assert 'objective 1 scores the colour shown on its card: give the colour as "colour"' in (
        message(error)
    )
    with pytest.raises(ValidationError) as error:
        AdditionalObjective(card=9, colour="red")
    assert 'give the two objects as "objects"' in message(error)


def test_cards_that_show_nothing_take_no_parameter():
    with pytest.raises(ValidationError) as error:
        AdditionalObjective(card=12, colour="red")
    assert 'objective 12 shows no colour: remove "colour"' in message(error)


def test_an_unknown_colour_or_object_is_refused():
    with pytest.raises(ValidationError):
        AdditionalObjective(card=5, colour="purple")
    with pytest.raises(ValidationError):
        AdditionalObjective(card=7, objects=["bee", "butterfly"])
    with pytest.raises(ValidationError):
        AdditionalObjective(card=7, objects=["bee"])


def test_objective_16_is_not_invented():  # GI-5
    with pytest.raises(ValidationError) as error:
        AdditionalObjective(card=16)
    assert "describes additional objectives 1 to 15 only" in message(error)
    assert "GI-5" in message(error)


# The table ---------------------------------------------------------------------------------------


def table(**fields) -> dict:
    return {"game": "girasoles", "players": [player()], **fields}


def test_normal_mode_takes_3_objectives_and_advanced_mode_4():
    four = [{"card": 3}, {"card": 4}, {"card": 10}, {"card": 11}]
    assert len(GirasolesTable(**table(mode="advanced", objectives=four)).objectives) == 4
    with pytest.raises(ValidationError) as error:
        GirasolesTable(**table(objectives=four))
    assert "a game in normal mode ends with 3 additional objectives, not 4" in message(error)


def test_one_card_is_entered_once():  # GI-6
    with pytest.raises(ValidationError) as error:
        GirasolesTable(**table(objectives=[{"card": 3}, {"card": 3}]))
    assert "objective 3 is entered twice" in message(error)


def test_a_table_has_1_to_4_players_with_different_names():  # GI-11
    assert len(GirasolesTable(**table()).players) == 1
    with pytest.raises(ValidationError):
        GirasolesTable(**table(players=[]))
    five = [player(name=name) for name in "ABCDE"]
    with pytest.raises(ValidationError):
        GirasolesTable(**table(players=five))
    with pytest.raises(ValidationError) as error:
        GirasolesTable(**table(players=[player(), player(name=" Ana ")]))
    assert "two players are called Ana" in message(error)


def test_the_objective_13_reading_is_an_option_with_the_ruling_as_default():  # GI-3
    assert GirasolesTable(**table()).options.objective_13 == "kind_and_colour"
    chosen = GirasolesTable(**table(options={"objective_13": "colour"}))
    assert chosen.options.objective_13 == "colour"
    with pytest.raises(ValidationError):
        GirasolesTable(**table(options={"objective_13": "each"}))
