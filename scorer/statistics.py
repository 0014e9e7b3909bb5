"""Statistics of finished games, per game and per player: games played, wins, win rate, average
and best total, and the average of each scorepad line ("who is best at Towns").

It only aggregates the library's results: it never scores. Players are matched as the library
matches them (:func:`scorer.core.players.name_key`: "ann" and "Ann " are one player) and shown by
the spelling of their latest game. A line is matched by its printed label, since a label names
the card players see (Maple Valley's "Square Dance", Girasoles' "5. Green areas").
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from scorer.core.breakdown import Frozen
from scorer.core.players import name_key
from scorer.plays import Play


class LineAverage(Frozen):
    label: str
    average: float
    plays: int
    """In how many of the player's games the line was on the scorepad (the average is over them)."""


class PlayerStatistics(Frozen):
    name: str
    played: int
    wins: int
    """Games won, shared wins included (each tied winner wins)."""
    average_total: float
    best_total: int
    lines: tuple[LineAverage, ...]
    """In the order of the game's scorepad."""
    totals: tuple[tuple[datetime, int], ...]
    """The player's total in each game, oldest first."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.played

    def line(self, label: str) -> LineAverage | None:
        return next((line for line in self.lines if line.label == label), None)


class GameStatistics(Frozen):
    game: str
    plays: int
    labels: tuple[str, ...]
    """Every scorepad line seen in these games, in scorepad order."""
    players: tuple[PlayerStatistics, ...]
    """Most wins first, then best win rate, then highest average total, then by name."""


def game_statistics(plays: Iterable[Play]) -> dict[str, GameStatistics]:
    """The statistics of each game played, keyed like ``scorer.games.GAMES``."""
    by_game: dict[str, list[Play]] = {}
    for play in sorted(plays, key=lambda play: play.played):
        by_game.setdefault(play.game, []).append(play)
    return {game: _statistics(game, played) for game, played in by_game.items()}


def _statistics(game: str, plays: list[Play]) -> GameStatistics:
    labels: list[str] = []
    for play in plays:
        for row in play.result.rows:
            if row.label not in labels:
                labels.append(row.label)
    names: dict[str, str] = {}
    games: dict[str, list[tuple[Play, int]]] = {}
    for play in plays:
        for index, player in enumerate(play.result.players):
            key = name_key(player.name)
            names[key] = player.name.strip()
            games.setdefault(key, []).append((play, index))
    players = [_player(names[key], labels, entries) for key, entries in games.items()]
    players.sort(key=lambda p: (-p.wins, -p.win_rate, -p.average_total, name_key(p.name)))
    return GameStatistics(game=game, plays=len(plays), labels=tuple(labels),
                          players=tuple(players))


def _player(name: str, labels: list[str], entries: list[tuple[Play, int]]) -> PlayerStatistics:
    totals = [play.result.players[index].total for play, index in entries]
    wins = sum(play.result.players[index].name in play.result.winners for play, index in entries)
    lines = []
    for label in labels:
        points = [
            play.result.players[index].row_points(row.category)
            for play, index in entries
            for row in play.result.rows if row.label == label
        ]
        if points:
            lines.append(LineAverage(label=label, average=sum(points) / len(points),
                                     plays=len(points)))
    return PlayerStatistics(
        name=name,
        played=len(entries),
        wins=wins,
        average_total=sum(totals) / len(totals),
        best_total=max(totals),
        lines=tuple(lines),
        totals=tuple((play.played, total) for (play, _), total in zip(entries, totals)),
    )
