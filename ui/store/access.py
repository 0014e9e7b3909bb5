"""Who may see which table, decided on the server.

A browser (device) keeps a random token in its own storage; the server knows it only by a hash.
A device may open a table it created or joined with the table's secret join code; the host (the
browser that presented the host key printed by ``scorepad app``) may open every table. Grants,
hosts and the host key are kept with the tables (schema in ui/store/schema.py).
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone

from scorer.message import Message, msg

from ui.store.storage import JOIN_CODE_BYTES, TableStore, grant, new_join_code

HOST_KEY_BYTES = 2 * JOIN_CODE_BYTES
"""The host key: 192 random bits, written in 32 URL-safe characters."""

WATCH = "watch"
"""The role of a scoreboard's device (``/watch/<id>/<code>``): it may watch the table's board,
never open its editing screens nor act on it (see :meth:`Access.may_open`)."""
WATCH_CODE_CHARACTERS = 22
"""A watch code: the first 22 URL-safe characters (132 bits) of a hash of the join code."""


@dataclass(frozen=True)
class Grant:
    device: str
    table_id: int
    role: str
    """``creator``, ``player`` (``player`` is then the index of the player chosen),
    ``spectator`` or ``watch`` (a scoreboard: :data:`WATCH`)."""
    player: int | None
    granted: datetime

    @property
    def short(self) -> str:
        return short_id(self.device)


def short_id(device: str) -> str:
    """A few characters naming a device in the host's lists (not enough to be it)."""
    return device[:6]


def person(grant: Grant | None, names: list[str], host: bool) -> str | Message | None:
    """Who a device is at a table, for the other devices to read (each in its own language):
    the name of the player it joined as, "The host", "The table's creator", or None when nobody
    can tell."""
    if grant is not None and grant.role == "player" and grant.player is not None:
        if 0 <= grant.player < len(names):
            return names[grant.player]
    if host:
        return msg("ui.table.the_host", "The host")
    if grant is not None and grant.role == "creator":
        return msg("ui.table.the_creator", "The table's creator")
    return None


