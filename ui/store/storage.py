"""Saved tables: one SQLite file, one row per table holding the raw input only.

A row keeps the game, the editor's draft as JSON (what was entered, possibly not yet valid) and the
draft's format version; never a derived point. Every change is committed at once, so a browser
refresh or a server restart finds the table as it was left.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from ui.store.deck import CardReader, fill_once, join_new
from scorer.files import MAX_TABLE_BYTES
from scorer.language import DEFAULT, Language, language
from scorer.message import Message, msg
from ui.store.file_problems import file_problem, file_problem_message

FORMAT_VERSION = 1
APPLICATION_ID = 0x53435044
"""SQLite's application_id of a scorepad file ("SCPD"): the mark that the file is ours."""
LAYOUT_VERSION = 1
"""SQLite's user_version of a scorepad file: the layout of its tables."""
"""Version of the draft format written by this app; a newer one is shown, never overwritten."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    format_version INTEGER NOT NULL,
    draft TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    deleted TEXT
)
"""


_ACCESS_SCHEMA = [
    # Which device may see which table (ui/store/access.py); a device is known by a hash of its token.
    """CREATE TABLE IF NOT EXISTS grants (
        device TEXT NOT NULL,
        table_id INTEGER NOT NULL,
        role TEXT NOT NULL,
        player INTEGER,
        granted TEXT NOT NULL,
        PRIMARY KEY (device, table_id)
    )""",
    "CREATE TABLE IF NOT EXISTS hosts (device TEXT PRIMARY KEY, since TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    # Photos of a table's parts (ui/store/photos.py): pictures re-encoded without metadata.
    """CREATE TABLE IF NOT EXISTS photos (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uid TEXT NOT NULL UNIQUE,
        table_id INTEGER NOT NULL,
        player TEXT,
        added TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        jpeg BLOB NOT NULL,
        thumbnail BLOB NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS photos_of_table ON photos (table_id)",
]

_ADDED_COLUMNS: list[tuple[str, str, str]] = [
    ("tables", "uid", "TEXT"),
    ("tables", "finished", "TEXT"),
    ("tables", "location", "TEXT NOT NULL DEFAULT ''"),
    ("tables", "note", "TEXT NOT NULL DEFAULT ''"),
    ("tables", "start_player", "INTEGER"),
    ("tables", "join_code", "TEXT"),
    ("photos", "device", "TEXT"),  # the device that uploaded it (ui/store/photos.py: quotas)
]
"""Columns added after the first release, as (table, column, SQL declaration): an older database
gets them at open; append here, never edit a released entry."""


def _add_column(connection: sqlite3.Connection, table: str, column: str, declaration: str) -> None:
    present = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
    if column not in present:
        connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")


def default_db_path() -> Path:
    """The user's data directory, as each platform names it (platformdirs: ``$XDG_DATA_HOME`` or
    ``~/.local/share`` on Linux, ``~/Library/Application Support`` on macOS, ``%LOCALAPPDATA%`` on
    Windows), then ``scorepad/tables.sqlite3``."""
    return platformdirs.user_data_path("scorepad", appauthor=False) / "tables.sqlite3"


def draft_size(draft: dict) -> int:
    """A draft's size in bytes as a table file would hold it."""
    return len(json.dumps(draft, ensure_ascii=False).encode("utf-8"))


@dataclass(frozen=True)
class StoredTable:
    id: int
    game: str
    format_version: int
    draft: dict
    created: datetime
    updated: datetime
    uid: str = ""
    """Stable across databases (a backup imported elsewhere keeps it): merging goes by it."""
    finished: datetime | None = None
    """When the game was played to its end (None while it is in progress)."""
    location: str = ""
    note: str = ""
    start_player: int | None = None
    """The index of the player who started, when it was recorded."""

    @property
    def oversized(self) -> bool:
        """Larger than a table file may be (saved before backups were bounded): listed, never
        scored, so no screen's work on it is unbounded."""
        return draft_size(self.draft) > MAX_TABLE_BYTES

    @property
    def readable(self) -> bool:
        """False for a table saved by a newer version of the app: shown, never overwritten."""
        return self.format_version <= FORMAT_VERSION


class NewerFormatError(Exception):
    """Refusal to overwrite a table saved in a newer format than this app writes."""


