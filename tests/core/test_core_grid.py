"""The grid helpers, each alone, against hand-worked grids and brute force."""

import itertools
import sys

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.grid import (
    connected_regions,
    diagonal_neighbours,
    longest_simple_path,
    maximum_matching,
    orthogonal_neighbours,
    surrounding,
)


def test_orthogonal_neighbours_are_the_four_sides():
    assert set(orthogonal_neighbours((2, 3))) == {(1, 3), (3, 3), (2, 2), (2, 4)}


def test_diagonal_neighbours_are_the_four_corners():
    assert set(diagonal_neighbours((0, 0))) == {(-1, -1), (-1, 1), (1, -1), (1, 1)}


def test_surrounding_is_the_eight_cells_around():
    around = surrounding((5, 5))
    assert len(set(around)) == 8
    assert (5, 5) not in around
    assert all(abs(r - 5) <= 1 and abs(c - 5) <= 1 for r, c in around)


def test_connected_regions_join_sides_not_corners():
    cells = [(0, 0), (0, 1), (1, 1), (3, 3), (4, 4)]
    regions = connected_regions(cells)
    assert regions == [frozenset({(0, 0), (0, 1), (1, 1)}), frozenset({(3, 3)}), frozenset({(4, 4)})]


def test_connected_regions_split_by_key():
    colour = {(0, 0): "red", (0, 1): "red", (0, 2): "blue", (1, 2): "blue", (1, 0): "blue"}
    regions = connected_regions(colour, same_region=colour.get)
    assert sorted(map(sorted, regions)) == [
        [(0, 0), (0, 1)],
        [(0, 2), (1, 2)],
        [(1, 0)],
    ]


def test_connected_regions_of_nothing_is_empty():
    assert connected_regions([]) == []


def test_longest_simple_path_on_a_branch_takes_the_longer_arm():
    # a -- b -- c -- d
    #      |
    #      e
    graph = {"a": ["b"], "b": ["a", "c", "e"], "c": ["b", "d"], "d": ["c"], "e": ["b"]}
    assert longest_simple_path(graph, starts=["e"]) == ["e", "b", "c", "d"]
    assert len(longest_simple_path(graph)) == 4


def test_longest_simple_path_never_repeats_a_node_in_a_cycle():
    square = {1: [2, 4], 2: [1, 3], 3: [2, 4], 4: [3, 1]}
    path = longest_simple_path(square, starts=[1])
    assert len(path) == 4 and len(set(path)) == 4


def test_longest_simple_path_accept_filters_results():
    line = {1: [2], 2: [1, 3], 3: [2]}
    assert longest_simple_path(line, accept=lambda p: 3 not in p) == [1, 2]


def test_longest_simple_path_of_empty_graph_is_empty():
    assert longest_simple_path({}) == []


def brute_longest(graph: nx.Graph) -> int:
    best = 1 if graph.number_of_nodes() else 0
    for a, b in itertools.permutations(graph.nodes, 2):
        for path in nx.all_simple_paths(graph, a, b):
            best = max(best, len(path))
    return best


small_graphs = st.lists(
    st.tuples(st.integers(0, 6), st.integers(0, 6)).filter(lambda e: e[0] != e[1]), max_size=12
)


@settings(max_examples=60, deadline=None)
@given(small_graphs)
def test_longest_simple_path_matches_brute_force(edges):
    graph = nx.Graph(edges)
    adjacency = {node: list(graph.neighbors(node)) for node in graph.nodes}
    path = longest_simple_path(adjacency)
    assert len(path) == brute_longest(graph)
    assert len(set(path)) == len(path)
    assert all(graph.has_edge(a, b) for a, b in zip(path, path[1:]))


def test_maximum_matching_beats_greedy_on_a_path():
    # a path 1-2-3-4: greedy taking the middle edge (2,3) first gets 1 pair; the best is 2.
    edges = [(2, 3), (1, 2), (3, 4)]
    assert maximum_matching(edges) == {(1, 2), (3, 4)}


def brute_matching(edges) -> int:
    for size in range(len(edges), 0, -1):
        for chosen in itertools.combinations(edges, size):
            nodes = [n for edge in chosen for n in edge]
            if len(nodes) == len(set(nodes)):
                return size
    return 0


@settings(max_examples=60, deadline=None)
@given(small_graphs)
def test_maximum_matching_matches_brute_force(edges):
    edges = list({tuple(sorted(e)) for e in edges})
    matching = maximum_matching(edges)
    nodes = [n for pair in matching for n in pair]
    assert len(nodes) == len(set(nodes))
    assert all(pair in edges for pair in matching)
    assert len(matching) == brute_matching(edges)


def first_longest_by_brute_force(adjacency, starts, accept) -> list:
    """Every simple path in depth-first order (starts, then neighbours, in order); the first of
    the greatest length that ``accept`` takes."""
    best: list = []

    def walk(path):
        nonlocal best
        if len(path) > len(best) and (accept is None or accept(path)):
            best = list(path)
        for neighbour in adjacency.get(path[-1], ()):
            if neighbour not in path:
                walk(path + [neighbour])

    for start in starts:
        if start in adjacency:
            walk([start])
    return best


@settings(max_examples=150, deadline=None)
@given(small_graphs, st.lists(st.integers(0, 6), max_size=4), st.sets(st.integers(0, 6)),
       st.booleans())
def test_longest_simple_path_is_the_first_longest_in_depth_first_order(edges, starts, wanted,
                                                                        filtered):
    """The same path as the plain exhaustive search, ties and ``accept`` included."""
    graph = nx.Graph(edges)
    adjacency = {node: list(graph.neighbors(node)) for node in graph.nodes}
    accept = (lambda path: any(node in wanted for node in path)) if filtered else None
    for chosen in (None, starts):
        expected = first_longest_by_brute_force(
            adjacency, list(adjacency) if chosen is None else chosen, accept)
        assert longest_simple_path(adjacency, starts=chosen, accept=accept) == expected


def test_longest_simple_path_of_a_long_line_needs_no_recursion():
    """A path of 600 nodes while Python allows 300 nested calls: the search keeps its own
    stack."""
    nodes = 600
    line = {n: [m for m in (n - 1, n + 1) if 0 <= m < nodes] for n in range(nodes)}
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        path = longest_simple_path(line, starts=[0])
    finally:
        sys.setrecursionlimit(limit)
    assert path == list(range(nodes))
