"""Whole tables: the examples' hand-computed totals, modes, warnings, the winner and the tie-break."""

import json

import pytest

from girasoles_boards import EXAMPLES
from scorer.files import load_table
from scorer.games import parse_table, score

EMPTY_GRID = [".. .. .. .. .. .."] * 6
ONE_BEE_GRID = ["Gs Gb .. .. .. .."] + [".. .. .. .. .. .."] * 5


def player(name: str, coins: int, grid=EMPTY_GRID) -> dict:
    return {"name": name, "coins": coins, "board": {"grid": grid}}


def scored(**table):
    return score(parse_table({"game": "girasoles", **table}))


# The examples ------------------------------------------------------------------------------------


def rows_of(result, name: str) -> list[int]:
    found = next(p for p in result.players if p.name == name)
    return [found.row_points(row.category) for row in result.rows]


def test_the_rulebook_scoring_example_gives_18():
    result = score(load_table(EXAMPLES / "rulebook_scoring_example.json"))
    (rulebook,) = result.players
    assert rulebook.total == 18
    by_row = {
        row.category: [line.points for line in rulebook.row_lines(row.category)]
        for row in result.rows
    }
    # 8 from coins; I. 1 for the blue leaf, 2 for the green; II. the yellow bee 3, the red 2;
    # III. the red ladybug at the top 2, the two at the bottom, side by side, 0.
    assert by_row == {"coins": [8], "leaves": [1, 2], "bees": [3, 2], "ladybugs": [2, 0, 0]}
    assert [line.detail.split(" at ")[0] for line in rulebook.row_lines("leaves")] == [
        "blue leaf", "green leaf",
    ]
    assert [line.detail.split(" at ")[0] for line in rulebook.row_lines("bees")] == [
        "yellow bee", "red bee",
    ]
    assert rulebook.row_lines("ladybugs")[0].detail.startswith("red ladybug at row 1, column 1")
    assert result.warnings == (
        "0 additional objectives entered; a game in normal mode ends with 3 (scored as entered, "
        "ruling GI-12).",
    )


# Hand-computed, row by row: coins, I, II, III, 5 (green areas), 7 (bee-sunflower pairs), 12.
FULL_TABLE = {
    "Ana": [16, 5, 8, 8, 3, 10, 6],
    "Bruno": [12, 8, 8, 6, 2, 6, 3],
    "Carla": [14, 8, 11, 6, 2, 10, 3],
    "Diego": [15, 8, 9, 6, 2, 10, 6],
}


def test_the_full_table_scores_every_row_as_computed_by_hand():
    result = score(load_table(EXAMPLES / "full_table.json"))
    assert [row.label for row in result.rows] == [
        "Coins", "I. Leaves", "II. Bees", "III. Ladybugs", "5. Green areas",
        "7. Bee and sunflower pairs", "12. Rows and columns with 4 colours",
    ]
    assert {name: rows_of(result, name) for name in FULL_TABLE} == FULL_TABLE
    totals = {p.name: p.total for p in result.players}
    assert totals == {"Ana": 56, "Bruno": 45, "Carla": 54, "Diego": 56}
    assert {p.name: p.rank for p in result.players} == {"Ana": 1, "Diego": 2, "Carla": 3,
                                                        "Bruno": 4}
    assert result.winners == ("Ana",)
    assert result.tie_break == "Ana and Diego tie on 56; coins decides (Ana 16, Diego 15)."
    assert result.warnings == ()


def test_the_table_file_pages_example_is_a_valid_table():
    page = (EXAMPLES.parents[1] / "docs" / "table-file.md").read_text()
    section = page.split("## Girasoles", 1)[1]
    text = section.split("```json", 1)[1].split("```", 1)[0]
    result = score(parse_table(json.loads(text)))
    assert [p.total for p in result.players] == [56]  # Ana of the full table


def test_every_example_is_scored_by_a_test():
    assert sorted(path.name for path in EXAMPLES.glob("*.json")) == [
        "full_table.json", "rulebook_scoring_example.json",
    ]


# Winner and tie-break ----------------------------------------------------------------------------


