"""How long a public server keeps a table nobody opens (issue 35, item 3).

A public scorepad (``scorepad app --public URL``) is open to strangers, so it cannot keep every
table for ever. Each table has a clock, ``tables.opened`` (the schema's migration 2): set when the
table is made, imported or restored, and whenever a device opens its screen (:meth:`Retention.
opened`, at most one write per table every :data:`OPENED_EVERY`). A table whose last opening is
``table_days`` ago (a finished game: ``finished_days``; both :class:`ui.store.quotas.PublicLimits`
settings) is **deleted for good** by the next :meth:`Retention.sweep`, with its photos and its
grants, whether it is in progress, finished or under *Recently deleted*: the screens say the date
ahead ("kept until …; download a backup to keep it longer"), and a backup imported brings a table
back with a new clock. The private mode never sweeps: it keeps everything.

The sweep runs on a thread of its own (the app's ``ui.web.sweeper``), never on the event loop, and
skips the tables open on this process right now. A store that a private server kept first (its
tables' clocks months old) loses nothing at once when it is served in public: the first public
start is noted (:meth:`Retention.begin`), and no table is deleted sooner than its days after it,
so every date is on the screens for the whole period first.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Iterable
from concurrent.futures import Executor
from datetime import datetime, timedelta, timezone

from ui.store.engine import Connection, NotSaved, StoreUnavailable
from ui.store.schema import opened_stamp
from ui.store.storage import StoredTable, TableStore

logger = logging.getLogger(__name__)

OPENED_EVERY = timedelta(hours=1)
"""How often one table's opening is written: a table open on six phones all evening is one write
an hour, not one per screen."""
SINCE = "retention_since"
"""The settings row noting when a public server first swept this store (:meth:`Retention.begin`)."""
NOTHING = ""
"""A stamp no table's clock is before: the sweep's cut-off when nothing of a kind is due yet."""
SEEN_KEPT = 10_000
"""Tables whose last opening this process remembers before it forgets those the store has (a
private server never sweeps, and its host may open any address)."""
SWEEP_BATCH = 200
"""Tables deleted per transaction: a long sweep never holds the store's write lock for long (the
players' saves wait for it on SQLite)."""

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def delete_for_good(store: TableStore, connection: Connection, table_ids: Iterable[int],
                    condition: str = "", parameters: tuple = ()) -> list[int]:
    """Delete the tables for good, with their grants and photos, in the caller's transaction;
    the ids deleted, each announced to the other processes of ``store`` (a session they still
    hold refuses every edit from then on, as this process's does). ``condition`` (SQL starting
    `` AND``, with its ``parameters``) is checked again on each row as it is deleted: a table
    opened meanwhile stays."""
    gone = []
    for table_id in table_ids:
        if connection.execute(f"DELETE FROM tables WHERE id = ?{condition}",
                              (table_id, *parameters)).rowcount:
            connection.execute("DELETE FROM grants WHERE table_id = ?", (table_id,))
            connection.execute("DELETE FROM photos WHERE table_id = ?", (table_id,))
            store.announce(connection, table_id, "deleted")
            gone.append(table_id)
    return gone


