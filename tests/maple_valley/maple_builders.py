"""Small builders for Maple Valley tables in tests: plain dicts, read the way a table file is."""

from __future__ import annotations

from typing import Any

from scorer.core.breakdown import PlayerResult, TableResult
from scorer.games import parse_table, score


def favour(name: str, score: int = 0, category: str = "Gift", bonus: dict | None = None) -> dict:
    card: dict[str, Any] = {"name": name, "category": category, "score": score}
    if bonus is not None:
        card["bonus"] = bonus
    return card


def also_have(other: str, points: int) -> dict:
    return {"kind": "also_have", "favour": other, "points": points}


def stored_sets(resources: list[str], points: int) -> dict:
    return {"kind": "stored_sets", "set": resources, "points": points}


def friend(name: str, score: int, *travel: str) -> dict:
    return {"name": name, "score": score, "travel": list(travel)}


def patch(name: str, score: int = 0, bonus: dict | None = None) -> dict:
    card: dict[str, Any] = {"name": name, "score": score}
    if bonus is not None:
        card["bonus"] = bonus
    return card


def per_friend(travel: str, points: int) -> dict:
    return {"kind": "per_friend", "travel": travel, "points": points}


def typed(points: int, reason: str = "") -> dict:
    return {"kind": "typed", "points": points, "reason": reason}


def player(name: str, **holdings: Any) -> dict:
    return {"name": name, **holdings}


def table_data(*players: dict, **extra: Any) -> dict:
    return {"game": "maple_valley", **extra, "players": list(players)}


def parse(*players: dict, **extra: Any):
    return parse_table(table_data(*players, **extra))


def scored(*players: dict, **extra: Any) -> TableResult:
    return score(parse(*players, **extra))


def result_of(result: TableResult, name: str) -> PlayerResult:
    return next(p for p in result.players if p.name == name)


def solo(**holdings: Any) -> PlayerResult:
    """Score a one-player game of ``holdings``; its only PlayerResult."""
    extra = {key: holdings.pop(key) for key in ("choices", "options") if key in holdings}
    if "choices" in extra:
        extra["solo"] = extra.pop("choices")
    return scored(player("Solo", **holdings), **extra).players[0]


def pair(first: dict, **extra: Any) -> PlayerResult:
    """Score ``first`` beside an empty second player (a 2-player game); ``first``'s result."""
    return scored(first, player("Other"), **extra).players[0]
