"""What one server process tells the others that share its store, so that one table is one table
across processes (issue 34: ``scorepad app --workers N``, or two computers on one PostgreSQL).

Every change of a table that another process's screens must show is announced in the same
transaction as the change, and reaches the other processes only once it is committed: a table's
new revision (an edit, an undo, a redo), its deletion and restoring, its finish, and a change of
who may open it. An announcement is small (the table, its revision, the steps' ids and labels),
never the draft: a process that hears one reads the table from the store.

On PostgreSQL the announcements are ``NOTIFY`` on one channel, heard by one listening connection
per process (``ui.store.postgres_engine``); a listener that lost its connection has missed what was
sent meanwhile, and says so with ``None`` once it listens again, so every open table is read
again. A SQLite file is served by one process, which hears nothing: nothing else writes to it.
"""

from __future__ import annotations

import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any, Literal

logger = logging.getLogger(__name__)

CHANNEL = "scorepad_tables"
"""The PostgreSQL channel every process of one database listens on."""
LONGEST_PAYLOAD = 7000
"""PostgreSQL refuses a notification over 8000 bytes: longer details are left out (the listener
reads the table anyway)."""

Kind = Literal["draft", "deleted", "restored", "finished", "access", "presence"]
KINDS = ("draft", "deleted", "restored", "finished", "access", "presence")


def new_origin() -> str:
    """An id for one store opened by one process: its own announcements come back to its
    listener too, and are known by it."""
    return secrets.token_hex(8)


@dataclass(frozen=True)
class Announcement:
    """A committed change of one table, as another process hears it."""

    table_id: int
    kind: Kind
    revision: int = 0
    """The table's revision after the change (``draft``); 0 for the other kinds."""
    origin: str = ""
    """The store that made it (:func:`new_origin`)."""
    details: dict[str, Any] = field(default_factory=dict)
    """What the screens of another process say of it: the steps of a ``draft`` (their ids,
    kinds, labels and players), who made it (``by``)."""

    def encoded(self) -> str:
        payload = {"t": self.table_id, "k": self.kind, "r": self.revision, "o": self.origin,
                   "d": self.details}
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        if len(text.encode("utf-8")) > LONGEST_PAYLOAD:
            payload["d"] = {}
            text = json.dumps(payload, separators=(",", ":"))
        return text

    @classmethod
    def decoded(cls, text: str) -> Announcement | None:
        """The announcement ``text`` holds; None (logged) for one this version cannot read (a
        newer version's, on a database shared during an upgrade)."""
        try:
            payload = json.loads(text)
            kind = payload["k"]
            if kind not in KINDS:
                raise ValueError(f"unknown kind {kind!r}")
            details = payload.get("d", {})
            if not isinstance(details, dict):
                raise ValueError("details are not an object")
            return cls(int(payload["t"]), kind, int(payload.get("r", 0)),
                       str(payload.get("o", "")), details)
        except (ValueError, KeyError, TypeError) as error:
            logger.warning("an announcement that cannot be read was ignored: %s", error)
            return None
