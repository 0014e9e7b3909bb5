"""A failing file (the tables database, an export) said in words: what went wrong, which file, and
what to do, never a raw error code or a traceback."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

_BY_SQLITE_CODE = {
    # The primary result code (the low byte of an extended one), as sqlite3 reports it.
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_IOERR: "the disk could not be read or written",
    sqlite3.SQLITE_READONLY: "the file cannot be written",
    sqlite3.SQLITE_PERM: "the file cannot be written",
    sqlite3.SQLITE_CANTOPEN: "the file cannot be opened",
    sqlite3.SQLITE_CORRUPT: "the file is damaged",
    sqlite3.SQLITE_NOTADB: "the file is not a scorepad database",
    sqlite3.SQLITE_BUSY: "the file is in use by another program",
    sqlite3.SQLITE_LOCKED: "the file is in use by another program",
}
_BY_ERRNO = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk is full",
    errno.EIO: "the disk could not be read or written",
    errno.EACCES: "the file cannot be written",
    errno.EPERM: "the file cannot be written",
    errno.EROFS: "the file cannot be written",
    errno.ENOTDIR: "the file cannot be opened",
    errno.EISDIR: "the file cannot be opened",
    errno.EEXIST: "the file cannot be opened",
}
_WHAT_TO_DO = {
    "the disk is full": "free some space",
    "the disk could not be read or written": "check the disk (or that its drive is still "
                                             "attached)",
    "the file cannot be written": "check that you may write there, or choose another place",
    "the file cannot be opened": "check that the folders on its path exist and are folders, or "
                                 "choose another place",
    "the file is damaged": "restore it from a backup, or start with another file",
    "the file is not a scorepad database": "choose the right file, or start with another",
    "the file is in use by another program": "close the other program and try again",
    "the file is no longer there": "put it back (from a backup if need be), or restart scorepad "
                                   "to start a new one",
}


def file_problem(error: BaseException, path: str | Path, host: bool = True) -> str:
    """``<what went wrong> (file <path>): <what to do>`` for a database or file system error;
    a device other than the host (``host`` False) is told the file's name, not where it is."""
    code = getattr(error, "sqlite_errorcode", None)
    what = (_BY_SQLITE_CODE.get(code & 0xFF) if isinstance(code, int)
            else _BY_ERRNO.get(getattr(error, "errno", None)))
    if what == "the file cannot be opened" and Path(path).parent.is_dir() \
            and not Path(path).exists():
        what = "the file is no longer there"  # deleted or moved while the app ran
    if not host:
        path = Path(path).name
    if what is None:
        return f"{error} (file {path})"
    return f"{what} (file {path}): {_WHAT_TO_DO[what]}"
