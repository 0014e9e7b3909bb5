"""Grid helpers shared by the layout games: neighbours, connected regions, longest simple path and
maximum matching.

Cells are ``(row, column)`` tuples; nothing here knows about cards or colours.
"""

from __future__ import annotations

from collections import deque
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
    a bipartite graph (a checkerboard's two colours), matched by Hopcroft-Karp; any other graph
    (an odd cycle: never from a grid) by Edmonds' blossom algorithm. Each pair comes back in a
    stable (sorted) orientation; an edge from a node to itself pairs nothing.

    Both are written here rather than taken from networkx, whose import costs several times the
    whole scoring of a Girasoles table (docs/benchmarks/cli_start.md). On a bipartite graph the
    pairs are the very ones networkx's ``hopcroft_karp_matching`` chose (the same order of nodes,
    of neighbours and of its sets), so a scorepad lists the same places as before;
    tests/core/test_core_matching.py checks both algorithms against networkx.
    """
    adjacency: dict[Node, dict[Node, None]] = {}
    for first, second in edges:
        # The nodes and their neighbours in the order the edges name them, as networkx's Graph
        # keeps them: Hopcroft-Karp's choice among equally large matchings follows this order.
        adjacency.setdefault(first, {})
        adjacency.setdefault(second, {})
        if first != second:
            adjacency[first][second] = None
            adjacency[second][first] = None
    sides = _two_sides(adjacency)
    if sides is None:
        matching = _blossom_matching(adjacency)
    else:
        top = [node for node, side in sides.items() if side == 0]
        partner = _hopcroft_karp(adjacency, top)
        matching = {(node, partner[node]) for node in top if node in partner}
    return {tuple(sorted(pair)) for pair in matching}  # type: ignore[misc]


def _two_sides(adjacency: Mapping[Node, Mapping[Node, None]]) -> dict[Node, int] | None:
    """Each node's side (0 or 1) such that every edge joins the two sides, or None when an odd
    cycle makes that impossible. The first node of each connected part is on side 1, as
    networkx's ``bipartite.color`` puts it."""
    sides: dict[Node, int] = {}
    for start, neighbours in adjacency.items():
        if start in sides or not neighbours:
            continue
        sides[start] = 1
        stack = [start]
        while stack:
            node = stack.pop()
            for neighbour in adjacency[node]:
                if neighbour not in sides:
                    sides[neighbour] = 1 - sides[node]
                    stack.append(neighbour)
                elif sides[neighbour] == sides[node]:
                    return None
    sides.update((node, 0) for node, neighbours in adjacency.items() if not neighbours)
    return sides


def _hopcroft_karp(adjacency: Mapping[Node, Mapping[Node, None]],
                   top: list[Node]) -> dict[Node, Node]:
    """A maximum matching of a bipartite graph whose side ``top`` has no edge inside it: each
    matched node's partner, both ways. Breadth first from every unmatched top node, the shortest
    augmenting paths are then followed depth first, phase after phase, until none is left."""
    left = set(top)
    right = set(adjacency) - left  # sets built as networkx builds them: their order is its order
    left_partner: dict[Node, Node | None] = dict.fromkeys(left)
    right_partner: dict[Node, Node | None] = dict.fromkeys(right)
    far = float("inf")
    distance: dict[Node | None, float] = {}

    def shortest_paths_exist() -> bool:
        queue = deque()
        for node in left:
            if left_partner[node] is None:
                distance[node] = 0
                queue.append(node)
            else:
                distance[node] = far
        distance[None] = far  # None stands for "unmatched": reaching it ends an augmenting path
        while queue:
            node = queue.popleft()
            if distance[node] < distance[None]:
                for neighbour in adjacency[node]:
                    if distance[right_partner[neighbour]] == far:
                        distance[right_partner[neighbour]] = distance[node] + 1
                        queue.append(right_partner[neighbour])
        return distance[None] != far

    def augmented(node: Node | None) -> bool:
        # Recursive, as deep as an augmenting path is long: a few dozen nodes on a board.
        if node is None:
            return True
        for neighbour in adjacency[node]:
            if distance[right_partner[neighbour]] == distance[node] + 1:
                if augmented(right_partner[neighbour]):
                    right_partner[neighbour] = node
                    left_partner[node] = neighbour
                    return True
        distance[node] = far
        return False

    while shortest_paths_exist():
        for node in left:
            if left_partner[node] is None:
                augmented(node)
    partners = {node: mate for node, mate in left_partner.items() if mate is not None}
    partners.update((node, mate) for node, mate in right_partner.items() if mate is not None)
    return partners


def _blossom_matching(adjacency: Mapping[Node, Mapping[Node, None]]) -> set[tuple[Node, Node]]:
    """A maximum matching of any graph, by Edmonds' blossom algorithm: from each unmatched node a
    breadth-first search for an augmenting path, an odd cycle (a blossom) shrunk to its base
    node when met, so that the path can go round it either way."""
    nodes = list(adjacency)
    index = {node: number for number, node in enumerate(nodes)}
    neighbours = [[index[other] for other in adjacency[node]] for node in nodes]
    count = len(nodes)
    mate = [-1] * count

    def augmenting_path_end(root: int, parent: list[int]) -> int:
        """The unmatched node an augmenting path from ``root`` reaches (-1: none); ``parent``
        leads back along it."""
        base = list(range(count))
        seen = [False] * count
        seen[root] = True
        queue = deque([root])

        def common_base(a: int, b: int) -> int:
            on_path = [False] * count
            while True:
                a = base[a]
                on_path[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if on_path[b]:
                    return b
                b = parent[mate[b]]

        def mark_blossom(node: int, blossom_base: int, child: int, in_blossom: list[bool]) -> None:
            while base[node] != blossom_base:
                in_blossom[base[node]] = in_blossom[base[mate[node]]] = True
                parent[node] = child
                child = mate[node]
                node = parent[mate[node]]

        while queue:
            node = queue.popleft()
            for other in neighbours[node]:
                if base[node] == base[other] or mate[node] == other:
                    continue
                if other == root or (mate[other] != -1 and parent[mate[other]] != -1):
                    blossom_base = common_base(node, other)
                    in_blossom = [False] * count
                    mark_blossom(node, blossom_base, other, in_blossom)
                    mark_blossom(other, blossom_base, node, in_blossom)
                    for member in range(count):
                        if in_blossom[base[member]]:
                            base[member] = blossom_base
                            if not seen[member]:
                                seen[member] = True
                                queue.append(member)
                elif parent[other] == -1:
                    parent[other] = node
                    if mate[other] == -1:
                        return other
                    seen[mate[other]] = True
                    queue.append(mate[other])
        return -1

    for root in range(count):
        if mate[root] != -1:
            continue
        parent = [-1] * count
        end = augmenting_path_end(root, parent)
        while end != -1:  # flip the path: its unmatched edges become the matched ones
            before = parent[end]
            next_end = mate[before]
            mate[end], mate[before] = before, end
            end = next_end
    return {(nodes[a], nodes[b]) for a, b in enumerate(mate) if b != -1 and a < b}
