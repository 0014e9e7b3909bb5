"""A read-only index of one valley, built once per scoring: which card lies where, and what counts
as a Field under the table's options."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from scorer.core.breakdown import Cell
from scorer.core.grid import orthogonal_neighbours
from scorer.sunflower_valley.express import RailNetwork
from scorer.sunflower_valley.models import TOWN_KINDS, Card, Kind, Options, Valley, describe_cell


@dataclass(frozen=True)
class Layout:
    valley: Valley
    options: Options

    @cached_property
    def by_cell(self) -> dict[Cell, Card]:
        return {card.cell: card for card in sorted(self.valley.cards, key=lambda c: c.cell)}

    @cached_property
    def network(self) -> RailNetwork:
        return RailNetwork.of(self.valley)

    @cached_property
    def express_route(self) -> tuple[tuple[Cell, ...], bool]:
        """The Express route and whether it was assumed: with no stops entered, the longest legal
        route (ruling SV-5)."""
        stops = self.valley.express_stops
        if stops is None:
            return tuple(self.network.longest_route()), True
        return tuple(stops), False

    def cards_of(self, *kinds: Kind) -> list[Card]:
        return [card for card in self.by_cell.values() if card.kind in kinds]

    def neighbours(self, cell: Cell) -> list[Card]:
        """The cards orthogonally adjacent to ``cell``."""
        return [self.by_cell[n] for n in orthogonal_neighbours(cell) if n in self.by_cell]

    def is_field(self, card: Card) -> bool:
        """Field cards, and Farmer cards too unless the table rules otherwise (ruling SV-1)."""
        return card.kind is Kind.FIELD or (
            card.kind is Kind.FARMER and self.options.farmers_count_as_fields
        )

    def counts_as(self, card: Card, kind: Kind) -> bool:
        if kind is Kind.FIELD:
            return self.is_field(card)
        if kind is Kind.TOWN:
            return card.kind in TOWN_KINDS
        return card.kind is kind

    @cached_property
    def fields(self) -> list[Card]:
        return [card for card in self.by_cell.values() if self.is_field(card)]

    @property
    def uses_farmer_as_field(self) -> bool:
        return self.options.farmers_count_as_fields and any(
            card.kind is Kind.FARMER for card in self.fields
        )


def top_left(cells: Iterable[Cell]) -> Cell:
    """The valley's top-left as players read it off the table: its top row of cards and its
    leftmost column of cards (the corner need not hold a card)."""
    cells = list(cells)
    return min(row for row, _ in cells), min(col for _, col in cells)


def place_name(cell: Cell, origin: Cell) -> str:
    """A place as the grid shows it: "row 2, column 3", counted from 1 at ``origin``, the
    valley's top-left (:func:`top_left`)."""
    return f"row {cell[0] - origin[0] + 1}, column {cell[1] - origin[1] + 1}"


def where(card: Card) -> str:
    """E.g. "Mountain at (2,3)"."""
    return f"{card.kind.label} at {describe_cell(card.cell)}"


def listing(cards: list[Card], limit: int = 6) -> str:
    """Cards named by kind and position, shortened past ``limit``."""
    named = [where(card) for card in cards[:limit]]
    if len(cards) > limit:
        named.append(f"{len(cards) - limit} more")
    return ", ".join(named) if named else "none"


def plural(count: int, word: str) -> str:
    """E.g. "1 Town", "2 Towns", "3 Sheep" (Sheep is its own plural)."""
    if count == 1 or word.endswith("Sheep"):
        return f"{count} {word}"
    return f"{count} {word}s"
