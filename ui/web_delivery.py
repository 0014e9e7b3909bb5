"""Sending the web client to a phone: compressed, and cacheable so the next visit reuses it.

The Flutter client's files keep the same names from one flet-web release to the next (none is
named by its content), so none may be cached without asking: every static file is sent with
``Cache-Control: no-cache`` and its ETag, and a returning phone gets ``304 Not Modified`` instead
of the file (Starlette's static files answer ``If-None-Match``).
"""

from __future__ import annotations

from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COMPRESS_FROM = 1024
"""Bytes; smaller responses are sent as they are (compressing them saves nothing)."""
COMPRESS_LEVEL = 6
"""gzip's usual trade-off: nearly the size of level 9 at a fraction of the time per first load."""


class RevalidateStatic:
    """Adds ``Cache-Control: no-cache`` to responses that carry an ETag and no caching rule."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_rule(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                if b"etag" in names and b"cache-control" not in names:
                    message["headers"] = [*message["headers"], (b"cache-control", b"no-cache")]
            await send(message)

        await self.app(scope, receive, send_with_rule)


def deliver_to_phones(app) -> None:
    """Compress and set the caching rule of every response of ``app`` (a FastAPI app)."""
    app.add_middleware(RevalidateStatic)
    app.add_middleware(GZipMiddleware, minimum_size=COMPRESS_FROM, compresslevel=COMPRESS_LEVEL)