class DeletedTableError(Exception):
    """Refusal to save into a deleted table: the edit would go where nobody looks, then be
    emptied away."""


class StoreUnavailable(Exception):
    """The tables file cannot be used; the message says why, names the file and what to do."""


class NoSuchTable(LookupError):
    """An address names a table this device cannot have: deleted, never made, not shared with
    it, or a number no table can have. An ordinary answer, told in words, never a bug."""

    def __init__(self, table_id: int):
        super().__init__(f"no table {table_id}")
        self.table_id = table_id


class NotSaved(Exception):
    """A change the tables file refused (made read-only, full, deleted while the app runs...):
    nothing of it was written. Every write of the file (tables, grants, deck, photos) raises
    this and only this for a failing file; ``str()`` says why in words, naming the file and
    what to do, and :meth:`words` says it for one device."""

    def __init__(self, error: BaseException, path: Path):
        super().__init__(file_problem(error, path))
        self.error = error
        self.path = path

    def words(self, host: bool, words: Language | None = None) -> str:
        """``Not saved: <why> (file <path>): <what to do>``, in ``words`` (English when not
        given); a device other than the host's is told the file's name, not where it is."""
        return (words or language(DEFAULT)).render(self.message(host))

    def message(self, host: bool) -> Message:
        """:meth:`words` as a message, for any language."""
        return msg("ui.file.not_saved", "Not saved: {problem}",
                   problem=file_problem_message(self.error, self.path, host))


JOIN_CODE_BYTES = 12
"""A table's join code: 96 random bits, written in 16 URL-safe characters."""


def new_join_code() -> str:
    return secrets.token_urlsafe(JOIN_CODE_BYTES)


_FIRST_COLUMNS = {"id", "game", "format_version", "draft", "created", "updated", "deleted"}
"""The ``tables`` table of the first release: a file holding it is scorepad's, from before the
mark."""


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
        return not names or _FIRST_COLUMNS <= columns
    finally:
        connection.close()


