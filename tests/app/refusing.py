"""A store that refuses every write, as a read-only file does, on either engine: each connection
the store opens is made read-only, so the engine itself refuses a change (SQLite: ``PRAGMA
query_only``, SQLITE_READONLY "attempt to write a readonly database"; PostgreSQL: a read-only
transaction, SQLSTATE 25006) and reads go on working."""

from __future__ import annotations

from contextlib import contextmanager


def refuse_writes(monkeypatch, store) -> None:
    """From now on ``store`` refuses every write (``monkeypatch.undo()`` ends it)."""
    engine = store.engine
    opened = engine._connection
    read_only = ("PRAGMA query_only = ON" if engine.dialect.name == "sqlite"
                 else "SET TRANSACTION READ ONLY")

    @contextmanager
    def query_only(*args):
        with opened(*args) as connection:
            connection.execute(read_only)
            yield connection

    monkeypatch.setattr(engine, "_connection", query_only)
