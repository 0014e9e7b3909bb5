"""Finished tables as plays: the library scores each one again from its stored draft (the result
is never stored), and history lists them newest first, by game and by player."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorer.core.players import name_key
from scorer.games import score
from scorer.plays import Play
from ui.plugins import GamePlugin
from ui.storage import StoredTable


@dataclass(frozen=True)
class FinishedTable:
    table: StoredTable
    play: Play


def play_of(stored: StoredTable, games: dict[str, GamePlugin]) -> Play | None:
    """The play of a finished table, or None when it is in progress, cannot be opened by this app
    or has nothing that validates yet."""
    game = games.get(stored.game)
    if stored.finished is None or game is None or not stored.readable:
        return None
    checked = game.check(stored.draft)
    if checked.table is None:
        return None
    return Play(uid=stored.uid, played=stored.finished, result=score(checked.table),
                location=stored.location, note=stored.note,
                start_player=start_player_name(stored))


def start_player_name(stored: StoredTable) -> str | None:
    names = [player.get("name", "?") for player in stored.draft.get("players", [])]
    index = stored.start_player
    return names[index] if index is not None and 0 <= index < len(names) else None


def finished_tables(tables: Iterable[StoredTable], games: dict[str, GamePlugin],
                    game: str | None = None, player: str | None = None) -> list[FinishedTable]:
    """The finished tables among ``tables``, newest first; ``game`` (a key) and ``player`` (a
    name, in any case) keep only those of that game, and those that player played."""
    finished = []
    for stored in tables:
        if stored.finished is None or (game is not None and stored.game != game):
            continue
        play = play_of(stored, games)
        if play is None:
            continue
        if player is not None and name_key(player) not in {
                name_key(result.name) for result in play.result.players}:
            continue
        finished.append(FinishedTable(stored, play))
    finished.sort(key=lambda item: item.play.played, reverse=True)
    return finished


def player_names(finished: Iterable[FinishedTable]) -> list[str]:
    """Everyone who played these games, once each (by the latest spelling), by name."""
    names: dict[str, str] = {}
    for item in sorted(finished, key=lambda item: item.play.played):
        for result in item.play.result.players:
            names[name_key(result.name)] = result.name
    return sorted(names.values(), key=name_key)
