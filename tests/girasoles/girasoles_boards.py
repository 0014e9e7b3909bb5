"""Helpers for the Girasoles tests: boards from text, the board's symmetries, every objective."""

from __future__ import annotations

from pathlib import Path

from scorer.girasoles.layout import Layout
from scorer.girasoles.models import AdditionalObjective, Board, Options
from scorer.girasoles.scoring import objective_line

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "girasoles"

EVERY_OBJECTIVE = (
    AdditionalObjective(card=1, colour="blue"),
    AdditionalObjective(card=2, colour="red"),
    AdditionalObjective(card=3),
    AdditionalObjective(card=4),
    AdditionalObjective(card=5, colour="green"),
    AdditionalObjective(card=6, colour="yellow"),
    AdditionalObjective(card=7, objects=("bee", "sunflower")),
    AdditionalObjective(card=8, objects=("leaf", "ladybug")),
    AdditionalObjective(card=9, objects=("bee", "bee")),
    AdditionalObjective(card=10),
    AdditionalObjective(card=11),
    AdditionalObjective(card=12),
    AdditionalObjective(card=13),
    AdditionalObjective(card=14),
    AdditionalObjective(card=15),
)
"""All 15 objectives of the rulebook's list, with a colour or objects where the card shows one."""


def board(*rows: str) -> Board:
    """A board sized to the rows given."""
    return Board(rows=len(rows), cols=len(rows[0].split()), grid=rows)


def layout(*rows: str) -> Layout:
    return Layout(board(*rows))


def tokens(board: Board) -> list[list[str]]:
    return [row.split() for row in board.grid]


def from_tokens(matrix: list[list[str]]) -> Board:
    return board(*(" ".join(row) for row in matrix))


def mirrored_left_right(board: Board) -> Board:
    return from_tokens([row[::-1] for row in tokens(board)])


def mirrored_top_bottom(board: Board) -> Board:
    return from_tokens(tokens(board)[::-1])


def rotated_clockwise(board: Board) -> Board:
    """Row r of the old board becomes column (rows + 1 - r) of the new one."""
    return from_tokens([list(row) for row in zip(*tokens(board)[::-1])])


def objective_points(board: Board, options: Options = Options()) -> dict[int, int]:
    """Each objective of the list scored on ``board``, by card number."""
    board_layout = Layout(board)
    return {
        objective.card: objective_line(board_layout, objective, options).points
        for objective in EVERY_OBJECTIVE
    }
