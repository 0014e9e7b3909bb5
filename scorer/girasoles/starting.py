"""The scorepad's first rows: coins and the 3 starting objectives, always active.

Each objective gives one line per leaf, bee or ladybug (or one zero line when the board has none),
so the breakdown reads like the rulebook's scoring example.
"""

from __future__ import annotations

from scorer.core.breakdown import Line
from scorer.core.grid import surrounding
from scorer.girasoles.layout import Layout, cell_list, plural
from scorer.girasoles.models import Player, Symbol

LADYBUG_POINTS = 2

STARTING_ROWS = {
    "coins": "Coins",
    "leaves": "I. Leaves",
    "bees": "II. Bees",
    "ladybugs": "III. Ladybugs",
}
"""The scorepad's rows before the additional objectives, in its order."""


def coins(player: Player) -> list[Line]:
    """Each coin gives points according to its value."""
    total = player.coin_total
    if player.coins_by_round is not None:
        rounds = " + ".join(str(value) for value in player.coins_by_round)
        detail = f"coins of each round {rounds} -> {total}"
    else:
        detail = f"coins worth {total} in all -> {total}"
    return [_line("coins", total, detail)]


def leaves(layout: Layout) -> list[Line]:
    """I. Each leaf gives 1 point for every two spaces of the area it is in, rounded down; several
    leaves in one area each score it in full (ruling GI-1 says what an area is)."""
    cells = layout.cells_with(Symbol.LEAF)
    if not cells:
        return [_line("leaves", 0, "no leaves on the board -> 0")]
    lines = []
    for cell in cells:
        area = layout.area_of[cell]
        points = area.size // 2
        detail = (
            f"{layout.where(cell)} in a {area.colour.value} area of "
            f"{plural(area.size, 'space')}, 1 per 2 spaces -> {points}"
        )
        lines.append(_line("leaves", points, detail, area.cells, ("GI-1",)))
    return lines


def bees(layout: Layout) -> list[Line]:
    """II. Each bee gives 1 point for each sunflower in the 8 spaces around it (orthogonally or
    diagonally); one sunflower counts for every bee around it."""
    cells = layout.cells_with(Symbol.BEE)
    if not cells:
        return [_line("bees", 0, "no bees on the board -> 0")]
    sunflowers = set(layout.cells_with(Symbol.SUNFLOWER))
    lines = []
    for cell in cells:
        around = [n for n in surrounding(cell) if n in sunflowers]
        found = f", at {cell_list(around)}" if around else ""
        detail = (
            f"{layout.where(cell)}: {plural(len(around), 'sunflower')} around{found} "
            f"-> {len(around)}"
        )
        lines.append(_line("bees", len(around), detail, (cell, *sorted(around))))
    return lines


def ladybugs(layout: Layout) -> list[Line]:
    """III. Each ladybug gives 2 points when no other ladybug is in the 8 spaces around it."""
    cells = layout.cells_with(Symbol.LADYBUG)
    if not cells:
        return [_line("ladybugs", 0, "no ladybugs on the board -> 0")]
    ladybug_cells = set(cells)
    lines = []
    for cell in cells:
        around = [n for n in surrounding(cell) if n in ladybug_cells]
        if around:
            detail = f"{layout.where(cell)}: another ladybug around, at {cell_list(around)} -> 0"
            lines.append(_line("ladybugs", 0, detail, (cell, *sorted(around))))
        else:
            detail = f"{layout.where(cell)}: no other ladybug around -> {LADYBUG_POINTS}"
            lines.append(_line("ladybugs", LADYBUG_POINTS, detail, (cell,)))
    return lines


def _line(category: str, points: int, detail: str, cells=(), rulings=()) -> Line:
    return Line(
        category=category,
        label=STARTING_ROWS[category],
        points=points,
        detail=detail,
        cells=tuple(cells),
        rulings=tuple(rulings),
    )
