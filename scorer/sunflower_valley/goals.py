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
from scorer.message import Message, msg, msg_n
from scorer.sunflower_valley.layout import Layout, RouteGoal
from scorer.sunflower_valley.lines import combination_line
from scorer.sunflower_valley.models import (
    KIND_COUNTS,
    TOWN_KINDS,
    Card,
    GoalName,
    Kind,
    joined_by_semicolons,
)

COMPETITIVE_POINTS = 6


@dataclass(frozen=True)
class Tally:
    """What a goal found in one valley: the value (a count for competitive goals, points for
    accumulative ones), the cells it used and a sentence with the numbers (``explanation``)."""

    value: int
    explanation: Message
    cells: tuple[Cell, ...] = ()
    rulings: tuple[str, ...] = ()

    @property
    def detail(self) -> str:
        """The explanation in English."""
        return self.explanation.text


@dataclass(frozen=True)
class Goal:
    key: GoalName
    title: Message
    """The goal card's name."""
    competitive: bool
    rule: Callable[[Layout], Tally]
    description: Message
    """What the card scores, in a sentence."""
    route_points: Callable[[Layout, frozenset[Cell]], int] | None = None
    """For a goal that depends on the Express route: its points with these Railroad cards on the
    Express (the assumed route is chosen with them, ruling SV-5)."""

    @property
    def label(self) -> str:
        """The goal card's name in English."""
        return self.title.text

    @property
    def text(self) -> str:
        """What the card scores, in English."""
        return self.description.text


CountedCards = Callable[[int, Message], Message]
"""How a goal says a count of cards and their listing: (count, cards) -> the sentence."""
CountedPoints = Callable[[int, int], Message]
"""How a goal says a count of scoring cards and its points: (count, total) -> the sentence."""


def _count_cards(layout: Layout, cards: list[Card], said: CountedCards, rulings=()) -> Tally:
    return Tally(
        value=len(cards),
        explanation=said(len(cards), layout.listing(cards)),
        cells=tuple(card.cell for card in cards),
        rulings=tuple(rulings),
    )


def _each_beside(layout: Layout, cards: list[Card], beside: Callable[[Card], bool], points: int,
                 said: CountedPoints, rulings=()) -> Tally:
    """``points`` for each of ``cards`` with at least one adjacent card that ``beside`` accepts."""
    scoring = [
        card for card in cards if any(beside(n) for n in layout.neighbours(card.cell))
    ]
    total = points * len(scoring)
    return Tally(
        value=total,
        explanation=_with_cards(layout, said(len(scoring), total), scoring),
        cells=tuple(card.cell for card in scoring),
        rulings=tuple(rulings),
    )


def _with_cards(layout: Layout, said: Message, cards: list[Card], limit: int = 6) -> Message:
    """``said`` followed by the cards it counts, in brackets, when there are any."""
    if not cards:
        return said
    return msg("sv.goal.with_cards", "{said} ({cards})", said=said,
               cards=layout.listing(cards, limit))


# Competitive goals ------------------------------------------------------------------------------


def valley_of_sheep(layout: Layout) -> Tally:
    """The most Sheep cards."""
    return _count_cards(layout, layout.cards_of(Kind.SHEEP), lambda count, cards: msg_n(
        "sv.goal.sheep_cards", "{count} Sheep card ({cards})", "{count} Sheep cards ({cards})",
        count, cards=cards))


