"""The host key's way from the printed address into the app, leaving no trace behind.

``scorepad app`` prints ``/?key=…``. The Flet client cannot replace a history entry (it only
pushes routes), so the key is taken off at the HTTP level, before the app loads: a request for a
page with ``?key=`` is answered with a redirect to the same page without it (a redirect leaves no
history entry, so Back never returns to the key). The cookie it sets holds a one-time ticket for
the key (page scripts cannot read it); the app's websocket, opened right after by that page,
carries it, and :data:`presented_key` hands the key to that session's ``main``. Used once, the
ticket is gone: a later reload presents nothing, so a host device removed by the host stays
removed. The tickets are kept in the store (``ui.store.tickets``): the page may load from one
process and open its websocket on another (``scorepad app --workers``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from contextvars import ContextVar
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, quote, urlencode

from starlette.requests import HTTPConnection

from ui.store.engine import NotSaved, StoreUnavailable
from ui.store.storage import TableStore
from ui.store.tickets import Bounds, Tickets

logger = logging.getLogger(__name__)

COOKIE = "scorepad-host-key"
TICKET_SECONDS = 120
"""Long enough for the redirected page to load and open its websocket."""
MOST_TICKETS = 64
"""Tickets waiting at once; the oldest goes first (requests with a key cannot fill the store)."""
MOST_PER_ADDRESS = 8
"""Tickets waiting at once for one network address: one address's requests evict only its own."""
MOST_KEY_CHARACTERS = 256
"""A longer ``key`` is no host key (it has 32): the redirect takes it off, no ticket keeps it."""
KIND = "host-key"
PATH_SAFE = "/!$&'()*+,;=:@"
"""What a path of the redirect keeps as it is besides letters, digits and ``_.-~``: RFC 3986's
path characters except ``%`` (the ASGI path is decoded, so a ``%`` in it is a percent sign)."""

presented_key: ContextVar[str | None] = ContextVar("presented_key", default=None)
"""The host key the browser of this websocket presented, if any (read in the app's ``main``)."""


class HostKeyHandOff:
    """ASGI wrapper: ``?key=`` becomes a cookie and a redirect; the cookie becomes
    :data:`presented_key` for the websocket's session."""

    def __init__(self, app, store: TableStore):
        self.app = app
        self.tickets = Tickets(store)
        """One-time ticket -> the host key presented, until :data:`TICKET_SECONDS` pass."""
        self._kept_here: OrderedDict[str, tuple[str, float]] = OrderedDict()
        """Tickets the store refused to keep (a read-only file, a database down), kept in this
        process's memory instead (at most :data:`MOST_TICKETS`, the oldest dropped): the page
        loads again on this process (a worker's browser stays on its worker), and the key it
        presents is then refused in words where it is claimed, as any write is."""

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            query = parse_qsl(scope.get("query_string", b"").decode("latin-1"),
                              keep_blank_values=True)
            key = next((value for name, value in query if name == "key"), None)
            if key is not None:
                return await self._redirect(scope, send, key, [
                    (name, value) for name, value in query if name != "key"])
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        ticket = _cookie(scope)
        key = await asyncio.to_thread(self._redeem, ticket) if ticket else None
        token = presented_key.set(key)
        try:
            await self.app(scope, receive, send)
        finally:
            presented_key.reset(token)

    def _ticket(self, key: str, address: str) -> str:
        return self.tickets.make(KIND, key, TICKET_SECONDS, address,
                                 Bounds(MOST_PER_ADDRESS, MOST_TICKETS))

    def _redeem(self, ticket: str) -> str | None:
        kept = self._kept_here.pop(ticket, None)
        if kept is not None:
            key, until = kept
            return key if time.monotonic() < until else None
        try:
            key = self.tickets.take(KIND, ticket)
        except (NotSaved, StoreUnavailable) as error:  # the page loads as any other device's
            logger.error("the host key's ticket could not be read: %s", error)
            return None
        return key if isinstance(key, str) else None

    async def _redirect(self, scope, send, key: str, rest: list[tuple[str, str]]) -> None:
        location = own_path(scope["path"]) + (f"?{urlencode(rest)}" if rest else "")
        client = scope.get("client")
        try:
            ticket = (await asyncio.to_thread(self._ticket, key, client[0] if client else "")
                      if len(key) <= MOST_KEY_CHARACTERS else "")
        except (NotSaved, StoreUnavailable) as error:
            logger.error("the host key's ticket could not be kept in the store, kept here: %s",
                         error)
            ticket = self._keep_here(key)
        cookie = SimpleCookie()
        cookie[COOKIE] = ticket
        cookie[COOKIE].update({"path": "/", "max-age": TICKET_SECONDS, "httponly": True,
                               "samesite": "Strict"})
        await send({"type": "http.response.start", "status": 303, "headers": [
            (b"location", location.encode("latin-1")),
            (b"set-cookie", cookie[COOKIE].OutputString().encode("latin-1")),
            (b"cache-control", b"no-store"),
            (b"content-length", b"0"),
        ]})
        await send({"type": "http.response.body", "body": b""})

    def _keep_here(self, key: str) -> str:
        ticket = secrets.token_urlsafe(16)
        self._kept_here[ticket] = (key, time.monotonic() + TICKET_SECONDS)
        while len(self._kept_here) > MOST_TICKETS:
            self._kept_here.popitem(last=False)
        return ticket


def own_path(path: str) -> str:
    r"""``path`` as a redirect to a page of this server: never an open redirect.

    A browser reads a Location starting with ``//`` or ``/\`` as another site's address
    (``//evil.example/``), so leading slashes and backslashes become one ``/``. The rest is
    percent-encoded: no backslash, control character (browsers drop tabs and newlines from an
    address, which could join slashes again), space or non-ASCII letter survives, and as the
    result starts with ``/``, no scheme can either.

    >>> own_path("//evil.example/")
    '/evil.example/'
    >>> own_path("/\\evil.example/a b")
    '/evil.example/a%20b'
    """
    return "/" + quote(path.lstrip("/\\"), safe=PATH_SAFE)


def _cookie(scope) -> str | None:
    # Starlette's parser, as browsers read cookies: SimpleCookie drops every cookie of the
    # header when one of them (another program's on this host: cookies ignore the port) is not
    # to its taste, and the host's ticket with it.
    return HTTPConnection(scope).cookies.get(COOKIE)
