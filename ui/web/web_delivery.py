"""Sending the web client to a phone: compressed, and cacheable so the next visit reuses it.

The client is 14 MiB (main.dart.js, CanvasKit); gzip makes it about 5 MiB. Compressing it on every
first load (as a streaming middleware such as Starlette's GZipMiddleware does) costs the server
seconds of CPU per phone on a small machine, on the event loop every device's taps wait on; so
each static file is compressed once, in a worker thread, and the compressed bytes are kept for
the life of the server (keyed by path and ETag: a changed file is compressed again).

The Flutter client's files keep the same names from one flet-web release to the next (none is
named by its content), so none may be cached without asking: every static file is sent with
``Cache-Control: no-cache`` and its ETag, and a returning phone gets ``304 Not Modified`` instead
of the file (Starlette's static files answer ``If-None-Match``).
"""

from __future__ import annotations

import asyncio
import gzip

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COMPRESS_FROM = 1024
"""Bytes; smaller files are sent as they are (compressing them saves nothing)."""
COMPRESS_LEVEL = 6
"""gzip's usual trade-off: nearly the size of level 9 in half the time."""
WORTH_IT = 0.9
"""Send the compressed bytes only when they are at most this share of the file (not for PNGs)."""


class CompressedStatic:
    """Static files (200 answers to GET with an ETag) gzip-compressed once and kept; every such
    answer also gets ``Cache-Control: no-cache``. Other requests pass through untouched."""

    def __init__(self, app: ASGIApp):
        self.app = app
        self._kept: dict[tuple[str, str], bytes | None] = {}
        """(path, ETag) -> the compressed file, or None when compressing does not pay."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Headers(scope=scope) if scope["type"] == "http" else None
        if request is None or scope["method"] != "GET" or "range" in request:
            await self.app(scope, receive, send)
            return
        wants_gzip = "gzip" in request.get("accept-encoding", "")
        start: Message | None = None
        chunks: list[bytes] = []
        passing = False

        async def hold(message: Message) -> None:
            nonlocal start, passing
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if "etag" in headers:
                    headers.add_vary_header("Accept-Encoding")
                    headers.setdefault("cache-control", "no-cache")
                passing = not (wants_gzip and message["status"] == 200 and "etag" in headers
                               and "content-encoding" not in headers)
                if passing:
                    await send(message)
                else:
                    start = message
            elif passing:
                await send(message)
            else:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    await self._send_compressed(scope["path"], start, b"".join(chunks), send)

        await self.app(scope, receive, hold)

    async def _send_compressed(self, path: str, start: Message, body: bytes, send: Send) -> None:
        headers = MutableHeaders(scope=start)
        key = (path, headers["etag"])
        if key not in self._kept:
            compressed = (await asyncio.to_thread(gzip.compress, body, COMPRESS_LEVEL)
                          if len(body) >= COMPRESS_FROM else b"")
            self._kept[key] = compressed if 0 < len(compressed) <= WORTH_IT * len(body) else None
        compressed = self._kept[key]
        if compressed is not None:
            body = compressed
            headers["content-encoding"] = "gzip"
            headers["content-length"] = str(len(body))
        await send(start)
        await send({"type": "http.response.body", "body": body})


PAGE_SCRIPTS = ("number_fields.js",)
"""The app's own scripts (in ui/web/assets), loaded by the page before the Flutter client."""


class PageScripts:
    """Adds ``<script>`` tags for :data:`PAGE_SCRIPTS` to the start page (every HTML answer:
    Flet answers any address of the app with its index.html). Flet writes that page itself, from
    its own copy, so the tags are added as it is sent rather than to a copy kept here."""

    def __init__(self, app: ASGIApp, scripts: tuple[str, ...] = PAGE_SCRIPTS):
        self.app = app
        self.tags = "".join(f'<script src="{name}"></script>' for name in scripts).encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []

        async def add_tags(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                is_page = (message["status"] == 200 and MutableHeaders(scope=message)
                           .get("content-type", "").startswith("text/html"))
                if is_page:
                    start = message
                else:
                    await send(message)
            elif start is None:
                await send(message)
            else:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    page = b"".join(chunks).replace(b"</head>", self.tags + b"</head>", 1)
                    MutableHeaders(scope=start)["content-length"] = str(len(page))
                    await send(start)
                    await send({"type": "http.response.body", "body": page})

        await self.app(scope, receive, add_tags)


def deliver_to_phones(app) -> None:
    """Add the app's scripts to the start page, then compress and set the caching rule of the
    static files of ``app`` (a FastAPI app)."""
    app.add_middleware(PageScripts)
    app.add_middleware(CompressedStatic)  # added last, so it wraps the other: the page is
    # compressed with its tags
