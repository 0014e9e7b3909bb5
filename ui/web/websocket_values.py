"""What a browser tells the server as its page's websocket opens (a header, a cookie), handed to
the session that websocket opens: the app's ``main`` runs in the websocket's context, so it reads
each value from a ContextVar."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from starlette.requests import HTTPConnection


class FromWebsocket:
    """ASGI wrapper: :meth:`read` of each websocket becomes :attr:`value` for its session (other
    requests pass as they are). A subclass names the ContextVar and how to read it."""

    value: ContextVar

    def __init__(self, app):
        self.app = app

    def read(self, connection: HTTPConnection) -> Any:
        raise NotImplementedError

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        token = self.value.set(self.read(HTTPConnection(scope)))
        try:
            await self.app(scope, receive, send)
        finally:
            self.value.reset(token)
