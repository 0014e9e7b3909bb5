"""One open table: its draft, the edits made to it with undo and redo, and its score.

Every edit is saved before it is shown. The score always comes from the library
(``scorer.games.score``) on the part of the draft that validates; the app never adds points.
One session per table is shared by every browser showing it, so undo undoes the table's last edit,
whichever device made it; deleting and restoring a table marks its one session, never copies it.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable

from scorer.core.breakdown import TableResult
from scorer.games import score
from ui.store.file_problems import file_problem
from ui.store.draft_check import Checked, DraftChecker, Problem
from ui.store.storage import StoredTable, TableStore

logger = logging.getLogger(__name__)

Change = Callable[[dict], None]
"""Changes a copy of the draft in place."""

DELETED = "This table was deleted on another device: Undo there, or keep a copy."


def deleted_message(by: str | None) -> str:
    """Why edits are refused, naming who deleted the table when the server knows."""
    if by:
        return f"{by} deleted this table: Undo on their screen, or keep a copy."
    return DELETED


class TableDeleted(Exception):
    """An edit refused because the table was deleted while this device showed it."""

    def __init__(self, by: str | None = None):
        super().__init__(deleted_message(by))


class TableSession:
    def __init__(self, store: TableStore, stored: StoredTable, game: DraftChecker):
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
        self.deleted = False
        """Deleted on some device: edits are refused until it is restored."""
        self.deleted_by: str | None = None
        """Who deleted it, in words (a player's name or "The host"), when known."""

    @property
    def draft(self) -> dict:
        """The current draft; treat it as read-only and change it through :meth:`apply`."""
        return self._draft

    def apply(self, label: str, change: Change, player: int | None = None) -> bool:
        """Make an edit of ``player``'s part (None: the whole table's); False when it changes
        nothing (then it is not an undo step)."""
        with self._lock:
            self._refuse_if_deleted()
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
            self._refuse_if_deleted()
            if not self._undo or self.read_only:
                return None
            label, before, player = self._undo.pop()
            self._redo.append((label, self._draft, player))
            self._commit(before)
            return label

    def redo(self) -> str | None:
        with self._lock:
            self._refuse_if_deleted()
            if not self._redo or self.read_only:
                return None
            label, after, player = self._redo.pop()
            self._undo.append((label, self._draft, player))
            self._commit(after)
            return label

    def _refuse_if_deleted(self) -> None:
        if self.deleted:
            raise TableDeleted(self.deleted_by)

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
            # Every device shows it: the file's name, not where it is on the host.
            self.save_error = (f"Not saved: {file_problem(error, self.store.path, host=False)}; "
                               "your edit is kept on this screen")

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

    def __init__(self, store: TableStore, games: dict[str, DraftChecker]):
        self.store = store
        self.games = games
        self._open: dict[int, TableSession] = {}
        self._lock = threading.Lock()

    def get(self, table_id: int) -> TableSession | None:
        """The table's one session; None when it does not exist or is deleted."""
        with self._lock:
            if table_id not in self._open:
                stored = self.store.get(table_id)
                if stored is None or stored.game not in self.games:
                    return None
                self._open[table_id] = TableSession(self.store, stored, self.games[stored.game])
            session = self._open[table_id]
            return None if session.deleted else session

    def delete(self, table_id: int, by: str | None = None) -> None:
        """Delete a table (``by``: who, in words, for the devices still showing it)."""
        self._mark(table_id, True, self.store.delete, by)

    def restore(self, table_id: int) -> None:
        self._mark(table_id, False, self.store.restore)

    def _mark(self, table_id: int, deleted: bool, write: Callable[[int], None],
              by: str | None = None) -> None:
        with self._lock:
            session = self._open.get(table_id)
        if session is None:
            write(table_id)
            return
        # Under the session's lock, so that no edit lands between the row and the flag.
        with session._lock:
            write(table_id)
            session.deleted = deleted
            session.deleted_by = by

    def purge(self, table_ids: list[int]) -> int:
        """Forget for good those of the tables that are deleted (the user emptied them)."""
        with self._lock:
            purged = self.store.purge_deleted(table_ids)
            for table_id in table_ids:
                if table_id in self._open and self._open[table_id].deleted:
                    del self._open[table_id]
        return purged

    def keep_copy(self, session: TableSession) -> int:
        """A new table holding the session's draft as it is now; its id."""
        with session._lock:
            return self.store.create(session.game.key, copy.deepcopy(session.draft))