def the_more_the_merrier(layout: Layout) -> Tally:
    """The most villager symbols, from Town, Farmer and Starting Town cards (ruling SV-4)."""
    cards = [card for card in layout.by_cell.values() if card.villagers]
    symbols = sum(card.villagers for card in cards)
    said = msg_n("sv.goal.villager_symbols", "{count} villager symbol", "{count} villager symbols",
                 symbols)
    if cards:
        said = msg("sv.goal.with_cards", "{said} ({cards})", said=said, cards=joined_by_semicolons(
            [msg("sv.goal.villagers_on", "{card}: {count}", card=layout.where(card),
                 count=card.villagers) for card in cards]))
    return Tally(
        value=symbols,
        explanation=said,
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
        explanation=_with_cards(layout, msg_n(
            "sv.goal.long_way", "longest chain of Railroad and Town cards: {count} card",
            "longest chain of Railroad and Town cards: {count} cards", length), cards, limit=4),
        cells=tuple(path),
        rulings=("SV-2", "SV-4", "SV-6"),
    )


def farmers_counted(cards: Iterable[Card]) -> tuple[str, ...]:
    """Ruling SV-1 when a Farmer is among the Field cards counted (it counts as a Field), else
    no ruling: a valley without a Farmer is scored by the goal card's own words."""
    return ("SV-1",) if any(card.kind is Kind.FARMER for card in cards) else ()


def sunny_valley(layout: Layout) -> Tally:
    """The most Field cards (Farmers included, ruling SV-1)."""
    return _count_cards(layout, layout.fields, lambda count, cards: msg_n(
        "sv.goal.field_cards", "{count} Field card ({cards})", "{count} Field cards ({cards})",
        count, cards=cards), farmers_counted(layout.fields))


def ski_resort(layout: Layout) -> Tally:
    """The most Mountain cards."""
    return _count_cards(layout, layout.cards_of(Kind.MOUNTAIN), lambda count, cards: msg_n(
        "sv.goal.mountain_cards", "{count} Mountain card ({cards})",
        "{count} Mountain cards ({cards})", count, cards=cards))


def vast_network(layout: Layout) -> Tally:
    """The most Railroad cards, part of the Valley Express or not."""
    return _count_cards(layout, layout.cards_of(Kind.RAILROAD), lambda count, cards: msg_n(
        "sv.goal.railroad_cards", "{count} Railroad card ({cards})",
        "{count} Railroad cards ({cards})", count, cards=cards))


def lake_land(layout: Layout) -> Tally:
    """The most Lake cards."""
    return _count_cards(layout, layout.cards_of(Kind.LAKE), lambda count, cards: msg_n(
        "sv.goal.lake_cards", "{count} Lake card ({cards})", "{count} Lake cards ({cards})",
        count, cards=cards))


def vast_land(layout: Layout) -> Tally:
    """The longest row or column of cards (ruling SV-9: consecutive cards without a gap, unless the
    table counts every card of the line)."""
    lines: dict[tuple[str, int], list[Cell]] = {}
    for row, col in layout.by_cell:
        lines.setdefault(("row", row), []).append((row, col))
        lines.setdefault(("column", col), []).append((row, col))
    best: list[Cell] = []
    best_line: tuple[str, int] = ("row", 0)
    for (direction, index), cells in sorted(lines.items()):
        along = 1 if direction == "row" else 0
        cells.sort(key=lambda cell: cell[along])
        runs = [cells] if layout.options.vast_land == "whole_line" else _runs(cells, along)
        for run in runs:
            if len(run) > len(best):
                best, best_line = run, (direction, index)
    direction, index = best_line
    if direction == "row":
        line = msg("sv.goal.vast_land.row", "row {number}", number=layout.places.row(index))
    else:
        line = msg("sv.goal.vast_land.column", "column {number}",
                   number=layout.places.column(index))
    if layout.options.vast_land == "consecutive":
        said = msg_n("sv.goal.vast_land.consecutive",
                     "longest line of consecutive cards: {count} card in {line}",
                     "longest line of consecutive cards: {count} cards in {line}", len(best),
                     line=line)
    else:
        said = msg_n("sv.goal.vast_land.whole_line",
                     "longest line of cards in one line: {count} card in {line}",
                     "longest line of cards in one line: {count} cards in {line}", len(best),
                     line=line)
    return Tally(
        value=len(best),
        explanation=said,
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
        layout, layout.cards_of(Kind.SHEEP), lambda n: n.kind is Kind.SHEEP, 2,
        lambda count, total: msg_n(
            "sv.goal.flocks_of_sheep", "{count} Sheep next to a Sheep x 2 -> {total}",
            "{count} Sheep next to a Sheep x 2 -> {total}", count, total=total))


