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

    def tables(self) -> set[int]:
        """The tables some browser tab shows right now (the retention's sweep skips them)."""
        with self._lock:
            return set(self._tables)

    def forget(self, device: str) -> set[int]:
        """Take every tab of ``device`` (a tab is known by its ``device``) off every table: the
        tables it was at."""
        left: set[int] = set()
        with self._lock:
            for table_id, present in list(self._tables.items()):
                for who in [who for who in present if getattr(who, "device", None) == device]:
                    del present[who]
                    left.add(table_id)
                if not present:
                    del self._tables[table_id]
        return left
