"""Railroads and the Valley Express.

Rulings used here (docs/RULINGS.md):
- SV-2: two towns are joined when one group of orthogonally consecutive Railroad cards touches both;
  a town beside the group is not "passed", and two towns side by side with no Railroad between them
  are not joined.
- SV-3: a railroad line is such a group without its dead-end spurs (Railroad cards that lead to no
  town); those are the cards "part of the Valley Express" and the ones Walking Routes counts.
- SV-5: with no stops entered, the route assumed is the legal route that gives the player the most
  points (the Express and the goals that depend on the route).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from scorer.core.breakdown import Cell
from scorer.core.grid import connected_regions, orthogonal_neighbours
from scorer.sunflower_valley.models import TOWN_KINDS, Kind, Valley
from scorer.sunflower_valley.places import Places


EXPRESS_POINTS_PER_TOWN = 3

RoutePoints = Callable[[frozenset[Cell]], int]
"""Points that the Express's Railroad cards give on the goals that depend on the route (Suburban
Trains): never fewer for more cards, which is what lets the route search prune."""


def no_route_points(rails: frozenset[Cell]) -> int:
    return 0


class RouteError(ValueError):
    """An Express route that cannot have been played; the message names the step."""


@dataclass(frozen=True)
class RailNetwork:
    """The towns of a valley and the railroad groups that join them."""

    towns: frozenset[Cell]
    start: Cell
    groups: tuple[frozenset[Cell], ...]
    places: Places

    @classmethod
    def of(cls, valley: Valley) -> RailNetwork:
        rails = [card.cell for card in valley.cards if card.kind is Kind.RAILROAD]
        towns = frozenset(card.cell for card in valley.cards if card.kind in TOWN_KINDS)
        start = next(card.cell for card in valley.cards if card.kind is Kind.STARTING_TOWN)
        return cls(towns=towns, start=start, groups=tuple(connected_regions(rails)),
                   places=Places.of(card.cell for card in valley.cards))

    def towns_touching(self, group: frozenset[Cell]) -> frozenset[Cell]:
        return frozenset(
            neighbour
            for cell in group
            for neighbour in orthogonal_neighbours(cell)
            if neighbour in self.towns
        )

    @cached_property
    def _group_towns(self) -> tuple[frozenset[Cell], ...]:
        return tuple(self.towns_touching(group) for group in self.groups)

    @cached_property
    def links(self) -> dict[Cell, tuple[Cell, ...]]:
        """Each town and the towns joined to it by rail (ruling SV-2), in a stable order."""
        joined: dict[Cell, set[Cell]] = {town: set() for town in self.towns}
        for touching in self._group_towns:
            for town in touching:
                joined[town] |= touching - {town}
        return {town: tuple(sorted(others)) for town, others in sorted(joined.items())}

    def groups_joining(self, a: Cell, b: Cell) -> list[frozenset[Cell]]:
        return [
            group
            for group, touching in zip(self.groups, self._group_towns)
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

    @cached_property
    def _step_rails(self) -> dict[tuple[Cell, Cell], frozenset[Cell]]:
        """The Express's Railroad cards of each step between two joined towns (ruling SV-3)."""
        return {
            (a, b): frozenset().union(*(self.line(group) for group in self.groups_joining(a, b)))
            for a, others in self.links.items()
            for b in others
        }

    @cached_property
    def _town_rails(self) -> dict[Cell, frozenset[Cell]]:
        """Every Railroad card a route could use on a step to or from each town."""
        return {
            town: frozenset().union(*(self._step_rails[town, other] for other in others))
            for town, others in self.links.items()
        }

    def route_rails(self, route: Sequence[Cell]) -> frozenset[Cell]:
        """The Railroad cards that are part of the Express along ``route`` (ruling SV-3)."""
        return frozenset().union(*(self._step_rails[a, b] for a, b in zip(route, route[1:])))

    def route_points(self, route: Sequence[Cell], more: RoutePoints = no_route_points) -> int:
        """The Express's points along ``route`` (3 a town after the Starting Town), plus ``more``."""
        return EXPRESS_POINTS_PER_TOWN * (len(route) - 1) + more(self.route_rails(route))

    def routes(
        self, worth_extending: Callable[[list[Cell], set[Cell], frozenset[Cell]], bool]
    ) -> Iterator[tuple[tuple[Cell, ...], frozenset[Cell]]]:
        """Every legal route from the Starting Town, depth first in grid order, with its Express
        Railroad cards. The routes that extend a route are skipped when
        ``worth_extending(route, its towns, its rails)`` says no. Iterative: a stack, no recursion."""
        path = [self.start]
        visited = {self.start}
        rails = [frozenset[Cell]()]
        yield tuple(path), rails[-1]
        exits = [iter(self.links[self.start] if worth_extending(path, visited, rails[-1]) else ())]
        while exits:
            town = next((town for town in exits[-1] if town not in visited), None)
            if town is None:
                exits.pop()
                visited.discard(path.pop())
                rails.pop()
                continue
            rails.append(rails[-1] | self._step_rails[path[-1], town])
            path.append(town)
            visited.add(town)
            yield tuple(path), rails[-1]
            extend = worth_extending(path, visited, rails[-1])
            exits.append(iter(self.links[town] if extend else ()))

    def _reach(self, tip: Cell, visited: set[Cell]) -> tuple[int, frozenset[Cell]]:
        """At most how many more towns a route ending at ``tip`` can stop at (the towns still
        reachable), and every Railroad card it could still use."""
        found: set[Cell] = set()
        frontier = [tip]
        while frontier:
            town = frontier.pop()
            for other in self.links[town]:
                if other not in visited and other not in found:
                    found.add(other)
                    frontier.append(other)
        return len(found), frozenset().union(*(self._town_rails[town] for town in found))

    def best_route(self, more: RoutePoints = no_route_points) -> tuple[Cell, ...]:
        """The legal route that gives the most points: the Express's and ``more`` (ruling SV-5).
        Among equals, the one with more towns (the tie-break), then the first in grid order.

        Branch and bound: a route is extended only while the points it could still reach (every
        reachable town a stop, every reachable Railroad card on the Express) beat the best so far.
        Extending a route never loses points, so the best is a route that cannot go further."""
        best: tuple[Cell, ...] = (self.start,)
        best_key = (0, 1)

        def worth_extending(path: list[Cell], visited: set[Cell], rails: frozenset[Cell]) -> bool:
            towns, reachable_rails = self._reach(path[-1], visited)
            stops = len(path) + towns
            bound = EXPRESS_POINTS_PER_TOWN * (stops - 1) + more(rails | reachable_rails)
            return (bound, stops) > best_key

        for route, rails in self.routes(worth_extending):
            key = (EXPRESS_POINTS_PER_TOWN * (len(route) - 1) + more(rails), len(route))
            if key > best_key:
                best, best_key = route, key
        return best

    def longest_route(self) -> tuple[Cell, ...]:
        """The longest legal route from the Starting Town (the first in grid order)."""
        return self.best_route()

    def cheapest_route(self, stops: int, more: RoutePoints) -> tuple[Cell, ...] | None:
        """Of the legal routes with ``stops`` stops, the one that gives the fewest ``more`` points
        (the first in grid order among equals); None when no route has that many stops."""
        cheapest: tuple[Cell, ...] | None = None
        fewest = 0

        def worth_extending(path: list[Cell], visited: set[Cell], rails: frozenset[Cell]) -> bool:
            if len(path) >= stops or (cheapest is not None and more(rails) >= fewest):
                return False
            return len(path) + self._reach(path[-1], visited)[0] >= stops

        for route, rails in self.routes(worth_extending):
            if len(route) == stops and (cheapest is None or more(rails) < fewest):
                cheapest, fewest = route, more(rails)
        return cheapest

    def check_route(self, stops: Sequence[Cell]) -> None:
        """Raise RouteError naming the first stop or step that could not have been played."""
        if not stops:
            raise RouteError("the Express stops start with the Starting Town; none are given")
        if stops[0] != self.start:
            raise RouteError(
                f"the Express starts at the Starting Town at {self.places.name(self.start)}, "
                f"not at {self.places.name(stops[0])}"
            )
        visited: set[Cell] = set()
        for number, stop in enumerate(stops, start=1):
            if stop not in self.towns:
                raise RouteError(f"Express stop {number} ({self.places.name(stop)}) is not a town")
            if stop in visited:
                raise RouteError(
                    f"Express stop {number}: the town at {self.places.name(stop)} is already on "
                    "the route; the Valley Express cannot pass the same town twice"
                )
            visited.add(stop)
            if number > 1 and stop not in self.links[stops[number - 2]]:
                raise RouteError(
                    f"Express step {number - 1}: no Railroad line joins the town at "
                    f"{self.places.name(stops[number - 2])} to the town at "
                    f"{self.places.name(stop)} (ruling SV-2)"
                )
