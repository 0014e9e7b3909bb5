"""Grid helpers shared by the layout games: neighbours, connected regions, longest simple path and
maximum matching.

Cells are ``(row, column)`` tuples; nothing here knows about cards or colours.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

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
    # A flood fill, not networkx: importing networkx costs more than a tenth of a second, which
    # every Sunflower Valley and Girasoles table would pay for a few dozen cells.
    left = set(cells)
    regions = []
    while left:
        seed = left.pop()
        region, frontier = {seed}, [seed]
        while frontier:
            cell = frontier.pop()
            for neighbour in orthogonal_neighbours(cell):
                if neighbour in left and (
                    same_region is None or same_region(cell) == same_region(neighbour)
                ):
                    left.remove(neighbour)
                    region.add(neighbour)
                    frontier.append(neighbour)
        regions.append(frozenset(region))
    return sorted(regions, key=lambda region: (-len(region), min(region)))


def longest_simple_path(
    graph: Mapping[Node, Iterable[Node]],
    starts: Iterable[Node] | None = None,
    accept: Callable[[list[Node]], bool] | None = None,
) -> list[Node]:
    """The longest path, in nodes, that visits no node twice.

    ``graph`` maps each node to its neighbours (undirected: list each edge both ways). Paths begin
    at one of ``starts`` (every node when None). ``accept`` may reject a path as a result (it is
    still extended). Exact: among equally long accepted paths, the first in the graph's order wins
    (starts in order, then each node's neighbours in order). See :class:`PathSearch`.
    """
    search = PathSearch(graph)
    first = [search.index[node] for node in (graph if starts is None else starts)
             if node in graph]
    longest = 0
    for start in first:
        free = search.free_after(start, search.everyone)
        if search.known(start, free, longest) is False:  # no longer path begins here
            continue
        longest = max(longest, 1 + search.greedy(start, free))
        while search.reaches(start, free, longest):
            longest += 1
    for size in range(longest, 0, -1):
        for path in search.paths_of(size, first):
            nodes = [search.nodes[index] for index in path]
            if accept is None or accept(nodes):
                return nodes
    return []


class PathSearch:
    """Whether a path can still grow by ``need`` nodes depends only on its tip and the free nodes
    reachable from the tip, not on how it got there; so each answer is kept per (tip, free nodes)
    as bounds (at least ``longer``, at most ``shorter``) and shared by every path reaching that
    state. A state is given up when even its upper bound falls short: first a cheap one
    (``bound``), then one from the blocks of the free nodes (``chain_bound``), which is what keeps
    the dense valleys of Railroads and Towns fast (issue 23: 0.3 s a valley before, a few ms
    after). Nodes are bits of an int; the stacks are explicit (no recursion limit to exhaust)."""

    def __init__(self, graph: Mapping[Node, Iterable[Node]]) -> None:
        nodes = list(graph)
        for neighbours in list(graph.values()):
            nodes.extend(node for node in neighbours if node not in graph)
        self.nodes: list[Node] = list(dict.fromkeys(nodes))
        self.index = {node: position for position, node in enumerate(self.nodes)}
        self.neighbours = [tuple(self.index[n] for n in graph.get(node, ())) for node in self.nodes]
        self.distinct = [tuple(dict.fromkeys(neighbours)) for neighbours in self.neighbours]
        self.masks = [sum(1 << n for n in neighbours) for neighbours in self.distinct]
        self.everyone = (1 << len(self.nodes)) - 1
        self.sides = self._two_colours()
        self.longer: dict[tuple[int, int], int] = {}
        self.shorter: dict[tuple[int, int], int] = {}
        self.chained: set[tuple[int, int]] = set()  # states whose bound is the chain bound

    def _two_colours(self) -> list[int] | None:
        """For each node, the mask of the nodes of its colour when the graph is bipartite."""
        colour: dict[int, int] = {}
        for first in range(len(self.nodes)):
            if first in colour:
                continue
            colour[first] = 0
            stack = [first]
            while stack:
                node = stack.pop()
                for n in self.neighbours[node]:
                    if n not in colour:
                        colour[n] = 1 - colour[node]
                        stack.append(n)
                    elif colour[n] == colour[node]:
                        return None
        masks = [0, 0]
        for node, side in colour.items():
            masks[side] |= 1 << node
        return [masks[colour[node]] for node in range(len(self.nodes))]

    def free_after(self, node: int, unvisited: int) -> int:
        """The nodes of ``unvisited`` reachable from ``node`` once ``node`` is taken."""
        allowed = unvisited & ~(1 << node)
        seen = frontier = self.masks[node] & allowed
        while frontier:
            grown = 0
            while frontier:
                bit = frontier & -frontier
                frontier ^= bit
                grown |= self.masks[bit.bit_length() - 1]
            frontier = grown & allowed & ~seen
            seen |= frontier
        return seen

    def bound(self, tip: int, free: int) -> int:
        """At most how many nodes a path at ``tip`` can add from ``free``: not the dead ends
        (one way in) beyond the one it may end in, and on a bipartite graph (any grid) no more
        than the two colours allow, as a path alternates them. Cheap; see ``chain_bound``."""
        state = (tip, free)
        if state not in self.shorter:
            reach = free | 1 << tip
            dead_ends = 0
            rest = free
            while rest:
                bit = rest & -rest
                rest ^= bit
                if (self.masks[bit.bit_length() - 1] & reach).bit_count() <= 1:
                    dead_ends += 1
            most = free.bit_count() - max(0, dead_ends - 1)
            if self.sides is not None:
                same = (free & self.sides[tip]).bit_count()
                other = free.bit_count() - same
                most = min(most, 2 * min(same, other) + (other > same))
            self.shorter[state] = most
        return self.shorter[state]

    def chain_bound(self, tip: int, free: int) -> int:
        """A tighter bound than ``bound``, from the blocks (biconnected components) of the free
        nodes and the tip. A path that leaves a block through a cut node never comes back to it,
        so from the tip it crosses one chain of blocks, each from the cut node it came in by to
        the one it leaves by (or to its end); it gains at most each block's nodes, and on a
        bipartite graph at most what alternating colours allow between those two nodes. The
        blocks come from one depth-first search rooted at the tip (Hopcroft and Tarjan), each
        closed at its top node after every block below it, so one pass adds them up."""
        inside = free | 1 << tip
        found = {tip: 0}
        low = {tip: 0}
        opened: list[int] = []  # nodes in the order found, not yet closed into a block
        below: dict[int, int] = {}  # the most a path gains in the blocks hanging below a node
        distinct = self.distinct
        walk = [(tip, iter(distinct[tip]), -1)]
        while walk:
            node, neighbours, parent = walk[-1]
            for neighbour in neighbours:
                if not inside >> neighbour & 1:
                    continue
                if neighbour not in found:
                    found[neighbour] = low[neighbour] = len(found)
                    opened.append(neighbour)
                    walk.append((neighbour, iter(distinct[neighbour]), node))
                    break
                if neighbour != parent and found[neighbour] < low[node]:
                    low[node] = found[neighbour]
            else:
                walk.pop()
                if parent < 0:
                    continue
                if low[node] < low[parent]:
                    low[parent] = low[node]
                if low[node] < found[parent]:
                    continue
                # ``parent`` tops the block closed here: the nodes opened since ``node``.
                if opened[-1] == node:  # a bridge: one node gained, then what hangs below it
                    opened.pop()
                    gain = 1 + below.get(node, 0)
                else:
                    start = len(opened) - 1 - opened[::-1].index(node)
                    gain = self._block_gain(parent, opened[start:], below)
                    del opened[start:]
                if gain > below.get(parent, 0):
                    below[parent] = gain
        return below.get(tip, 0)

    def _block_gain(self, top: int, members: list[int], below: dict[int, int]) -> int:
        """The most a path entering a block at ``top`` gains in it and below it."""
        size = len(members)
        exits = [node for node in members if node in below]  # cut nodes with blocks below
        if self.sides is None:
            return size + max((below[node] for node in exits), default=0)
        colour = self.sides[top]
        # Nodes of the top's colour (top included) and of the other colour, in this block.
        mine = 1 + sum(colour >> node & 1 for node in members)
        other = size + 1 - mine
        best = min(size, 2 * min(mine, other) + (mine > other) - 1)  # ends in the block
        same_colour = min(size, 2 * min(mine - 1, other))
        other_colour = min(size, 2 * min(mine, other) - 1)
        for node in exits:  # leaves the block by this cut node
            to_node = same_colour if colour >> node & 1 else other_colour
            best = max(best, to_node + below[node])
        return best

    def steps(self, tip: int, free: int) -> list[tuple[int, int]]:
        """Each next node, in the neighbours' order, with the free nodes it leaves."""
        return [(n, self.free_after(n, free)) for n in self.neighbours[tip] if free >> n & 1]

    def greedy(self, tip: int, free: int) -> int:
        """How many nodes a path at ``tip`` adds by always taking the most promising step: a
        quick lower bound, kept for every state on the way, that the exact search starts from."""
        walked = [(tip, free)]
        while steps := self._ordered_steps(*walked[-1]):
            walked.append(steps[0])
        for added, state in enumerate(reversed(walked)):
            self.longer[state] = max(self.longer.get(state, 0), added)
        return len(walked) - 1

    def known(self, tip: int, free: int, need: int) -> bool | None:
        """Whether a path at ``tip`` can add ``need`` nodes from ``free``, when the bounds kept
        so far tell (None: search). The chain bound is worked out once per state, and only when
        the cheap bound has not already said no."""
        if need <= self.longer.get((tip, free), 0):
            return True
        if need > self.bound(tip, free):
            return False
        if (tip, free) not in self.chained:
            self.chained.add((tip, free))
            self.shorter[tip, free] = min(self.shorter[tip, free], self.chain_bound(tip, free))
            if need > self.shorter[tip, free]:
                return False
        return None

    def reaches(self, tip: int, free: int, need: int) -> bool:
        """Whether a path at ``tip`` can add ``need`` more nodes from ``free``."""
        known = self.known(tip, free, need)
        if known is not None:
            return known
        # A frame: the state, what it must add, its next steps (most promising first), position.
        stack = [[tip, free, need, self._ordered_steps(tip, free), 0]]
        answer: bool | None = None
        while stack:
            frame = stack[-1]
            state, wanted, steps = (frame[0], frame[1]), frame[2], frame[3]
            if answer is False:  # the step just searched cannot: try the next
                frame[4] += 1
                answer = None
            while answer is None and frame[4] < len(steps):
                step = steps[frame[4]]
                answer = self.known(step[0], step[1], wanted - 1)
                if answer is False:
                    frame[4] += 1
                    answer = None
                elif answer is None:
                    break
            if answer is None and frame[4] < len(steps):
                step = steps[frame[4]]
                stack.append([step[0], step[1], wanted - 1, self._ordered_steps(*step), 0])
                continue
            if answer:
                self.longer[state] = max(self.longer.get(state, 0), wanted)
            else:
                self.shorter[state] = wanted - 1
                answer = False
            stack.pop()
        return bool(answer)

    def _ordered_steps(self, tip: int, free: int) -> list[tuple[int, int]]:
        return sorted(self.steps(tip, free), key=lambda step: -self.bound(*step))

    def paths_of(self, size: int, starts: list[int]):
        """Every path of exactly ``size`` nodes, in the graph's order (depth first); only steps
        that can still reach the size are taken."""
        for start in starts:
            free = self.free_after(start, self.everyone)
            if not self.reaches(start, free, size - 1):
                continue
            if size == 1:
                yield [start]
                continue
            path = [start]
            pending = [iter(self.steps(start, free))]
            while pending:
                for node, left in pending[-1]:
                    if not self.reaches(node, left, size - len(path) - 1):
                        continue
                    path.append(node)
                    if len(path) == size:
                        yield list(path)
                        path.pop()
                        continue
                    pending.append(iter(self.steps(node, left)))
                    break
                else:
                    pending.pop()
                    path.pop()


def maximum_matching(edges: Iterable[tuple[Node, Node]]) -> set[tuple[Node, Node]]:
    """The largest set of ``edges`` that share no node (each node in one pair at most).

    A greedy choice can strand nodes; this is exact on any graph. Neighbours on a grid always make
    a bipartite graph (a checkerboard's two colours), where Hopcroft-Karp is several times faster
    than Edmonds' blossom algorithm, which takes the rest. Both come from networkx. Each pair comes
    back in a stable (sorted) orientation.
    """
    import networkx as nx  # here, not at the top: only the Girasoles pairs need it (see above)

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
