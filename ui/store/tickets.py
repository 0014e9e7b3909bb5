"""Short-lived tickets kept with the tables, so that any process serving the same store can take
one that another made (``scorepad app --workers N``, or several computers on one PostgreSQL
server): the host key's one-time ticket (``ui.web.host_key``), a photo upload's ticket and what
became of it (``ui.web.photo_upload``), and leases (the public mode's hourly sweep, run by one
process at a time: ``ui.web.sweeper``).

A ticket has a kind, a random name, an owner (the device or network address it was made for),
a payload (JSON text) and an expiry on the wall clock (milliseconds since the epoch, UTC: the
processes may run on several computers). A one-time ticket is taken with ``DELETE … RETURNING``:
of two processes taking it at once, one gets it. The table stays bounded: every new ticket first
sweeps the expired ones, and each kind keeps at most so many per owner and in all (the oldest
go first), as the in-memory dictionaries these replace did.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ui.store.engine import Connection
from ui.store.schema import FLET_SECRET, FLET_SECRET_BYTES
from ui.store.storage import TableStore

TICKET_BYTES = 18
"""A ticket's name: 144 random bits, 24 URL-safe characters."""

Clock = Callable[[], float]
"""Seconds since the epoch (``time.time``); tests move it."""


@dataclass(frozen=True)
class Bounds:
    """How many tickets of one kind may wait at once: per owner, and in all (the oldest go
    first)."""

    per_owner: int
    in_all: int


def flet_secret(store: TableStore) -> str:
    """The secret that signs and checks upload URLs: made once (by the store's migration 4) and
    kept in its ``settings``, so every process on the same store (another worker, another
    computer) signs and checks with the same one. Reading it writes nothing; made here only
    when it is missing all the same."""
    with store._reading() as connection:  # noqa: SLF001 - the tables' own rules
        row = connection.execute("SELECT value FROM settings WHERE name = ?",
                                 (FLET_SECRET,)).fetchone()
    if row is not None:
        return row[0]
    with store._writing() as connection:  # noqa: SLF001
        connection.execute("INSERT INTO settings (name, value) VALUES (?, ?) "
                           "ON CONFLICT (name) DO NOTHING",
                           (FLET_SECRET, secrets.token_urlsafe(FLET_SECRET_BYTES)))
        return connection.execute("SELECT value FROM settings WHERE name = ?",
                                  (FLET_SECRET,)).fetchone()[0]


class Tickets:
    """The tickets of one store; every method is one transaction (a refusal is ``NotSaved`` or
    ``StoreUnavailable``, as for the tables)."""

    def __init__(self, store: TableStore, clock: Clock = time.time):
        self.store = store
        self.clock = clock

    def _now(self) -> int:
        return int(self.clock() * 1000)

    def make(self, kind: str, payload: Any, seconds: float, owner: str, bounds: Bounds,
             name: str | None = None) -> str:
        """A new ticket of ``kind`` holding ``payload`` (anything JSON writes) for ``seconds``;
        its name (random, unless ``name`` is given: then a ticket of that name is replaced).
        Expired tickets of every kind go first; past ``bounds``, the oldest of the kind (the
        owner's, then any) go too."""
        name = name or secrets.token_urlsafe(TICKET_BYTES)
        now = self._now()
        with self.store._writing() as connection:  # noqa: SLF001
            connection.execute("DELETE FROM tickets WHERE expires <= ?", (now,))
            connection.execute(
                "INSERT INTO tickets (kind, ticket, owner, payload, made, expires) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (kind, ticket) DO UPDATE SET "
                "owner = excluded.owner, payload = excluded.payload, made = excluded.made, "
                "expires = excluded.expires",
                (kind, name, owner, json.dumps(payload), now, now + int(seconds * 1000)))
            _keep_newest(connection, kind, bounds.per_owner, "AND owner = ?", (owner,))
            _keep_newest(connection, kind, bounds.in_all, "", ())
        return name

    def take(self, kind: str, name: str | None) -> Any | None:
        """The payload of the ticket, taken: it is gone for every process (None when there is
        no such ticket, it was taken already, or it expired)."""
        if not name:
            return None
        with self.store._writing() as connection:  # noqa: SLF001
            row = connection.execute(
                "DELETE FROM tickets WHERE kind = ? AND ticket = ? RETURNING payload, expires",
                (kind, name)).fetchone()
        if row is None or row[1] <= self._now():
            return None
        return json.loads(row[0])

    def peek(self, kind: str, name: str) -> Any | None:
        """The payload of the ticket, left in place (None when there is none, or it expired):
        for a store that refuses writes, where a ticket cannot be taken but its use will be
        refused in words anyway."""
        with self.store._reading() as connection:  # noqa: SLF001
            row = connection.execute(
                "SELECT payload FROM tickets WHERE kind = ? AND ticket = ? AND expires > ?",
                (kind, name, self._now())).fetchone()
        return json.loads(row[0]) if row is not None else None

    def lease(self, name: str, seconds: float, holder: str) -> bool:
        """Whether ``holder`` holds the lease ``name`` for the next ``seconds``: taken when
        nobody holds it (or its time has run out), or renewed by its holder. Of several
        processes asking at once, one gets it."""
        now = self._now()
        with self.store._writing() as connection:  # noqa: SLF001
            row = connection.execute(
                "INSERT INTO tickets (kind, ticket, owner, payload, made, expires) "
                "VALUES ('lease', ?, ?, 'null', ?, ?) ON CONFLICT (kind, ticket) DO UPDATE SET "
                "owner = excluded.owner, made = excluded.made, expires = excluded.expires "
                "WHERE tickets.expires <= ? OR tickets.owner = excluded.owner RETURNING owner",
                (name, holder, now, now + int(seconds * 1000), now)).fetchone()
        return row is not None

    def count(self, kind: str) -> int:
        """The tickets of ``kind`` waiting now (expired ones included until swept)."""
        with self.store._reading() as connection:  # noqa: SLF001
            return connection.execute("SELECT count(*) FROM tickets WHERE kind = ?",
                                      (kind,)).fetchone()[0]


def _keep_newest(connection: Connection, kind: str, most: int, condition: str,
                 parameters: tuple) -> None:
    """Delete the tickets of ``kind`` (and ``condition``) but the ``most`` newest."""
    connection.execute(
        f"DELETE FROM tickets WHERE kind = ? {condition} AND ticket NOT IN ("
        f"SELECT ticket FROM tickets WHERE kind = ? {condition} "
        "ORDER BY made DESC, ticket DESC LIMIT ?)",
        (kind, *parameters, kind, *parameters, most))
