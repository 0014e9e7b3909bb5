"""The scorepad's card lines: Valley Express, Towns, Farmers, Mountains, Lakes.

Each function takes a valley's :class:`Layout` and returns the lines of one scorepad row, one line
per card that scores (or one zero line saying why the row is empty).
"""

from __future__ import annotations

from collections import Counter

from scorer.core.breakdown import Line
from scorer.message import Message, msg, msg_n
from scorer.sunflower_valley.express import EXPRESS_POINTS_PER_TOWN
from scorer.sunflower_valley.layout import Layout
from scorer.sunflower_valley.models import KIND_COUNTS, Card, Kind, joined_by_plus

MOUNTAIN_POINTS = {0: 0, 1: 1, 2: 2, 3: 4, 4: 6}
"""Points of a Mountain by its adjacent Field cards."""
LAKE_POINTS = 1


def valley_express(layout: Layout) -> list[Line]:
    """3 points for each town the Valley Express stops at after the Starting Town."""
    express = layout.express
    towns_after_start = express.towns_after_start
    points = EXPRESS_POINTS_PER_TOWN * towns_after_start
    route = layout.route_name(express.stops)
    towns = msg_n("sv.express.towns",
                  "{count} town after the Starting Town x {each} -> {points}",
                  "{count} towns after the Starting Town x {each} -> {points}",
                  towns_after_start, each=EXPRESS_POINTS_PER_TOWN, points=points)
    cells = express.stops + tuple(sorted(express.rails))
    if not express.assumed:
        return [_line("express", points,
                      msg("sv.express.entered", "route as entered: {route}; {towns}",
                          route=route, towns=towns),
                      cells, ("SV-2", "SV-4"))]
    if layout.route_goals:
        detail = msg(
            "sv.express.assumed_for_goals",
            "no stops entered, so the legal route that scores the most on the Valley Express and "
            "{goals} together is assumed: {route}; {towns}",
            goals=tuple(goal.title for goal in layout.route_goals), route=route, towns=towns)
    else:
        detail = msg("sv.express.assumed_longest",
                     "no stops entered, so the longest legal route is assumed: {route}; {towns}",
                     route=route, towns=towns)
    longest = layout.network.longest_route()
    if len(longest) > len(express.stops):
        detail = msg(
            "sv.express.longer_route",
            "{assumed}; the longer route {route} would score {points} here but fewer in all, and "
            "entering the Express stops settles it", assumed=detail,
            route=layout.route_name(longest),
            points=EXPRESS_POINTS_PER_TOWN * (len(longest) - 1))
    return [_line("express", points, detail, cells, ("SV-2", "SV-4", "SV-5"))]


def combination_line(layout: Layout, card: Card, category: str) -> Line:
    """A Town's or Farmer's combination: its points once when every asked card is adjacent."""
    neighbours = layout.neighbours(card.cell)
    used: list[Card] = []
    missing: list[Message] = []
    for kind, needed in Counter(card.combination).items():
        matching = [n for n in neighbours if layout.counts_as(n, kind) and n not in used]
        used.extend(matching[:needed])
        if len(matching) < needed:
            missing.append(KIND_COUNTS[kind](needed - len(matching)))
    asks = joined_by_plus(card.combination)
    rulings = ["SV-11"]
    if any(n.kind is Kind.FARMER for n in used) and Kind.FIELD in card.combination:
        rulings.append("SV-1")
    if card.kind is Kind.STARTING_TOWN:
        rulings.append("SV-4")
    if missing:
        detail = msg("sv.combination.missing", "{card} asks for {asks}: missing {missing} -> 0",
                     card=layout.where(card), asks=asks, missing=tuple(missing))
        points = 0
    else:
        detail = msg("sv.combination.complete",
                     "{card} asks for {asks}: complete with {cards} -> {points}",
                     card=layout.where(card), asks=asks, cards=layout.listing(used),
                     points=card.points)
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
        return [_line("towns", 0, msg("sv.towns.none", "No Town card with a combination."))]
    return [combination_line(layout, card, "towns") for card in cards]


def farmers(layout: Layout) -> list[Line]:
    """Each Farmer card scores its combination."""
    cards = layout.cards_of(Kind.FARMER)
    if not cards:
        return [_line("farmers", 0, msg("sv.farmers.none", "No Farmer cards."))]
    return [combination_line(layout, card, "farmers") for card in cards]


def mountains(layout: Layout) -> list[Line]:
    """Each Mountain scores 1, 2, 4 or 6 for 1, 2, 3 or 4 adjacent Field cards."""
    cards = layout.cards_of(Kind.MOUNTAIN)
    if not cards:
        return [_line("mountains", 0, msg("sv.mountains.none", "No Mountain cards."))]
    lines = []
    for card in cards:
        fields = [n for n in layout.neighbours(card.cell) if layout.is_field(n)]
        points = MOUNTAIN_POINTS[len(fields)]
        rulings = ("SV-1",) if any(f.kind is Kind.FARMER for f in fields) else ()
        detail = msg_n("sv.mountains.line", "{card}: {count} adjacent Field -> {points}",
                       "{card}: {count} adjacent Fields -> {points}", len(fields),
                       card=layout.where(card), points=points)
        cells = (card.cell, *(f.cell for f in fields))
        lines.append(_line("mountains", points, detail, cells, rulings))
    return lines


def lakes(layout: Layout) -> list[Line]:
    """Each Lake scores 1; what lies beside it does not matter."""
    cards = layout.cards_of(Kind.LAKE)
    points = LAKE_POINTS * len(cards)
    if not cards:
        return [_line("lakes", 0, msg("sv.lakes.none", "No Lake cards."))]
    detail = msg_n("sv.lakes.line", "{count} Lake x {each} -> {points} ({cards})",
                   "{count} Lakes x {each} -> {points} ({cards})", len(cards), each=LAKE_POINTS,
                   points=points, cards=layout.listing(cards))
    return [_line("lakes", points, detail, tuple(card.cell for card in cards))]


CARD_ROWS: dict[str, Message] = {
    "express": msg("sv.row.express", "Valley Express"),
    "towns": msg("sv.row.towns", "Towns"),
    "farmers": msg("sv.row.farmers", "Farmers"),
    "mountains": msg("sv.row.mountains", "Mountains"),
    "lakes": msg("sv.row.lakes", "Lakes"),
}
"""The scorepad's rows before the goals, in its order."""


def _line(category: str, points: int, detail: Message, cells=(), rulings=()) -> Line:
    return Line(
        category=category,
        label=CARD_ROWS[category],
        points=points,
        detail=detail,
        cells=tuple(cells),
        rulings=tuple(rulings),
    )
