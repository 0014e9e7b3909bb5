"""Finished games written by hand (results as the library gives them), with a shared win, a line
only some games had, and one player written "Ann", "ann" and "ANN"."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from scorer.core.breakdown import Line, PlayerResult, Row, TableResult
from scorer.plays import Play

ZONE = timezone(timedelta(hours=2))
TOWNS = Row(category="towns", label="Towns")
FARMERS = Row(category="farmers", label="Farmers")
LONG_WAY = Row(category="long_way", label="Long Way")


def player(name: str, rank: int, **points: int) -> PlayerResult:
    lines = tuple(Line(category=category, label=category, points=value, detail=f"{value} points")
                  for category, value in points.items())
    return PlayerResult(name=name, lines=lines, rank=rank)


def play(uid: str, day: int, rows: tuple[Row, ...], players: tuple[PlayerResult, ...],
         winners: tuple[str, ...], game: str = "sunflower_valley", **extra) -> Play:
    result = TableResult(game=game, rows=rows, players=players, tie_break="none needed",
                         winners=winners)
    return Play(uid=uid, played=datetime(2026, 1, day, 20, 30, tzinfo=ZONE), result=result,
                **extra)


FIRST = play("p1", 1, (TOWNS, FARMERS),
             (player("Ann", 1, towns=10, farmers=5), player("Bob", 2, towns=4, farmers=6)),
             ("Ann",))
TIE = play("p2", 2, (TOWNS, FARMERS),
           (player("ann", 1, towns=6, farmers=6), player("Bob", 1, towns=8, farmers=4)),
           ("ann", "Bob"), location="Café Zoë", note="rematch tomorrow", start_player="Bob")
THIRD = play("p3", 3, (TOWNS, FARMERS, LONG_WAY),
             (player("ANN", 2, towns=2, farmers=3, long_way=4),
              player("Cid", 1, towns=7, farmers=1, long_way=3)),
             ("Cid",))
GIRASOLES = play("g1", 4, (Row(category="coins", label="Coins"),),
                 (player("Ann", 1, coins=20), player("Dee", 2, coins=18)), ("Ann",),
                 game="girasoles")

PLAYS = [THIRD, GIRASOLES, FIRST, TIE]
"""Not in date order, on purpose."""
