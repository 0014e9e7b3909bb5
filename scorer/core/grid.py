"""Grid helpers shared by the layout games: neighbours, connected regions, longest simple path and
maximum matching.

Cells are ``(row, column)`` tuples; nothing here knows about cards or colours.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

import networkx as nx

from scorer.core.breakdown import Cell

Node = TypeVar("Node", bound=Hashable)

ORTHOGONAL_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIAGONAL_STEPS = ((-1, -1), (-1, 1), (1, 1), (1, -1))


def orthogonal_neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The 4 cells that share a side with ``cell`` (up, right, down, left)."""
    row, col = cell
    return tuple((row + dr, col + dc) for dr, dc in ORTHOGONAL_STEPS)


def diagonal_neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The 4 cells that touch ``cell`` only at a corner."""
    row, col = cell
    return tuple((row + dr, col + dc) for dr, dc in DIAGONAL_STEPS)


def surrounding(cell: Cell) -> tuple[Cell, ...]:
    """The 8 cells around ``cell``: orthogonal and diagonal neighbours."""
    return orthogonal_neighbours(cell) + diagonal_neighbours(cell)


def connected_regions(
    cells: Iterable[Cell], same_region: Callable[[Cell], Hashable] | None = None
) -> list[frozenset[Cell]]:
    """Split ``cells`` into groups connected through shared sides.

    With ``same_region``, two neighbouring cells join only when it gives them the same value (a
    colour, say). Regions come largest first, then by their smallest cell, so the order is stable.
    """
    cell_set = set(cells)
    graph = nx.Graph()
    graph.add_nodes_from(cell_set)
    for cell in cell_set:
        for neighbour in orthogonal_neighbours(cell)[1:3]:  # right and down: each edge once
            if neighbour in cell_set and (
                same_region is None or same_region(cell) == same_region(neighbour)
            ):
                graph.add_edge(cell, neighbour)
    regions = [frozenset(component) for component in nx.connected_components(graph)]
    return sorted(regions, key=lambda region: (-len(region), min(region)))


def longest_simple_path(
    graph: Mapping[Node, Iterable[Node]],
    starts: Iterable[Node] | None = None,
    accept: Callable[[list[Node]], bool] | None = None,
) -> list[Node]:
    """The longest path, in nodes, that visits no node twice.

    ``graph`` maps each node to its neighbours (undirected: list each edge both ways). Paths begin
    at one of ``starts`` (every node when None). ``accept`` may reject a path as a result (it is
    still extended). The search is exhaustive, pruned by the number of nodes still reachable, so
    the answer is exact; among equally long paths the first in the graph's order wins.
    """
    adjacency = {node: tuple(neighbours) for node, neighbours in graph.items()}
    best: list[Node] = []

    def reachable_bound(tip: Node, visited: set[Node]) -> int:
        """At most how many more nodes the path can take: those still reachable from the tip,
        less the dead ends (one way in, none out) beyond the one the path may end in."""
        seen = {tip}
        stack = [tip]
        dead_ends = 0
        while stack:
            node = stack.pop()
            exits = 0
            for neighbour in adjacency.get(node, ()):
                if neighbour not in visited or neighbour == tip:
                    exits += 1
                    if neighbour not in seen:
                        seen.add(neighbour)
                        stack.append(neighbour)
            if node != tip and exits <= 1:
                dead_ends += 1
        return len(seen) - 1 - max(0, dead_ends - 1)

    def extend(path: list[Node], visited: set[Node]) -> None:
        nonlocal best
        if len(path) > len(best) and (accept is None or accept(path)):
            best = list(path)
        tip = path[-1]
        if len(path) + reachable_bound(tip, visited) <= len(best):
            return
        for neighbour in adjacency.get(tip, ()):
            if neighbour not in visited:
                visited.add(neighbour)
                path.append(neighbour)
                extend(path, visited)
                path.pop()
                visited.remove(neighbour)

    for start in adjacency if starts is None else starts:
        if start in adjacency:
            extend([start], {start})
    return best


def maximum_matching(edges: Iterable[tuple[Node, Node]]) -> set[tuple[Node, Node]]:
    """The largest set of ``edges`` that share no node (each node in one pair at most).

    A greedy choice can strand nodes; this is exact on any graph. Neighbours on a grid always make
    a bipartite graph (a checkerboard's two colours), where Hopcroft-Karp is several times faster
    than Edmonds' blossom algorithm, which takes the rest. Both come from networkx. Each pair comes
    back in a stable (sorted) orientation.
    """
    graph = nx.Graph()
    graph.add_edges_from(edges)
    try:
        sides = nx.bipartite.color(graph)
    except nx.NetworkXError:  # an odd cycle: not bipartite
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    else:
        top = [node for node, side in sides.items() if side == 0]
        partner = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=top)
        matching = {(node, partner[node]) for node in top if node in partner}
    return {tuple(sorted(pair)) for pair in matching}  # type: ignore[misc]
