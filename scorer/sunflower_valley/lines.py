"""The scorepad's card lines: Valley Express, Towns, Farmers, Mountains, Lakes.

Each function takes a valley's :class:`Layout` and returns the lines of one scorepad row, one line
per card that scores (or one zero line saying why the row is empty).
"""

from __future__ import annotations

from collections import Counter

from scorer.core.breakdown import Line
from scorer.sunflower_valley.express import EXPRESS_POINTS_PER_TOWN
from scorer.sunflower_valley.layout import Layout, plural
from scorer.sunflower_valley.models import Card, Kind

MOUNTAIN_POINTS = {0: 0, 1: 1, 2: 2, 3: 4, 4: 6}
"""Points of a Mountain by its adjacent Field cards."""
LAKE_POINTS = 1
SETTLES_IT = "entering the Express stops settles it"


def valley_express(layout: Layout) -> list[Line]:
    """3 points for each town the Valley Express stops at after the Starting Town."""
    express = layout.express
    towns_after_start = express.towns_after_start
    points = EXPRESS_POINTS_PER_TOWN * towns_after_start
    route = layout.route_name(express.stops)
    count = (
        f"{plural(towns_after_start, 'town')} after the Starting Town "
        f"x {EXPRESS_POINTS_PER_TOWN} -> {points}"
    )
    cells = express.stops + tuple(sorted(express.rails))
    if not express.assumed:
        return [_line("express", points, f"route as entered: {route}; {count}", cells,
                      ("SV-2", "SV-4"))]
    if layout.route_goals:
        goals = " and ".join(goal.label for goal in layout.route_goals)
        chosen = f"the legal route that scores the most on the Valley Express and {goals} together"
    else:
        chosen = "the longest legal route"
    detail = f"no stops entered, so {chosen} is assumed: {route}; {count}"
    longest = layout.network.longest_route()
    if len(longest) > len(express.stops):
        detail += (
            f"; the longer route {layout.route_name(longest)} would score "
            f"{EXPRESS_POINTS_PER_TOWN * (len(longest) - 1)} here but fewer in all, "
            f"and {SETTLES_IT}"
        )
    return [_line("express", points, detail, cells, ("SV-2", "SV-4", "SV-5"))]


def combination_line(layout: Layout, card: Card, category: str) -> Line:
    """A Town's or Farmer's combination: its points once when every asked card is adjacent."""
    neighbours = layout.neighbours(card.cell)
    used: list[Card] = []
    missing: list[str] = []
    for kind, needed in Counter(card.combination).items():
        matching = [n for n in neighbours if layout.counts_as(n, kind) and n not in used]
        used.extend(matching[:needed])
        if len(matching) < needed:
            missing.append(plural(needed - len(matching), kind.label))
    asks = " + ".join(kind.label for kind in card.combination)
    rulings = ["SV-11"]
    if any(n.kind is Kind.FARMER for n in used) and Kind.FIELD in card.combination:
        rulings.append("SV-1")
    if card.kind is Kind.STARTING_TOWN:
        rulings.append("SV-4")
    if missing:
        detail = f"{layout.where(card)} asks for {asks}: missing {', '.join(missing)} -> 0"
        points = 0
    else:
        detail = (
            f"{layout.where(card)} asks for {asks}: complete with {layout.listing(used)} "
            f"-> {card.points}"
        )
        points = card.points
    cells = (card.cell, *(n.cell for n in used))
    return _line(category, points, detail, cells, tuple(rulings))


def towns(layout: Layout) -> list[Line]:
    """Each Town card (and a Starting Town that carries a combination) scores its combination."""
    cards = [
        card
        for card in layout.cards_of(Kind.TOWN, Kind.STARTING_TOWN)
        if card.combination
    ]
    if not cards:
        return [_line("towns", 0, "No Town card with a combination.")]
    return [combination_line(layout, card, "towns") for card in cards]


def farmers(layout: Layout) -> list[Line]:
    """Each Farmer card scores its combination."""
    cards = layout.cards_of(Kind.FARMER)
    if not cards:
        return [_line("farmers", 0, "No Farmer cards.")]
    return [combination_line(layout, card, "farmers") for card in cards]


def mountains(layout: Layout) -> list[Line]:
    """Each Mountain scores 1, 2, 4 or 6 for 1, 2, 3 or 4 adjacent Field cards."""
    cards = layout.cards_of(Kind.MOUNTAIN)
    if not cards:
        return [_line("mountains", 0, "No Mountain cards.")]
    lines = []
    for card in cards:
        fields = [n for n in layout.neighbours(card.cell) if layout.is_field(n)]
        points = MOUNTAIN_POINTS[len(fields)]
        rulings = ("SV-1",) if any(f.kind is Kind.FARMER for f in fields) else ()
        detail = f"{layout.where(card)}: {plural(len(fields), 'adjacent Field')} -> {points}"
        cells = (card.cell, *(f.cell for f in fields))
        lines.append(_line("mountains", points, detail, cells, rulings))
    return lines


def lakes(layout: Layout) -> list[Line]:
    """Each Lake scores 1; what lies beside it does not matter."""
    cards = layout.cards_of(Kind.LAKE)
    points = LAKE_POINTS * len(cards)
    if not cards:
        return [_line("lakes", 0, "No Lake cards.")]
    detail = f"{plural(len(cards), 'Lake')} x {LAKE_POINTS} -> {points} ({layout.listing(cards)})"
    return [_line("lakes", points, detail, tuple(card.cell for card in cards))]


CARD_ROWS = {
    "express": "Valley Express",
    "towns": "Towns",
    "farmers": "Farmers",
    "mountains": "Mountains",
    "lakes": "Lakes",
}
"""The scorepad's rows before the goals, in its order."""


def _line(category: str, points: int, detail: str, cells=(), rulings=()) -> Line:
    return Line(
        category=category,
        label=CARD_ROWS[category],
        points=points,
        detail=detail,
        cells=tuple(cells),
        rulings=tuple(rulings),
    )
