"""Saved tables: one row per table holding the raw input only, in a SQLite file (the default) or a
PostgreSQL database.

A row keeps the game, the editor's draft as JSON (what was entered, possibly not yet valid) and the
draft's format version; never a derived point. Every change is committed at once, so a browser
refresh or a server restart finds the table as it was left.

The store is one interface over two engines, chosen from the address by :func:`open_engine`: a
path is a SQLite file (``ui.store.sqlite_engine``), a ``postgresql://`` address a database
(``ui.store.postgres_engine``); the SQL is written once (``ui.store.engine``), the schema's history
is one list of migrations (``ui.store.schema``).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from ui.store.announcements import Announcement, Kind, new_origin
from ui.store.deck import CardReader, fill_once, join_new
from scorer.files import MAX_TABLE_BYTES
from ui.store.engine import Connection, Engine, NotSaved, StoreUnavailable
from ui.store.schema import JOIN_CODE_BYTES, migrate, new_join_code
from ui.store.sqlite_engine import APPLICATION_ID, LAYOUT_VERSION, SqliteEngine

__all__ = ["APPLICATION_ID", "JOIN_CODE_BYTES", "LAYOUT_VERSION", "NotSaved", "StoreUnavailable",
           "TableStore", "new_join_code", "open_engine"]

FORMAT_VERSION = 1
"""Version of the draft format written by this app; a newer one is shown, never overwritten."""

SERVER_SCHEMES = ("postgresql", "postgres")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]+):(/+)")
"""An address's scheme, as URLs write it (``postgresql://``; ``postgresql:/`` is one mistyped):
a path never starts so (a Windows drive, ``C:\\`` or ``C:/``, has one letter)."""


def open_engine(address: str | Path) -> Engine:
    """The engine an address names: a path is a SQLite file; ``postgresql://`` (or
    ``postgres://``) a PostgreSQL database. Any other ``scheme://`` is refused in words
    (:class:`StoreUnavailable`): an address that is not a path never becomes a file."""
    if isinstance(address, str):
        scheme = _SCHEME.match(address.strip())
        if scheme is not None:
            if scheme[2] == "/":
                raise StoreUnavailable(
                    f"{scheme[1]}:{scheme[2]}… is neither a file's path nor an address: a "
                    "database's address starts postgresql:// (two slashes)")
            if scheme[1].lower() in SERVER_SCHEMES:
                from ui.store.postgres_engine import PostgresEngine  # psycopg only when asked

                return PostgresEngine(address.strip())
            raise StoreUnavailable(
                f"{scheme[1]}:// is not a place scorepad keeps tables: --db takes a file's path "
                "(SQLite) or a postgresql:// address")
    return SqliteEngine(address)


def is_server_address(address: str | Path) -> bool:
    """Whether ``address`` names a database server rather than a file."""
    return isinstance(address, str) and _SCHEME.match(address.strip()) is not None


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
    opened: datetime | None = None
    """When a device last opened it (at most an hour behind: ``ui.store.retention``); None for
    a table that did not come from the store (a backup's)."""
    revision: int = 0
    """How many times its draft was saved: a save names the revision it was made from
    (:meth:`TableStore.save`)."""

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


class StaleRevision(Exception):
    """A save made from a revision that is no longer the table's newest: another process saved
    the table meanwhile. Nothing was written; the saver reads the newest revision, makes its
    edits again on it, and saves that (``ui.live.session``)."""

    def __init__(self, table_id: int, base: int):
        super().__init__(f"table {table_id} changed after revision {base}")
        self.table_id = table_id
        self.base = base


class NoSuchTable(LookupError):
    """An address names a table this device cannot have: deleted, never made, not shared with
    it, or a number no table can have. An ordinary answer, told in words, never a bug."""

    def __init__(self, table_id: int):
        super().__init__(f"no table {table_id}")
        self.table_id = table_id


class TableStore:
    def __init__(self, address: str | Path, deck_cards: CardReader | None = None):
        """The tables at ``address``: a SQLite file's path, or a ``postgresql://`` address
        (:func:`open_engine`); opened, migrated to this app's schema, ready. ``deck_cards``
        reads the cards a draft describes (the app's games say: ``ui.games.registry.app_store``
        gives their reader): every draft written joins its new cards to the group's deck
        (ui/store/deck.py). Without it the store reads none."""
        self.address = address
        self.engine = open_engine(address)
        self.deck_cards = deck_cards
        self.origin = new_origin()
        """This store's own announcements are known by it (``ui.store.announcements``)."""

        def prepare(connection: Connection) -> None:
            migrate(connection)
            fill_once(connection, deck_cards)

        self.engine.open(prepare)

    @property
    def path(self) -> Path | None:
        """The SQLite file (None for a database server)."""
        return self.engine.path

    @property
    def shared(self) -> bool:
        """Whether other processes may serve this store too (a database server's), so that what
        one process keeps in memory (who is at a table) is told to the others."""
        return self.engine.shared

    @property
    def where(self) -> str:
        """Where the tables are saved, for the host to read (a file's path, or a server and
        its database: never a password)."""
        return self.engine.where

    @property
    def exports_folder(self) -> Path:
        """Where the app saves the files it hands out: beside a SQLite file, else in the user's
        data directory."""
        return self.engine.exports_folder

    def close(self) -> None:
        """Let go of the file or the server's connections: the store is not used after."""
        self.engine.close()

    def announce(self, connection: Connection, table_id: int, kind: Kind, revision: int = 0,
                 **details) -> None:
        """Tell the other processes of this store that the table changed, once ``connection``'s
        transaction commits (``ui.store.announcements``)."""
        self.engine.announce(connection, Announcement(table_id, kind, revision, self.origin,
                                                      details).encoded())

    def watch(self, heard: Callable[[Announcement | None], None]) -> Callable[[], None]:
        """Call ``heard`` (on a thread of the store's) with each change another process of this
        store announces, and with None when some may have been missed (every open table must be
        read again); returns the stop. A SQLite file's store hears nothing: one process serves
        it."""
        def taken(text: str | None) -> None:
            if text is None:
                heard(None)
                return
            announcement = Announcement.decoded(text)
            if announcement is not None and announcement.origin != self.origin:
                heard(announcement)

        return self.engine.listen(taken)

    def _reading(self):
        """A connection for reads only (one operation); a read that fails raises
        :class:`StoreUnavailable`."""
        return self.engine.reading()

    def _writing(self):
        """A connection for a change, committed when the block ends. A store that refuses it
        raises :class:`NotSaved`, the change rolled back; every writer goes through here, so a
        screen has one exception to tell."""
        return self.engine.writing()

    def create(self, game: str, draft: dict, creator: str | None = None) -> int:
        """A new table; its id. ``creator``: the device that made it, granted the table in the
        same transaction (a table is never saved without its maker's right to open it)."""
        now = _now()
        with self._writing() as connection:
            table_id = int(connection.execute(
                "INSERT INTO tables (game, format_version, draft, created, updated, uid, "
                "join_code, opened) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (game, FORMAT_VERSION, json.dumps(draft), now, now, str(uuid.uuid4()),
                 new_join_code(), now),
            ).fetchone()[0])
            join_new(connection, self.deck_cards, game, draft)
            _grant_creator(connection, creator, table_id)
            return table_id

    def save(self, table_id: int, draft: dict, base: int | None = None,
             **details) -> int:
        """Save the table's draft; its new revision (0: no such table). ``base``: the revision
        the draft was made from; when the table has a newer one (another process saved it
        meanwhile) nothing is written and :class:`StaleRevision` is raised (a compare-and-set:
        no save ever silently overwrites another's). None saves over whatever is there.
        ``details`` go with the announcement to the other processes (the steps, who made
        them)."""
        with self._writing() as connection:
            row = connection.execute(
                "SELECT format_version, game, draft, revision, deleted FROM tables WHERE id = ?",
                (table_id,)).fetchone()
            if row is None:
                return 0
            if row[0] > FORMAT_VERSION:
                raise NewerFormatError(
                    f"table {table_id} was saved by a newer version of scorepad"
                )
            if row[4] is not None:
                raise DeletedTableError(f"table {table_id} was deleted")
            if base is not None and row[3] != base:
                raise StaleRevision(table_id, base)
            # The revision compared again in the write: two processes that read the same one
            # never both write (the second changes no row, and is refused as stale).
            saved = connection.execute(
                "UPDATE tables SET draft = ?, format_version = ?, updated = ?, "
                "revision = revision + 1 WHERE id = ? AND deleted IS NULL AND revision = ?",
                (json.dumps(draft), FORMAT_VERSION, _now(), table_id, row[3]),
            ).rowcount
            if not saved:
                raise StaleRevision(table_id, row[3] if base is None else base)
            join_new(connection, self.deck_cards, row[1], draft, _draft_of(row[2]))
            self.announce(connection, table_id, "draft", row[3] + 1, **details)
            return row[3] + 1

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

    def delete(self, table_id: int, **details) -> None:
        """Hide a table; :meth:`restore` brings it back until :meth:`purge_deleted`.
        ``details`` go to the other processes (who deleted it: ``by``)."""
        with self._writing() as connection:
            connection.execute("UPDATE tables SET deleted = ? WHERE id = ?", (_now(), table_id))
            self.announce(connection, table_id, "deleted", **details)

    def restore(self, table_id: int) -> None:
        """Bring a deleted table back; it counts as opened (its retention starts again)."""
        with self._writing() as connection:
            connection.execute("UPDATE tables SET deleted = NULL, opened = ? WHERE id = ?",
                               (_now(), table_id))
            self.announce(connection, table_id, "restored")

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
            self.announce(connection, table_id, "finished")

    def reopen(self, table_id: int) -> None:
        """Back to the tables in progress; the location, note and who started are kept."""
        with self._writing() as connection:
            connection.execute("UPDATE tables SET finished = NULL, updated = ? WHERE id = ?",
                               (_now(), table_id))
            self.announce(connection, table_id, "finished")

    def merge(self, table: StoredTable,
              may_open: Callable[[int], bool] = lambda table_id: True,
              creator: str | None = None) -> int | None:
        """Add a table from a backup unless a table with its uid is here already (then None);
        a deleted one comes back as the backup has it. Either counts as opened now (the
        retention of a table brought back from a backup starts again). Returns the new table's id; the
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
                    "deleted = NULL, opened = ?, revision = revision + 1 WHERE id = ?",
                    (*values, _now(), row[0]))
                table_id = int(row[0])
            else:
                table_id = int(connection.execute(
                    "INSERT INTO tables (game, format_version, draft, created, updated, "
                    "finished, location, note, start_player, uid, join_code, opened) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (*values, uid, new_join_code(), _now())).fetchone()[0])
            join_new(connection, self.deck_cards, table.game, table.draft)
            _grant_creator(connection, creator, table_id)
            return table_id


_COLUMNS = ("id, game, format_version, draft, created, updated, uid, finished, location, note, "
            "start_player, opened, revision")


def grant(connection: Connection, device: str, table_id: int, role: str,
          player: int | None = None) -> None:
    """Let ``device`` open the table (see ``ui.store.access``), within the caller's transaction;
    a grant it had is replaced."""
    connection.execute(
        "INSERT INTO grants (device, table_id, role, player, granted) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (device, table_id) DO UPDATE SET role = excluded.role, "
        "player = excluded.player, granted = excluded.granted",
        (device, table_id, role, player, _now()))


def _grant_creator(connection: Connection, creator: str | None, table_id: int) -> None:
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
    (table_id, game, version, draft, created, updated, uid, finished, location, note, start,
     opened, revision) = row
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
        opened=datetime.fromisoformat(opened) if opened else None,
        revision=revision or 0,
    )
