"""Who is at each table now: the browser tabs showing it, each with the player it is on (the
player its device joined as, else the board it shows), kept in memory by the server."""

from __future__ import annotations

import threading
from collections import Counter


class Presence:
    def __init__(self):
        self._tables: dict[int, dict[object, int | None]] = {}
        self._lock = threading.Lock()

    def arrive(self, table_id: int, who: object, player: int | None) -> None:
        with self._lock:
            self._tables.setdefault(table_id, {})[who] = player

    def leave(self, table_id: int, who: object) -> None:
        with self._lock:
            present = self._tables.get(table_id, {})
            present.pop(who, None)
            if not present:
                self._tables.pop(table_id, None)

    def players(self, table_id: int) -> Counter:
        """How many browser tabs are on each player's board (None: on no board)."""
        with self._lock:
            return Counter(self._tables.get(table_id, {}).values())
