"""Scoring a table again after one board changed makes that board's lines only: each board's own
lines are kept by the board, the objectives and the options (frozen models), and the kept lines
give the result of fresh ones."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.games import parse_table, score
from scorer.girasoles.scoring import board_lines

FULL_TABLE = Path(__file__).resolve().parents[2] / "examples" / "girasoles" / "full_table.json"


def table_with_a_space_changed():
    """The full table, and the same table with one space of the first player's board changed."""
    data = json.loads(FULL_TABLE.read_text(encoding="utf-8"))
    table = parse_table(data)
    grid = data["players"][0]["board"]["grid"]
    first = grid[0].split()
    first[0] = "Bs" if first[0] != "Bs" else "Rs"
    grid[0] = " ".join(first)
    return table, parse_table(data)


def test_one_board_changed_is_the_only_board_scored_again():
    table, changed = table_with_a_space_changed()
    board_lines.cache_clear()
    score(table)
    assert board_lines.cache_info().misses == len(table.players)
    score(changed)
    assert board_lines.cache_info().misses == len(table.players) + 1


def test_kept_board_lines_give_the_result_of_fresh_ones():
    table, changed = table_with_a_space_changed()
    score(table)
    kept = score(changed)
    board_lines.cache_clear()
    assert kept == score(changed)
    assert kept.model_dump(mode="json") == score(changed).model_dump(mode="json")
    first = table.players[0].name
    before = {p.name: p.lines for p in score(table).players}
    after = {p.name: p.lines for p in kept.players}
    assert after[first] != before[first]
    assert {name: lines for name, lines in after.items() if name != first} == {
        name: lines for name, lines in before.items() if name != first}
