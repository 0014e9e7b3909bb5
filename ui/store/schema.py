"""The tables' schema and its history: one ordered list of migrations for every engine.

A store records each migration it has run in ``schema_version`` (its number and when). At open,
the engine runs :func:`migrate` in one transaction that no other process opening the same store
runs at the same time (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: an advisory lock), so a store is
always at one version, and two servers starting together never both migrate.

Migration 1 is every layout before migrations were recorded: it is written to bring any of them
(an empty database, the first release's ``tables`` alone, a file of a later release with its
columns, uids, join codes, photos and deck) to the layout of issue 33, and is safe to run on each.
Every later migration is a step from the one before: append one, never edit a released one. The
SQL is written once; ``{row_number}``, ``{bytes}`` and ``{insertion_column}`` are said by each
engine's dialect (``ui.store.engine.Dialect``).
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable
from datetime import datetime, timezone

from ui.store.deck import DECK_SCHEMA
from ui.store.engine import Connection

JOIN_CODE_BYTES = 12
"""A table's join code: 96 random bits, written in 16 URL-safe characters."""


FLET_SECRET = "flet_secret_key"
"""The name, in ``settings``, of the secret that signs upload URLs (Flet's ``secret_key``)."""
FLET_SECRET_BYTES = 32


def new_join_code() -> str:
    return secrets.token_urlsafe(JOIN_CODE_BYTES)


FIRST_COLUMNS = {"id", "game", "format_version", "draft", "created", "updated", "deleted"}
"""The ``tables`` table of the first release: a database holding it is scorepad's, from before
the mark."""

_TABLES = """
CREATE TABLE IF NOT EXISTS tables (
    id {row_number},
    game TEXT NOT NULL,
    format_version INTEGER NOT NULL,
    draft TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    deleted TEXT
)
"""

