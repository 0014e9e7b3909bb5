"""Festivities: each of the three is scored separately by comparing the players' cubes on it."""

from __future__ import annotations

from collections.abc import Mapping

from scorer.core.breakdown import Competition, Line

MOST_BONUS = 4
SECOND_BONUS = 2
RULINGS = ("MV-6", "MV-7")


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


def festivity_lines(category: str, festivity: str,
                    cubes: Mapping[str, int]) -> tuple[Competition, dict[str, Line]]:
    """One Line per player for this Festivity, and the comparison as a Competition."""
    points = festivity_points(cubes)
    standing = ", ".join(f"{name} {count}" for name, count in cubes.items())
    lines = {}
    for name, count in cubes.items():
        earned, place = points[name]
        tied = [other for other in cubes if other != name and cubes[other] == count]
        shared = f", tied with {', '.join(tied)}" if tied and count else ""
        bonus = {"most": MOST_BONUS, "second-most": SECOND_BONUS}.get(place)
        how = f"{count} + {bonus} = {earned}" if bonus else str(earned)
        cube_word = "cube" if count == 1 else "cubes"
        detail = (f"{count} {cube_word}, {place}{shared} (cubes: {standing}) -> {how}"
                  if count else f"no cubes (cubes: {standing}) -> 0")
        lines[name] = Line(category=category, label=festivity, points=earned, detail=detail,
                           rulings=RULINGS)
    leaders = tuple(name for name, (_, place) in points.items() if place == "most")
    leader_points = points[leaders[0]][0] if leaders else 0
    summary = (f"most cubes: {' and '.join(leaders)} with {cubes[leaders[0]]} -> "
               f"{leader_points} each" if leaders else "nobody has cubes here")
    competition = Competition(category=category, label=festivity, measures=dict(cubes),
                              winners=leaders, points_each=leader_points, detail=summary,
                              rulings=RULINGS)
    return competition, lines
