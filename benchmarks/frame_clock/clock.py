"""The server's own clock on every websocket frame: when a phone's message came in and when each
update went out, as the server saw them (``time.perf_counter_ns``), for ``live_table.py``.

A browser's network timestamps add the browser's own delays: on one 2-core machine six Chromium
renderers drawing at once hold the browser's network thread for tens of milliseconds. The server's
time from a tap's message to its last update sent is the server's alone; this measures it there.
"""

from __future__ import annotations

import base64
import itertools
import queue
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import msgpack
from flet.messaging.protocol import MessageAction, decode_ext_from_msgpack


class FrameClock:
    """An ASGI wrapper writing one line per websocket frame to ``log``: the server's clock in
    nanoseconds, ``in`` or ``out``, the connection's number and the frame's bytes (base64). A
    thread writes the lines, so the event loop only puts them in a queue."""

    def __init__(self, app, log: Path):
        self.app = app
        self.lines: queue.SimpleQueue = queue.SimpleQueue()
        self.connections = itertools.count()
        out = open(log, "w", encoding="ascii")  # noqa: SIM115 - the writer thread's to the end
        threading.Thread(target=self._write, args=(out,), daemon=True).start()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        connection = next(self.connections)

        async def timed_receive():
            message = await receive()
            if message.get("bytes"):
                self.lines.put((time.perf_counter_ns(), "in", connection, message["bytes"]))
            return message

        async def timed_send(message):
            await send(message)
            if message["type"] == "websocket.send" and message.get("bytes"):
                self.lines.put((time.perf_counter_ns(), "out", connection, message["bytes"]))

        return await self.app(scope, timed_receive, timed_send)

    def _write(self, out: TextIO) -> None:
        while True:
            stamp, direction, connection, data = self.lines.get()
            out.write(f"{stamp} {direction} {connection} {base64.b64encode(data).decode()}\n")
            if self.lines.empty():
                out.flush()


@dataclass(frozen=True)
class Frame:
    """One websocket frame as the server's clock saw it (seconds)."""

    at: float
    incoming: bool
    connection: int
    data: bytes

    def decoded(self):
        """The frame's message (``[action, body]``), or None for a frame that is not one."""
        if not self.data or self.data[0] != 0:
            return None
        try:
            return msgpack.unpackb(self.data[1:], ext_hook=decode_ext_from_msgpack,
                                   strict_map_key=False)
        except (ValueError, TypeError, msgpack.UnpackException):
            return None

    def event_name(self) -> str | None:
        """The control event a phone's message reports (``click``...), else None."""
        message = self.decoded() if self.incoming else None
        if isinstance(message, list) and len(message) == 2 and \
                message[0] == MessageAction.CONTROL_EVENT.value and isinstance(message[1], dict):
            return message[1].get("name")
        return None


class FrameLog:
    """The frames a :class:`FrameClock` wrote, read as they come."""

    def __init__(self, path: Path):
        self.path = path
        self.read_lines = 0

    def new_frames(self) -> list[Frame]:
        """The frames written since the last call (whole lines only)."""
        with open(self.path, encoding="ascii") as log:
            lines = log.read().split("\n")[:-1]  # the last may be half written
        fresh, self.read_lines = lines[self.read_lines:], len(lines)
        frames = []
        for line in fresh:
            stamp, direction, connection, data = line.split(" ")
            frames.append(Frame(int(stamp) / 1e9, direction == "in", int(connection),
                                base64.b64decode(data)))
        return frames
