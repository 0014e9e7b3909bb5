"""The scorepad's first rows: coins and the 3 starting objectives, always active.

Each objective gives one line per leaf, bee or ladybug (or one zero line when the board has none),
so the breakdown reads like the rulebook's scoring example.
"""

from __future__ import annotations

from scorer.core.breakdown import Line
from scorer.core.grid import surrounding
from scorer.girasoles.layout import Layout, cell_list
from scorer.girasoles.models import Player, Symbol, rounds_sum
from scorer.message import Message, msg, msg_n

LADYBUG_POINTS = 2

STARTING_ROWS: dict[str, Message] = {
    "coins": msg("gi.row.coins", "Coins"),
    "leaves": msg("gi.row.leaves", "I. Leaves"),
    "bees": msg("gi.row.bees", "II. Bees"),
    "ladybugs": msg("gi.row.ladybugs", "III. Ladybugs"),
}
"""The scorepad's rows before the additional objectives, in its order."""


def coins(player: Player) -> list[Line]:
    """Each coin gives points according to its value."""
    total = player.coin_total
    if player.coins_by_round is not None:
        detail = msg("gi.coins.by_round", "coins of each round {rounds} -> {total}",
                     rounds=rounds_sum(player.coins_by_round), total=total)
    else:
        detail = msg("gi.coins.total", "coins worth {total} in all -> {total}", total=total)
    return [_line("coins", total, detail)]


def leaves(layout: Layout) -> list[Line]:
    """I. Each leaf gives 1 point for every two spaces of the area it is in, rounded down; several
    leaves in one area each score it in full (ruling GI-1 says what an area is)."""
    cells = layout.cells_with(Symbol.LEAF)
    if not cells:
        return [_line("leaves", 0, msg("gi.leaves.none", "no leaves on the board -> 0"))]
    lines = []
    for cell in cells:
        area = layout.area_of[cell]
        points = area.size // 2
        detail = msg_n(
            "gi.leaves.leaf",
            "{leaf} in a {area} of {count} space, 1 per 2 spaces -> {points}",
            "{leaf} in a {area} of {count} spaces, 1 per 2 spaces -> {points}",
            area.size, leaf=layout.where(cell), area=area.name, points=points)
        lines.append(_line("leaves", points, detail, area.cells, ("GI-1",)))
    return lines


def bees(layout: Layout) -> list[Line]:
    """II. Each bee gives 1 point for each sunflower in the 8 spaces around it (orthogonally or
    diagonally); one sunflower counts for every bee around it."""
    cells = layout.cells_with(Symbol.BEE)
    if not cells:
        return [_line("bees", 0, msg("gi.bees.none", "no bees on the board -> 0"))]
    sunflowers = set(layout.cells_with(Symbol.SUNFLOWER))
    lines = []
    for cell in cells:
        around = [n for n in surrounding(cell) if n in sunflowers]
        if around:
            detail = msg_n("gi.bees.bee",
                           "{bee}: {count} sunflower around, at {places} -> {count}",
                           "{bee}: {count} sunflowers around, at {places} -> {count}",
                           len(around), bee=layout.where(cell), places=cell_list(around))
        else:
            detail = msg("gi.bees.bee_alone", "{bee}: 0 sunflowers around -> 0",
                         bee=layout.where(cell))
        lines.append(_line("bees", len(around), detail, (cell, *sorted(around))))
    return lines


def ladybugs(layout: Layout) -> list[Line]:
    """III. Each ladybug gives 2 points when no other ladybug is in the 8 spaces around it."""
    cells = layout.cells_with(Symbol.LADYBUG)
    if not cells:
        return [_line("ladybugs", 0, msg("gi.ladybugs.none", "no ladybugs on the board -> 0"))]
    ladybug_cells = set(cells)
    lines = []
    for cell in cells:
        around = [n for n in surrounding(cell) if n in ladybug_cells]
        if around:
            detail = msg("gi.ladybugs.crowded",
                         "{ladybug}: another ladybug around, at {places} -> 0",
                         ladybug=layout.where(cell), places=cell_list(around))
            lines.append(_line("ladybugs", 0, detail, (cell, *sorted(around))))
        else:
            detail = msg("gi.ladybugs.alone", "{ladybug}: no other ladybug around -> {points}",
                         ladybug=layout.where(cell), points=LADYBUG_POINTS)
            lines.append(_line("ladybugs", LADYBUG_POINTS, detail, (cell,)))
    return lines


def _line(category: str, points: int, detail: Message, cells=(), rulings=()) -> Line:
    return Line(
        category=category,
        label=STARTING_ROWS[category],
        points=points,
        detail=detail,
        cells=tuple(cells),
        rulings=tuple(rulings),
    )
