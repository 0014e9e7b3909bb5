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

from scorer.core.breakdown import Cell
from scorer.core.grid import maximum_matching, orthogonal_neighbours
from scorer.girasoles.layout import Layout, cell_list, plural
from scorer.girasoles.models import (
    OBJECTIVE_CARD_SHOWS,
    AdditionalObjective,
    CardShows,
    Colour,
    Objective13Reading,
    Options,
    Symbol,
    describe_cell,
)

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
    """What an objective found on one board: its points, a sentence with the numbers, the spaces
    it used and the rulings it relies on."""

    points: int
    detail: str
    cells: tuple[Cell, ...] = ()
    rulings: tuple[str, ...] = ()


# Spaces on the edges -----------------------------------------------------------------------------


def colour_on_edges(layout: Layout, colour: Colour) -> Tally:
    """Objectives 1 and 2: 1 point for each space of the card's colour on the edges of the board;
    a corner space is one space (ruling GI-7)."""
    cells = [
        cell
        for cell, space in layout.spaces.items()
        if space.colour is colour and layout.board.is_on_edge(cell)
    ]
    phrase = f"{plural(len(cells), f'{colour.value} space')} on the edges"
    return _points_for(len(cells), phrase, 1, cell_list(cells), cells, ("GI-7",))


def sunflowers_on_edges(layout: Layout) -> Tally:
    """Objective 3: 1 point for each sunflower on the edges of the board, whatever its colour
    (ruling GI-7)."""
    cells = [cell for cell in layout.cells_with(Symbol.SUNFLOWER) if layout.board.is_on_edge(cell)]
    phrase = f"{plural(len(cells), 'sunflower')} on the edges"
    return _points_for(len(cells), phrase, 1, cell_list(cells), cells, ("GI-7",))


# Areas -------------------------------------------------------------------------------------------


def sunflower_areas(layout: Layout) -> Tally:
    """Objective 4: 1 point for each sunflower area: a group of sunflowers joined side by side,
    whatever their colours; sunflowers touching only at a corner are separate areas, and a lone
    sunflower is an area (ruling GI-2)."""
    groups = layout.sunflower_areas
    sizes = ", ".join(str(len(group)) for group in groups)
    phrase = plural(len(groups), "sunflower area") + (f" (of {sizes} sunflowers)" if groups else "")
    cells = [cell for group in groups for cell in group]
    return _points_for(len(groups), phrase, 1, "", cells, ("GI-2",))


def areas_of_colour(layout: Layout, colour: Colour) -> Tally:
    """Objectives 5 and 6: 1 point for each area of the card's colour; areas touching only at a
    corner are separate, and a lone space is an area (ruling GI-1)."""
    areas = [area for area in layout.areas if area.colour is colour]
    sizes = ", ".join(str(area.size) for area in areas)
    phrase = plural(len(areas), f"{colour.value} area") + (f" (of {sizes} spaces)" if areas else "")
    cells = [cell for area in areas for cell in area.cells]
    return _points_for(len(areas), phrase, 1, "", cells, ("GI-1",))


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
    what = f"{first.value} and {second.value}" if first is not second else f"two {first.plural}"
    phrase = plural(len(pairs), f"pair of {what}", f"pairs of {what}")
    listed = "; ".join(f"{describe_cell(a)} and {describe_cell(b)}" for a, b in pairs)
    cells = [cell for pair in pairs for cell in pair]
    return _points_for(len(pairs), phrase, PAIR_POINTS, listed, cells, ("GI-4",))


# Rows and columns --------------------------------------------------------------------------------


def rows_with_bees(layout: Layout) -> Tally:
    """Objective 10: 2 points for each row with one or more bees, whatever their colours."""
    bees = layout.cells_with(Symbol.BEE)
    rows = sorted({row for row, _ in bees})
    phrase = f"{plural(len(rows), 'row')} with a bee"
    return _points_for(len(rows), phrase, ROW_WITH_BEES_POINTS, _numbered("row", rows), bees)


def columns_with_ladybugs(layout: Layout) -> Tally:
    """Objective 11: 2 points for each column with one or more ladybugs, whatever their colours."""
    ladybugs = layout.cells_with(Symbol.LADYBUG)
    columns = sorted({col for _, col in ladybugs})
    phrase = f"{plural(len(columns), 'column')} with a ladybug"
    found = _numbered("column", columns)
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
    phrase = f"{plural(count, 'row or column', 'rows and columns')} with all 4 colours"
    found = "; ".join(
        part for part in (_numbered("row", rows), _numbered("column", columns)) if part
    )
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
        phrase = f"{plural(len(colours), 'colour')} with a bee, leaf or ladybug"
        found = ", ".join(colour.value for colour in colours)
        cells = first_of_colour.values()
        return _points_for(len(colours), phrase, 1, found, cells, ("GI-3",))
    phrase = (
        plural(len(first_of), "different kind and colour", "different kinds and colours")
        + " of bee, leaf or ladybug"
    )
    found = ", ".join(f"{colour.value} {symbol.value}" for symbol, colour in first_of)
    return _points_for(len(first_of), phrase, 1, found, first_of.values(), ("GI-3",))


