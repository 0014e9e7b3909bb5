"""A read-only index of one board, built once per scoring: where each symbol lies, and the areas."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from scorer.core.breakdown import Cell
from scorer.core.grid import connected_regions
from scorer.girasoles.models import Board, Colour, Space, Symbol
from scorer.message import Message, msg, msg_n, place


AREA_NAMES: dict[Colour, Message] = {
    Colour.BLUE: msg("gi.area.blue", "blue area"),
    Colour.GREEN: msg("gi.area.green", "green area"),
    Colour.RED: msg("gi.area.red", "red area"),
    Colour.YELLOW: msg("gi.area.yellow", "yellow area"),
}
"""An area named by its colour (one message each: the colour agrees with the noun)."""


@dataclass(frozen=True)
class Area:
    """An area (ruling GI-1): orthogonally connected covered spaces of one colour."""

    colour: Colour
    cells: tuple[Cell, ...]
    """In reading order."""

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def name(self) -> Message:
        """E.g. "green area"."""
        return AREA_NAMES[self.colour]


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

    def where(self, cell: Cell) -> Message:
        """E.g. "red bee at row 2, column 3"."""
        return space_at(self.spaces[cell], *cell)


@lru_cache(maxsize=4096)
def space_at(space: Space, row: int, column: int) -> Message:
    """A space named by what covers it and its place, made once: messages are immutable, and the
    same spaces recur in every line, every board and every new scoring of a table."""
    return msg("gi.space_at", "{space} at {place}", space=space.describe(),
               place=place(row, column))


def cell_list(cells, limit: int = 8) -> Message | None:
    """Places, shortened past ``limit``: "row 1, column 2; row 3, column 4 and 2 more"; None
    for no place."""
    return _cell_list(tuple(sorted(cells)), limit)


@lru_cache(maxsize=4096)
def _cell_list(cells: tuple[Cell, ...], limit: int) -> Message | None:
    named = semicolons([place(*cell) for cell in cells[:limit]])
    if named is None or len(cells) <= limit:
        return named
    return msg_n("gi.places.more", "{places} and {count} more", "{places} and {count} more",
                 len(cells) - limit, places=named)


def semicolons(items: list[Message]) -> Message | None:
    """Items that hold commas themselves (places), listed with semicolons: "row 1, column 2;
    row 3, column 4" (None for no item). One message per separator, so that any language may
    say it its way."""
    if not items:
        return None
    listed = items[0]
    for item in items[1:]:
        listed = msg("gi.semicolons", "{listed}; {item}", listed=listed, item=item)
    return listed
