"""Who is at each table now: the browser tabs showing it, each with the player it is on (the
player its device joined as, else the board it shows), kept in memory by the server.

Several processes sharing one database (issue 34: ``scorepad app --workers N``, or two
computers) each keep their own tabs, and tell the others how many are on each board: a row per
process and table in ``presence``, written on the writer thread when a tab arrives or leaves,
announced (``ui.store.announcements``), and read again by the others when they hear it. A process
that dies leaves its rows behind: each process refreshes its own every
:data:`REFRESH_SECONDS`, and rows older than :data:`STALE_SECONDS` count for nobody. A process
that stops cleanly takes its rows away as it goes (:func:`withdraw`), and the others see its tabs
gone at once.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

from ui.store.engine import NotSaved, StoreUnavailable
from ui.store.storage import TableStore

logger = logging.getLogger(__name__)

REFRESH_SECONDS = 60.0
"""How often a process writes again that its tabs are still there."""
STALE_SECONDS = 180.0
"""A process whose rows are older than this is gone (killed): its tabs count for nobody."""


class SharedPresence:
    """This process's side of the presence shared with the other processes of its store: its
    counts written, the others' read. Every store operation runs through ``run`` (the writer
    thread), never on the event loop."""

    def __init__(self, store: TableStore, run: Callable[[Callable[[], None]], None]):
        self.store = store
        self._run = run
        self.changed: Callable[[int], None] = lambda table_id: None
        """Tells this process's screens of a table that the other processes' tabs there changed
        (set by the web app; called on the writer thread)."""
        self._elsewhere: dict[int, Counter] = {}
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._refresher = threading.Thread(target=self._refresh_while_running, daemon=True,
                                           name="scorepad-presence")

    def start(self) -> None:
        self._refresher.start()

    def run(self, work: Callable[[], None]) -> None:
        try:
            self._run(work)
        except RuntimeError:  # the writer is shut down: the server is stopping
            pass

    def stop(self) -> None:
        self._stopped.set()

    def publish(self, table_id: int, counts: Counter) -> None:
        """Tell the other processes how many of this process's tabs are on each board of the
        table (none: the row goes)."""
        players = {str(-1 if player is None else player): count
                   for player, count in counts.items() if count}
        self.run(lambda: self._write(table_id, players))

    def _write(self, table_id: int, players: dict[str, int]) -> None:
        try:
            with self.store._writing() as connection:  # noqa: SLF001 - the store's own rules
                if players:
                    connection.execute(
                        "INSERT INTO presence (origin, table_id, players, seen) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT (origin, table_id) DO UPDATE SET "
                        "players = excluded.players, seen = excluded.seen",
                        (self.store.origin, table_id, json.dumps(players), _now()))
                else:
                    connection.execute("DELETE FROM presence WHERE origin = ? AND table_id = ?",
                                       (self.store.origin, table_id))
                self.store.announce(connection, table_id, "presence")
        except NotSaved as refused:  # the marks are a courtesy: the table goes on without them
            logger.warning("who is at table %s could not be told: %s", table_id, refused)

    def heard(self, table_id: int) -> None:
        """Another process's tabs at the table changed: read them (on the writer thread), and
        tell this process's screens when they differ from what was known."""
        self.run(lambda: self.read(table_id))

    def read(self, table_id: int) -> bool:
        """Read the other processes' tabs at the table; True (the screens told) when they
        changed."""
        since = (datetime.now(timezone.utc) - timedelta(seconds=STALE_SECONDS)).isoformat(
            timespec="microseconds")
        try:
            with self.store._reading() as connection:  # noqa: SLF001
                rows = connection.execute(
                    "SELECT players FROM presence WHERE table_id = ? AND origin <> ? AND "
                    "seen >= ?", (table_id, self.store.origin, since)).fetchall()
        except StoreUnavailable as problem:
            logger.warning("who is at table %s could not be read: %s", table_id, problem)
            return False
        counts: Counter = Counter()
        for (players,) in rows:
            try:
                for player, count in json.loads(players).items():
                    counts[None if int(player) < 0 else int(player)] += int(count)
            except (ValueError, TypeError, AttributeError):
                continue  # a row this version cannot read counts for nobody
        with self._lock:
            before = self._elsewhere.get(table_id, Counter())
            if counts:
                self._elsewhere[table_id] = counts
            else:
                self._elsewhere.pop(table_id, None)
        if counts == before:
            return False
        self.changed(table_id)
        return True

    def elsewhere(self, table_id: int) -> Counter:
        with self._lock:
            return Counter(self._elsewhere.get(table_id, Counter()))

    def tables(self) -> set[int]:
        with self._lock:
            return set(self._elsewhere)

    def _refresh_while_running(self) -> None:
        while not self._stopped.wait(REFRESH_SECONDS):
            self.run(self._refresh)

    def _refresh(self) -> None:
        try:
            with self.store._writing() as connection:  # noqa: SLF001
                connection.execute("UPDATE presence SET seen = ? WHERE origin = ?",
                                   (_now(), self.store.origin))
        except NotSaved as refused:
            logger.warning("the presence marks could not be refreshed: %s", refused)