def sunflower_sets_of_four_colours(layout: Layout) -> Tally:
    """Objective 14: 3 points for each set of 4 sunflowers of the 4 colours, wherever they are;
    each sunflower is in one set at most, so the sets are as many as the scarcest colour's
    sunflowers (ruling GI-9)."""
    by_colour = Counter(layout.spaces[cell].colour for cell in layout.cells_with(Symbol.SUNFLOWER))
    sets = min(by_colour[colour] for colour in Colour)
    counts = ", ".join(f"{colour.value} {by_colour[colour]}" for colour in Colour)
    phrase = f"sunflowers by colour: {counts}; {plural(sets, 'set')} of 4 colours"
    return _points_for(sets, phrase, SUNFLOWER_SET_POINTS, "", (), ("GI-9",))


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
    phrase = f"{plural(sets, 'set')} of bee, leaf and ladybug in one area"
    found = "; ".join(
        f"{area.colour.value} area at {describe_cell(area.cells[0])}: {count}"
        for area, count in per_area
    )
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


@dataclass(frozen=True)
class ObjectiveCard:
    """An entry of the rulebook's list: its number, its scorepad heading (``{shown}`` stands for
    what the card shows), its rule and what the rule takes besides the board: what the card shows
    unless told otherwise."""

    number: int
    heading: str
    rule: Callable[..., Tally]
    parameters: Parameters = _shown

    @property
    def needs_colour(self) -> bool:
        return OBJECTIVE_CARD_SHOWS[self.number] is CardShows.COLOUR

    @property
    def needs_objects(self) -> bool:
        return OBJECTIVE_CARD_SHOWS[self.number] is CardShows.OBJECTS

    def title(self, objective: AdditionalObjective) -> str:
        """The scorepad row's label, e.g. "5. Green areas" or "7. Bee and leaf pairs"."""
        if objective.colour is not None:
            shown = objective.colour.value.capitalize()
        elif objective.objects is not None:
            first, second = objective.objects
            shown = f"{first.value.capitalize()} and {second.value}"
        else:
            shown = ""
        return f"{self.number}. {self.heading.format(shown=shown)}"

    def score(self, layout: Layout, objective: AdditionalObjective, options: Options) -> Tally:
        return self.rule(layout, *self.parameters(objective, options))


OBJECTIVES: dict[int, ObjectiveCard] = {
    card.number: card
    for card in (
        ObjectiveCard(1, "{shown} on the edges", colour_on_edges),
        ObjectiveCard(2, "{shown} on the edges", colour_on_edges),
        ObjectiveCard(3, "Sunflowers on the edges", sunflowers_on_edges),
        ObjectiveCard(4, "Sunflower areas", sunflower_areas),
        ObjectiveCard(5, "{shown} areas", areas_of_colour),
        ObjectiveCard(6, "{shown} areas", areas_of_colour),
        ObjectiveCard(7, "{shown} pairs", pairs_of_objects),
        ObjectiveCard(8, "{shown} pairs", pairs_of_objects),
        ObjectiveCard(9, "{shown} pairs", pairs_of_objects),
        ObjectiveCard(10, "Rows with bees", rows_with_bees),
        ObjectiveCard(11, "Columns with ladybugs", columns_with_ladybugs),
        ObjectiveCard(12, "Rows and columns with 4 colours", rows_and_columns_with_all_colours),
        ObjectiveCard(
            13, "Bees, leaves, ladybugs of different colours", differently_coloured_creatures,
            _objective_13_reading,
        ),
        ObjectiveCard(14, "Sunflower sets of 4 colours", sunflower_sets_of_four_colours),
        ObjectiveCard(15, "Bee, leaf and ladybug sets", bee_leaf_ladybug_sets),
    )
}
"""The rulebook's list of additional objectives, by number."""


def _points_for(
    count: int, phrase: str, points_each: int, found: str, cells: Iterable[Cell], rulings=()
) -> Tally:
    """``points_each`` for each of ``count`` things; ``phrase`` names them with their count and
    ``found`` (when not empty) says where they are."""
    points = points_each * count
    return Tally(
        points=points,
        detail=f"{phrase} x {points_each} -> {points}" + (f" ({found})" if found else ""),
        cells=tuple(sorted(cells)),
        rulings=tuple(rulings),
    )


def _numbered(line: str, numbers: list[int]) -> str:
    """E.g. "rows 1, 3, 4" or "column 2"; empty when there are none."""
    if not numbers:
        return ""
    return f"{line}{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}"
