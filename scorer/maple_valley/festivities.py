"""Festivities: each of the three is scored separately by comparing the players' cubes on it."""

from __future__ import annotations

from collections.abc import Mapping

from scorer.core.breakdown import Competition, Line
from scorer.maple_valley.words import each_and, named_count
from scorer.message import Message, msg, msg_n

MOST_BONUS = 4
SECOND_BONUS = 2
RULINGS = ("MV-6", "MV-7")
PLACES = {
    "most": msg("mv.festivity.most", "most"),
    "second-most": msg("mv.festivity.second_most", "second-most"),
    "third-most or fewer": msg("mv.festivity.fewer", "third-most or fewer"),
}
"""The places a player's cubes take on a Festivity, in words (see ``festivity_points``)."""


def festivity_points(cubes: Mapping[str, int]) -> dict[str, tuple[int, str]]:
    """Each player's points on one Festivity and the place that gave them.

    The most cubes earn 1 per cube + 4, the second-most 1 per cube + 2, anyone else with cubes 1
    per cube, and no cubes earn nothing. Tied players share a place, and the next distinct count
    is the second-most however many share the most: 3, 3, 2 cubes -> 7, 7, 4 (ruling MV-6). Only
    the players' own cubes are entered; blocking cubes of unused colours never count (MV-7).
    """
    counts = sorted({count for count in cubes.values() if count > 0}, reverse=True)
    most = counts[0] if counts else None
    second = counts[1] if len(counts) > 1 else None
    result = {}
    for name, count in cubes.items():
        if count == 0:
            result[name] = (0, "no cubes")
        elif count == most:
            result[name] = (count + MOST_BONUS, "most")
        elif count == second:
            result[name] = (count + SECOND_BONUS, "second-most")
        else:
            result[name] = (count, "third-most or fewer")
    return result


def festivity_lines(category: str, festivity: Message,
                    cubes: Mapping[str, int]) -> tuple[Competition, dict[str, Line]]:
    """One Line per player for this Festivity (``festivity``: its name on the scorepad), and the
    comparison as a Competition."""
    points = festivity_points(cubes)
    standing = tuple(named_count(name, count) for name, count in cubes.items())
    lines = {}
    for name, count in cubes.items():
        earned, place = points[name]
        if count:
            detail = msg_n("mv.festivity.cubes", "{count} cube, {place} (cubes: {standing}) -> "
                           "{points}", "{count} cubes, {place} (cubes: {standing}) -> {points}",
                           count, place=_place(name, count, place, cubes), standing=standing,
                           points=_sum(count, place, earned))
        else:
            detail = msg("mv.festivity.no_cubes", "no cubes (cubes: {standing}) -> 0",
                         standing=standing)
        lines[name] = Line(category=category, label=festivity, points=earned, detail=detail,
                           rulings=RULINGS)
    leaders = tuple(name for name, (_, place) in points.items() if place == "most")
    leader_points = points[leaders[0]][0] if leaders else 0
    if leaders:
        summary = msg("mv.festivity.leaders", "most cubes: {leaders} with {count} -> {points} "
                      "each", leaders=each_and(leaders), count=cubes[leaders[0]],
                      points=leader_points)
    else:
        summary = msg("mv.festivity.nobody", "nobody has cubes here")
    competition = Competition(category=category, label=festivity, measures=dict(cubes),
                              winners=leaders, points_each=leader_points, detail=summary,
                              rulings=RULINGS)
    return competition, lines


def _place(name: str, count: int, place: str, cubes: Mapping[str, int]) -> Message:
    """The place, and who shares it: "most, tied with Ben, Cat"."""
    tied = tuple(other for other in cubes if other != name and cubes[other] == count)
    if not tied:
        return PLACES[place]
    return msg("mv.festivity.tied", "{place}, tied with {players}", place=PLACES[place],
               players=tied)


def _sum(count: int, place: str, earned: int) -> Message | int:
    """The points of a place: "3 + 4 = 7" with a bonus, else the cubes alone."""
    bonus = {"most": MOST_BONUS, "second-most": SECOND_BONUS}.get(place)
    if not bonus:
        return earned
    return msg("mv.festivity.bonus", "{count} + {bonus} = {points}", count=count, bonus=bonus,
               points=earned)
