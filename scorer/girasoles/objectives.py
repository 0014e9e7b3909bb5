"""The additional objectives of the rulebook's list, one named rule each.

Cards that share a rule and differ only by what they show take it as a parameter: the colour of
cards 1, 2 (spaces on the edges) and 5, 6 (areas), the two objects of cards 7, 8, 9 (pairs). The
rulebook announces 16 additional objectives and describes 15; nothing is invented for the 16th
(ruling GI-5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from scorer.core.breakdown import Cell
from scorer.core.grid import maximum_matching, orthogonal_neighbours
from scorer.girasoles.layout import Layout, cell_list, semicolons
from scorer.girasoles.models import (
    COLOUR_NAMES,
    OBJECTIVE_CARD_SHOWS,
    SPACE_NAMES,
    SYMBOL_NAMES,
    SYMBOL_PLURALS,
    AdditionalObjective,
    CardShows,
    Colour,
    Objective13Reading,
    Options,
    Symbol,
)
from scorer.message import Message, msg, msg_n, place

PAIR_POINTS = 2
ROW_WITH_BEES_POINTS = 2
COLUMN_WITH_LADYBUGS_POINTS = 2
ALL_COLOURS_LINE_POINTS = 3
SUNFLOWER_SET_POINTS = 3
BEE_LEAF_LADYBUG_SET_POINTS = 4
CREATURES = (Symbol.BEE, Symbol.LEAF, Symbol.LADYBUG)
"""The three objects of objectives 13 and 15."""


@dataclass(frozen=True)
class Tally:
    """What an objective found on one board: its points, a sentence with the numbers (as a
    message), the spaces it used and the rulings it relies on."""

    points: int
    said: Message
    cells: tuple[Cell, ...] = ()
    rulings: tuple[str, ...] = ()

    @property
    def detail(self) -> str:
        """The sentence in English."""
        return self.said.text


# Spaces on the edges -----------------------------------------------------------------------------


def colour_on_edges(layout: Layout, colour: Colour) -> Tally:
    """Objectives 1 and 2: 1 point for each space of the card's colour on the edges of the board;
    a corner space is one space (ruling GI-7)."""
    cells = [
        cell
        for cell, space in layout.spaces.items()
        if space.colour is colour and layout.board.is_on_edge(cell)
    ]
    phrase = SPACES_ON_EDGES[colour](len(cells))
    return _points_for(len(cells), phrase, 1, cell_list(cells), cells, ("GI-7",))


SPACES_ON_EDGES: dict[Colour, Callable[[int], Message]] = {
    Colour.BLUE: lambda count: msg_n("gi.edges.blue", "{count} blue space on the edges",
                                     "{count} blue spaces on the edges", count),
    Colour.GREEN: lambda count: msg_n("gi.edges.green", "{count} green space on the edges",
                                      "{count} green spaces on the edges", count),
    Colour.RED: lambda count: msg_n("gi.edges.red", "{count} red space on the edges",
                                    "{count} red spaces on the edges", count),
    Colour.YELLOW: lambda count: msg_n("gi.edges.yellow", "{count} yellow space on the edges",
                                       "{count} yellow spaces on the edges", count),
}


def sunflowers_on_edges(layout: Layout) -> Tally:
    """Objective 3: 1 point for each sunflower on the edges of the board, whatever its colour
    (ruling GI-7)."""
    cells = [cell for cell in layout.cells_with(Symbol.SUNFLOWER) if layout.board.is_on_edge(cell)]
    phrase = msg_n("gi.edges.sunflowers", "{count} sunflower on the edges",
                   "{count} sunflowers on the edges", len(cells))
    return _points_for(len(cells), phrase, 1, cell_list(cells), cells, ("GI-7",))


# Areas -------------------------------------------------------------------------------------------


def sunflower_areas(layout: Layout) -> Tally:
    """Objective 4: 1 point for each sunflower area: a group of sunflowers joined side by side,
    whatever their colours; sunflowers touching only at a corner are separate areas, and a lone
    sunflower is an area (ruling GI-2)."""
    groups = layout.sunflower_areas
    phrase = msg_n("gi.sunflower_areas", "{count} sunflower area", "{count} sunflower areas",
                   len(groups))
    if groups:
        phrase = msg("gi.sunflower_areas.sizes", "{areas} (of {sizes} sunflowers)", areas=phrase,
                     sizes=tuple(len(group) for group in groups))
    cells = [cell for group in groups for cell in group]
    return _points_for(len(groups), phrase, 1, None, cells, ("GI-2",))


def areas_of_colour(layout: Layout, colour: Colour) -> Tally:
    """Objectives 5 and 6: 1 point for each area of the card's colour; areas touching only at a
    corner are separate, and a lone space is an area (ruling GI-1)."""
    areas = [area for area in layout.areas if area.colour is colour]
    phrase = AREAS[colour](len(areas))
    if areas:
        phrase = msg("gi.areas.sizes", "{areas} (of {sizes} spaces)", areas=phrase,
                     sizes=tuple(area.size for area in areas))
    cells = [cell for area in areas for cell in area.cells]
    return _points_for(len(areas), phrase, 1, None, cells, ("GI-1",))


AREAS: dict[Colour, Callable[[int], Message]] = {
    Colour.BLUE: lambda count: msg_n("gi.areas.blue", "{count} blue area", "{count} blue areas",
                                     count),
    Colour.GREEN: lambda count: msg_n("gi.areas.green", "{count} green area",
                                      "{count} green areas", count),
    Colour.RED: lambda count: msg_n("gi.areas.red", "{count} red area", "{count} red areas",
                                    count),
    Colour.YELLOW: lambda count: msg_n("gi.areas.yellow", "{count} yellow area",
                                       "{count} yellow areas", count),
}


# Pairs -------------------------------------------------------------------------------------------


def object_pairs(layout: Layout, first: Symbol, second: Symbol) -> set[tuple[Cell, Cell]]:
    """The most pairs of side-by-side spaces holding ``first`` and ``second``, each space in one
    pair at most: a maximum matching, since a greedy choice can strand objects (ruling GI-4).
    When both objects are the same, a pair is two side-by-side spaces holding it."""
    second_cells = set(layout.cells_with(second))
    edges = [
        (cell, neighbour)
        for cell in layout.cells_with(first)
        for neighbour in orthogonal_neighbours(cell)
        if neighbour in second_cells
    ]
    return maximum_matching(edges)


def pairs_of_objects(layout: Layout, first: Symbol, second: Symbol) -> Tally:
    """Objectives 7, 8 and 9: 2 points for each pair of the two objects on the card, side by side
    (never diagonally), each object in one pair only; colours do not matter (ruling GI-4)."""
    pairs = sorted(object_pairs(layout, first, second))
    if first is second:
        phrase = msg_n("gi.pairs.one_kind", "{count} pair of two {objects}",
                       "{count} pairs of two {objects}", len(pairs),
                       objects=SYMBOL_PLURALS[first])
    else:
        phrase = msg_n("gi.pairs.two_kinds", "{count} pair of {first} and {second}",
                       "{count} pairs of {first} and {second}", len(pairs),
                       first=SYMBOL_NAMES[first], second=SYMBOL_NAMES[second])
    listed = _pairs_listed(tuple(pairs))
    cells = [cell for pair in pairs for cell in pair]
    return _points_for(len(pairs), phrase, PAIR_POINTS, listed, cells, ("GI-4",))


@lru_cache(maxsize=1024)
def _pairs_listed(pairs: tuple[tuple[Cell, Cell], ...]) -> Message | None:
    """The pairs' places, "row 1, column 1 and row 1, column 2; ...", made once per set of pairs
    (the same board scored again after another board's edit finds the same pairs)."""
    return semicolons([msg("gi.pairs.places", "{first} and {second}", first=place(*a),
                           second=place(*b)) for a, b in pairs])


# Rows and columns --------------------------------------------------------------------------------


def rows_with_bees(layout: Layout) -> Tally:
    """Objective 10: 2 points for each row with one or more bees, whatever their colours."""
    bees = layout.cells_with(Symbol.BEE)
    rows = sorted({row for row, _ in bees})
    phrase = msg_n("gi.rows_with_bees", "{count} row with a bee", "{count} rows with a bee",
                   len(rows))
    return _points_for(len(rows), phrase, ROW_WITH_BEES_POINTS, _rows(rows), bees)


def columns_with_ladybugs(layout: Layout) -> Tally:
    """Objective 11: 2 points for each column with one or more ladybugs, whatever their colours."""
    ladybugs = layout.cells_with(Symbol.LADYBUG)
    columns = sorted({col for _, col in ladybugs})
    phrase = msg_n("gi.columns_with_ladybugs", "{count} column with a ladybug",
                   "{count} columns with a ladybug", len(columns))
    found = _columns(columns)
    return _points_for(len(columns), phrase, COLUMN_WITH_LADYBUGS_POINTS, found, ladybugs)


def lines_with_all_colours(layout: Layout) -> tuple[list[int], list[int]]:
    """The rows and the columns whose covered spaces show all 4 colours."""
    row_colours: dict[int, set[Colour]] = {}
    column_colours: dict[int, set[Colour]] = {}
    for (row, col), space in layout.spaces.items():
        row_colours.setdefault(row, set()).add(space.colour)
        column_colours.setdefault(col, set()).add(space.colour)
    every = len(Colour)
    return (
        sorted(row for row, colours in row_colours.items() if len(colours) == every),
        sorted(col for col, colours in column_colours.items() if len(colours) == every),
    )


def rows_and_columns_with_all_colours(layout: Layout) -> Tally:
    """Objective 12: 3 points for each row and each column whose covered spaces show all 4
    colours; one space counts for its row and for its column (ruling GI-8)."""
    rows, columns = lines_with_all_colours(layout)
    count = len(rows) + len(columns)
    phrase = msg_n("gi.all_colours", "{count} row or column with all 4 colours",
                   "{count} rows and columns with all 4 colours", count)
    found = semicolons([part for part in (_rows(rows), _columns(columns)) if part])
    cells = [cell for cell in layout.spaces if cell[0] in rows or cell[1] in columns]
    return _points_for(count, phrase, ALL_COLOURS_LINE_POINTS, found, cells, ("GI-8",))


# Collections -------------------------------------------------------------------------------------


def differently_coloured_creatures(
    layout: Layout, reading: Objective13Reading = "kind_and_colour"
) -> Tally:
    """Objective 13: 1 point for each bee, leaf or ladybug of a different colour, wherever it is.

    Ruling GI-3: each kind and colour counts once, so a red bee, a blue bee and a red leaf give 3
    and a second red bee adds nothing (up to 12). With the table's option ``"colour"``, each colour
    that holds any bee, leaf or ladybug counts once instead (up to 4).
    """
    first_of: dict[tuple[Symbol, Colour], Cell] = {}
    for symbol in CREATURES:
        for cell in layout.cells_with(symbol):
            first_of.setdefault((symbol, layout.spaces[cell].colour), cell)
    if reading == "colour":
        first_of_colour: dict[Colour, Cell] = {}
        for (_, colour), cell in sorted(first_of.items(), key=lambda item: item[1]):
            first_of_colour.setdefault(colour, cell)
        colours = sorted(first_of_colour, key=list(Colour).index)
        phrase = msg_n("gi.creatures.colours", "{count} colour with a bee, leaf or ladybug",
                       "{count} colours with a bee, leaf or ladybug", len(colours))
        found = tuple(COLOUR_NAMES[colour] for colour in colours)
        cells = first_of_colour.values()
        return _points_for(len(colours), phrase, 1, found, cells, ("GI-3",))
    phrase = msg_n("gi.creatures.kinds_and_colours",
                   "{count} different kind and colour of bee, leaf or ladybug",
                   "{count} different kinds and colours of bee, leaf or ladybug", len(first_of))
    found = tuple(SPACE_NAMES[colour, symbol] for symbol, colour in first_of)
    return _points_for(len(first_of), phrase, 1, found, first_of.values(), ("GI-3",))


def sunflower_sets_of_four_colours(layout: Layout) -> Tally:
    """Objective 14: 3 points for each set of 4 sunflowers of the 4 colours, wherever they are;
    each sunflower is in one set at most, so the sets are as many as the scarcest colour's
    sunflowers (ruling GI-9)."""
    by_colour = Counter(layout.spaces[cell].colour for cell in layout.cells_with(Symbol.SUNFLOWER))
    sets = min(by_colour[colour] for colour in Colour)
    counts = tuple(msg("gi.colour_count", "{colour} {number}", colour=COLOUR_NAMES[colour],
                       number=by_colour[colour]) for colour in Colour)
    phrase = msg_n("gi.sunflower_sets", "sunflowers by colour: {counts}; {count} set of 4 colours",
                   "sunflowers by colour: {counts}; {count} sets of 4 colours", sets,
                   counts=counts)
    return _points_for(sets, phrase, SUNFLOWER_SET_POINTS, None, (), ("GI-9",))


def bee_leaf_ladybug_sets(layout: Layout) -> Tally:
    """Objective 15: 4 points for each set of a bee, a leaf and a ladybug of one colour in one
    area; each object is in one set at most, so an area holds as many sets as its scarcest of the
    three (rulings GI-1, GI-9)."""
    per_area = []
    for area in layout.areas:
        held = Counter(layout.spaces[cell].symbol for cell in area.cells)
        sets = min(held[symbol] for symbol in CREATURES)
        if sets:
            per_area.append((area, sets))
    sets = sum(count for _, count in per_area)
    phrase = msg_n("gi.creature_sets", "{count} set of bee, leaf and ladybug in one area",
                   "{count} sets of bee, leaf and ladybug in one area", sets)
    found = semicolons([msg("gi.creature_sets.area", "{area} at {place}: {number}",
                            area=area.name, place=place(*area.cells[0]), number=count)
                        for area, count in per_area])
    cells = [cell for area, _ in per_area for cell in area.cells]
    return _points_for(sets, phrase, BEE_LEAF_LADYBUG_SET_POINTS, found, cells, ("GI-1", "GI-9"))


# The cards ---------------------------------------------------------------------------------------

Parameters = Callable[[AdditionalObjective, Options], tuple]


def _shown(objective: AdditionalObjective, options: Options) -> tuple:
    """What the card shows (``OBJECTIVE_CARD_SHOWS``): its colour, its two objects or nothing."""
    shows = OBJECTIVE_CARD_SHOWS[objective.card]
    if shows is CardShows.COLOUR:
        return (objective.colour,)
    if shows is CardShows.OBJECTS:
        return tuple(objective.objects or ())
    return ()


def _objective_13_reading(objective: AdditionalObjective, options: Options) -> tuple:
    return (options.objective_13,)


Heading = Callable[[AdditionalObjective], Message]


@dataclass(frozen=True)
class ObjectiveCard:
    """An entry of the rulebook's list: its number, its scorepad heading, its rule and what the
    rule takes besides the board: what the card shows unless told otherwise. A card that shows a
    colour or two objects has a general ``heading`` ("Areas of a colour") and is headed by what
    it shows once the table says it (``shown_heading``: "Green areas")."""

    number: int
    heading: Message
    rule: Callable[..., Tally]
    parameters: Parameters = _shown
    shown_heading: Heading | None = None

    @property
    def needs_colour(self) -> bool:
        return OBJECTIVE_CARD_SHOWS[self.number] is CardShows.COLOUR

    @property
    def needs_objects(self) -> bool:
        return OBJECTIVE_CARD_SHOWS[self.number] is CardShows.OBJECTS

    def label(self, objective: AdditionalObjective) -> Message:
        """The scorepad row's label, e.g. "5. Green areas" or "7. Bee and leaf pairs"."""
        heading = self.shown_heading(objective) if self.shown_heading else self.heading
        return msg("gi.objective.title", "{number}. {heading}", number=self.number,
                   heading=heading)

    def title(self, objective: AdditionalObjective) -> str:
        """The scorepad row's label in English (the app's editor says it so for now)."""
        return self.label(objective).text

    def score(self, layout: Layout, objective: AdditionalObjective, options: Options) -> Tally:
        return self.rule(layout, *self.parameters(objective, options))


EDGES_HEADINGS: dict[Colour, Message] = {
    Colour.BLUE: msg("gi.objective.edges.blue", "Blue on the edges"),
    Colour.GREEN: msg("gi.objective.edges.green", "Green on the edges"),
    Colour.RED: msg("gi.objective.edges.red", "Red on the edges"),
    Colour.YELLOW: msg("gi.objective.edges.yellow", "Yellow on the edges"),
}
AREAS_HEADINGS: dict[Colour, Message] = {
    Colour.BLUE: msg("gi.objective.areas.blue", "Blue areas"),
    Colour.GREEN: msg("gi.objective.areas.green", "Green areas"),
    Colour.RED: msg("gi.objective.areas.red", "Red areas"),
    Colour.YELLOW: msg("gi.objective.areas.yellow", "Yellow areas"),
}
PAIRS_HEADINGS: dict[Symbol, Callable[[Message], Message]] = {
    # By the first object, which English capitalises: "Bee and leaf pairs".
    Symbol.SUNFLOWER: lambda second: msg("gi.objective.pairs.sunflower",
                                         "Sunflower and {second} pairs", second=second),
    Symbol.BEE: lambda second: msg("gi.objective.pairs.bee", "Bee and {second} pairs",
                                   second=second),
    Symbol.LEAF: lambda second: msg("gi.objective.pairs.leaf", "Leaf and {second} pairs",
                                    second=second),
    Symbol.LADYBUG: lambda second: msg("gi.objective.pairs.ladybug",
                                       "Ladybug and {second} pairs", second=second),
}


def _edges_heading(objective: AdditionalObjective) -> Message:
    return EDGES_HEADINGS[objective.colour]


def _areas_heading(objective: AdditionalObjective) -> Message:
    return AREAS_HEADINGS[objective.colour]


def _pairs_heading(objective: AdditionalObjective) -> Message:
    first, second = objective.objects
    return PAIRS_HEADINGS[first](SYMBOL_NAMES[second])


_EDGES = msg("gi.objective.edges", "Spaces of a colour on the edges")
_AREAS = msg("gi.objective.areas", "Areas of a colour")
_PAIRS = msg("gi.objective.pairs", "Pairs of two objects")

OBJECTIVES: dict[int, ObjectiveCard] = {
    card.number: card
    for card in (
        ObjectiveCard(1, _EDGES, colour_on_edges, shown_heading=_edges_heading),
        ObjectiveCard(2, _EDGES, colour_on_edges, shown_heading=_edges_heading),
        ObjectiveCard(3, msg("gi.objective.3", "Sunflowers on the edges"), sunflowers_on_edges),
        ObjectiveCard(4, msg("gi.objective.4", "Sunflower areas"), sunflower_areas),
        ObjectiveCard(5, _AREAS, areas_of_colour, shown_heading=_areas_heading),
        ObjectiveCard(6, _AREAS, areas_of_colour, shown_heading=_areas_heading),
        ObjectiveCard(7, _PAIRS, pairs_of_objects, shown_heading=_pairs_heading),
        ObjectiveCard(8, _PAIRS, pairs_of_objects, shown_heading=_pairs_heading),
        ObjectiveCard(9, _PAIRS, pairs_of_objects, shown_heading=_pairs_heading),
        ObjectiveCard(10, msg("gi.objective.10", "Rows with bees"), rows_with_bees),
        ObjectiveCard(11, msg("gi.objective.11", "Columns with ladybugs"), columns_with_ladybugs),
        ObjectiveCard(12, msg("gi.objective.12", "Rows and columns with 4 colours"),
                      rows_and_columns_with_all_colours),
        ObjectiveCard(13, msg("gi.objective.13", "Bees, leaves, ladybugs of different colours"),
                      differently_coloured_creatures, _objective_13_reading),
        ObjectiveCard(14, msg("gi.objective.14", "Sunflower sets of 4 colours"),
                      sunflower_sets_of_four_colours),
        ObjectiveCard(15, msg("gi.objective.15", "Bee, leaf and ladybug sets"),
                      bee_leaf_ladybug_sets),
    )
}
"""The rulebook's list of additional objectives, by number."""


def _points_for(
    count: int, phrase: Message, points_each: int, found: Message | tuple[Message, ...] | None,
    cells: Iterable[Cell], rulings=(),
) -> Tally:
    """``points_each`` for each of ``count`` things; ``phrase`` names them with their count and
    ``found`` (a place, a listing: when there is something) says where or which they are."""
    points = points_each * count
    if not found:
        said = msg("gi.objective.points", "{things} x {each} -> {points}", things=phrase,
                   each=points_each, points=points)
    else:
        said = msg("gi.objective.points_found", "{things} x {each} -> {points} ({found})",
                   things=phrase, each=points_each, points=points, found=found)
    return Tally(points=points, said=said, cells=tuple(sorted(cells)), rulings=tuple(rulings))


def _rows(numbers: list[int]) -> Message | None:
    """E.g. "rows 1, 3, 4" or "row 2"; None when there are none."""
    if not numbers:
        return None
    return msg_n("gi.rows", "row {numbers}", "rows {numbers}", len(numbers),
                 numbers=tuple(numbers))


def _columns(numbers: list[int]) -> Message | None:
    """E.g. "columns 1, 3" or "column 2"; None when there are none."""
    if not numbers:
        return None
    return msg_n("gi.columns", "column {numbers}", "columns {numbers}", len(numbers),
                 numbers=tuple(numbers))
