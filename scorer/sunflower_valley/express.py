"""The Valley Express on a valley's railway (``railway``: which towns rail joins, SV-2 and SV-3).

Rulings used here (docs/RULINGS.md):
- SV-5: with no stops entered, the route assumed is the legal route that gives the player the most
  points (the Express and the goals that depend on the route).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from scorer.core.breakdown import Cell
from scorer.core.grid import PathSearch
from scorer.sunflower_valley.models import Valley
from scorer.sunflower_valley.railway import Railway

EXPRESS_POINTS_PER_TOWN = 3

RoutePoints = Callable[[frozenset[Cell]], int]
"""Points that the Express's Railroad cards give on the goals that depend on the route (Suburban
Trains): never fewer for more cards, which is what lets the route search prune."""


def no_route_points(rails: frozenset[Cell]) -> int:
    return 0


@dataclass(frozen=True)
class RailNetwork(Railway):
    """A valley's railway with the Valley Express on it: the points of a route and the searches
    for the best, the longest and a cheaper one."""

    @classmethod
    def of(cls, valley: Valley) -> RailNetwork:
        railway = valley.railway()
        return cls(towns=railway.towns, start=railway.start, groups=railway.groups,
                   places=railway.places)

    def route_points(self, route: Sequence[Cell], more: RoutePoints = no_route_points) -> int:
        """The Express's points along ``route`` (3 a town after the Starting Town) plus ``more``'s
        points for its Railroad cards."""
        return EXPRESS_POINTS_PER_TOWN * (len(route) - 1) + more(self.route_rails(route))

    def best_route(self, more: RoutePoints = no_route_points) -> tuple[Cell, ...]:
        """The legal route that gives the most points: the Express's and ``more`` (ruling SV-5).
        Among equals, the one with more towns (the tie-break), then the first in grid order.
        Extending a route never loses points, so the best is a route that cannot go further."""
        longest = self.longest_route()
        every_rail = frozenset().union(*(self.line(group) for group in self.groups))
        most = EXPRESS_POINTS_PER_TOWN * (len(longest) - 1) + more(every_rail)
        if self.route_points(longest, more) == most:  # no route can score more
            return longest
        return _RouteSearch(self, more).best(better_than=longest)

    def longest_route(self) -> tuple[Cell, ...]:
        """The longest legal route from the Starting Town (the first in grid order)."""
        return self._longest

    @cached_property
    def _longest(self) -> tuple[Cell, ...]:
        return _RouteSearch(self, no_route_points).best(better_than=(self.start,))

    def cheaper_route(self, stops: int, more: RoutePoints, below: int) -> tuple[Cell, ...] | None:
        """Of the legal routes with ``stops`` stops that give fewer ``more`` points than ``below``,
        the one that gives the fewest (the first in grid order among equals); None if none does."""
        return _RouteSearch(self, more).cheaper(stops, below)


class _RouteSearch:
    """A depth-first search over the legal routes of one valley, without recursion.

    A route's points depend on its number of stops and on the railroad groups its steps use (a
    step between two towns uses every group touching both). Towns joined by the same groups are
    twins: any one of them can take another's place in a route, so the search takes the first
    (in grid order) of the twins left, and never explores the same state twice: which twins are
    left, the kind of the last town and the groups used. Branch and bound prunes the rest.
    """

    def __init__(self, network: RailNetwork, more: RoutePoints):
        self.network = network
        self.more = more
        joining = [
            (index, touching)
            for index, touching in enumerate(network.group_towns)
            if len(touching) >= 2
        ]
        masks = {town: 0 for town in network.towns}
        for index, touching in joining:
            for town in touching:
                masks[town] |= 1 << index
        twins: dict[int, list[Cell]] = {}
        for town in sorted(network.towns - {network.start}):
            if masks[town]:
                twins.setdefault(masks[town], []).append(town)
        self.members = list(twins.values())
        """The towns of each kind, in grid order; kind -1 is the Starting Town."""
        self.kind_masks = dict(enumerate(twins)) | {-1: masks[network.start]}
        """The groups joining each kind of town, as a bit mask."""
        self.joined = {
            kind: [other for other in range(len(twins)) if mask & self.kind_masks[other]]
            for kind, mask in self.kind_masks.items()
        }
        """The kinds of town joined to each kind (twins are joined to each other)."""
        self.lines = {index: network.line(network.groups[index]) for index, _ in joining}
        self._points: dict[int, int] = {}
        self.towns = PathSearch(network.links)
        """The towns as nodes joined by rail, for the bound from blocks (``chain_bound``)."""
        self.town_bits = [[1 << self.towns.index[town] for town in members]
                          for members in self.members]

    def points(self, used: int) -> int:
        """``more`` for the Railroad cards of the groups in ``used``."""
        if used not in self._points:
            rails = frozenset().union(
                *(line for index, line in self.lines.items() if used >> index & 1)
            )
            self._points[used] = self.more(rails)
        return self._points[used]

    def next_stops(self, kind: int, left: list[int]) -> list[int]:
        """The kinds of town the route can stop at next, by their first town left in grid order."""
        found = [other for other in self.joined[kind] if left[other]]
        return sorted(found, key=lambda other: self.members[other][-left[other]])

    def reach(self, kind: int, left: list[int], tip: Cell) -> tuple[int, int]:
        """At most how many more stops the route can make, and every group it could still use.

        The towns left that it can still reach, less the dead ends (towns with at most one way
        in or out) but one: a route ends in one dead end at most. When that allows a stop, also
        no more than the blocks of those towns allow (``PathSearch.chain_bound``): a route that
        leaves a block by a town that cuts the railway in two never comes back."""
        beside_tip = [other for other in self.joined[kind] if left[other]]
        reached = set(beside_tip)
        frontier = list(beside_tip)
        while frontier:
            for other in self.joined[frontier.pop()]:
                if left[other] and other not in reached:
                    reached.add(other)
                    frontier.append(other)
        towns = used = dead_ends = free = 0
        for other in reached:
            towns += left[other]
            used |= self.kind_masks[other]
            ways = sum(left[k] for k in self.joined[other]) - 1 + (other in beside_tip)
            if ways <= 1:
                dead_ends += left[other]
            members = self.town_bits[other]
            for bit in members[len(members) - left[other]:]:
                free |= bit
        most = towns - max(0, dead_ends - 1)
        if most > 1:
            most = min(most, self.towns.chain_bound(self.towns.index[tip], free))
        return most, used

    def routes(
        self, worth_extending: Callable[[int, int, int, int], bool]
    ) -> Iterator[tuple[tuple[Cell, ...], int]]:
        """Yield (route, groups used) for every legal route up to twins, each state once.
        ``worth_extending(stops, used, more_stops, reachable)``, given the bound (at most how many
        more stops, every group it could still use), decides whether to look further."""
        left = [len(members) for members in self.members]
        route = [self.network.start]
        stop_kinds = [-1]
        used = [0]
        seen: set[tuple[int, tuple[int, ...], int]] = set()

        def exits() -> Iterator[int]:
            more_stops, reachable = self.reach(stop_kinds[-1], left, route[-1])
            if not more_stops or not worth_extending(len(route), used[-1], more_stops, reachable):
                return iter(())
            return iter(self.next_stops(stop_kinds[-1], left))

        yield tuple(route), 0
        frames = [exits()]
        while frames:
            kind = next(frames[-1], None)
            if kind is None:
                frames.pop()
                route.pop()
                used.pop()
                if (last := stop_kinds.pop()) >= 0:
                    left[last] += 1
                continue
            route.append(self.members[kind][-left[kind]])
            left[kind] -= 1
            used.append(used[-1] | self.kind_masks[stop_kinds[-1]] & self.kind_masks[kind])
            stop_kinds.append(kind)
            state = (kind, tuple(left), used[-1])
            if state in seen:  # explored already, from an equivalent route
                frames.append(iter(()))
                continue
            seen.add(state)
            yield tuple(route), used[-1]
            frames.append(exits())

    def best(self, better_than: tuple[Cell, ...]) -> tuple[Cell, ...]:
        """The route with the most points (then the most stops), starting from a known route."""
        best = better_than
        best_key = (self.network.route_points(best, self.more), len(best))

        def worth_extending(stops: int, used: int, more_stops: int, reachable: int) -> bool:
            most = stops + more_stops
            bound = EXPRESS_POINTS_PER_TOWN * (most - 1) + self.points(used | reachable)
            return (bound, most) > best_key

        for route, used in self.routes(worth_extending):
            key = (EXPRESS_POINTS_PER_TOWN * (len(route) - 1) + self.points(used), len(route))
            if key > best_key:
                best, best_key = route, key
        return best

    def cheaper(self, stops: int, below: int) -> tuple[Cell, ...] | None:
        cheapest: tuple[Cell, ...] | None = None
        fewest = below

        def worth_extending(length: int, used: int, more_stops: int, reachable: int) -> bool:
            # More Railroad cards never give fewer points: a route as dear as the cheapest found
            # leads to none cheaper.
            return length < stops <= length + more_stops and self.points(used) < fewest

        for route, used in self.routes(worth_extending):
            if len(route) == stops and self.points(used) < fewest:
                cheapest, fewest = route, self.points(used)
        return cheapest
