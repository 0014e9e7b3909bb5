"""A finished game as the after-game features see it: when, where and who started, and the
library's result of its table (always scored again from the table, never stored as points)."""

from __future__ import annotations

from datetime import datetime

from scorer.core.breakdown import Frozen, TableResult


class Play(Frozen):
    uid: str
    """The table's stable id (BG Stats' ``sourcePlayId``)."""
    played: datetime
    result: TableResult
    location: str = ""
    note: str = ""
    start_player: str | None = None
    """The name of the player who started, when it was recorded."""

    @property
    def game(self) -> str:
        return self.result.game