def the_suburbs(layout: Layout) -> Tally:
    """2 points for each card with villager symbols beside at least one Town (ruling SV-4)."""
    with_villagers = [card for card in layout.by_cell.values() if card.villagers]
    return _each_beside(
        layout,
        with_villagers,
        lambda n: n.kind in TOWN_KINDS,
        2,
        lambda count, total: msg_n(
            "sv.goal.the_suburbs", "{count} card with villagers next to a Town x 2 -> {total}",
            "{count} cards with villagers next to a Town x 2 -> {total}", count, total=total),
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
        explanation=_with_cards(layout, msg_n(
            "sv.goal.happy_towns", "{count} Town with a complete combination x 2 -> {total}",
            "{count} Towns with a complete combination x 2 -> {total}", len(happy),
            total=total), happy),
        cells=tuple(card.cell for card in happy),
        rulings=("SV-4", "SV-11"),
    )


def boundless_field(layout: Layout) -> Tally:
    """1 point for each Field card in the largest area of adjacent Fields (Farmers included)."""
    regions = connected_regions(card.cell for card in layout.fields)
    largest = sorted(regions[0]) if regions else []
    return Tally(
        value=len(largest),
        explanation=msg_n("sv.goal.boundless_field",
                          "largest field area: {count} Field card x 1 -> {total}",
                          "largest field area: {count} Field cards x 1 -> {total}", len(largest),
                          total=len(largest)),
        cells=tuple(largest),
        rulings=farmers_counted(layout.by_cell[cell] for cell in largest),
    )


