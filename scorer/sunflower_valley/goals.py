"""The 18 goal cards of the rulebook's "Goal Cards Clarification", one function each.

Competitive goals (blue stripe) measure something in each valley; the table gives their 6 points
to the best (see :mod:`scorer.sunflower_valley.scoring`). Accumulative goals (orange stripe) score
each valley on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scorer.core.breakdown import Cell
from scorer.core.grid import connected_regions, longest_simple_path, orthogonal_neighbours
from scorer.sunflower_valley.layout import Layout, RouteGoal, plural
from scorer.sunflower_valley.lines import SETTLES_IT, combination_line
from scorer.sunflower_valley.models import TOWN_KINDS, Card, GoalName, Kind

COMPETITIVE_POINTS = 6


@dataclass(frozen=True)
class Tally:
    """What a goal found in one valley: the value (a count for competitive goals, points for
    accumulative ones), the cells it used and a sentence with the numbers."""

    value: int
    detail: str
    cells: tuple[Cell, ...] = ()
    rulings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Goal:
    key: GoalName
    label: str
    competitive: bool
    rule: Callable[[Layout], Tally]
    text: str
    route_points: Callable[[Layout, frozenset[Cell]], int] | None = None
    """For a goal that depends on the Express route: its points with these Railroad cards on the
    Express (the assumed route is chosen with them, ruling SV-5)."""


def _count_cards(layout: Layout, cards: list[Card], what: str, rulings=()) -> Tally:
    return Tally(
        value=len(cards),
        detail=f"{plural(len(cards), what)} ({layout.listing(cards)})",
        cells=tuple(card.cell for card in cards),
        rulings=tuple(rulings),
    )


def _each_beside(layout: Layout, cards: list[Card], beside: Callable[[Card], bool], points: int,
                 what: str, neighbour_word: str, rulings=()) -> Tally:
    """``points`` for each of ``cards`` with at least one adjacent card that ``beside`` accepts."""
    scoring = [
        card for card in cards if any(beside(n) for n in layout.neighbours(card.cell))
    ]
    total = points * len(scoring)
    return Tally(
        value=total,
        detail=f"{plural(len(scoring), what)} next to {neighbour_word} x {points} -> {total}"
        + (f" ({layout.listing(scoring)})" if scoring else ""),
        cells=tuple(card.cell for card in scoring),
        rulings=tuple(rulings),
    )


# Competitive goals ------------------------------------------------------------------------------


def valley_of_sheep(layout: Layout) -> Tally:
    """The most Sheep cards."""
    return _count_cards(layout, layout.cards_of(Kind.SHEEP), "Sheep card")


def the_more_the_merrier(layout: Layout) -> Tally:
    """The most villager symbols, from Town, Farmer and Starting Town cards (ruling SV-4)."""
    cards = [card for card in layout.by_cell.values() if card.villagers]
    symbols = sum(card.villagers for card in cards)
    parts = "; ".join(f"{layout.where(card)}: {card.villagers}" for card in cards)
    return Tally(
        value=symbols,
        detail=f"{plural(symbols, 'villager symbol')}" + (f" ({parts})" if parts else ""),
        cells=tuple(card.cell for card in cards),
        rulings=("SV-4",),
    )


def long_way(layout: Layout) -> Tally:
    """The longest chain of Railroad and Town cards, counted in cards along one path (ruling SV-6).

    Two towns side by side are not a step of the chain (ruling SV-2), so a chain always holds a
    Railroad card, and a valley with no Railroad has no chain.
    """
    chain_cells = {
        cell
        for cell, card in layout.by_cell.items()
        if card.kind is Kind.RAILROAD or card.kind in TOWN_KINDS
    }
    rails = {cell for cell in chain_cells if layout.by_cell[cell].kind is Kind.RAILROAD}
    graph = {
        cell: [
            n
            for n in orthogonal_neighbours(cell)
            if n in chain_cells and (cell in rails or n in rails)
        ]
        for cell in sorted(chain_cells)
    }
    path = longest_simple_path(graph, accept=lambda chain: any(cell in rails for cell in chain))
    length = len(path)
    cards = [layout.by_cell[cell] for cell in path]
    return Tally(
        value=length,
        detail=f"longest chain of Railroad and Town cards: {plural(length, 'card')}"
        + (f" ({layout.listing(cards, limit=4)})" if cards else ""),
        cells=tuple(path),
        rulings=("SV-2", "SV-4", "SV-6"),
    )


def sunny_valley(layout: Layout) -> Tally:
    """The most Field cards (Farmers included, ruling SV-1)."""
    return _count_cards(layout, layout.fields, "Field card", ("SV-1",))


def ski_resort(layout: Layout) -> Tally:
    """The most Mountain cards."""
    return _count_cards(layout, layout.cards_of(Kind.MOUNTAIN), "Mountain card")


def vast_network(layout: Layout) -> Tally:
    """The most Railroad cards, part of the Valley Express or not."""
    return _count_cards(layout, layout.cards_of(Kind.RAILROAD), "Railroad card")


def lake_land(layout: Layout) -> Tally:
    """The most Lake cards."""
    return _count_cards(layout, layout.cards_of(Kind.LAKE), "Lake card")


def vast_land(layout: Layout) -> Tally:
    """The longest row or column of cards (ruling SV-9: consecutive cards without a gap, unless the
    table counts every card of the line)."""
    lines: dict[tuple[str, int], list[Cell]] = {}
    for row, col in layout.by_cell:
        lines.setdefault(("row", row), []).append((row, col))
        lines.setdefault(("column", col), []).append((row, col))
    best: list[Cell] = []
    best_name = ""
    for (direction, index), cells in sorted(lines.items()):
        along = 1 if direction == "row" else 0
        cells.sort(key=lambda cell: cell[along])
        runs = [cells] if layout.options.vast_land == "whole_line" else _runs(cells, along)
        for run in runs:
            if len(run) > len(best):
                number = (layout.places.row if direction == "row" else layout.places.column)(index)
                best, best_name = run, f"{direction} {number}"
    how = "consecutive cards" if layout.options.vast_land == "consecutive" else "cards in one line"
    return Tally(
        value=len(best),
        detail=f"longest line of {how}: {plural(len(best), 'card')} in {best_name}",
        cells=tuple(best),
        rulings=("SV-9",),
    )


def _runs(cells: list[Cell], along: int) -> list[list[Cell]]:
    """Split cells sorted along one axis into runs without a gap."""
    runs: list[list[Cell]] = []
    for cell in cells:
        if runs and cell[along] == runs[-1][-1][along] + 1:
            runs[-1].append(cell)
        else:
            runs.append([cell])
    return runs


# Accumulative goals -----------------------------------------------------------------------------


def flocks_of_sheep(layout: Layout) -> Tally:
    """2 points for each Sheep with at least one Sheep beside it."""
    return _each_beside(
        layout, layout.cards_of(Kind.SHEEP), lambda n: n.kind is Kind.SHEEP, 2, "Sheep", "a Sheep"
    )


def the_suburbs(layout: Layout) -> Tally:
    """2 points for each card with villager symbols beside at least one Town (ruling SV-4)."""
    with_villagers = [card for card in layout.by_cell.values() if card.villagers]
    return _each_beside(
        layout,
        with_villagers,
        lambda n: n.kind in TOWN_KINDS,
        2,
        "card with villagers",
        "a Town",
        ("SV-4",),
    )


def happy_towns(layout: Layout) -> Tally:
    """2 points for each Town whose combination is complete (ruling SV-4 for the Starting Town)."""
    happy = [
        card
        for card in layout.cards_of(Kind.TOWN, Kind.STARTING_TOWN)
        if card.combination and combination_line(layout, card, "towns").points > 0
    ]
    total = 2 * len(happy)
    return Tally(
        value=total,
        detail=f"{plural(len(happy), 'Town')} with a complete combination x 2 -> {total}"
        + (f" ({layout.listing(happy)})" if happy else ""),
        cells=tuple(card.cell for card in happy),
        rulings=("SV-4", "SV-11"),
    )


def boundless_field(layout: Layout) -> Tally:
    """1 point for each Field card in the largest area of adjacent Fields (Farmers included)."""
    regions = connected_regions(card.cell for card in layout.fields)
    largest = sorted(regions[0]) if regions else []
    return Tally(
        value=len(largest),
        detail=f"largest field area: {plural(len(largest), 'Field card')} x 1 -> {len(largest)}",
        cells=tuple(largest),
        rulings=("SV-1",),
    )


def satellite_towns(layout: Layout) -> Tally:
    """2 points for each Town joined to another Town by a railroad (rulings SV-2, SV-4)."""
    joined = [cell for cell, others in layout.network.links.items() if others]
    total = 2 * len(joined)
    cards = [layout.by_cell[cell] for cell in joined]
    return Tally(
        value=total,
        detail=f"{plural(len(cards), 'Town')} joined to another Town by rail x 2 -> {total}"
        + (f" ({layout.listing(cards)})" if cards else ""),
        cells=tuple(joined),
        rulings=("SV-2", "SV-4"),
    )


SUBURBAN_POINTS_PER_PAIR = 3


def suburban_trains_points(layout: Layout, rails: frozenset[Cell]) -> int:
    """3 for every 2 Field cards beside these Railroad cards, each Field once (SV-1, SV-8)."""
    return SUBURBAN_POINTS_PER_PAIR * (len(layout.fields_beside(rails)) // 2)


def suburban_trains(layout: Layout) -> Tally:
    """3 points for every 2 Field cards beside the Valley Express's Railroad cards, each Field once
    (rulings SV-1, SV-3, SV-8); on the assumed route when no stops are entered (ruling SV-5)."""
    express = layout.express
    fields = layout.fields_beside(express.rails)
    pairs = len(fields) // 2
    total = SUBURBAN_POINTS_PER_PAIR * pairs
    detail = (
        f"{plural(len(fields), 'Field')} beside the Express's "
        f"{plural(len(express.rails), 'Railroad')}: {plural(pairs, 'pair')} "
        f"x {SUBURBAN_POINTS_PER_PAIR} -> {total}"
    )
    if not express.assumed:
        rulings = ("SV-1", "SV-3", "SV-8")
    else:
        rulings = ("SV-1", "SV-3", "SV-5", "SV-8")
        detail += _equally_long_route(layout, suburban_trains_points, total)
    return Tally(
        value=total,
        detail=detail,
        cells=tuple(card.cell for card in fields) + tuple(sorted(express.rails)),
        rulings=rulings,
    )


def _equally_long_route(
    layout: Layout, points: Callable[[Layout, frozenset[Cell]], int], scored: int
) -> str:
    """On an assumed route: what the equally long route worst for this goal would score, when
    that is less (ruling SV-5)."""
    cheaper = layout.network.cheaper_route(
        len(layout.express.stops), lambda rails: points(layout, rails), below=scored
    )
    if cheaper is None:
        return "; the route is assumed, since no stops are entered"
    fewer = points(layout, layout.network.route_rails(cheaper))
    return (
        f"; the route is assumed, since no stops are entered: the equally long route "
        f"{layout.route_name(cheaper)} would score {fewer} here, and {SETTLES_IT}"
    )


def mountain_passes(layout: Layout) -> Tally:
    """2 points for each Mountain beside a Railroad card (any Railroad)."""
    return _each_beside(
        layout, layout.cards_of(Kind.MOUNTAIN), lambda n: n.kind is Kind.RAILROAD, 2,
        "Mountain", "a Railroad",
    )


def walking_routes(layout: Layout) -> Tally:
    """2 points for each Railroad card after the first of each railroad line that joins two Towns
    (rulings SV-2, SV-3, SV-7)."""
    network = layout.network
    total = 0
    parts = []
    cells: list[Cell] = []
    for group in network.groups:
        if len(network.towns_touching(group)) < 2:
            continue
        line = network.line(group)
        points = 2 * (len(line) - 1)
        total += points
        cells.extend(sorted(line))
        parts.append(f"a line of {plural(len(line), 'Railroad')} -> {points}")
    detail = "; ".join(parts) if parts else "no Railroad line joins two Towns"
    return Tally(value=total, detail=f"{detail}; total {total}", cells=tuple(cells),
                 rulings=("SV-2", "SV-3", "SV-7"))


def overlooking_the_water(layout: Layout) -> Tally:
    """2 points for each Lake beside a Railroad card (any Railroad)."""
    return _each_beside(
        layout, layout.cards_of(Kind.LAKE), lambda n: n.kind is Kind.RAILROAD, 2,
        "Lake", "a Railroad",
    )


def mountain_lakes(layout: Layout) -> Tally:
    """2 points for each Lake beside a Mountain card."""
    return _each_beside(
        layout, layout.cards_of(Kind.LAKE), lambda n: n.kind is Kind.MOUNTAIN, 2,
        "Lake", "a Mountain",
    )


GOALS: dict[str, Goal] = {
    goal.key: goal
    for goal in (
        Goal("valley_of_sheep", "Valley of Sheep", True, valley_of_sheep,
             "The player with the most Sheep cards scores 6."),
        Goal("the_more_the_merrier", "The More The Merrier", True, the_more_the_merrier,
             "The player with the most villager symbols (Town and Farmer cards) scores 6."),
        Goal("long_way", "Long Way", True, long_way,
             "The player with the longest chain of Railroad and Town cards scores 6."),
        Goal("sunny_valley", "Sunny Valley", True, sunny_valley,
             "The player with the most Field cards scores 6."),
        Goal("ski_resort", "Ski Resort", True, ski_resort,
             "The player with the most Mountain cards scores 6."),
        Goal("vast_network", "Vast Network", True, vast_network,
             "The player with the most Railroad cards scores 6."),
        Goal("lake_land", "Lake Land", True, lake_land,
             "The player with the most Lake cards scores 6."),
        Goal("vast_land", "Vast Land", True, vast_land,
             "The player with the longest row of cards (horizontal or vertical) scores 6."),
        Goal("flocks_of_sheep", "Flocks of Sheep", False, flocks_of_sheep,
             "2 for each Sheep with at least 1 Sheep beside it."),
        Goal("the_suburbs", "The Suburbs", False, the_suburbs,
             "2 for each card with villager symbols beside at least 1 Town."),
        Goal("happy_towns", "Happy Towns", False, happy_towns,
             "2 for each Town with a complete combination."),
        Goal("boundless_field", "Boundless Field", False, boundless_field,
             "1 for each Field card in your largest field area."),
        Goal("satellite_towns", "Satellite Towns", False, satellite_towns,
             "2 for each Town joined to another Town by a railroad."),
        Goal("suburban_trains", "Suburban Trains", False, suburban_trains,
             "3 for every 2 Field cards beside the Valley Express's Railroad cards.",
             route_points=suburban_trains_points),
        Goal("mountain_passes", "Mountain Passes", False, mountain_passes,
             "2 for each Mountain beside a Railroad card."),
        Goal("walking_routes", "Walking Routes", False, walking_routes,
             "2 for each consecutive Railroad card, after the first, joining two Towns."),
        Goal("overlooking_the_water", "Overlooking the Water", False, overlooking_the_water,
             "2 for each Lake beside a Railroad card."),
        Goal("mountain_lakes", "Mountain Lakes", False, mountain_lakes,
             "2 for each Lake beside a Mountain card."),
    )
}


def route_goals(keys: Iterable[str]) -> tuple[RouteGoal, ...]:
    """The goals among ``keys`` whose points depend on the Express route, for a :class:`Layout`:
    ``Layout(valley, options, route_goals(table.goals)).express`` is the route the scorer takes."""
    return tuple(
        RouteGoal(GOALS[key].label, GOALS[key].route_points)
        for key in keys
        if GOALS[key].route_points is not None
    )
