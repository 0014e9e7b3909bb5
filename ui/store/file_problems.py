"""A failing file (the tables database, an export) said in words: what went wrong, which file, and
what to do, never a raw error code or a traceback."""

from __future__ import annotations

import errno
import sqlite3
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


def file_problem(error: BaseException, path: str | Path, host: bool = True) -> str:
    """``<what went wrong> (file <path>): <what to do>`` for a database or file system error;
    a device other than the host (``host`` False) is told the file's name, not where it is.
    In English: :func:`file_problem_message` says it for any language."""
    return file_problem_message(error, path, host).text


def file_problem_message(error: BaseException, path: str | Path, host: bool = True) -> Message:
    """:func:`file_problem` as a message."""
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