def watch_code(join_code: str) -> str:
    """The code of a table's scoreboard link, derived from its join code: *New code* and a
    revoke (which renews the join code) end the old scoreboard link too, and the join code
    cannot be worked out from the watch code (a hash), so a board's link never lets a device
    join as a player."""
    digest = hashlib.sha256(f"scorepad watch {join_code}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:WATCH_CODE_CHARACTERS]


def device_id(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Access:
    def __init__(self, store: TableStore, public: bool = False):
        """``public``: a public server (``scorepad app --public``), which has no host: no host
        key is made or accepted there, and each device manages the tables it made."""
        self.store = store
        self.public = public
        self.changes = 0
        """Counts the grants given and revoked by this server, so a screen re-reads its device's
        grant only after one changed (see ``AppContext.refresh``)."""

    def _reading(self):
        return self.store._reading()  # noqa: SLF001 - the same file and rules as the tables

    def _writing(self):
        return self.store._writing()  # noqa: SLF001 - a refusal is NotSaved, as for the tables

    def host_key(self) -> str:
        """The key of ``scorepad app``'s printed address; made once, kept in the database
        (reading it writes nothing once it exists)."""
        with self._reading() as connection:
            row = connection.execute(
                "SELECT value FROM settings WHERE name = 'host_key'").fetchone()
        if row is not None:
            return row[0]
        with self._writing() as connection:
            connection.execute("INSERT INTO settings (name, value) VALUES (?, ?) "
                               "ON CONFLICT (name) DO NOTHING",
                               ("host_key", secrets.token_urlsafe(HOST_KEY_BYTES)))
            return connection.execute(
                "SELECT value FROM settings WHERE name = 'host_key'").fetchone()[0]

    def new_host_key(self) -> str:
        """Replace the host key (``scorepad app --new-host-key``): the old address stops making
        a browser the host's, and every host device stops being one (a lost phone or a shared
        screenshot of the address is then harmless)."""
        with self._writing() as connection:
            connection.execute("INSERT INTO settings (name, value) VALUES (?, ?) "
                               "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                               ("host_key", secrets.token_urlsafe(HOST_KEY_BYTES)))
            connection.execute("DELETE FROM hosts")
        return self.host_key()

    def hosts(self) -> list[tuple[str, datetime]]:
        """The host devices, as (device id, since when), the first first."""
        with self._reading() as connection:
            rows = connection.execute("SELECT device, since FROM hosts ORDER BY since").fetchall()
        return [(device, datetime.fromisoformat(since)) for device, since in rows]

    def remove_host(self, device: str) -> None:
        """The device is no longer the host's: it sees only the tables granted to it."""
        with self._writing() as connection:
            connection.execute("DELETE FROM hosts WHERE device = ?", (device,))

    def claim_host(self, device: str, key: str) -> bool:
        """Remember the device as the host's when it presents the host key."""
        if not secrets.compare_digest(key.encode(), self.host_key().encode()):
            return False
        with self._writing() as connection:
            connection.execute("INSERT INTO hosts (device, since) VALUES (?, ?) "
                               "ON CONFLICT (device) DO NOTHING", (device, _now()))
        return True

    def is_host(self, device: str) -> bool:
        if self.public:
            return False  # hosts of this file's private use are no one's here
        with self._reading() as connection:
            return connection.execute("SELECT 1 FROM hosts WHERE device = ?",
                                      (device,)).fetchone() is not None

    def may_open(self, device: str, table_id: int) -> bool:
        """Whether the device may open, change, export or delete the table (and see its
        photos): the host, or a device the table was granted to, except a scoreboard's
        (:data:`WATCH`), which may only watch."""
        if self.is_host(device):
            return True
        grant = self.grant_of(device, table_id)
        return grant is not None and grant.role != WATCH

    def may_watch(self, device: str, table_id: int) -> bool:
        """Whether the device may show the table's scoreboard (``/table/<id>/board``): every
        device that may open the table, and a scoreboard's."""
        return self.is_host(device) or self.grant_of(device, table_id) is not None

    def manages(self, device: str, table_id: int) -> bool:
        """Whether the device manages the table (its devices, its join code): the host, or on
        a public server the device that made it."""
        if self.public:
            grant = self.grant_of(device, table_id)
            return grant is not None and grant.role == "creator"
        return self.is_host(device)

    def tables_kept(self, device: str) -> int:
        """The tables the device made that are not deleted (the public mode's quota)."""
        with self._reading() as connection:
            return connection.execute(
                "SELECT count(*) FROM grants JOIN tables ON tables.id = grants.table_id "
                "WHERE grants.device = ? AND grants.role = 'creator' AND tables.deleted IS NULL",
                (device,)).fetchone()[0]

    def grant(self, device: str, table_id: int, role: str, player: int | None = None) -> None:
        with self._writing() as connection:
            grant(connection, device, table_id, role, player)
            self.store.announce(connection, table_id, "access")
        self.changes += 1

    def revoke(self, device: str, table_id: int) -> None:
        """Stop sharing the table with the device, and renew the table's join code: every link
        and QR code the device has seen stops working, so it cannot come back by itself."""
        with self._writing() as connection:
            connection.execute("DELETE FROM grants WHERE device = ? AND table_id = ?",
                               (device, table_id))
            self.store.announce(connection, table_id, "access")
        self.changes += 1
        self.renew_code(table_id)

    def grant_of(self, device: str, table_id: int) -> Grant | None:
        with self._reading() as connection:
            row = connection.execute(
                "SELECT device, table_id, role, player, granted FROM grants "
                "WHERE device = ? AND table_id = ?", (device, table_id)).fetchone()
        return _grant(row) if row else None

    def grants(self, table_id: int) -> list[Grant]:
        """The devices that may open the table, the first granted first."""
        with self._reading() as connection:
            rows = connection.execute(
                "SELECT device, table_id, role, player, granted FROM grants "
                "WHERE table_id = ? ORDER BY granted", (table_id,)).fetchall()
        return [_grant(row) for row in rows]

    def table_ids(self, device: str) -> set[int]:
        """The tables the device may open (a scoreboard's tables are not among them: it lists,
        exports and backs up none)."""
        with self._reading() as connection:
            rows = connection.execute("SELECT table_id FROM grants WHERE device = ? "
                                      "AND role <> ?", (device, WATCH)).fetchall()
        return {row[0] for row in rows}

    def join_code(self, table_id: int) -> str | None:
        """The table's secret join code (made with the table: reading it writes nothing); None
        when there is no such table."""
        with self._reading() as connection:
            row = connection.execute("SELECT join_code FROM tables WHERE id = ?",
                                     (table_id,)).fetchone()
        return row[0] if row else None

    def renew_code(self, table_id: int) -> str:
        """A new join code: the old link and QR code stop working (grants already made stay)."""
        with self._writing() as connection:
            connection.execute("UPDATE tables SET join_code = ? WHERE id = ?",
                               (new_join_code(), table_id))
            self.store.announce(connection, table_id, "access")
        return self.join_code(table_id)

    def watch_code(self, table_id: int) -> str | None:
        """The code of the table's scoreboard link (see :func:`watch_code`); None when there is
        no such table."""
        join_code = self.join_code(table_id)
        return None if join_code is None else watch_code(join_code)

    def table_for_watch(self, table_id: int, code: str) -> int | None:
        """The table when ``code`` is its scoreboard link's code now (a deleted table has
        none), else None."""
        with self._reading() as connection:
            row = connection.execute("SELECT join_code FROM tables WHERE id = ? AND deleted IS "
                                     "NULL", (table_id,)).fetchone()
        if row is None or not secrets.compare_digest(watch_code(row[0]).encode(),
                                                     code.encode()):
            return None
        return table_id

    def table_for_code(self, code: str) -> int | None:
        with self._reading() as connection:
            row = connection.execute(
                "SELECT id FROM tables WHERE join_code = ? AND deleted IS NULL",
                (code,)).fetchone()
        return row[0] if row else None


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _grant(row: tuple) -> Grant:
    device, table_id, role, player, granted = row
    return Grant(device, table_id, role, player, datetime.fromisoformat(granted))
