"""What must hold for any legal valley: moving, rotating or mirroring it changes no score; every
line belongs to a scorepad row; the assumed Express route is legal; nothing raises."""

import networkx as nx
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorer.core.grid import orthogonal_neighbours
from scorer.sunflower_valley import score_table
from scorer.sunflower_valley.express import RailNetwork
from scorer.sunflower_valley.goals import GOALS, route_goals
from scorer.sunflower_valley.layout import Layout
from scorer.sunflower_valley.models import (
    COMBINATION_KINDS,
    MAX_VALLEY_CARDS,
    Card,
    Kind,
    Options,
    Player,
    SunflowerValleyTable,
    Valley,
)
from scorer.sunflower_valley.scoring import CARD_LINES

VALLEY_KINDS = [kind for kind in Kind if kind is not Kind.STARTING_TOWN]


@st.composite
def descriptions(draw, kind: Kind) -> dict:
    allowed = COMBINATION_KINDS.get(kind)
    if allowed is None:
        return {}
    minimum = 0 if kind is Kind.STARTING_TOWN else 1
    combination = draw(st.lists(st.sampled_from(sorted(allowed)), min_size=minimum, max_size=4))
    points = draw(st.integers(1, 6)) if combination else 0
    return {"combination": combination, "points": points, "villagers": draw(st.integers(0, 2))}


@st.composite
def valleys(draw, max_cards: int = 18, kinds=VALLEY_KINDS, min_cards: int = 0) -> Valley:
    """A valley grown as in play: each card laid beside one already there."""
    start = Card(kind=Kind.STARTING_TOWN, row=0, col=0, **draw(descriptions(Kind.STARTING_TOWN)))
    cards = [start]
    occupied = {start.cell}
    for _ in range(draw(st.integers(min_cards, max_cards))):
        frontier = sorted({n for cell in occupied for n in orthogonal_neighbours(cell)} - occupied)
        row, col = draw(st.sampled_from(frontier))
        kind = draw(st.sampled_from(kinds))
        cards.append(Card(kind=kind, row=row, col=col, **draw(descriptions(kind))))
        occupied.add((row, col))
    return Valley(cards=tuple(cards))


def moved(valley: Valley, transform) -> Valley:
    return Valley(
        cards=tuple(
            card.model_copy(update=dict(zip(("row", "col"), transform(card.row, card.col))))
            for card in valley.cards
        )
    )


TRANSFORMS = {
    "move": lambda r, c: (r + 3, c - 7),
    "rotate": lambda r, c: (c, -r),
    "mirror left-right": lambda r, c: (r, -c),
    "mirror top-bottom": lambda r, c: (-r, c),
}


def signature(valley: Valley, options: Options) -> dict:
    """Every line's and goal's points, with every goal on the table: the Express route assumed
    is then chosen for Suburban Trains too (ruling SV-5), as the scorer does when it is."""
    layout = Layout(valley, options, route_goals(GOALS))
    rows = {rule.__name__: sum(line.points for line in rule(layout)) for rule in CARD_LINES}
    goals = {key: goal.rule(layout).value for key, goal in GOALS.items()}
    return rows | goals


options_strategy = st.builds(
    Options,
    farmers_count_as_fields=st.booleans(),
    vast_land=st.sampled_from(["consecutive", "whole_line"]),
)


def _cards(*cards: tuple) -> Valley:
    return Valley(cards=tuple(Card(kind=kind, row=row, col=col, combination=combination,
                                   points=1 if combination else 0)
                              for kind, row, col, combination in cards))


TWO_EQUAL_ROUTES = _cards(
    (Kind.STARTING_TOWN, 0, 0, ()), (Kind.RAILROAD, -1, 0, ()), (Kind.MOUNTAIN, 0, -1, ()),
    (Kind.RAILROAD, 1, 0, ()), (Kind.FIELD, 2, 0, ()), (Kind.FIELD, 1, -1, ()),
    (Kind.TOWN, 1, 1, (Kind.FIELD,)), (Kind.TOWN, -2, 0, (Kind.FIELD,)))
"""Two equally long routes from the Starting Town, one railroad each: only the one down has two
Fields beside its railroad. Without Suburban Trains among the route's goals the route is taken in
grid order, and a mirror image took the other one (hypothesis found it)."""


@settings(max_examples=120, deadline=None)
@given(valleys(), options_strategy, st.sampled_from(sorted(TRANSFORMS)))
@example(TWO_EQUAL_ROUTES, Options(), "mirror top-bottom")
def test_moving_rotating_or_mirroring_changes_no_score(valley, options, transform):
    assert signature(moved(valley, TRANSFORMS[transform]), options) == signature(valley, options)


