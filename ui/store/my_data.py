"""A device's own data on a public server (issue 35, item 3): the tables it holds, and *Forget
this device*.

A device is known to the server only by the hash of the token its browser keeps
(``ui.store.access.device_id``); what the server keeps of it is its grants (the tables it made or
joined), its mark on the photos it sent, and, in memory, its presence at a table. Forgetting a
device removes all of it, and the tables only it holds, for good; a table shared with another
device stays for them. The server acts on the device that asks, never on one it names: there is
no way to forget another device.
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.store.retention import delete_for_good
from ui.store.storage import TableStore

_HELD_ALONE = ("SELECT mine.table_id FROM grants mine WHERE mine.device = ? "
               "AND mine.role <> 'watch' AND NOT EXISTS "
               "(SELECT 1 FROM grants other WHERE other.table_id = mine.table_id "
               "AND other.device <> mine.device AND other.role <> 'watch') "
               "ORDER BY mine.table_id")
"""The tables a device holds alone: a scoreboard (a ``watch`` grant, ui/store/access.py) holds
none, neither for itself when it is forgotten nor beside the players: a table only watched is
as good as held by nobody else."""


@dataclass(frozen=True)
class Forgotten:
    deleted: tuple[int, ...]
    """The tables only the device held, deleted for good (with their photos)."""
    left: tuple[int, ...]
    """The tables shared with other devices: they stay for them."""


def held_alone(store: TableStore, device: str) -> list[int]:
    """The tables granted to the device and to no other (deleted ones too): what forgetting it
    deletes."""
    with store._reading() as connection:  # noqa: SLF001 - the tables' own rules
        return [row[0] for row in connection.execute(_HELD_ALONE, (device,)).fetchall()]


def forget_device(store: TableStore, device: str) -> Forgotten:
    """Forget ``device`` in one transaction: the tables only it holds deleted for good, its
    grants, its host mark and its mark on the photos it sent (they stay with their table)
    removed. A refusal of the store is ``NotSaved``, and nothing is forgotten."""
    with store._writing() as connection:  # noqa: SLF001
        alone = [row[0] for row in connection.execute(_HELD_ALONE, (device,)).fetchall()]
        shared = [row[0] for row in connection.execute(
            "SELECT table_id FROM grants WHERE device = ? ORDER BY table_id",
            (device,)).fetchall() if row[0] not in alone]
        deleted = delete_for_good(store, connection, alone)
        connection.execute("DELETE FROM grants WHERE device = ?", (device,))
        connection.execute("DELETE FROM hosts WHERE device = ?", (device,))
        connection.execute("UPDATE photos SET device = NULL WHERE device = ?", (device,))
    return Forgotten(tuple(deleted), tuple(shared))
