"""One open table: its draft, the edits made to it with undo and redo, and its score.

Every edit is saved before it is shown. The score always comes from the library
(``scorer.games.score``) on the part of the draft that validates; the app never adds points.
One session per table is shared by every browser showing it, so undo undoes the table's last edit,
whichever device made it.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable

from scorer.core.breakdown import TableResult
from scorer.games import score
from ui.plugins import Checked, GamePlugin, Problem
from ui.storage import StoredTable, TableStore

logger = logging.getLogger(__name__)

Change = Callable[[dict], None]
"""Changes a copy of the draft in place."""


class TableSession:
    def __init__(self, store: TableStore, stored: StoredTable, game: GamePlugin):
        self.store = store
        self.table_id = stored.id
        self.game = game
        self.read_only = not stored.readable
        self._draft = stored.draft
        self._undo: list[tuple[str, dict, int | None]] = []
        self._redo: list[tuple[str, dict, int | None]] = []
        """Edits as (label, the draft on the other side, the player whose part changes)."""
        self._lock = threading.RLock()
        self._checked: Checked | None = None
        self._result: TableResult | None = None
        self.revision = 0
        self.save_error: str | None = None

    @property
    def draft(self) -> dict:
        """The current draft; treat it as read-only and change it through :meth:`apply`."""
        return self._draft

    def apply(self, label: str, change: Change, player: int | None = None) -> bool:
        """Make an edit of ``player``'s part (None: the whole table's); False when it changes
        nothing (then it is not an undo step)."""
        with self._lock:
            if self.read_only:
                return False
            changed = copy.deepcopy(self._draft)
            change(changed)
            if changed == self._draft:
                return False
            self._undo.append((label, self._draft, player))
            self._redo.clear()
            self._commit(changed)
            return True

    def undo(self) -> str | None:
        """Undo the last edit; returns its label, or None when there is nothing to undo."""
        with self._lock:
            if not self._undo or self.read_only:
                return None
            label, before, player = self._undo.pop()
            self._redo.append((label, self._draft, player))
            self._commit(before)
            return label

    def redo(self) -> str | None:
        with self._lock:
            if not self._redo or self.read_only:
                return None
            label, after, player = self._redo.pop()
            self._undo.append((label, self._draft, player))
            self._commit(after)
            return label

    @property
    def undo_label(self) -> str | None:
        return self._undo[-1][0] if self._undo else None

    @property
    def redo_label(self) -> str | None:
        return self._redo[-1][0] if self._redo else None

    @property
    def undo_player(self) -> int | None:
        """The player whose part the next undo changes (None: the table's or nothing)."""
        return self._undo[-1][2] if self._undo else None

    @property
    def redo_player(self) -> int | None:
        return self._redo[-1][2] if self._redo else None

    def _commit(self, draft: dict) -> None:
        # Keep the edit in memory even when the disk refuses it, and say so: nothing entered is
        # dropped, and the next successful save writes it.
        self._draft = draft
        self.revision += 1
        self._checked = None
        self._result = None
        try:
            self.store.save(self.table_id, draft)
            self.save_error = None
        except Exception as error:  # noqa: BLE001 - any storage failure is reported, not raised
            logger.exception("saving table %s failed", self.table_id)
            self.save_error = f"Not saved: {error}"

    @property
    def checked(self) -> Checked:
        with self._lock:
            if self._checked is None:
                try:
                    self._checked = self.game.check(self._draft)
                except Exception as error:  # noqa: BLE001 - the editor must keep working
                    logger.exception("checking table %s failed", self.table_id)
                    self._checked = Checked(None, (Problem(f"This table cannot be read: {error}"),))
            return self._checked

    @property
    def result(self) -> TableResult | None:
        """The library's result for the part of the draft that validates."""
        with self._lock:
            table = self.checked.table
            if self._result is None and table is not None:
                try:
                    self._result = score(table)
                except Exception:  # noqa: BLE001 - a scoring bug must not take the editor down
                    logger.exception("scoring table %s failed", self.table_id)
            return self._result

    @property
    def player_names(self) -> list[str]:
        return [player.get("name", "?") for player in self._draft.get("players", [])]

    @property
    def player_colours(self) -> list[str]:
        return [player.get("colour", "grey") for player in self._draft.get("players", [])]


class Sessions:
    """The open tables of this server, loaded from the store on first use."""

    def __init__(self, store: TableStore, games: dict[str, GamePlugin]):
        self.store = store
        self.games = games
        self._open: dict[int, TableSession] = {}
        self._lock = threading.Lock()

    def get(self, table_id: int) -> TableSession | None:
        with self._lock:
            if table_id not in self._open:
                stored = self.store.get(table_id)
                if stored is None or stored.game not in self.games:
                    return None
                self._open[table_id] = TableSession(self.store, stored, self.games[stored.game])
            return self._open[table_id]

    def forget(self, table_id: int) -> None:
        with self._lock:
            self._open.pop(table_id, None)
