"""Places in a valley named as the players see them: "row 2, column 3", counted from 1 at the
valley's top-left, as the editor's grid shows it (the top row of cards is row 1, the leftmost
column of cards is column 1). Positions in a table file may start anywhere (the Starting Town
is often (0,0)), so a name depends on the whole valley, never on the raw numbers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from scorer.core.breakdown import Cell
from scorer.message import Message, place


@dataclass(frozen=True)
class Places:
    """The naming of one valley's places: which grid row and column are row 1 and column 1."""

    top: int
    left: int

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> Places:
        """From the places of the valley's cards (a valley has at least its Starting Town)."""
        rows, cols = zip(*cells, strict=True)
        return cls(top=min(rows), left=min(cols))

    def row(self, row: int) -> int:
        """The row's number as players count it (0 or less above the valley's top row)."""
        return row - self.top + 1

    def column(self, col: int) -> int:
        """The column's number as players count it (0 or less left of the valley)."""
        return col - self.left + 1

    def place(self, cell: Cell) -> Message:
        """E.g. "row 2, column 3", as a message."""
        return named_place(self.row(cell[0]), self.column(cell[1]))

    def name(self, cell: Cell) -> str:
        """E.g. "row 2, column 3", in English."""
        return self.place(cell).text


@lru_cache(maxsize=4096)
def named_place(row: int, column: int) -> Message:
    """A place's message, made once: the editor names every place of the grid at each change."""
    return place(row, column)


def place_name(cells: Iterable[Cell], cell: Cell) -> str:
    """``cell`` named as players see it in the valley whose cards lie at ``cells``."""
    return Places.of(cells).name(cell)
