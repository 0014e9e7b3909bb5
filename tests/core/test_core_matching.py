"""maximum_matching takes Hopcroft-Karp on bipartite graphs (grids) and the blossom algorithm on the
rest: both exact, and on a grid the very pairs networkx's Hopcroft-Karp chose."""

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.grid import maximum_matching, orthogonal_neighbours


def test_a_grid_graph_is_matched_exactly():
    # A 2-by-3 grid of cells: 3 disjoint pairs cover all 6.
    cells = [(row, col) for row in range(2) for col in range(3)]
    edges = [(a, b) for a in cells for b in cells
             if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]
    matching = maximum_matching(edges)
    assert len(matching) == 3
    assert sorted(node for pair in matching for node in pair) == cells


def test_an_odd_cycle_is_matched_exactly():
    # A triangle 1-2-3 with a tail 3-4 is not bipartite; the best is 2 pairs, and 3 must pair
    # with 4 for it.
    matching = maximum_matching([(1, 2), (2, 3), (1, 3), (3, 4)])
    assert matching == {(1, 2), (3, 4)}


def test_no_edges_no_pairs():
    assert maximum_matching([]) == set()


# Against networkx, the library the matching was taken from before it was written here (networkx
# stays a test dependency for these checks).

def networkx_matching(edges) -> set:
    """What maximum_matching returned when it called networkx: Hopcroft-Karp from the nodes
    networkx's ``bipartite.color`` puts on side 0, the blossom algorithm on any other graph."""
    graph = nx.Graph()
    graph.add_edges_from(edges)
    try:
        sides = nx.bipartite.color(graph)
    except nx.NetworkXError:
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    else:
        top = [node for node, side in sides.items() if side == 0]
        partner = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=top)
        matching = {(node, partner[node]) for node in top if node in partner}
    return {tuple(sorted(pair)) for pair in matching}


@st.composite
def grid_edges(draw):
    """Side-by-side cells of a random part of a board of up to 7 by 7, as Girasoles pairs them:
    from each cell of one object to each neighbour holding the other, in the board's order or
    shuffled (the order decides which of equally large matchings is found)."""
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    cells = draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))))
    edges = [(cell, neighbour) for cell in sorted(cells) for neighbour in
             orthogonal_neighbours(cell) if neighbour in cells]
    return draw(st.permutations(edges)) if draw(st.booleans()) else edges


@settings(max_examples=300, deadline=None)
@given(grid_edges())
def test_a_grid_is_matched_into_the_very_pairs_networkx_chose(edges):
    # The same pairs, not only as many: a Girasoles scorepad lists where its pairs are.
    assert maximum_matching(edges) == networkx_matching(edges)


@st.composite
def any_graphs(draw):
    """Up to 30 edges among up to 12 nodes: dense enough that most are not bipartite and that
    augmenting paths must go round odd cycles (the blossom algorithm's part)."""
    nodes = draw(st.integers(2, 12))
    node = st.integers(0, nodes - 1)
    return draw(st.lists(st.tuples(node, node).filter(lambda edge: edge[0] != edge[1]),
                         max_size=30))


@settings(max_examples=300, deadline=None)
@given(any_graphs())
def test_any_graph_is_matched_as_fully_as_networkx_does(edges):
    matching = maximum_matching(edges)
    nodes = [node for pair in matching for node in pair]
    assert len(nodes) == len(set(nodes))
    assert matching <= {tuple(sorted(edge)) for edge in edges}
    assert len(matching) == len(networkx_matching(edges))


def test_an_augmenting_path_goes_round_an_odd_cycle():
    # 8 nodes, all paired only if the search shrinks the odd cycles it meets (1-6-7, 3-4-8, ...)
    # into blossoms and goes round them; without that it stops at 3 pairs.
    edges = [(1, 6), (1, 7), (3, 7), (1, 2), (4, 8), (5, 8), (3, 6), (1, 4), (3, 4), (6, 7),
             (4, 3), (3, 2), (8, 3), (3, 4), (1, 8)]
    matching = maximum_matching(edges)
    assert sorted(node for pair in matching for node in pair) == [1, 2, 3, 4, 5, 6, 7, 8]