@settings(max_examples=80, deadline=None)
@given(st.lists(valleys(), min_size=2, max_size=6), st.permutations(sorted(GOALS)))
def test_every_line_is_on_a_row_and_totals_add_up(player_valleys, goal_order):
    table = SunflowerValleyTable(
        goals=goal_order[:3],
        players=[Player(name=f"P{i}", valley=v) for i, v in enumerate(player_valleys)],
    )
    result = score_table(table)
    categories = {row.category for row in result.rows}
    for player in result.players:
        assert {line.category for line in player.lines} <= categories
        assert sum(player.row_points(c) for c in categories) == player.total
        assert all(line.points >= 0 and line.detail for line in player.lines)
    assert {p.name for p in result.players if p.rank == 1} == set(result.winners)


@settings(max_examples=120, deadline=None)
@given(valleys())
def test_assumed_express_route_is_a_legal_route(valley):
    network = RailNetwork.of(valley)
    route = network.longest_route()
    network.check_route(route)  # raises if illegal
    graph = nx.Graph([(a, b) for a, others in network.links.items() for b in others])
    graph.add_node(network.start)
    longest = max(
        (len(path) for end in graph.nodes if end != network.start
         for path in nx.all_simple_paths(graph, network.start, end)),
        default=1,
    )
    assert len(route) == longest


@settings(max_examples=25, deadline=None)
@given(valleys(min_cards=MAX_VALLEY_CARDS - 1, max_cards=MAX_VALLEY_CARDS - 1,
               kinds=[Kind.TOWN, Kind.RAILROAD]))
def test_the_largest_valley_of_towns_and_railroads_scores_with_a_legal_route(valley):
    """The worst shapes the limits allow for the route searches (the Express, Long Way, Suburban
    Trains): 30 cards, all Towns and Railroads. Nothing raises, the assumed route is legal, and
    every total is its lines."""
    table = SunflowerValleyTable(
        goals=("long_way", "suburban_trains", "vast_network"),
        players=[Player(name=name, valley=valley) for name in ("A", "B")],
    )
    result = score_table(table)
    assert all(player.total == sum(line.points for line in player.lines)
               for player in result.players)
    network = RailNetwork.of(valley)
    network.check_route(network.longest_route())


@st.composite
def dense_valleys(draw, cards: int = MAX_VALLEY_CARDS) -> Valley:
    """Valleys shaped like the slowest found (issue 23): 30 Railroad and Town cards (about 3
    Railroads to 1 Town), each laid where it touches the most cards already there (or one fewer),
    so the valley is a blob full of cycles."""
    placed = {(0, 0): Kind.STARTING_TOWN}
    while len(placed) < cards:
        frontier = sorted({n for cell in placed for n in orthogonal_neighbours(cell)} - set(placed))
        touching = {place: sum(n in placed for n in orthogonal_neighbours(place))
                    for place in frontier}
        most = max(touching.values()) - draw(st.integers(0, 1))
        place = draw(st.sampled_from([p for p in frontier if touching[p] >= most]))
        placed[place] = draw(st.sampled_from([Kind.RAILROAD] * 3 + [Kind.TOWN]))
    return Valley(cards=tuple(
        Card(kind=kind, row=row, col=col,
             **({"combination": ["lake"], "points": 1} if kind is Kind.TOWN else {}))
        for (row, col), kind in placed.items()))


SYMMETRIES = [lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c),
              lambda r, c: (-c, r), lambda r, c: (r, -c), lambda r, c: (-r, c),
              lambda r, c: (c, r), lambda r, c: (-c, -r)]


@settings(max_examples=30, deadline=None)
@given(dense_valleys())
def test_long_way_on_dense_valleys_is_a_chain_as_long_in_every_orientation(valley):
    """Turned and mirrored 8 ways, a valley is searched in 8 different orders: the search cut
    by blocks must find the same length every time, along a legal chain (side by side, no two
    Towns in a row, at least one Railroad)."""
    lengths = set()
    for symmetry in SYMMETRIES:
        layout = Layout(moved(valley, symmetry), Options())
        tally = GOALS["long_way"].rule(layout)
        chain = tally.cells
        kinds = [layout.by_cell[cell].kind for cell in chain]
        assert len(set(chain)) == len(chain) == tally.value
        assert all(b in orthogonal_neighbours(a) for a, b in zip(chain, chain[1:]))
        assert all(Kind.RAILROAD in pair for pair in zip(kinds, kinds[1:]))
        assert Kind.RAILROAD in kinds
        lengths.add(tally.value)
    assert len(lengths) == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(8, 16).flatmap(lambda cards: dense_valleys(cards=cards)))
def test_the_express_on_dense_valleys_is_as_long_as_the_longest_path_by_brute_force(valley):
    """The route search cut by blocks of towns loses no route: as long as the longest path of
    towns joined by rail, every one tried."""
    network = RailNetwork.of(valley)
    route = network.longest_route()
    network.check_route(route)
    graph = nx.Graph([(a, b) for a, others in network.links.items() for b in others])
    graph.add_node(network.start)
    longest = max((len(path) for end in graph.nodes if end != network.start
                   for path in nx.all_simple_paths(graph, network.start, end)), default=1)
    assert len(route) == longest
