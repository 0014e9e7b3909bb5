"""maximum_matching takes Hopcroft-Karp on bipartite graphs (grids) and the blossom algorithm on the
rest: both exact."""

from scorer.core.grid import maximum_matching


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
