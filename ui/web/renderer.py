"""Which of Flutter's web renderers draws the app on a phone: single-threaded skwasm.

Flet's web client is built twice: dart2wasm with skwasm (Skia in WebAssembly) and dart2js with
CanvasKit. Flutter's loader gives a browser that runs WebAssembly GC (Chrome, Edge, recent
Firefox and Safari) skwasm, and it draws on a second thread (a raster worker) exactly when the
page is cross-origin isolated, which flet_web always makes it by sending
``Cross-Origin-Embedder-Policy: require-corp`` with ``Cross-Origin-Opener-Policy``. In flet-web
1.0.5 (Flutter 3.44.8) that multi-threaded skwasm shares one text cache between its two threads
without a lock (flutter/flutter#190039, fixed upstream by #190048): now and then a page stops
drawing and keeps a core busy for good. Without the embedder policy the page is not isolated and
skwasm draws on the page's own thread, where the cache has one user; it stays the faster of the
two builds (see docs/decisions/web-renderer.md for the figures and how to undo this).

``SCOREPAD_WEB_RENDERER`` chooses another renderer, for measuring (benchmarks/renderers.py) or
once a Flet release carries the fix: ``skwasm-threads`` (Flet's own headers) or ``canvaskit``.
"""

from __future__ import annotations

import os

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

RENDERER_VARIABLE = "SCOREPAD_WEB_RENDERER"
RENDERERS = {
    "skwasm": "skwasm on the page's own thread (the default: no cross-origin isolation)",
    "skwasm-threads": "skwasm with its raster worker (Flet's cross-origin isolation)",
    "canvaskit": "CanvasKit, dart2js",
}
DEFAULT_RENDERER = "skwasm"
ISOLATING_HEADER = "cross-origin-embedder-policy"
"""The header that, with the opener policy, makes a page cross-origin isolated. The opener policy
(``same-origin``: no other site's window keeps a handle on the app's) stays."""


class UnknownRenderer(ValueError):
    """``SCOREPAD_WEB_RENDERER`` names no renderer; the message is the one line to print."""


def chosen_renderer(environment: dict[str, str] | None = None) -> str:
    """The renderer ``SCOREPAD_WEB_RENDERER`` asks for, :data:`DEFAULT_RENDERER` when unset."""
    value = (environment if environment is not None else os.environ).get(RENDERER_VARIABLE, "")
    value = value.strip().lower() or DEFAULT_RENDERER
    if value not in RENDERERS:
        raise UnknownRenderer(f"{RENDERER_VARIABLE}={value!r} is not a renderer: use one of "
                              f"{', '.join(RENDERERS)}")
    return value


def flet_web_renderer(renderer: str):
    """The value of flet_web's ``web_renderer`` for ``renderer``."""
    from flet import WebRenderer

    return WebRenderer.CANVAS_KIT if renderer == "canvaskit" else WebRenderer.AUTO


class NotIsolated:
    """Takes :data:`ISOLATING_HEADER` out of every HTTP answer of ``app``, so the page is not
    cross-origin isolated and skwasm draws on its own thread."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def without_isolation(message: Message) -> None:
            if message["type"] == "http.response.start":
                del MutableHeaders(scope=message)[ISOLATING_HEADER]
            await send(message)

        await self.app(scope, receive, without_isolation)


def draw_with(app: ASGIApp, renderer: str) -> ASGIApp:
    """``app`` (Flet's web client, served with flet_web's headers) as ``renderer`` needs it."""
    return app if renderer == "skwasm-threads" else NotIsolated(app)
