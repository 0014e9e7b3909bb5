"""A failing file (the tables database, an export) or database server said in words: what went
wrong, which file or server, and what to do, never a raw error code or a traceback."""

from __future__ import annotations

import errno
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from scorer.message import Message, msg

FULL = msg("ui.file.problem.full", "the disk is full")
IO = msg("ui.file.problem.io", "the disk could not be read or written")
READ_ONLY = msg("ui.file.problem.read_only", "the file cannot be written")
CANNOT_OPEN = msg("ui.file.problem.cannot_open", "the file cannot be opened")
DAMAGED = msg("ui.file.problem.damaged", "the file is damaged")
NOT_OURS = msg("ui.file.problem.not_ours", "the file is not a scorepad database")
BUSY = msg("ui.file.problem.busy", "the file is in use by another program")
GONE = msg("ui.file.problem.gone", "the file is no longer there")

_BY_SQLITE_CODE = {
    # The primary result code (the low byte of an extended one), as sqlite3 reports it.
    sqlite3.SQLITE_FULL: FULL,
    sqlite3.SQLITE_IOERR: IO,
    sqlite3.SQLITE_READONLY: READ_ONLY,
    sqlite3.SQLITE_PERM: READ_ONLY,
    sqlite3.SQLITE_CANTOPEN: CANNOT_OPEN,
    sqlite3.SQLITE_CORRUPT: DAMAGED,
    sqlite3.SQLITE_NOTADB: NOT_OURS,
    sqlite3.SQLITE_BUSY: BUSY,
    sqlite3.SQLITE_LOCKED: BUSY,
}
_BY_ERRNO = {
    errno.ENOSPC: FULL,
    errno.EDQUOT: FULL,
    errno.EIO: IO,
    errno.EACCES: READ_ONLY,
    errno.EPERM: READ_ONLY,
    errno.EROFS: READ_ONLY,
    errno.ENOTDIR: CANNOT_OPEN,
    errno.EISDIR: CANNOT_OPEN,
    errno.EEXIST: CANNOT_OPEN,
}
_WHAT_TO_DO = {
    FULL.id: msg("ui.file.todo.full", "free some space"),
    IO.id: msg("ui.file.todo.io", "check the disk (or that its drive is still attached)"),
    READ_ONLY.id: msg("ui.file.todo.read_only",
                      "check that you may write there, or choose another place"),
    CANNOT_OPEN.id: msg("ui.file.todo.cannot_open", "check that the folders on its path exist and "
                        "are folders, or choose another place"),
    DAMAGED.id: msg("ui.file.todo.damaged", "restore it from a backup, or start with another file"),
    NOT_OURS.id: msg("ui.file.todo.not_ours", "choose the right file, or start with another"),
    BUSY.id: msg("ui.file.todo.busy", "close the other program and try again"),
    GONE.id: msg("ui.file.todo.gone", "put it back (from a backup if need be), or restart "
                 "scorepad to start a new one"),
}


@dataclass(frozen=True)
class Server:
    """Where a PostgreSQL store is, as people are told it: never its password."""

    address: str
    """``host:port``."""
    database: str

    def __str__(self) -> str:
        return f"server {self.address}, database {self.database}"


SERVER_UNREACHABLE = msg("ui.server.problem.unreachable", "the database server cannot be reached")
SERVER_READ_ONLY = msg("ui.server.problem.read_only", "the database may not be written")
SERVER_FULL = msg("ui.server.problem.full", "the database server's disk is full")
_SERVER_TODO = {
    SERVER_UNREACHABLE.id: msg("ui.server.todo.unreachable", "check that PostgreSQL runs at "
                               "that address and lets its user in, then try again"),
    SERVER_READ_ONLY.id: msg("ui.server.todo.read_only", "let the database's user write its "
                             "tables, or choose another database"),
    SERVER_FULL.id: msg("ui.server.todo.full", "free some space on the database server"),
}
_BY_SQLSTATE_CLASS = {"08": SERVER_UNREACHABLE, "57": SERVER_UNREACHABLE, "53": SERVER_FULL,
                      "25": SERVER_READ_ONLY, "42": SERVER_READ_ONLY}
"""SQLSTATE classes: 08 connection, 57 the server shutting down, 53 out of resources, 25 a
read-only transaction, 42 (of the errors that reach here) insufficient privilege."""


def server_problem_message(error: BaseException, server: Server, host: bool = True) -> Message:
    """A PostgreSQL error said in words: what went wrong, which server (the database's name only
    to a device other than the host's), what to do."""
    state = getattr(error, "sqlstate", None) or ""
    what = _BY_SQLSTATE_CLASS.get(state[:2])
    if what is None and type(error).__name__ in ("OperationalError", "PoolTimeout"):
        what = SERVER_UNREACHABLE  # no SQLSTATE: libpq could not connect, or the pool waited
    where = (msg("ui.server.where", "server {address}, database {database}",
                 address=server.address, database=server.database) if host
             else msg("ui.server.where_database", "database {database}",
                      database=server.database))
    if what is None:
        return msg("ui.server.problem.other", "{error} ({where})",
                   error=str(error).strip().splitlines()[0] if str(error).strip() else
                   type(error).__name__, where=where)
    return msg("ui.server.problem", "{what} ({where}): {todo}", what=what, where=where,
               todo=_SERVER_TODO[what.id])


def file_problem(error: BaseException, path: str | Path | Server, host: bool = True) -> str:
    """``<what went wrong> (file <path>): <what to do>`` for a database or file system error;
    a device other than the host (``host`` False) is told the file's name, not where it is.
    In English: :func:`file_problem_message` says it for any language."""
    return file_problem_message(error, path, host).text


def file_problem_message(error: BaseException, path: str | Path | Server,
                         host: bool = True) -> Message:
    """:func:`file_problem` as a message (:func:`server_problem_message` for a server)."""
    if isinstance(path, Server):
        return server_problem_message(error, path, host)
    code = getattr(error, "sqlite_errorcode", None)
    what = (_BY_SQLITE_CODE.get(code & 0xFF) if isinstance(code, int)
            else _BY_ERRNO.get(getattr(error, "errno", None)))
    if what is CANNOT_OPEN and Path(path).parent.is_dir() and not Path(path).exists():
        what = GONE  # deleted or moved while the app ran
    if not host:
        path = Path(path).name
    if what is None:
        return msg("ui.file.problem.other", "{error} (file {path})", error=str(error),
                   path=str(path))
    return msg("ui.file.problem", "{what} (file {path}): {todo}", what=what, path=str(path),
               todo=_WHAT_TO_DO[what.id])
