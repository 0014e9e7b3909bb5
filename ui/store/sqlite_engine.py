"""The embedded engine, the default: one SQLite file, a connection kept per thread.

The file carries scorepad's mark (``application_id``) and is read without writing a byte before
it is known to be ours; it runs in WAL mode, and a connection held open for the store's life
keeps every screen reading what was saved when the file is deleted while the app runs (each
change then refused in words).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ui.store.engine import Connection, Dialect, NotSaved, StoreUnavailable
from ui.store.file_problems import file_problem
from ui.store.schema import FIRST_COLUMNS, SCHEMA_VERSION, ForeignTables

APPLICATION_ID = 0x53435044
"""SQLite's application_id of a scorepad file ("SCPD"): the mark that the file is ours."""
LAYOUT_VERSION = SCHEMA_VERSION
"""SQLite's user_version of a scorepad file: its schema's version (``ui.store.schema``), readable
without opening a table."""


KEPT_CACHE_KIB = 256
"""The pages a kept connection keeps in memory (KiB; SQLite's default is 2 MiB): a connection
per thread of the server (a score of them on a large machine) stays a few MB in all, and a
connection per operation, as before, kept none."""


class SqliteDialect(Dialect):
    name = "sqlite"

    def columns(self, connection: Connection, table: str) -> set[str]:
        return {row[1] for row in connection.execute(f"PRAGMA table_info({table})").fetchall()}


SQLITE = SqliteDialect()


def _ours(path: Path) -> bool:
    """Whether scorepad may write ``path``: it is missing or empty, it carries the mark, or it
    is an unmarked file from an earlier scorepad. Read without writing a byte (SQLite's
    immutable mode: no lock, no journal, no WAL index), so a file that is not ours is left
    exactly as it was."""
    if not path.exists() or path.stat().st_size == 0:
        return True
    connection = sqlite3.connect(f"{path.as_uri()}?immutable=1", uri=True)
    try:
        mark = connection.execute("PRAGMA application_id").fetchone()[0]
        if mark != 0:
            return mark == APPLICATION_ID
        names = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = {row[1] for row in connection.execute("PRAGMA table_info(tables)")}
        return not names or FIRST_COLUMNS <= columns
    finally:
        connection.close()