class TableStore:
    def __init__(self, path: str | Path, deck_cards: CardReader | None = None):
        """``deck_cards`` reads the cards a draft describes (the app's games say:
        ``ui.games.registry.app_store`` gives their reader): every draft written joins its new
        cards to the group's deck (ui/store/deck.py). Without it the store reads none."""
        self.path = Path(path).expanduser().resolve()
        self.deck_cards = deck_cards
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not _ours(self.path):
                raise StoreUnavailable(
                    f"the file is not a scorepad database (file {self.path}): it holds another "
                    "program's data and was left as it is; choose the right file, or start with "
                    "another")
            with self._connection(create=True) as connection:
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {LAYOUT_VERSION}")
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute(_SCHEMA)
                for statement in _ACCESS_SCHEMA:
                    connection.execute(statement)
                for table, column, declaration in _ADDED_COLUMNS:
                    _add_column(connection, table, column, declaration)
                connection.execute("CREATE INDEX IF NOT EXISTS photos_of_device ON photos "
                                   "(device)")  # after its column, which an older file gains
                _give_uids(connection)
                _give_join_codes(connection)
                fill_once(connection, deck_cards)
                # A damaged file can still open; find out now rather than at the first edit.
                damage = connection.execute("PRAGMA quick_check").fetchone()[0]
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
        self._keeper.close()

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A connection for reads only. A file deleted while the app runs is read on from the
        connection the store holds open (SQLite still has it), one read at a time: every screen
        still shows what was saved, while every change is refused in words (``NotSaved``: "the
        file is no longer there")."""
        if self.path.exists():
            with self._connection() as connection:
                yield connection
            return
        with self._keeper_lock:
            yield self._keeper

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A connection for a change, committed when the block ends. A file that refuses it
        raises :class:`NotSaved`, the change rolled back; every writer of the file goes
        through here, so a screen has one exception to tell."""
        try:
            with self._connection() as connection:
                yield connection
        except (sqlite3.IntegrityError, sqlite3.ProgrammingError):
            raise  # a defect of the app, not of the file
        except (sqlite3.DatabaseError, OSError) as error:
            raise NotSaved(error, self.path) from error

    @contextmanager
    def _connection(self, create: bool = False) -> Iterator[sqlite3.Connection]:
        # A connection per operation: handlers run on several threads, and each change must be
        # committed before the handler returns. Only opening the store may create the file: one
        # that vanished later is an error to tell, not an empty database to fill.
        connection = sqlite3.connect(f"{self.path.as_uri()}?mode={'rwc' if create else 'rw'}",
                                     uri=True, timeout=30)
        try:
            with connection:
                yield connection
        finally:
            connection.close()

    def create(self, game: str, draft: dict, creator: str | None = None) -> int:
        """A new table; its id. ``creator``: the device that made it, granted the table in the
        same transaction (a table is never saved without its maker's right to open it)."""
        now = _now()
        with self._writing() as connection:
            cursor = connection.execute(
                "INSERT INTO tables (game, format_version, draft, created, updated, uid, "
                "join_code) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, FORMAT_VERSION, json.dumps(draft), now, now, str(uuid.uuid4()),
                 new_join_code()),
            )
            join_new(connection, self.deck_cards, game, draft)
            table_id = int(cursor.lastrowid)
            _grant_creator(connection, creator, table_id)
            return table_id

    def save(self, table_id: int, draft: dict) -> None:
        with self._writing() as connection:
            row = connection.execute(
                "SELECT format_version, game, draft FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            if row is not None and row[0] > FORMAT_VERSION:
                raise NewerFormatError(
                    f"table {table_id} was saved by a newer version of scorepad"
                )
            saved = connection.execute(
                "UPDATE tables SET draft = ?, format_version = ?, updated = ? "
                "WHERE id = ? AND deleted IS NULL",
                (json.dumps(draft), FORMAT_VERSION, _now(), table_id),
            ).rowcount
            if row is not None and not saved:
                raise DeletedTableError(f"table {table_id} was deleted")
            if saved:
                join_new(connection, self.deck_cards, row[1], draft, _draft_of(row[2]))

    def get(self, table_id: int) -> StoredTable | None:
        with self._reading() as connection:
            row = connection.execute(
                f"SELECT {_COLUMNS} FROM tables WHERE id = ? AND deleted IS NULL",
                (table_id,),
            ).fetchone()
        return _stored(row) if row else None

    def list(self) -> list[StoredTable]:
        """Tables not deleted, the most recently changed first."""
        return self._tables("deleted IS NULL ORDER BY updated DESC, id DESC")

    def list_deleted(self) -> list[StoredTable]:
        """Tables deleted and not yet emptied away, the most recently deleted first."""
        return self._tables("deleted IS NOT NULL ORDER BY deleted DESC, id DESC")

    def _tables(self, condition: str) -> list[StoredTable]:
        with self._reading() as connection:
            rows = connection.execute(
                f"SELECT {_COLUMNS} FROM tables WHERE {condition}"
            ).fetchall()
        return [_stored(row) for row in rows]

    def delete(self, table_id: int) -> None:
        """Hide a table; :meth:`restore` brings it back until :meth:`purge_deleted`."""
        with self._writing() as connection:
            connection.execute("UPDATE tables SET deleted = ? WHERE id = ?", (_now(), table_id))

    def restore(self, table_id: int) -> None:
        with self._writing() as connection:
            connection.execute("UPDATE tables SET deleted = NULL WHERE id = ?", (table_id,))

    def purge_deleted(self, table_ids: Iterable[int]) -> int:
        """Forget for good those of ``table_ids`` that are deleted (the user emptied them), with
        their photos."""
        with self._writing() as connection:
            purged = connection.executemany(
                "DELETE FROM tables WHERE id = ? AND deleted IS NOT NULL",
                [(table_id,) for table_id in table_ids],
            ).rowcount
            connection.execute("DELETE FROM photos WHERE table_id NOT IN (SELECT id FROM tables)")
            return purged

    def finish(self, table_id: int, when: datetime, location: str = "", note: str = "",
               start_player: int | None = None) -> None:
        """Mark a table finished (or change how it finished): ``when`` is when it was played."""
        if when.tzinfo is None:  # the time of this computer
            when = when.astimezone()
        with self._writing() as connection:
            connection.execute(
                "UPDATE tables SET finished = ?, location = ?, note = ?, start_player = ?, "
                "updated = ? WHERE id = ?",
                (when.isoformat(timespec="seconds"), location, note, start_player, _now(),
                 table_id),
            )

    def reopen(self, table_id: int) -> None:
        """Back to the tables in progress; the location, note and who started are kept."""
        with self._writing() as connection:
            connection.execute("UPDATE tables SET finished = NULL, updated = ? WHERE id = ?",
                               (_now(), table_id))

    def merge(self, table: StoredTable,
              may_open: Callable[[int], bool] = lambda table_id: True,
              creator: str | None = None) -> int | None:
        """Add a table from a backup unless a table with its uid is here already (then None);
        a deleted one comes back as the backup has it. Returns the new table's id; the
        ``creator`` device is granted it in the same transaction (as in :meth:`create`).

        ``may_open`` is the importing device's right to a table already here: a table with the
        uid that the device may not open is left untouched, and the backup's becomes a new
        table with a new uid, so a backup never reaches a table its device cannot see."""
        uid = table.uid
        with self._writing() as connection:
            row = connection.execute("SELECT id, deleted FROM tables WHERE uid = ?",
                                     (uid,)).fetchone()
            if row is not None and not may_open(int(row[0])):
                row, uid = None, str(uuid.uuid4())
            if row is not None and row[1] is None:
                return None
            values = (table.game, table.format_version, json.dumps(table.draft),
                      table.created.isoformat(), table.updated.isoformat(),
                      table.finished.isoformat() if table.finished else None,
                      table.location, table.note, table.start_player)
            if row is not None:
                connection.execute(
                    "UPDATE tables SET game = ?, format_version = ?, draft = ?, created = ?, "
                    "updated = ?, finished = ?, location = ?, note = ?, start_player = ?, "
                    "deleted = NULL WHERE id = ?", (*values, row[0]))
                table_id = int(row[0])
            else:
                table_id = int(connection.execute(
                    "INSERT INTO tables (game, format_version, draft, created, updated, "
                    "finished, location, note, start_player, uid, join_code) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*values, uid, new_join_code())).lastrowid)
            join_new(connection, self.deck_cards, table.game, table.draft)
            _grant_creator(connection, creator, table_id)
            return table_id


_COLUMNS = ("id, game, format_version, draft, created, updated, uid, finished, location, note, "
            "start_player")


def _give_uids(connection: sqlite3.Connection) -> None:
    """Tables saved before uids existed get one, once."""
    for (table_id,) in connection.execute("SELECT id FROM tables WHERE uid IS NULL").fetchall():
        connection.execute("UPDATE tables SET uid = ? WHERE id = ?", (str(uuid.uuid4()), table_id))
    connection.execute("CREATE UNIQUE INDEX IF NOT EXISTS tables_uid ON tables (uid)")


def _give_join_codes(connection: sqlite3.Connection) -> None:
    """Tables saved before every table had a join code get one, once: reading a code (the
    Invite dialog) then never writes."""
    for (table_id,) in connection.execute(
            "SELECT id FROM tables WHERE join_code IS NULL").fetchall():
        connection.execute("UPDATE tables SET join_code = ? WHERE id = ?",
                           (new_join_code(), table_id))


def grant(connection: sqlite3.Connection, device: str, table_id: int, role: str,
          player: int | None = None) -> None:
    """Let ``device`` open the table (see ``ui.store.access``), within the caller's transaction."""
    connection.execute(
        "INSERT OR REPLACE INTO grants (device, table_id, role, player, granted) "
        "VALUES (?, ?, ?, ?, ?)", (device, table_id, role, player, _now()))


def _grant_creator(connection: sqlite3.Connection, creator: str | None, table_id: int) -> None:
    if creator is not None:
        grant(connection, creator, table_id, "creator")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _draft_of(text: str) -> dict:
    """A stored draft; a damaged one reads as empty (shown, never scored from garbage)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return {}
    return data if isinstance(data, dict) else {}


def _stored(row: tuple) -> StoredTable:
    table_id, game, version, draft, created, updated, uid, finished, location, note, start = row
    return StoredTable(
        id=table_id,
        game=game,
        format_version=version,
        draft=_draft_of(draft),
        created=datetime.fromisoformat(created),
        updated=datetime.fromisoformat(updated),
        uid=uid,
        finished=datetime.fromisoformat(finished) if finished else None,
        location=location,
        note=note,
        start_player=start,
    )
