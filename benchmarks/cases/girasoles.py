"""Girasoles: the 4-player example table, and the worst case for the pairs, 10 by 10 boards where
every space holds one of the pair's objects."""

from __future__ import annotations

from pathlib import Path

from scorer.files import load_table
from scorer.girasoles import score_table
from scorer.girasoles.layout import Layout
from scorer.girasoles.models import Board, GirasolesTable, Symbol
from scorer.girasoles.objectives import pairs_of_objects

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "girasoles" / "full_table.json"
SIZE = 10


def dense_pairs_board(seat: int = 0) -> Board:
    """Bees and leaves in a checkerboard, so every space has 2 to 4 partners (180 candidate pairs),
    on 2-by-2 blocks of the 4 colours (each ``seat`` its own colours: every player's spaces named
    anew, none kept from another board)."""
    grid = [
        " ".join(
            "BGRY"[(row // 2 + col // 2 + seat) % 4] + ("b" if (row + col) % 2 else "f")
            for col in range(SIZE)
        )
        for row in range(SIZE)
    ]
    return Board(rows=SIZE, cols=SIZE, grid=grid)


TABLE = load_table(EXAMPLE)
DENSE_BOARD = dense_pairs_board()
DENSE_TABLE = GirasolesTable(
    mode="advanced",
    objectives=[
        {"card": 7, "objects": ["bee", "leaf"]},
        {"card": 12},
        {"card": 13},
        {"card": 15},
    ],
    players=[{"name": name, "coins": 10, "board": dense_pairs_board(seat)}
             for seat, name in enumerate("ABCD")],
)


def dense_pairs_alone() -> None:
    pairs_of_objects(Layout(DENSE_BOARD), Symbol.BEE, Symbol.LEAF)


CASES = {
    "girasoles: 4-player table, 3 objectives": lambda: score_table(TABLE),
    "girasoles: 4-player table, read from its file and scored": lambda: score_table(
        load_table(EXAMPLE)
    ),
    "girasoles: 10x10 dense pairs, one pair objective": dense_pairs_alone,
    "girasoles: WORST CASE 4 players, 10x10 dense boards, advanced": lambda: score_table(
        DENSE_TABLE),
}
