"""The command line on Girasoles tables: the scorepad explains every line; bad input exits 2 with
the place and the problem."""

import json

import pytest

from girasoles_boards import EXAMPLES
from scorer.cli import main

RULEBOOK_EXAMPLE = EXAMPLES / "rulebook_scoring_example.json"


def run(capsys, *args):
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_rulebook_example_shows_18_with_each_line_explained(capsys):
    code, out, err = run(capsys, "score", RULEBOOK_EXAMPLE)
    assert code == 0 and err == ""
    total_row = next(line for line in out.splitlines() if line.startswith("Total"))
    assert total_row.split() == ["Total", "18"]
    for explained in (
        "Coins:   8  coins worth 8 in all -> 8",
        "I. Leaves:   1  blue leaf at row 1, column 5 in a blue area of 2 spaces, 1 per 2 spaces "
        "-> 1 [GI-1]",
        "I. Leaves:   2  green leaf at row 5, column 1 in a green area of 5 spaces, 1 per 2 spaces "
        "-> 2 [GI-1]",
        "II. Bees:   3  yellow bee at row 3, column 2: 3 sunflowers around, at row 2, column 3; "
        "row 3, column 1; row 3, column 3 -> 3",
        "II. Bees:   2  red bee at row 3, column 4: 2 sunflowers around, at row 2, column 3; row 3, "
        "column 3 -> 2",
        "III. Ladybugs:   2  red ladybug at row 1, column 1: no other ladybug around -> 2",
        "III. Ladybugs:   0  blue ladybug at row 6, column 1: another ladybug around, at row 6, "
        "column 2 -> 0",
        "III. Ladybugs:   0  yellow ladybug at row 6, column 2: another ladybug around, at row 6, "
        "column 1 -> 0",
    ):
        assert f"  {explained}\n" in out


def test_json_output_of_the_full_table(capsys):
    code, out, _ = run(capsys, "score", EXAMPLES / "full_table.json", "--json")
    data = json.loads(out)
    assert code == 0
    assert [p["total"] for p in data["players"]] == [56, 45, 54, 56]
    assert data["winners"] == ["Ana"]


def test_the_schema_describes_girasoles_tables(capsys):
    code, out, _ = run(capsys, "schema")
    assert code == 0 and '"girasoles"' in out and "AdditionalObjective" in out


def table_with(board=None, **player_fields) -> dict:
    grid = [".. .. .. .. .. .."] * 6
    return {"game": "girasoles", "players": [
        {"name": "Ana", "coins": 3, "board": board or {"grid": grid}, **player_fields},
    ]}


def grid_with(row: int, col: int, token: str) -> dict:
    rows = [[".."] * 6 for _ in range(6)]
    rows[row - 1][col - 1] = token
    return {"grid": [" ".join(r) for r in rows]}


BAD_INPUTS = {
    "a bee on an empty space": (
        table_with(grid_with(3, 5, ".b")),
        "at players[0] (Ana) > board: row 3, column 5: a bee on an empty space",
    ),
    "unknown colour": (
        table_with(grid_with(2, 1, "Ps")),
        "at players[0] (Ana) > board: row 2, column 1: 'P' is not a colour",
    ),
    "out of the board": (
        table_with({"rows": 4, "cols": 4, "grid": [".. .. .. ..", ".. .. .. .. B.",
                                                    ".. .. .. ..", ".. .. .. .."]}),
        "at players[0] (Ana) > board: row 2, column 5 is outside the board",
    ),
    "board too large": (
        table_with({"rows": 12, "grid": [".. .. .. .. .. .."] * 12}),
        "at players[0] (Ana) > board > rows: 12; at most 10 (ruling GI-10: a board is 4 to 10 "
        "spaces a side)",
    ),
    "missing coins": (
        table_with(coins=None),
        'at players[0] (Ana): give the coins: their total as "coins", or "coins_by_round"',
    ),
    "objective 16": (
        {**table_with(), "objectives": [{"card": 16}]},
        "at objectives[0]: the rulebook describes additional objectives 1 to 15 only",
    ),
    "objective without its colour": (
        {**table_with(), "objectives": [{"card": 6}]},
        'at objectives[0]: objective 6 scores the colour shown on its card: give the colour as '
        '"colour"',
    ),
    "unknown object": (
        {**table_with(), "objectives": [{"card": 7, "objects": ["bee", "snail"]}]},
        "at objectives[0] > objects[1]: one of 'sunflower', 'bee', 'leaf' or 'ladybug' is "
        'expected here, not "snail"',
    ),
    "unknown mode": (
        {**table_with(), "mode": "expert"},
        "at mode: one of 'normal' or 'advanced' is expected here, not \"expert\"",
    ),
    "misspelt field": (
        {**table_with(), "objective": []},
        "at objective: unknown field (check its spelling)",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_exits_2_with_a_clear_message(capsys, tmp_path, case):
    table, message = BAD_INPUTS[case]
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    code, out, err = run(capsys, "score", path)
    assert (code, out) == (2, "")
    assert err.startswith(f"scorepad: {path}: ")
    assert message in err
    assert "Traceback" not in err
