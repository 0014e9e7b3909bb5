"""A read-only index of one board, built once per scoring: where each symbol lies, and the areas."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from scorer.core.breakdown import Cell
from scorer.core.grid import connected_regions
from scorer.girasoles.models import Board, Colour, Space, Symbol, describe_cell


@dataclass(frozen=True)
class Area:
    """An area (ruling GI-1): orthogonally connected covered spaces of one colour."""

    colour: Colour
    cells: tuple[Cell, ...]
    """In reading order."""

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Layout:
    board: Board

    @property
    def spaces(self) -> dict[Cell, Space]:
        return self.board.spaces

    def cells_with(self, symbol: Symbol) -> list[Cell]:
        """The spaces holding ``symbol``, in reading order."""
        return self._cells_by_symbol.get(symbol, [])

    @cached_property
    def _cells_by_symbol(self) -> dict[Symbol, list[Cell]]:
        found: dict[Symbol, list[Cell]] = {}
        for cell, space in self.spaces.items():
            if space.symbol is not None:
                found.setdefault(space.symbol, []).append(cell)
        return found

    @cached_property
    def areas(self) -> list[Area]:
        """Every area of the board, largest first (ruling GI-1)."""
        regions = connected_regions(self.spaces, same_region=lambda cell: self.spaces[cell].colour)
        return [Area(self.spaces[min(region)].colour, tuple(sorted(region))) for region in regions]

    @cached_property
    def area_of(self) -> dict[Cell, Area]:
        return {cell: area for area in self.areas for cell in area.cells}

    @cached_property
    def sunflower_areas(self) -> list[frozenset[Cell]]:
        """Groups of orthogonally adjacent sunflowers, whatever their colours (ruling GI-2)."""
        return connected_regions(self.cells_with(Symbol.SUNFLOWER))

    def where(self, cell: Cell) -> str:
        """E.g. "red bee at row 2, column 3"."""
        return f"{self.spaces[cell].describe()} at {describe_cell(cell)}"


def cell_list(cells, limit: int = 8) -> str:
    """Places, shortened past ``limit``: "row 1, column 2; row 3, column 4 and 2 more"."""
    cells = sorted(cells)
    named = "; ".join(describe_cell(cell) for cell in cells[:limit])
    return named + (f" and {len(cells) - limit} more" if len(cells) > limit else "")


def plural(count: int, word: str, words: str | None = None) -> str:
    """E.g. "1 space", "2 spaces", "2 leaves" (with ``words`` given)."""
    return f"{count} {word if count == 1 else words or word + 's'}"
