"""What one websocket may cost the server, bounded in front of Flet's handler (an ASGI layer that
sees every frame), whoever is at the other end: a phone, or a program that speaks Flet's protocol
to stop the table for everyone.

- A frame larger than :data:`MAX_FRAME_BYTES` closes the connection before it is unpacked
  (uvicorn, told the same limit in :func:`uvicorn_limits`, reads no more than that of a frame).
- A websocket that sends no first (register) message within :data:`REGISTER_SECONDS` is closed.
- A websocket whose browser has gone leaves nothing behind: Flet's handler waits for a send loop
  that only a registered session stops, so a socket closed before it registered kept about 80 KB
  for ever; such a handler is ended at once, any other one :data:`GONE_GRACE_SECONDS` after the
  disconnection if it has not ended by itself.
- Events in flight (sent, not yet handled) are capped per connection at
  :data:`MAX_EVENTS_IN_FLIGHT`: past that the next frame waits for one to end (back-pressure:
  the client's socket fills), and a connection still over the cap after
  :data:`BACK_PRESSURE_SECONDS` is closed with the reason (the counting is in
  ``ui/web/flet_patch.py``, which sees Flet's events).
- Open websockets are capped per client address (:data:`MAX_PER_ADDRESS`) and in all
  (:data:`MAX_OPEN`); a refused page is told so in words, and so is a refused websocket (its
  close reason).

Every limit is a setting with a default; :class:`WebsocketLimits` takes them all.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from contextvars import ContextVar
from dataclasses import dataclass

logger = logging.getLogger(__name__)

MAX_FRAME_BYTES = 1 << 20
"""Bytes of one websocket frame (1 MiB). The largest real message is a page's text field sent
whole (a pasted table file: the app's own limit on a table file is well under this); a photo's
bytes go by HTTP, never by the websocket."""
REGISTER_SECONDS = 15.0
"""Seconds a new websocket has to send its first (register) message: a loaded phone sends it at
once."""
GONE_GRACE_SECONDS = 5.0
"""Seconds Flet's handler has to finish after its browser has gone, before it is ended."""
MAX_EVENTS_IN_FLIGHT = 64
"""Events of one connection being handled at once: a tap is one, a player types a few a second."""
BACK_PRESSURE_SECONDS = 30.0
"""Seconds a connection over :data:`MAX_EVENTS_IN_FLIGHT` may wait for its events to end."""
MAX_PER_ADDRESS = 60
"""Open websockets from one address: a club's tables behind one router share it (six phones a
table, several tabs a phone)."""
MAX_OPEN = 600
"""Open websockets in all."""

TOO_BIG = 1009
"""The websocket close code for a frame over the limit (RFC 6455: message too big)."""
POLICY = 1008
"""The close code for a client that broke a limit (policy violation)."""
TRY_LATER = 1013
"""The close code for a connection refused while the server is full (try again later)."""


@dataclass
class EventFlow:
    """One connection's events in flight, counted by ``ui/web/flet_patch.py``."""

    in_flight: int = 0
    changed: asyncio.Event | None = None

    def started(self) -> None:
        self.in_flight += 1

    def ended(self) -> None:
        self.in_flight -= 1
        if self.changed is not None:
            self.changed.set()

    async def room(self, most: int, seconds: float) -> bool:
        """Wait until fewer than ``most`` events are in flight; False when ``seconds`` passed
        first."""
        if self.in_flight < most:
            return True
        self.changed = self.changed or asyncio.Event()
        deadline = asyncio.get_running_loop().time() + seconds
        while self.in_flight >= most:
            self.changed.clear()
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                return self.in_flight < most
        return True


event_flow: ContextVar[EventFlow | None] = ContextVar("event_flow", default=None)
"""This connection's :class:`EventFlow`: Flet's event tasks copy the websocket's context, so
each sees its own connection's."""


class Closed(Exception):
    """This layer closed the websocket (the reason was sent to the client)."""


class WebsocketLimits:
    """ASGI wrapper: the limits of the module's doc, for every websocket; pages are refused in
    words while their address (or the server) has as many websockets open as it may."""

    def __init__(self, app, *, max_frame_bytes: int = MAX_FRAME_BYTES,
                 register_seconds: float = REGISTER_SECONDS,
                 gone_grace_seconds: float = GONE_GRACE_SECONDS,
                 max_events_in_flight: int = MAX_EVENTS_IN_FLIGHT,
                 back_pressure_seconds: float = BACK_PRESSURE_SECONDS,
                 max_per_address: int = MAX_PER_ADDRESS, max_open: int = MAX_OPEN):
        self.app = app
        self.max_frame_bytes = max_frame_bytes
        self.register_seconds = register_seconds
        self.gone_grace_seconds = gone_grace_seconds
        self.max_events_in_flight = max_events_in_flight
        self.back_pressure_seconds = back_pressure_seconds
        self.max_per_address = max_per_address
        self.max_open = max_open
        self.open_by_address: Counter[str] = Counter()

    def full(self, address: str) -> str | None:
        """Why a new connection from ``address`` is refused now, if it is."""
        if self.open_by_address[address] >= self.max_per_address:
            return (f"This device's network already has {self.max_per_address} scorepad tabs "
                    "open: close one, then reload.")
        if sum(self.open_by_address.values()) >= self.max_open:
            return (f"This scorepad has {self.max_open} tabs open, as many as it serves: try "
                    "again in a few minutes.")
        return None

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        address = (scope.get("client") or ("", 0))[0]
        refusal = self.full(address)
        if scope["type"] == "http":
            if refusal is not None and _asks_for_a_page(scope):
                return await _refuse_page(send, refusal)
            return await self.app(scope, receive, send)
        if refusal is not None:
            logger.warning("websocket refused: %s (%s)", refusal, address)
            await receive()  # websocket.connect; a close now answers the handshake with 403
            await send({"type": "websocket.close", "code": TRY_LATER, "reason": refusal})
            return
        self.open_by_address[address] += 1
        released = False

        def release():
            """The connection no longer counts: its browser has gone (its handler may still be
            ending, for at most the grace)."""
            nonlocal released
            if not released:
                released = True
                self.open_by_address[address] -= 1
                if not self.open_by_address[address]:
                    del self.open_by_address[address]

        try:
            await self._serve(scope, receive, send, release)
        finally:
            release()

    async def _serve(self, scope, receive, send, release):
        flow = EventFlow()
        gone = asyncio.Event()
        registered = False
        closed = False

        async def close(code: int, reason: str) -> dict:
            nonlocal closed
            if not closed:
                closed = True
                logger.warning("websocket closed: %s", reason)
                try:
                    await send({"type": "websocket.close", "code": code, "reason": reason})
                except Exception:  # noqa: BLE001 - the client may have gone meanwhile
                    pass
            gone.set()
            return {"type": "websocket.disconnect", "code": code}

        async def limited_receive():
            nonlocal registered
            if closed:
                gone.set()
                return {"type": "websocket.disconnect", "code": POLICY}
            if registered and not await flow.room(self.max_events_in_flight,
                                                  self.back_pressure_seconds):
                return await close(POLICY, f"more than {self.max_events_in_flight} events "
                                           "waiting to be handled")
            try:
                if registered:
                    message = await receive()
                else:
                    message = await asyncio.wait_for(receive(), self.register_seconds)
            except asyncio.TimeoutError:
                return await close(POLICY, f"no first message within {self.register_seconds:g} s")
            kind = message["type"]
            if kind == "websocket.disconnect":
                gone.set()
            elif kind == "websocket.receive":
                size = len(message.get("bytes") or message.get("text") or b"")
                if size > self.max_frame_bytes:
                    return await close(TOO_BIG, f"a message of {size} bytes; at most "
                                                f"{self.max_frame_bytes}")
                registered = True
            return message

        async def guarded_send(message):
            if closed:
                return
            await send(message)

        token = event_flow.set(flow)
        try:
            handler = asyncio.ensure_future(self.app(scope, limited_receive, guarded_send))
        finally:
            event_flow.reset(token)
        watch = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({handler, watch}, return_when=asyncio.FIRST_COMPLETED)
            release()
            if not handler.done() and registered:
                # The browser has gone: the handler ends by itself when a session was
                # registered (without one, Flet's would wait for ever: it is ended at once).
                await asyncio.wait({handler}, timeout=self.gone_grace_seconds)
            if not handler.done():
                handler.cancel()
                logger.debug("a websocket's handler was ended after its browser had gone")
            try:
                await handler
            except asyncio.CancelledError:
                if not handler.cancelled():
                    raise
        finally:
            watch.cancel()
            if not handler.done():  # this task itself was cancelled (the server stops)
                handler.cancel()


def _asks_for_a_page(scope) -> bool:
    """Whether an HTTP request asks for a page (which would open a websocket), not a file."""
    last = scope.get("path", "/").rsplit("/", 1)[-1]
    return scope.get("method") == "GET" and "." not in last


async def _refuse_page(send, reason: str) -> None:
    body = f"{reason}\n".encode()
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()),
                            (b"retry-after", b"60")]})
    await send({"type": "http.response.body", "body": body})


def uvicorn_limits(max_frame_bytes: int = MAX_FRAME_BYTES) -> dict:
    """uvicorn's own settings for the same limits: it reads no more of a frame than the limit
    (its default is 16 MiB), pings every websocket and drops one that does not answer, ends an
    idle keep-alive connection, and closes one whose first request is too slow
    (``ui/web/slow_clients.py``)."""
    from ui.web.slow_clients import HeaderDeadline

    return {"ws_max_size": max_frame_bytes, "ws_ping_interval": 20.0, "ws_ping_timeout": 20.0,
            "timeout_keep_alive": 5, "http": HeaderDeadline}
