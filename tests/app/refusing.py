"""A tables file that refuses every write, as a read-only file does: each connection the store
opens is made query-only, so SQLite itself refuses a change with SQLITE_READONLY ("attempt to
write a readonly database") and reads go on working."""

from __future__ import annotations

from contextlib import contextmanager


def refuse_writes(monkeypatch, store) -> None:
    """From now on ``store``'s file refuses every write (``monkeypatch.undo()`` ends it)."""
    opened = store._connection

    @contextmanager
    def query_only(create: bool = False):
        with opened(create) as connection:
            connection.execute("PRAGMA query_only = ON")
            yield connection

    monkeypatch.setattr(store, "_connection", query_only)
