"""What every storage engine gives the store: a connection per operation that speaks one SQL, and
one way to fail.

The store (``ui.store.storage.TableStore``) and its helpers (access, deck, photos) write their SQL
once, with ``?`` placeholders and what SQLite and PostgreSQL both understand (``ON CONFLICT``,
``RETURNING``). What must differ between the engines lives in a :class:`Dialect`: the
placeholders, the types of a row number and of bytes, the order rows were first written in, how a
table's columns are read. An engine (``ui.store.sqlite_engine``, ``ui.store.postgres_engine``)
opens connections, runs the schema's migrations once at open, and turns its own errors into
:class:`StoreUnavailable` (at open, or when a read fails) and :class:`NotSaved` (a write refused):
nothing above the store learns which engine it runs on (docs/decisions/storage-engines.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Callable, Protocol

from scorer.language import DEFAULT, Language, language
from scorer.message import Message, msg
from ui.store.file_problems import Server, file_problem, file_problem_message


class StoreUnavailable(Exception):
    """The tables' store cannot be used (at open, or a read that failed); the message says why,
    names the file or the server, and what to do."""


class NotSaved(Exception):
    """A change the store refused (a file made read-only, full, deleted while the app runs; a
    database server gone or refusing writes...): nothing of it was written. Every write (tables,
    grants, deck, photos) raises this and only this for a failing store; ``str()`` says why in
    words, naming the file or server and what to do, and :meth:`words` says it for one device."""

    def __init__(self, error: BaseException, path: Path | Server):
        super().__init__(file_problem(error, path))
        self.error = error
        self.path = path
        """Where the tables are: the SQLite file, or the PostgreSQL server."""

    def words(self, host: bool, words: Language | None = None) -> str:
        """``Not saved: <why> (file <path>): <what to do>``, in ``words`` (English when not
        given); a device other than the host's is told the file's name, not where it is (the
        database's name, not the server's address)."""
        return (words or language(DEFAULT)).render(self.message(host))

    def message(self, host: bool) -> Message:
        """:meth:`words` as a message, for any language."""
        return msg("ui.file.not_saved", "Not saved: {problem}",
                   problem=file_problem_message(self.error, self.path, host))


class Dialect:
    """What differs between the engines' SQL; the rest is written once."""

    name: str
    placeholder = "?"
    row_number = "INTEGER PRIMARY KEY AUTOINCREMENT"
    """The declaration of a table's ``id``: a number the database gives each new row."""
    bytes = "BLOB"
    insertion_column = ""
    """A column declaration (with its trailing comma) that keeps the order rows were first
    inserted in, for a table whose key is not a row number; empty when every row has one."""
    insertion_order = "rowid"
    """An expression ordering rows as they were first inserted (an upsert keeps the order)."""

    def sql(self, text: str, has_parameters: bool) -> str:
        """``text`` (written with ``?``) as the engine takes it."""
        return text

    def declare(self, text: str) -> str:
        """A ``CREATE`` statement with its ``{row_number}``, ``{bytes}`` and
        ``{insertion_column}`` said for this engine."""
        return text.format(row_number=self.row_number, bytes=self.bytes,
                           insertion_column=self.insertion_column)

    def columns(self, connection: Connection, table: str) -> set[str]:
        """The columns of ``table``; empty when there is no such table."""
        raise NotImplementedError

    def add_column(self, connection: Connection, table: str, column: str,
                   declaration: str) -> None:
        """Add the column unless the table has it."""
        if column not in self.columns(connection, table):
            connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")


class Cursor(Protocol):
    rowcount: int

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list: ...


class Connection:
    """One operation's connection (one transaction), for SQL written with ``?`` placeholders."""

    def __init__(self, raw: Any, dialect: Dialect):
        self.raw = raw
        self.dialect = dialect

    def execute(self, sql: str, parameters: Sequence = ()) -> Cursor:
        cursor = self.raw.cursor()
        if parameters:
            cursor.execute(self.dialect.sql(sql, True), tuple(parameters))
        else:
            cursor.execute(self.dialect.sql(sql, False))
        return cursor

    def executemany(self, sql: str, rows: Iterable[Sequence]) -> Cursor:
        cursor = self.raw.cursor()
        cursor.executemany(self.dialect.sql(sql, True), list(rows))
        return cursor


class Engine(Protocol):
    """A storage engine as the store uses it."""

    dialect: Dialect
    where: str
    """Where the tables are, for the host to read: a file's path, or a server and database
    (never a password)."""
    exports_folder: Path
    """Where the app saves the files it hands out (a table file, a backup)."""
    shared: bool
    """Whether several processes may serve this store at once (they then tell each other their
    changes: :meth:`announce`, :meth:`listen`)."""

    def open(self, prepare: Callable[[Connection], None]) -> None:
        """Make the store usable: run ``prepare`` (the migrations) in one transaction, which no
        other process opening the same store runs at the same time."""

    def reading(self) -> AbstractContextManager[Connection]: ...

    def writing(self) -> AbstractContextManager[Connection]: ...

    def announce(self, connection: Connection, text: str) -> None:
        """Tell the other processes of this store ``text`` once ``connection``'s transaction
        is committed (``ui.store.announcements``)."""

    def listen(self, heard: Callable[[str | None], None]) -> Callable[[], None]:
        """Call ``heard`` (on a thread of the engine's) with each announcement's text, and with
        None when some may have been missed (a connection lost and made again); the stop."""

    def close(self) -> None: ...
