"""A read-only index of one valley, built once per scoring: which card lies where, what counts as a
Field under the table's options, how places are named, and the Valley Express route."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from scorer.core.breakdown import Cell
from scorer.core.grid import orthogonal_neighbours
from scorer.sunflower_valley.express import RailNetwork
from scorer.message import Message, msg, msg_n
from scorer.sunflower_valley.models import (
    TOWN_KINDS,
    Card,
    Kind,
    Options,
    Valley,
    card_at,
    joined_by_semicolons,
)
from scorer.sunflower_valley.places import Places, named_place


@dataclass(frozen=True)
class RouteGoal:
    """A goal of the table whose points depend on the Express route (Suburban Trains)."""

    title: Message
    points: Callable[[Layout, frozenset[Cell]], int]
    """The goal's points when these Railroad cards are part of the Express."""


@dataclass(frozen=True)
class ExpressRoute:
    stops: tuple[Cell, ...]
    rails: frozenset[Cell]
    """The Railroad cards part of the Express (ruling SV-3)."""
    assumed: bool
    """No stops were entered: the route best for the player is assumed (ruling SV-5)."""

    @property
    def towns_after_start(self) -> int:
        return len(self.stops) - 1


@dataclass(frozen=True)
class Layout:
    valley: Valley
    options: Options
    route_goals: tuple[RouteGoal, ...] = ()
    """The table's goals that depend on the route: the assumed route is chosen for them too."""

    @cached_property
    def by_cell(self) -> dict[Cell, Card]:
        return {card.cell: card for card in sorted(self.valley.cards, key=lambda c: c.cell)}

    @cached_property
    def places(self) -> Places:
        return Places.of(self.by_cell)

    @cached_property
    def network(self) -> RailNetwork:
        return RailNetwork.of(self.valley)

    def route_goal_points(self, rails: frozenset[Cell]) -> int:
        """What the table's route goals score with these Railroad cards on the Express."""
        return sum(goal.points(self, rails) for goal in self.route_goals)

    @cached_property
    def express(self) -> ExpressRoute:
        """The Express route as entered or, with no stops entered, the legal route that gives the
        player the most points on the Express and the route goals together (ruling SV-5)."""
        stops = self.valley.express_stops
        assumed = stops is None
        if stops is None:
            stops = self.network.best_route(self.route_goal_points)
        return ExpressRoute(tuple(stops), self.network.route_rails(stops), assumed)

    def route_name(self, stops: tuple[Cell, ...]) -> Message:
        """E.g. "Starting Town at row 2, column 3 -> Town at row 2, column 5"."""
        said = self.where(self.by_cell[stops[0]])
        for stop in stops[1:]:
            said = msg("sv.route.next", "{route} -> {stop}", route=said,
                       stop=self.where(self.by_cell[stop]))
        return said

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

    @cached_property
    def _fields_around(self) -> dict[Cell, list[Card]]:
        """For each place, the Field cards beside it."""
        around: dict[Cell, list[Card]] = {}
        for card in self.fields:
            for cell in orthogonal_neighbours(card.cell):
                around.setdefault(cell, []).append(card)
        return around

    def fields_beside(self, cells: Iterable[Cell]) -> list[Card]:
        """The Field cards beside at least one of ``cells``, each once, in grid order."""
        found = {card.cell: card for cell in cells for card in self._fields_around.get(cell, ())}
        return [found[cell] for cell in sorted(found)]

    def where(self, card: Card) -> Message:
        """E.g. "Mountain at row 2, column 3"."""
        return _card_at(card.kind, self.places.row(card.row), self.places.column(card.col))

    def listing(self, cards: list[Card], limit: int = 6) -> Message:
        """Cards named by kind and place, shortened past ``limit``; semicolons between them, since
        a place has a comma ("row 1, column 2")."""
        named = [self.where(card) for card in cards[:limit]]
        if len(cards) > limit:
            left = len(cards) - limit
            named.append(msg_n("sv.listing.more", "{count} more", "{count} more", left))
        return joined_by_semicolons(named) if named else msg("sv.listing.none", "none")


@lru_cache(maxsize=4096)
def _card_at(kind: Kind, row: int, column: int) -> Message:
    """A card named by kind and place, made once: messages are immutable, and the same places
    recur in every line, every valley and every new scoring of a table."""
    return card_at(kind, named_place(row, column))
