"""How large this browser draws text: its text scale, told to the server per device.

Flutter's web client scales every text by the page's root font size (16 px is 1; a browser set
to 200% text gives 32 px, so 2), but it does not tell the server: Flet 1.0's ``page.media`` has
no text scale. The page script ``assets/text_scale.js`` (one of the page's scripts, see
``ui.web.web_delivery.PAGE_SCRIPTS``) reads the root font size as the page loads and keeps the
scale in the cookie :data:`COOKIE`, before the Flutter client opens its websocket; the websocket
carries the cookie, and :class:`TextScaleCookie` hands it to that session's ``main`` as
:data:`text_scale`. It is read as the page loads: a browser whose text size changes while the app
is open tells the server at its next reload.

Screens whose layout depends on text fitting a fixed width read ``AppContext.text_scale`` (the
scorepad stacks its line labels over their numbers from
``ui.screens.scorepad_view.LARGE_TEXT``).
"""

from __future__ import annotations

import math
from contextvars import ContextVar

from starlette.requests import HTTPConnection

from ui.web.websocket_values import FromWebsocket

COOKIE = "scorepad-text-scale"
"""The cookie the page script writes (the page's root font size / 16)."""
SCALES = (0.5, 4.0)
"""The scales taken (browsers offer about 50% to 300% text); any other value is not believed."""

text_scale: ContextVar[float] = ContextVar("text_scale", default=1.0)
"""This session's text scale (read in the app's ``main``); 1 when the browser did not say."""


def scale_of(value: str | None) -> float:
    """The text scale a cookie's value says; 1 for a missing, unreadable or unlikely value."""
    try:
        scale = float(value)
    except (TypeError, ValueError):
        return 1.0
    return scale if math.isfinite(scale) and SCALES[0] <= scale <= SCALES[1] else 1.0


class TextScaleCookie(FromWebsocket):
    """ASGI wrapper: the :data:`COOKIE` of the page's websocket becomes :data:`text_scale` for
    the session it opens."""

    value = text_scale

    def read(self, connection: HTTPConnection) -> float:
        return scale_of(connection.cookies.get(COOKIE))
