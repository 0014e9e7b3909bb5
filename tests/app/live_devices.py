"""Devices on one server without a browser: each a real Flet session (the app's own pages,
controls and diffs) whose connection keeps every message the server would send it, encoded as
on the wire. Tests read what reached each device, and how many bytes."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from ui.games.registry import APP_GAMES
from ui.live.session import Sessions, scoring_thread, storage_writer
from ui.store.access import Access
from ui.store.presence import Presence
from ui.store.storage import TableStore
from ui.web.app import AppContext

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class RecordingConnection(Connection):
    """Keeps each message sent, as the wire would carry it (msgpack, as Flet's servers do), and
    when it was sent (``time.perf_counter``), with the id of the control it patches."""

    def __init__(self, hub: PubSubHub, loop: asyncio.AbstractEventLoop):
        super().__init__()
        self.pubsubhub = hub
        self.loop = loop
        self.page_url = "http://127.0.0.1/"
        self.sent: list[bytes] = []
        self.times: list[tuple[float, object]] = []

    def send_message(self, message) -> None:
        self.sent.append(msgpack.packb([message.action, message.body], default=ENCODE))
        body = message.body
        self.times.append((time.perf_counter(), getattr(body, "id", None)))


@dataclass
class Device:
    context: AppContext
    connection: RecordingConnection
    session: Session = field(repr=False)
    """Held here: a page keeps only a weak reference to its session."""

    @property
    def view(self):
        return self.context.view

    def take_sent(self) -> list[bytes]:
        sent, self.connection.sent = self.connection.sent, []
        return sent


class Server:
    """One app server's shared parts (store, open tables with their writer thread, grants,
    presence) and the devices connected to it; use inside a running event loop."""

    def __init__(self, store: TableStore):
        self.store = store
        self.sessions = Sessions(store, APP_GAMES, storage_writer(), scoring_thread())
        self.access = Access(store)
        self.presence = Presence()
        self.hub = PubSubHub(loop=asyncio.get_running_loop())

    def connect(self, name: str, route: str, table_id: int, player: int | None,
                width: int = 390, text_scale: float = 1.0, height: int = 844,
                role: str = "player") -> Device:
        """A phone that joined ``table_id`` as ``player`` (or a device with another ``role``,
        such as a scoreboard's ``watch``) and opened ``route`` (its browser's text at
        ``text_scale``)."""
        connection = RecordingConnection(self.hub, asyncio.get_running_loop())
        session = Session(connection)
        # What a browser's register message does: the page's size, then the whole first page.
        session.apply_page_patch({"width": width, "height": height})
        msgpack.packb(session.get_page_patch(), default=ENCODE)
        self.access.grant(name, table_id, role, player)
        context = AppContext(session.page, self.store, self.sessions, self.access,
                             self.presence, name)
        context.text_scale = text_scale
        context.show(route)
        return Device(context, connection, session)

    def close(self) -> None:
        """Stop the server's threads and its retries of refused saves, as the test ends: left
        running, a retry would go on failing, and saying so, through the rest of the run."""
        self.sessions.close()

    async def settle(self) -> None:
        """Until every save, score and redraw asked for so far is done."""
        loop = asyncio.get_running_loop()
        for _ in range(3):
            for worker in (self.sessions.scorer, self.sessions.writer):
                await loop.run_in_executor(None, worker.submit(lambda: None).result)
            for _ in range(5):
                await asyncio.sleep(0)