class SqliteEngine:
    dialect = SQLITE
    shared = False
    """A file is served by one process (``ui.store.announcements``)."""

    def __init__(self, path: str | Path):
        self.path = Path(path).expanduser().resolve()
        self.where = str(self.path)
        self.exports_folder = self.path.parent / "exports"
        self._kept = threading.local()
        self._all_kept: weakref.WeakSet[KeptConnection] = weakref.WeakSet()

    def _not_ours(self) -> StoreUnavailable:
        return StoreUnavailable(
            f"the file is not a scorepad database (file {self.path}): it holds another "
            "program's data and was left as it is; choose the right file, or start with "
            "another")

    def open(self, prepare: Callable[[Connection], None]) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not _ours(self.path):
                raise self._not_ours()
            with self._connection(create=True) as connection:
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute("PRAGMA journal_mode=WAL")
                # One transaction for the migrations, taken before reading the version: a second
                # process opening the file waits, then finds nothing left to do.
                connection.execute("BEGIN IMMEDIATE")
                prepare(Connection(connection, SQLITE))
                connection.execute(f"PRAGMA user_version = {LAYOUT_VERSION}")
                connection.commit()
                # A damaged file can still open; find out now rather than at the first edit.
                damage = connection.execute("PRAGMA quick_check").fetchone()[0]
        except ForeignTables:
            raise self._not_ours() from None
        except (sqlite3.Error, OSError) as error:
            raise StoreUnavailable(file_problem(error, self.path)) from error
        if damage != "ok":
            raise StoreUnavailable(f"the file is damaged (file {self.path}): restore it from a "
                                   "backup, or start with another file")
        # Held open, idle, for the store's life: SQLite keeps the WAL and its index beside the file
        # while a connection is open, so a read creates nothing and still works when the file or
        # its folder stops being writable (the edits are then kept and the refusal told).
        self._keeper = sqlite3.connect(f"{self.path.as_uri()}?mode=rw", uri=True,
                                       check_same_thread=False)
        self._keeper.execute("SELECT count(*) FROM tables").fetchone()  # opens the WAL index
        self._keeper_lock = threading.Lock()

    def close(self) -> None:
        """Let go of the file (its WAL is written into it): the store is not used after."""
        for kept in list(self._all_kept):
            kept.connection.close()
            kept.identity = None  # a use after this opens a new connection
        self._keeper.close()

    def announce(self, connection: Connection, text: str) -> None:
        """Nothing: a SQLite file is served by one process, which has no other to tell
        (``ui.store.announcements``)."""

    def listen(self, heard: Callable[[str | None], None]) -> Callable[[], None]:
        """Nothing is ever heard (see :meth:`announce`); the stop does nothing."""
        return lambda: None

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A connection for reads only. A file deleted while the app runs is read on from the
        connection the store holds open (SQLite still has it), one read at a time: every screen
        still shows what was saved, while every change is refused in words (``NotSaved``: "the
        file is no longer there"). A read that fails raises :class:`StoreUnavailable`."""
        try:
            if self.path.exists():
                with self._connection() as connection:
                    yield Connection(connection, SQLITE)
                return
            with self._keeper_lock:
                yield Connection(self._keeper, SQLITE)
        except (sqlite3.IntegrityError, sqlite3.ProgrammingError):
            raise  # a defect of the app, not of the file
        except (sqlite3.DatabaseError, OSError) as error:
            raise StoreUnavailable(file_problem(error, self.path)) from error

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """A connection for a change, committed when the block ends. A file that refuses it
        raises :class:`NotSaved`, the change rolled back."""
        try:
            with self._connection() as connection:
                yield Connection(connection, SQLITE)
        except (sqlite3.IntegrityError, sqlite3.ProgrammingError):
            raise  # a defect of the app, not of the file
        except (sqlite3.DatabaseError, OSError) as error:
            raise NotSaved(error, self.path) from error

    @contextmanager
    def _connection(self, create: bool = False) -> Iterator[sqlite3.Connection]:
        # Each change is committed before the handler returns (``with connection``). Only opening
        # the store may create the file: one that vanished later is an error to tell, not an
        # empty database to fill.
        kept = None if create else self._thread_connection()
        if kept is None:
            # Opening the store, or a file gone or not writable just now: a connection for this
            # operation alone, refused (or reading only) as SQLite refuses it; never kept, so a
            # connection that could only read does not outlive the file's coming back.
            connection = sqlite3.connect(f"{self.path.as_uri()}?mode={'rwc' if create else 'rw'}",
                                         uri=True, timeout=30)
            try:
                with connection:
                    yield connection
            finally:
                connection.close()
            return
        try:
            with kept:
                yield kept
        except sqlite3.DatabaseError:
            self._let_go()  # the next operation starts from a new connection, as the first did
            raise

    def _thread_connection(self) -> sqlite3.Connection | None:
        """This thread's connection to the file, opened at its first operation and kept: opening
        one (the file's header, its WAL index, its schema read again) was nine tenths of what
        reading the deck cost, a third of a save, and an edit did both. Handlers run on several
        threads: each has its own, closed when the thread ends. None while the file is gone or
        may not be written; a file replaced since gets a new connection."""
        try:
            found = os.stat(self.path)
            identity = (found.st_dev, found.st_ino)
        except OSError:
            identity = None
        kept: KeptConnection | None = getattr(self._kept, "kept", None)
        if identity is None or not os.access(self.path, os.W_OK):
            self._let_go()
            return None
        if kept is not None and kept.identity != identity:
            self._let_go()
            kept = None
        if kept is None:
            connection = sqlite3.connect(f"{self.path.as_uri()}?mode=rw", uri=True, timeout=30,
                                         check_same_thread=False)  # close() may be on any thread
            connection.execute(f"PRAGMA cache_size = -{KEPT_CACHE_KIB}")
            kept = KeptConnection(connection, identity)
            self._kept.kept = kept
            self._all_kept.add(kept)
        return kept.connection

    def _let_go(self) -> None:
        """Close this thread's kept connection, if any."""
        kept = getattr(self._kept, "kept", None)
        self._kept.kept = None
        if kept is not None:
            self._all_kept.discard(kept)
            kept.connection.close()


class KeptConnection:
    """A thread's connection to the file and which file it opened (device, inode). The thread's
    local storage holds it: when the thread ends it goes, and its connection is closed."""

    __slots__ = ("connection", "identity", "__weakref__")

    def __init__(self, connection: sqlite3.Connection, identity: tuple[int, int] | None):
        self.connection = connection
        self.identity = identity
