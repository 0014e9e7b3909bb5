"""Every Sunflower Valley example is a real table, scored and checked against hand-computed totals
(the workings are in the docstrings of tests/sunflower_valley/test_sv_goals.py and below)."""

from pathlib import Path

import pytest

from scorer.files import load_table
from scorer.games import score

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "sunflower_valley"

# Hand-computed, row by row: Express, Towns, Farmers, Mountains, Lakes, then the 3 goals.
EXPECTED = {
    "rulebook_situations.json": {
        "Town worth 4": [0, 4, 0, 0, 1],
        "George, Express worth 6": [6, 1, 0, 0, 1],
        "George, Express worth 9": [9, 1, 0, 0, 1],
        "George's mountain before his Field": [0, 0, 0, 2, 0],
        "George's mountain after his Field": [0, 0, 0, 4, 0],
    },
    "first_game_goals.json": {  # Boundless Field, Flocks of Sheep, Long Way
        "Paul": [6, 6, 2, 2, 3, 2, 4, 0],
        "Mary": [3, 5, 0, 2, 2, 3, 4, 6],
        "George": [0, 0, 4, 2, 4, 7, 6, 0],
    },
    "full_table.json": {  # Vast Network, Happy Towns, Walking Routes
        "Ann": [6, 6, 2, 2, 3, 0, 4, 4],
        "Bob": [3, 5, 0, 2, 2, 0, 4, 2],
        "Cy": [0, 0, 4, 2, 4, 0, 0, 0],
        "Dee": [6, 2, 0, 3, 2, 6, 2, 6],
    },
}
WINNERS = {
    "rulebook_situations.json": ("George, Express worth 9",),
    "first_game_goals.json": ("Paul",),  # ties Mary on 25, more towns in the Express (2 to 1)
    "full_table.json": ("Ann", "Dee"),  # tie on 27 and on 2 Express towns: shared
}


def test_every_example_file_is_checked():
    assert {path.name for path in EXAMPLES.glob("*.json")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_scores_as_computed_by_hand(name):
    result = score(load_table(EXAMPLES / name))
    rows = [row.category for row in result.rows]
    got = {player.name: [player.row_points(row) for row in rows] for player in result.players}
    assert got == EXPECTED[name]
    assert {p.name: p.total for p in result.players} == {
        player: sum(points) for player, points in EXPECTED[name].items()
    }
    assert result.winners == WINNERS[name]


def test_full_valleys_carry_no_warning():
    assert score(load_table(EXAMPLES / "full_table.json")).warnings == ()