def test_most_points_wins_whatever_the_coins():
    result = scored(players=[player("Ana", 3, ONE_BEE_GRID), player("Bo", 3)])
    assert result.winners == ("Ana",)
    assert result.tie_break == "No tie: no tie-break needed."


def test_a_tie_goes_to_more_coins():
    # Ana: 4 coins + 1 for her bee = 5; Bo: 5 coins.
    result = scored(players=[player("Ana", 4, ONE_BEE_GRID), player("Bo", 5)])
    assert [p.total for p in result.players] == [5, 5]
    assert result.winners == ("Bo",)
    assert [p.rank for p in result.players] == [2, 1]
    assert result.tie_break == "Ana and Bo tie on 5; coins decides (Ana 4, Bo 5)."


def test_a_tie_on_points_and_coins_is_a_shared_victory():
    result = scored(players=[player("Ana", 5), player("Bo", 5), player("Cy", 2)])
    assert result.winners == ("Ana", "Bo")
    assert [p.rank for p in result.players] == [1, 1, 3]
    assert result.tie_break == "Ana and Bo tie on 5 and on coins: they share the place."


# Modes, objectives, options ----------------------------------------------------------------------


def test_advanced_mode_scores_4_additional_objectives_in_the_order_entered():
    result = scored(
        mode="advanced",
        objectives=[{"card": 10}, {"card": 3}, {"card": 2, "colour": "green"}, {"card": 4}],
        players=[player("Ana", 0, ONE_BEE_GRID)],
    )
    (ana,) = result.players
    objective_rows = [row.label for row in result.rows][4:]
    assert objective_rows == [
        "10. Rows with bees", "3. Sunflowers on the edges", "2. Green on the edges",
        "4. Sunflower areas",
    ]
    # 1 for the bee; row 1 has a bee 2; sunflower on the edge 1; 2 green spaces on the edge 2;
    # 1 sunflower area 1.
    assert [ana.row_points(row.category) for row in result.rows] == [0, 0, 1, 0, 2, 1, 2, 1]
    assert ana.row_lines("objective_2")[0].cards == ("additional objective 2",)
    assert result.warnings == ()


def test_fewer_objectives_than_the_mode_are_scored_with_a_warning():  # GI-12
    result = scored(mode="advanced", objectives=[{"card": 10}], players=[player("Ana", 1)])
    assert "1 additional objectives entered; a game in advanced mode ends with 4" in (
        result.warnings[0]
    )


def test_two_cards_of_one_rule_showing_the_same_thing_are_scored_with_a_warning():  # GI-6
    result = scored(
        objectives=[{"card": 5, "colour": "red"}, {"card": 6, "colour": "red"}, {"card": 12}],
        players=[player("Ana", 1)],
    )
    assert result.warnings == (
        "objectives 5 and 6 score the same thing; two cards of one rule show different colours "
        "or objects: check what each card shows (ruling GI-6).",
    )
    different = scored(
        objectives=[{"card": 7, "objects": ["bee", "leaf"]},
                    {"card": 8, "objects": ["leaf", "ladybug"]}],
        players=[player("Ana", 1)],
    )
    assert not any("GI-6" in warning for warning in different.warnings)


@pytest.mark.parametrize(("reading", "points"), [(None, 2), ("kind_and_colour", 2), ("colour", 1)])
def test_the_table_chooses_the_objective_13_reading(reading, points):  # GI-3
    grid = ["Rb Rf .. .. .. .."] + [".. .. .. .. .. .."] * 5
    options = {} if reading is None else {"options": {"objective_13": reading}}
    result = scored(objectives=[{"card": 13}], players=[player("Ana", 0, grid)], **options)
    assert result.players[0].row_points("objective_13") == points


def test_the_result_keeps_the_json_contract():
    result = score(load_table(EXAMPLES / "full_table.json"))
    data = json.loads(json.dumps(result.model_dump(mode="json")))
    assert data["game"] == "girasoles"
    ana = data["players"][0]
    assert (ana["name"], ana["total"], ana["rank"]) == ("Ana", 56, 1)
    assert ana["total"] == sum(line["points"] for line in ana["lines"])
    assert {"category", "points", "detail", "cells", "rulings"} <= set(ana["lines"][1])
    assert ana["lines"][1]["rulings"] == ["GI-1"]