class Retention:
    """The retention of one server's tables: when each is kept until, its openings, the sweep."""

    def __init__(self, store: TableStore, table_days: int = 90, finished_days: int = 365,
                 clock: Clock = utc_now, writer: Executor | None = None):
        """``writer``: where an opening is written (the sessions' storage writer, off the event
        loop); None: at once, in the caller. ``clock``: the time now, aware (tests move it)."""
        self.store = store
        self.table_days = table_days
        self.finished_days = finished_days
        self.clock = clock
        self.writer = writer
        self.since: datetime | None = None
        """When the public mode first swept this store (:meth:`begin`); None: never, or not
        asked (then no grace)."""
        self._seen: dict[int, datetime] = {}
        """The last opening of each table this process wrote (or is writing): the throttle, and
        what the sweep and the dates shown trust before the store has it."""
        self._lock = threading.Lock()

    def begin(self) -> datetime:
        """The public mode starts on this store: the first time, note when, in the store (every
        later start finds it). From then on no table is deleted sooner than its days after it."""
        with self.store._writing() as connection:  # noqa: SLF001 - the tables' own rules
            connection.execute("INSERT INTO settings (name, value) VALUES (?, ?) "
                               "ON CONFLICT (name) DO NOTHING",
                               (SINCE, opened_stamp(self.clock())))
            value = connection.execute("SELECT value FROM settings WHERE name = ?",
                                       (SINCE,)).fetchone()[0]
        self.since = datetime.fromisoformat(value)
        return self.since

    def kept_for(self, finished: bool) -> timedelta:
        """How long a table nobody opens is kept."""
        return timedelta(days=self.finished_days if finished else self.table_days)

    def last_opened(self, table: StoredTable) -> datetime:
        """When a device last opened the table, as this process knows it best (never before
        the public mode began: :meth:`begin`)."""
        with self._lock:
            seen = self._seen.get(table.id)
        stored = table.opened or self.clock()
        return max([stored, *(moment for moment in (seen, self.since) if moment is not None)])

    def kept_until(self, table: StoredTable) -> datetime:
        """When the table is deleted unless a device opens it before (aware, UTC)."""
        return self.last_opened(table) + self.kept_for(table.finished is not None)

    def opened(self, table_id: int) -> None:
        """A device opened the table's screen: its clock starts again. Written at most once per
        :data:`OPENED_EVERY` for each table by this process, and only when the store's is older
        than that (another process may have written it); a write the store refuses is logged
        and tried again at the next opening (nothing a player entered depends on it)."""
        now = self.clock()
        with self._lock:
            last = self._seen.get(table_id)
            if last is not None and now - last < OPENED_EVERY:
                return
            if len(self._seen) >= SEEN_KEPT:
                self._forget_written(now)
            self._seen[table_id] = now
        if self.writer is None:
            self._write_opened(table_id, now)
        else:
            self.writer.submit(self._write_opened, table_id, now)

    def _write_opened(self, table_id: int, now: datetime) -> None:
        try:
            with self.store._writing() as connection:  # noqa: SLF001 - the tables' own rules
                connection.execute(
                    "UPDATE tables SET opened = ? WHERE id = ? AND (opened IS NULL OR opened < ?)",
                    (opened_stamp(now), table_id, opened_stamp(now - OPENED_EVERY)))
        except (NotSaved, StoreUnavailable) as error:
            logger.warning("could not note that table %s was opened: %s", table_id, error)
            with self._lock:
                if self._seen.get(table_id) == now:
                    del self._seen[table_id]

    def cut_off(self, now: datetime, finished: bool) -> str:
        """The stamp a table's clock must be before to be due at ``now``."""
        cut = now - self.kept_for(finished)
        return NOTHING if self.since is not None and self.since >= cut else opened_stamp(cut)

    def _forget_written(self, now: datetime) -> None:
        """Forget the openings older than :data:`OPENED_EVERY` (under the lock): the store has
        them, so they tell nothing more, and the memory stays bounded."""
        for table_id in [table_id for table_id, seen in self._seen.items()
                         if now - seen >= OPENED_EVERY]:
            del self._seen[table_id]

    def due(self, now: datetime | None = None) -> list[int]:
        """The tables past their date at ``now`` (any, deleted or not), by the store's clock."""
        now = now or self.clock()
        with self.store._reading() as connection:  # noqa: SLF001
            rows = connection.execute(
                "SELECT id FROM tables WHERE (finished IS NULL AND opened < ?) "
                "OR (finished IS NOT NULL AND opened < ?) ORDER BY id",
                (self.cut_off(now, False), self.cut_off(now, True))).fetchall()
        return [row[0] for row in rows]

    def sweep(self, now: datetime | None = None, open_now: Collection[int] = ()) -> list[int]:
        """Delete for good every table past its date at ``now`` (the clock's when not given),
        except those in ``open_now`` (on a screen of this process right now) and those this
        process saw opened since; the ids deleted. A table without a clock (written by a
        scorepad from before it) gets one first: its date is counted from now."""
        now = now or self.clock()
        with self.store._writing() as connection:  # noqa: SLF001
            connection.execute("UPDATE tables SET opened = ? WHERE opened IS NULL",
                               (opened_stamp(now),))
        unfinished_since, finished_since = self.cut_off(now, False), self.cut_off(now, True)
        with self._lock:
            recent = {table_id for table_id, seen in self._seen.items()
                      if now - seen < self.kept_for(False)}
            self._forget_written(now)
        due = [table_id for table_id in self.due(now)
               if table_id not in open_now and table_id not in recent]
        gone: list[int] = []
        for start in range(0, len(due), SWEEP_BATCH):
            with self.store._writing() as connection:  # noqa: SLF001
                gone += delete_for_good(
                    self.store, connection, due[start:start + SWEEP_BATCH],
                    " AND ((finished IS NULL AND opened < ?) OR "
                    "(finished IS NOT NULL AND opened < ?))", (unfinished_since, finished_since))
        if gone:
            logger.info("retention: deleted %d tables nobody opened in time", len(gone))
        return gone
