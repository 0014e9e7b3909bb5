"""The grid helpers, each alone, against hand-worked grids and brute force."""

import itertools
import sys

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.grid import (
    PathSearch,
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


@given(st.dictionaries(st.tuples(st.integers(0, 5), st.integers(0, 5)), st.sampled_from("rgb"),
                       max_size=36))
def test_connected_regions_are_networkxs_components_of_the_side_by_side_graph(colour):
    graph = nx.Graph()
    graph.add_nodes_from(colour)
    graph.add_edges_from((cell, (cell[0] + 1, cell[1])) for cell in colour
                         if colour.get((cell[0] + 1, cell[1])) == colour[cell])
    graph.add_edges_from((cell, (cell[0], cell[1] + 1)) for cell in colour
                         if colour.get((cell[0], cell[1] + 1)) == colour[cell])
    components = sorted((frozenset(c) for c in nx.connected_components(graph)),
                        key=lambda region: (-len(region), min(region)))
    assert connected_regions(colour, same_region=colour.get) == components

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


@st.composite
def dense_blobs(draw, max_cells: int = 12) -> dict:
    """Grid cells grown as the slowest valleys are (issue 23): each new cell where it touches
    the most cells already there (or one fewer), so the blob is full of cycles. Each cell is a
    Railroad (True, about 3 in 4) or a Town (False)."""
    blob = {(0, 0): draw(st.booleans())}
    for _ in range(draw(st.integers(0, max_cells - 1))):
        frontier = sorted({n for cell in blob for n in orthogonal_neighbours(cell)} - set(blob))
        touching = {place: sum(n in blob for n in orthogonal_neighbours(place))
                    for place in frontier}
        most = max(touching.values()) - draw(st.integers(0, 1))
        place = draw(st.sampled_from([p for p in frontier if touching[p] >= most]))
        blob[place] = draw(st.sampled_from([True, True, True, False]))
    return blob


def long_way_graph(blob: dict) -> dict:
    """Cells side by side are joined unless both are Towns (as Long Way joins them)."""
    return {cell: [n for n in orthogonal_neighbours(cell) if n in blob and (blob[cell] or blob[n])]
            for cell in sorted(blob)}


@settings(max_examples=60, deadline=None)
@given(dense_blobs())
def test_longest_simple_path_on_dense_blobs_is_the_brute_forces_path(blob):
    """The blocks that cut the search lose no path: the same path as trying every one."""
    adjacency = long_way_graph(blob)
    has_a_railroad = lambda path: any(blob[cell] for cell in path)  # noqa: E731
    expected = first_longest_by_brute_force(adjacency, list(adjacency), has_a_railroad)
    assert longest_simple_path(adjacency, accept=has_a_railroad) == expected


def test_a_block_between_two_branches_is_crossed_once():
    """Two squares joined by a bridge, a long arm and a short stub on the first square: the
    longest path runs down the arm, across the first square to the opposite corner (3 of its 4
    nodes, as a path on a grid alternates colours), over the bridge and round the second square:
    4 + 3 + 1 + 4 = 12 of the 15 nodes; the stub is left out."""
    arm = [(0, -1), (0, -2), (0, -3), (0, -4)]
    first_square = [(0, 0), (0, 1), (1, 1), (1, 0)]
    stub = [(2, 0), (3, 0)]  # a dead-end arm off the first square: never on the longest path
    bridge = [(1, 2)]
    second_square = [(1, 3), (0, 3), (0, 4), (1, 4)]
    blob = {cell: True for cell in arm + first_square + stub + bridge + second_square}
    path = longest_simple_path(long_way_graph(blob))
    assert len(path) == 12
    assert set(path) >= set(arm) | set(bridge) | set(second_square)
    assert not set(path) & set(stub)


@pytest.mark.parametrize("tail_row, longest", [(0, 2 + 5 + 3), (1, 2 + 6 + 3)])
def test_a_path_crosses_a_block_as_its_colours_allow(tail_row, longest):
    """A 2 by 3 block between an arm of 2 (left of its top left corner) and a tail of 3 (right of
    a right corner). From the top left to the top right corner (the same colour) a path takes 5
    of the 6 cells; to the bottom right corner (the other colour), all 6."""
    block = [(row, col) for row in (0, 1) for col in (0, 1, 2)]
    arm = [(0, -1), (0, -2)]
    tail = [(tail_row, 3), (tail_row, 4), (tail_row, 5)]
    path = longest_simple_path(long_way_graph({cell: True for cell in block + arm + tail}))
    assert len(path) == longest
    assert {path[0], path[-1]} == {arm[-1], tail[-1]}


def test_a_path_may_end_on_the_larger_colour_of_a_block():
    """A 3 by 3 block (5 cells of its corners' colour, 4 of the other) after an arm of 2: from
    the arm's end (the first node in order) the path snakes through all 9 cells and ends on a
    corner."""
    block = [(row, col) for row in range(3) for col in range(3)]
    arm = [(0, -2), (0, -1)]
    path = longest_simple_path(long_way_graph({cell: True for cell in arm + block}))
    assert path[:3] == arm + [(0, 0)] and len(path) == 11


def longest_from_by_brute_force(adjacency, start) -> int:
    longest = 0
    stack = [[start]]
    while stack:
        path = stack.pop()
        longest = max(longest, len(path))
        stack.extend(path + [n] for n in adjacency[path[-1]] if n not in path)
    return longest


@settings(max_examples=80, deadline=None)
@given(st.one_of(dense_blobs().map(long_way_graph),
                 small_graphs.map(lambda edges: {node: list(nx.Graph(edges).neighbors(node))
                                                 for node in nx.Graph(edges).nodes})))
def test_the_chain_bound_never_cuts_a_path_that_exists(adjacency):
    """The bound from blocks is at least what the longest path from each node adds (so pruning
    by it is exact), on grids (two colours) and on any graph."""
    search = PathSearch(adjacency)
    for node in adjacency:
        start = search.index[node]
        free = search.free_after(start, search.everyone)
        assert search.chain_bound(start, free) >= longest_from_by_brute_force(adjacency, node) - 1


def test_the_chain_bound_is_tight_across_a_block():
    """From the arm's end of the 2 by 3 block with its tail on a corner of the top's colour, the
    bound is the longest path exactly (10 of the 11 nodes): the free nodes alone would allow 11."""
    block = [(row, col) for row in (0, 1) for col in (0, 1, 2)]
    graph = long_way_graph({cell: True for cell in block + [(0, -1), (0, -2), (0, 3), (0, 4),
                                                             (0, 5)]})
    search = PathSearch(graph)
    start = search.index[(0, -2)]
    assert search.chain_bound(start, search.free_after(start, search.everyone)) == 10 - 1