def satellite_towns(layout: Layout) -> Tally:
    """2 points for each Town joined to another Town by a railroad (rulings SV-2, SV-4)."""
    joined = [cell for cell, others in layout.network.links.items() if others]
    total = 2 * len(joined)
    cards = [layout.by_cell[cell] for cell in joined]
    return Tally(
        value=total,
        explanation=_with_cards(layout, msg_n(
            "sv.goal.satellite_towns",
            "{count} Town joined to another Town by rail x 2 -> {total}",
            "{count} Towns joined to another Town by rail x 2 -> {total}", len(cards),
            total=total), cards),
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
    detail = msg("sv.goal.suburban_trains",
                 "{fields} beside the Express's {railroads}: {pairs} x {each} -> {total}",
                 fields=KIND_COUNTS[Kind.FIELD](len(fields)),
                 railroads=KIND_COUNTS[Kind.RAILROAD](len(express.rails)),
                 pairs=msg_n("sv.goal.pairs", "{count} pair", "{count} pairs", pairs),
                 each=SUBURBAN_POINTS_PER_PAIR, total=total)
    if not express.assumed:
        rulings = ("SV-1", "SV-3", "SV-8")
    else:
        rulings = ("SV-1", "SV-3", "SV-5", "SV-8")
        detail = _equally_long_route(layout, suburban_trains_points, total, detail)
    return Tally(
        value=total,
        explanation=detail,
        cells=tuple(card.cell for card in fields) + tuple(sorted(express.rails)),
        rulings=rulings,
    )


def _equally_long_route(
    layout: Layout, points: Callable[[Layout, frozenset[Cell]], int], scored: int, said: Message
) -> Message:
    """On an assumed route: ``said``, then that the route is assumed and what the equally long
    route worst for this goal would score, when that is less (ruling SV-5)."""
    cheaper = layout.network.cheaper_route(
        len(layout.express.stops), lambda rails: points(layout, rails), below=scored
    )
    if cheaper is None:
        return msg("sv.goal.route_assumed", "{said}; the route is assumed, since no stops are "
                   "entered", said=said)
    fewer = points(layout, layout.network.route_rails(cheaper))
    return msg("sv.goal.route_assumed_cheaper",
               "{said}; the route is assumed, since no stops are entered: the equally long route "
               "{route} would score {points} here, and entering the Express stops settles it",
               said=said, route=layout.route_name(cheaper), points=fewer)


def mountain_passes(layout: Layout) -> Tally:
    """2 points for each Mountain beside a Railroad card (any Railroad)."""
    return _each_beside(
        layout, layout.cards_of(Kind.MOUNTAIN), lambda n: n.kind is Kind.RAILROAD, 2,
        lambda count, total: msg_n(
            "sv.goal.mountain_passes", "{count} Mountain next to a Railroad x 2 -> {total}",
            "{count} Mountains next to a Railroad x 2 -> {total}", count, total=total))


def walking_routes(layout: Layout) -> Tally:
    """2 points for each Railroad card after the first of each railroad line that joins two Towns
    (rulings SV-2, SV-3, SV-7)."""
    network = layout.network
    total = 0
    parts: list[Message] = []
    cells: list[Cell] = []
    for group in network.groups:
        if len(network.towns_touching(group)) < 2:
            continue
        line = network.line(group)
        points = 2 * (len(line) - 1)
        total += points
        cells.extend(sorted(line))
        parts.append(msg_n("sv.goal.walking_routes.line", "a line of {count} Railroad -> {points}",
                           "a line of {count} Railroads -> {points}", len(line), points=points))
    lines = (joined_by_semicolons(parts) if parts
             else msg("sv.goal.walking_routes.none", "no Railroad line joins two Towns"))
    return Tally(value=total,
                 explanation=msg("sv.goal.walking_routes", "{lines}; total {total}", lines=lines,
                                 total=total),
                 cells=tuple(cells), rulings=("SV-2", "SV-3", "SV-7"))


def overlooking_the_water(layout: Layout) -> Tally:
    """2 points for each Lake beside a Railroad card (any Railroad)."""
    return _each_beside(
        layout, layout.cards_of(Kind.LAKE), lambda n: n.kind is Kind.RAILROAD, 2,
        lambda count, total: msg_n(
            "sv.goal.overlooking_the_water", "{count} Lake next to a Railroad x 2 -> {total}",
            "{count} Lakes next to a Railroad x 2 -> {total}", count, total=total))


def mountain_lakes(layout: Layout) -> Tally:
    """2 points for each Lake beside a Mountain card."""
    return _each_beside(
        layout, layout.cards_of(Kind.LAKE), lambda n: n.kind is Kind.MOUNTAIN, 2,
        lambda count, total: msg_n(
            "sv.goal.mountain_lakes", "{count} Lake next to a Mountain x 2 -> {total}",
            "{count} Lakes next to a Mountain x 2 -> {total}", count, total=total))


GOALS: dict[str, Goal] = {
    goal.key: goal
    for goal in (
        Goal("valley_of_sheep", msg("sv.goal_name.valley_of_sheep", "Valley of Sheep"), True,
             valley_of_sheep,
             msg("sv.goal_text.valley_of_sheep",
                 "The player with the most Sheep cards scores 6.")),
        Goal("the_more_the_merrier",
             msg("sv.goal_name.the_more_the_merrier", "The More The Merrier"), True,
             the_more_the_merrier,
             msg("sv.goal_text.the_more_the_merrier",
                 "The player with the most villager symbols (Town and Farmer cards) scores 6.")),
        Goal("long_way", msg("sv.goal_name.long_way", "Long Way"), True, long_way,
             msg("sv.goal_text.long_way",
                 "The player with the longest chain of Railroad and Town cards scores 6.")),
        Goal("sunny_valley", msg("sv.goal_name.sunny_valley", "Sunny Valley"), True, sunny_valley,
             msg("sv.goal_text.sunny_valley", "The player with the most Field cards scores 6.")),
        Goal("ski_resort", msg("sv.goal_name.ski_resort", "Ski Resort"), True, ski_resort,
             msg("sv.goal_text.ski_resort", "The player with the most Mountain cards scores 6.")),
        Goal("vast_network", msg("sv.goal_name.vast_network", "Vast Network"), True, vast_network,
             msg("sv.goal_text.vast_network",
                 "The player with the most Railroad cards scores 6.")),
        Goal("lake_land", msg("sv.goal_name.lake_land", "Lake Land"), True, lake_land,
             msg("sv.goal_text.lake_land", "The player with the most Lake cards scores 6.")),
        Goal("vast_land", msg("sv.goal_name.vast_land", "Vast Land"), True, vast_land,
             msg("sv.goal_text.vast_land",
                 "The player with the longest row of cards (horizontal or vertical) scores 6.")),
        Goal("flocks_of_sheep", msg("sv.goal_name.flocks_of_sheep", "Flocks of Sheep"), False,
             flocks_of_sheep,
             msg("sv.goal_text.flocks_of_sheep",
                 "2 for each Sheep with at least 1 Sheep beside it.")),
        Goal("the_suburbs", msg("sv.goal_name.the_suburbs", "The Suburbs"), False, the_suburbs,
             msg("sv.goal_text.the_suburbs",
                 "2 for each card with villager symbols beside at least 1 Town.")),
        Goal("happy_towns", msg("sv.goal_name.happy_towns", "Happy Towns"), False, happy_towns,
             msg("sv.goal_text.happy_towns", "2 for each Town with a complete combination.")),
        Goal("boundless_field", msg("sv.goal_name.boundless_field", "Boundless Field"), False,
             boundless_field,
             msg("sv.goal_text.boundless_field",
                 "1 for each Field card in your largest field area.")),
        Goal("satellite_towns", msg("sv.goal_name.satellite_towns", "Satellite Towns"), False,
             satellite_towns,
             msg("sv.goal_text.satellite_towns",
                 "2 for each Town joined to another Town by a railroad.")),
        Goal("suburban_trains", msg("sv.goal_name.suburban_trains", "Suburban Trains"), False,
             suburban_trains,
             msg("sv.goal_text.suburban_trains",
                 "3 for every 2 Field cards beside the Valley Express's Railroad cards."),
             route_points=suburban_trains_points),
        Goal("mountain_passes", msg("sv.goal_name.mountain_passes", "Mountain Passes"), False,
             mountain_passes,
             msg("sv.goal_text.mountain_passes", "2 for each Mountain beside a Railroad card.")),
        Goal("walking_routes", msg("sv.goal_name.walking_routes", "Walking Routes"), False,
             walking_routes,
             msg("sv.goal_text.walking_routes",
                 "2 for each consecutive Railroad card, after the first, joining two Towns.")),
        Goal("overlooking_the_water",
             msg("sv.goal_name.overlooking_the_water", "Overlooking the Water"), False,
             overlooking_the_water,
             msg("sv.goal_text.overlooking_the_water", "2 for each Lake beside a Railroad card.")),
        Goal("mountain_lakes", msg("sv.goal_name.mountain_lakes", "Mountain Lakes"), False,
             mountain_lakes,
             msg("sv.goal_text.mountain_lakes", "2 for each Lake beside a Mountain card.")),
    )
}


def route_goals(keys: Iterable[str]) -> tuple[RouteGoal, ...]:
    """The goals among ``keys`` whose points depend on the Express route, for a :class:`Layout`:
    ``Layout(valley, options, route_goals(table.goals)).express`` is the route the scorer takes."""
    return tuple(
        RouteGoal(GOALS[key].title, GOALS[key].route_points)
        for key in keys
        if GOALS[key].route_points is not None
    )