def withdraw(store: TableStore) -> set[int]:
    """This process's tabs are gone (it is stopping): its rows go, and each table's change is
    announced so the other processes stop showing them at once, not a few minutes later. The
    tables whose rows went; none when the store has no other process to tell (SQLite) or
    cannot be written (the rows then go stale as a killed process's do)."""
    if not store.shared:
        return set()
    try:
        with store._writing() as connection:  # noqa: SLF001 - the store's own rules
            tables = {table_id for (table_id,) in connection.execute(
                "SELECT table_id FROM presence WHERE origin = ?", (store.origin,)).fetchall()}
            connection.execute("DELETE FROM presence WHERE origin = ?", (store.origin,))
            for table_id in sorted(tables):
                store.announce(connection, table_id, "presence")
    except (NotSaved, StoreUnavailable) as refused:
        logger.warning("this process's tabs could not be taken off the tables: %s", refused)
        return set()
    return tables


class Presence:
    def __init__(self, shared: SharedPresence | None = None):
        self._tables: dict[int, dict[object, int | None]] = {}
        self._lock = threading.Lock()
        self.shared = shared
        """The other processes' tabs (None: this process is the store's only one)."""

    def arrive(self, table_id: int, who: object, player: int | None) -> None:
        with self._lock:
            first = table_id not in self._tables
            self._tables.setdefault(table_id, {})[who] = player
            counts = Counter(self._tables[table_id].values())
        if self.shared is not None:
            if first:  # the others' tabs, read once the table is open here
                self.shared.heard(table_id)
            self.shared.publish(table_id, counts)

    def leave(self, table_id: int, who: object) -> None:
        with self._lock:
            present = self._tables.get(table_id, {})
            present.pop(who, None)
            if not present:
                self._tables.pop(table_id, None)
            counts = Counter(present.values())
        if self.shared is not None:
            self.shared.publish(table_id, counts)

    def players(self, table_id: int) -> Counter:
        """How many browser tabs are on each player's board (None: on no board), on this
        process and the others sharing its store."""
        with self._lock:
            here = Counter(self._tables.get(table_id, {}).values())
        return here + self.shared.elsewhere(table_id) if self.shared is not None else here

    def tables(self) -> set[int]:
        """The tables some browser tab shows right now, on any process (the retention's sweep
        skips them)."""
        with self._lock:
            here = set(self._tables)
        return here | self.shared.tables() if self.shared is not None else here

    def forget(self, device: str) -> set[int]:
        """Take every tab of ``device`` (a tab is known by its ``device``) off every table: the
        tables it was at."""
        left: dict[int, Counter] = {}
        with self._lock:
            for table_id, present in list(self._tables.items()):
                for who in [who for who in present if getattr(who, "device", None) == device]:
                    del present[who]
                    left[table_id] = Counter()
                if table_id in left:
                    left[table_id] = Counter(present.values())
                if not present:
                    del self._tables[table_id]
        if self.shared is not None:
            for table_id, counts in left.items():
                self.shared.publish(table_id, counts)
        return set(left)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")
