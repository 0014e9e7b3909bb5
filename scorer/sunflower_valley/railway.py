"""A valley's railway: its towns and the groups of Railroad cards that join them, and whether an
Express route could have been played on it.

The models check an entered route with it (:meth:`Railway.check_route`); the Valley Express's
points and the route assumed when none is entered are the rules' (``express``).

Rulings used here (docs/RULINGS.md):
- SV-2: two towns are joined when one group of orthogonally consecutive Railroad cards touches both;
  a town beside the group is not "passed", and two towns side by side with no Railroad between them
  are not joined.
- SV-3: a railroad line is such a group without its dead-end spurs (Railroad cards that lead to no
  town); those are the cards "part of the Valley Express" and the ones Walking Routes counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from scorer.core.breakdown import Cell
from scorer.core.grid import connected_regions, orthogonal_neighbours
from scorer.message import MessageError, msg
from scorer.sunflower_valley.places import Places


class RouteError(MessageError):
    """An Express route that cannot have been played; the message names the step."""


@dataclass(frozen=True)
class Railway:
    """The towns of a valley and the railroad groups that join them."""

    towns: frozenset[Cell]
    start: Cell
    groups: tuple[frozenset[Cell], ...]
    places: Places

    @classmethod
    def of_cells(cls, towns: Iterable[Cell], start: Cell, rails: Iterable[Cell],
                 places: Places) -> Railway:
        """The railway of a valley whose towns (the Starting Town ``start`` among them) and
        Railroad cards are at these cells."""
        return cls(towns=frozenset(towns), start=start, groups=tuple(connected_regions(list(rails))),
                   places=places)

    def towns_touching(self, group: frozenset[Cell]) -> frozenset[Cell]:
        return frozenset(
            neighbour
            for cell in group
            for neighbour in orthogonal_neighbours(cell)
            if neighbour in self.towns
        )

    @cached_property
    def group_towns(self) -> tuple[frozenset[Cell], ...]:
        """The towns each group touches, in the order of ``groups``."""
        return tuple(self.towns_touching(group) for group in self.groups)

    @cached_property
    def links(self) -> dict[Cell, tuple[Cell, ...]]:
        """Each town and the towns joined to it by rail (ruling SV-2), in a stable order."""
        joined: dict[Cell, set[Cell]] = {town: set() for town in self.towns}
        for touching in self.group_towns:
            for town in touching:
                joined[town] |= touching - {town}
        return {town: tuple(sorted(others)) for town, others in sorted(joined.items())}

    def groups_joining(self, a: Cell, b: Cell) -> list[frozenset[Cell]]:
        return [
            group
            for group, touching in zip(self.groups, self.group_towns)
            if a in touching and b in touching
        ]

    def line(self, group: frozenset[Cell]) -> frozenset[Cell]:
        """The group without dead-end spurs: Railroad cards leading to no town (ruling SV-3)."""
        kept = set(group)
        while True:
            spurs = {
                cell
                for cell in kept
                if not any(n in self.towns for n in orthogonal_neighbours(cell))
                and sum(n in kept for n in orthogonal_neighbours(cell)) <= 1
            }
            if not spurs:
                return frozenset(kept)
            kept -= spurs

    def route_rails(self, route: Sequence[Cell]) -> frozenset[Cell]:
        """The Railroad cards that are part of the Express along ``route`` (ruling SV-3)."""
        cards: set[Cell] = set()
        for a, b in zip(route, route[1:]):
            for group in self.groups_joining(a, b):
                cards |= self.line(group)
        return frozenset(cards)

    def check_route(self, stops: Sequence[Cell]) -> None:
        """Raise RouteError naming the first stop or step that could not have been played."""
        if not stops:
            raise RouteError(msg("sv.route.no_stops",
                                 "the Express stops start with the Starting Town; none are given"))
        name = self.places.place
        if stops[0] != self.start:
            raise RouteError(msg(
                "sv.route.wrong_start",
                "the Express starts at the Starting Town at {start}, not at {place}",
                start=name(self.start), place=name(stops[0])))
        visited: set[Cell] = set()
        for number, stop in enumerate(stops, start=1):
            if stop not in self.towns:
                raise RouteError(msg("sv.route.not_a_town",
                                     "Express stop {number} ({place}) is not a town",
                                     number=number, place=name(stop)))
            if stop in visited:
                raise RouteError(msg(
                    "sv.route.town_twice",
                    "Express stop {number}: the town at {place} is already on the route; the "
                    "Valley Express cannot pass the same town twice", number=number,
                    place=name(stop)))
            visited.add(stop)
            if number > 1 and stop not in self.links[stops[number - 2]]:
                raise RouteError(msg(
                    "sv.route.not_joined",
                    "Express step {number}: no Railroad line joins the town at {start} to the "
                    "town at {end} (ruling SV-2)", number=number - 1,
                    start=name(stops[number - 2]), end=name(stop)))