_ACCESS_AND_PHOTOS = [
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
        id {row_number},
        uid TEXT NOT NULL UNIQUE,
        table_id INTEGER NOT NULL,
        player TEXT,
        added TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        jpeg {bytes} NOT NULL,
        thumbnail {bytes} NOT NULL
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
"""Columns added between the first release and the migrations, as (table, column, SQL
declaration): a file of any release before gets those it lacks."""


def _layouts_before_migrations(connection: Connection) -> None:
    """Migration 1: any layout before migrations were recorded, brought to issue 33's."""
    dialect = connection.dialect
    connection.execute(dialect.declare(_TABLES))
    for statement in _ACCESS_AND_PHOTOS:
        connection.execute(dialect.declare(statement))
    for table, column, declaration in _ADDED_COLUMNS:
        dialect.add_column(connection, table, column, declaration)
    # After its column, which an older file gains above.
    connection.execute("CREATE INDEX IF NOT EXISTS photos_of_device ON photos (device)")
    # Tables saved before uids existed get one; before every table had a join code, one too
    # (reading a code, the Invite dialog, then never writes).
    for (table_id,) in connection.execute("SELECT id FROM tables WHERE uid IS NULL").fetchall():
        connection.execute("UPDATE tables SET uid = ? WHERE id = ?", (str(uuid.uuid4()), table_id))
    connection.execute("CREATE UNIQUE INDEX IF NOT EXISTS tables_uid ON tables (uid)")
    for (table_id,) in connection.execute(
            "SELECT id FROM tables WHERE join_code IS NULL").fetchall():
        connection.execute("UPDATE tables SET join_code = ? WHERE id = ?",
                           (new_join_code(), table_id))
    connection.execute(dialect.declare(DECK_SCHEMA))


def opened_stamp(moment: datetime) -> str:
    """How ``tables.opened`` is written: UTC, to the microsecond, always the same length, so
    that SQL compares two of them as text on every engine (``updated`` of a table merged from a
    backup keeps the backup's offset, and cannot be compared so)."""
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


def _table_opened(connection: Connection) -> None:
    """Migration 2: ``tables.opened``, when a device last opened the table (the public mode's
    retention, ui/store/retention.py), first its last change: a table kept since before starts
    its retention from then, not from the upgrade (and a public server's first start gives it
    its whole period anyway: ``Retention.begin``). With two indexes for the sweep: the tables
    by ``opened``, the grants by table."""
    connection.dialect.add_column(connection, "tables", "opened", "TEXT")
    for table_id, updated in connection.execute(
            "SELECT id, updated FROM tables WHERE opened IS NULL").fetchall():
        try:
            since = datetime.fromisoformat(updated)
        except (TypeError, ValueError):  # a damaged date: its retention starts now
            since = datetime.now(timezone.utc)
        if since.tzinfo is None:  # written by this computer's clock
            since = since.astimezone()
        connection.execute("UPDATE tables SET opened = ? WHERE id = ?",
                           (opened_stamp(since), table_id))
    # The hourly sweep looks for the tables opened before a date: an index, not a scan of all.
    connection.execute("CREATE INDEX IF NOT EXISTS tables_opened ON tables (opened)")
    # A table deleted for good takes its grants along: found by the table, not by a scan.
    connection.execute("CREATE INDEX IF NOT EXISTS grants_of_table ON grants (table_id)")


def _table_revision(connection: Connection) -> None:
    """Migration 3: one table across processes (issue 34). ``tables.revision`` counts the saves
    of a table's draft, so that a save made from an older revision is told apart from one made
    from the newest (``TableStore.save``'s compare-and-set); ``presence`` holds how many tabs
    each process has at each table."""
    connection.dialect.add_column(connection, "tables", "revision",
                                  "INTEGER NOT NULL DEFAULT 0")
    # How many browser tabs each process has on each board of a table (ui/store/presence.py).
    connection.execute("CREATE TABLE IF NOT EXISTS presence (origin TEXT NOT NULL, "
                       "table_id INTEGER NOT NULL, players TEXT NOT NULL, seen TEXT NOT NULL, "
                       "PRIMARY KEY (origin, table_id))")


_TICKETS = [
    """CREATE TABLE IF NOT EXISTS tickets (
        kind TEXT NOT NULL,
        ticket TEXT NOT NULL,
        owner TEXT NOT NULL,
        payload TEXT NOT NULL,
        made BIGINT NOT NULL,
        expires BIGINT NOT NULL,
        PRIMARY KEY (kind, ticket)
    )""",
    "CREATE INDEX IF NOT EXISTS tickets_expires ON tickets (expires)",
    "CREATE INDEX IF NOT EXISTS tickets_of_owner ON tickets (kind, owner, made)",
]


def _tickets(connection: Connection) -> None:
    """Migration 4: ``tickets``, the short-lived tickets every process serving the store may
    take (the host key's, a photo upload's and its outcome, leases: ``ui.store.tickets``), kept
    in memory before, where a second process could not see them (``scorepad app --workers``).
    Times in milliseconds since the epoch, UTC. With the secret that signs upload addresses,
    made here once, so that reading it never writes (every process on the store signs with it)."""
    for statement in _TICKETS:
        connection.execute(statement)
    connection.execute("INSERT INTO settings (name, value) VALUES (?, ?) "
                       "ON CONFLICT (name) DO NOTHING",
                       (FLET_SECRET, secrets.token_urlsafe(FLET_SECRET_BYTES)))


MIGRATIONS: list[Callable[[Connection], None]] = [
    _layouts_before_migrations,
    _table_opened,
    _table_revision,
    _tickets,
]
"""The schema's history, in order: migration ``n`` is ``MIGRATIONS[n - 1]``."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The version this app writes: the number of the last migration."""


class ForeignTables(Exception):
    """The database holds a ``tables`` table that is not scorepad's: left as it is."""


def migrate(connection: Connection) -> int:
    """Run the migrations the store has not run, in the caller's transaction; the version it
    had. A store of a newer version is left as it is (its tables say their own format:
    ``StoredTable.readable``)."""
    dialect = connection.dialect
    if not dialect.columns(connection, "schema_version"):
        present = dialect.columns(connection, "tables")
        if present and not FIRST_COLUMNS <= present:
            raise ForeignTables()
        connection.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, "
                           "applied TEXT NOT NULL)")
    before = connection.execute(
        "SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0]
    for version in range(before + 1, SCHEMA_VERSION + 1):
        MIGRATIONS[version - 1](connection)
        connection.execute("INSERT INTO schema_version (version, applied) VALUES (?, ?)",
                           (version, datetime.now(timezone.utc).isoformat(timespec="seconds")))
    return before
