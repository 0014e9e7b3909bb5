"""The taps a person makes to enter a Girasoles board in the editor, planned from the board as
typed in a table file: for each colour, its 2x2 blocks with the starting-tile shape, then side by
side pairs with a double tile, then single spaces; then each symbol on its spaces.

A step is ``("colour", Colour)``, ``("shape", Shape)``, ``("symbol", Symbol)`` (a tap on a tool)
or ``("space", (row, col))`` (a tap on the board). Used by the model tests, the browser test and
docs/screenshots.py, so they all enter the board the same way.
"""

from __future__ import annotations

from scorer.girasoles.models import Board, Colour, Symbol
from ui.games.girasoles.editor_model import BoardEditor, Shape

PAINT_ORDER = (Shape.STARTING, Shape.ACROSS, Shape.DOWN, Shape.SPACE)


def plan(board: Board) -> list[tuple[str, object]]:
    spaces = board.spaces
    steps: list[tuple[str, object]] = []
    shape = Shape.SPACE
    for colour in Colour:
        todo = {cell for cell, space in spaces.items() if space.colour is colour}
        if not todo:
            continue
        steps.append(("colour", colour))
        for candidate in PAINT_ORDER:
            for cell in sorted(todo):
                cells = set(candidate.cells(cell))
                if cell in todo and cells <= todo:
                    if candidate is not shape:
                        steps.append(("shape", candidate))
                        shape = candidate
                    steps.append(("space", cell))
                    todo -= cells
    for symbol in Symbol:
        cells = [cell for cell, space in spaces.items() if space.symbol is symbol]
        if cells:
            steps.append(("symbol", symbol))
            steps += [("space", cell) for cell in cells]
    return steps


def enter(editor: BoardEditor, steps) -> None:
    """Make the planned taps through the editor's model, as the screen's handlers do."""
    for kind, value in steps:
        {"colour": editor.choose_colour, "shape": editor.choose_shape,
         "symbol": editor.choose_symbol, "space": editor.tap}[kind](value)
