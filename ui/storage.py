"""Saved tables: one SQLite file, one row per table holding the raw input only.

A row keeps the game, the editor's draft as JSON (what was entered, possibly not yet valid) and the
draft's format version; never a derived point. Every change is committed at once, so a browser
refresh or a server restart finds the table as it was left.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

FORMAT_VERSION = 1
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
    # Which device may see which table (ui/access.py); a device is known by a hash of its token.
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
]

_ADDED_COLUMNS: list[tuple[str, str, str]] = [
    ("tables", "join_code", "TEXT"),
]
"""Columns added after the first release, as (table, column, SQL declaration): an older database
gets them at open; append here, never edit a released entry."""


def _add_column(connection: sqlite3.Connection, table: str, column: str, declaration: str) -> None:
    present = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
    if column not in present:
        connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")


def default_db_path() -> Path:
    """The user's data directory, as each platform names it, then ``scorepad/tables.sqlite3``."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA") or home)
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "scorepad" / "tables.sqlite3"


@dataclass(frozen=True)
class StoredTable:
    id: int
    game: str
    format_version: int
    draft: dict
    created: datetime
    updated: datetime

    @property
    def readable(self) -> bool:
        """False for a table saved by a newer version of the app: shown, never overwritten."""
        return self.format_version <= FORMAT_VERSION


class NewerFormatError(Exception):
    """Refusal to overwrite a table saved in a newer format than this app writes."""


class TableStore:
    def __init__(self, path: str | Path):
        self.path = Path(path).expanduser().resolve()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connection() as connection:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(_SCHEMA)
            for statement in _ACCESS_SCHEMA:
                connection.execute(statement)
            for table, column, declaration in _ADDED_COLUMNS:
                _add_column(connection, table, column, declaration)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        # A connection per operation: handlers run on several threads, and each change must be
        # committed before the handler returns.
        connection = sqlite3.connect(self.path, timeout=30)
        try:
            with connection:
                yield connection
        finally:
            connection.close()

    def create(self, game: str, draft: dict) -> int:
        now = _now()
        with self._connection() as connection:
            cursor = connection.execute(
                "INSERT INTO tables (game, format_version, draft, created, updated) "
                "VALUES (?, ?, ?, ?, ?)",
                (game, FORMAT_VERSION, json.dumps(draft), now, now),
            )
            return int(cursor.lastrowid)

    def save(self, table_id: int, draft: dict) -> None:
        with self._connection() as connection:
            row = connection.execute(
                "SELECT format_version FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            if row is not None and row[0] > FORMAT_VERSION:
                raise NewerFormatError(
                    f"table {table_id} was saved by a newer version of scorepad"
                )
            connection.execute(
                "UPDATE tables SET draft = ?, format_version = ?, updated = ? WHERE id = ?",
                (json.dumps(draft), FORMAT_VERSION, _now(), table_id),
            )

    def get(self, table_id: int) -> StoredTable | None:
        with self._connection() as connection:
            row = connection.execute(
                "SELECT id, game, format_version, draft, created, updated FROM tables "
                "WHERE id = ? AND deleted IS NULL",
                (table_id,),
            ).fetchone()
        return _stored(row) if row else None

    def list(self) -> list[StoredTable]:
        """Tables not deleted, the most recently changed first."""
        with self._connection() as connection:
            rows = connection.execute(
                "SELECT id, game, format_version, draft, created, updated FROM tables "
                "WHERE deleted IS NULL ORDER BY updated DESC, id DESC"
            ).fetchall()
        return [_stored(row) for row in rows]

    def delete(self, table_id: int) -> None:
        """Hide a table; :meth:`restore` brings it back until :meth:`purge_deleted`."""
        with self._connection() as connection:
            connection.execute("UPDATE tables SET deleted = ? WHERE id = ?", (_now(), table_id))

    def restore(self, table_id: int) -> None:
        with self._connection() as connection:
            connection.execute("UPDATE tables SET deleted = NULL WHERE id = ?", (table_id,))

    def purge_deleted(self) -> int:
        """Forget the tables deleted earlier; run at start, when no undo can still ask for them."""
        with self._connection() as connection:
            return connection.execute("DELETE FROM tables WHERE deleted IS NOT NULL").rowcount


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _stored(row: tuple) -> StoredTable:
    table_id, game, version, draft, created, updated = row
    try:
        data = json.loads(draft)
    except json.JSONDecodeError:
        data = {}
    return StoredTable(
        id=table_id,
        game=game,
        format_version=version,
        draft=data if isinstance(data, dict) else {},
        created=datetime.fromisoformat(created),
        updated=datetime.fromisoformat(updated),
    )
