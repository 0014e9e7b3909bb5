"""A browser tab closing is ordinary: one debug line, never a traceback.

When a tab closes while the server is sending to it, Flet's websocket handler raises the
disconnection up to uvicorn (logged as "Exception in ASGI application" with a long traceback)
and Flet's receive loop logs a warning with one; a short load run made dozens, burying real errors.
"""

from __future__ import annotations

import logging

from starlette.websockets import WebSocketDisconnect, WebSocketDisconnected
from uvicorn.protocols.utils import ClientDisconnected
from websockets.exceptions import ConnectionClosed, InvalidState

logger = logging.getLogger(__name__)

DISCONNECTIONS = (WebSocketDisconnect, WebSocketDisconnected, ClientDisconnected,
                  ConnectionClosed, InvalidState)
"""What the websocket stack raises when the browser has gone."""


def tab_closed(error: BaseException) -> None:
    logger.debug("a browser tab closed its connection (%s)", type(error).__name__)


def still_connected(page) -> bool:
    """Whether the browser tab of ``page`` is still connected to its session.

    When a tab's websocket closes, Flet (1.0.5) keeps the session a while for a reconnection
    but drops its connection (``Session.disconnect`` sets it to None). What a handler still
    running then sends is dropped quietly, but what needs the connection fails:
    ``page.run_task`` (and ``page.loop``) raise ``AttributeError: 'NoneType' object has no
    attribute 'loop'``. A handler that awaited the browser asks here before such a call.
    """
    connection = page.session.connection
    return connection is not None and getattr(connection, FLET_SEND_QUEUE, True) is not None


FLET_SEND_QUEUE = "_FletApp__send_queue"
"""Where flet-web's connection (``FletApp``) keeps what it is to send: None once its websocket
has closed, a moment before Flet drops the connection, and a send then fails with an
``AttributeError`` (tests/app/test_app_closed_tabs.py checks that this still holds)."""


class TabClosedBeforeReady(BrokenPipeError):
    """Ends a session's ``main`` whose tab closed while it awaited the browser.

    Flet's handler (flet-web 1.0.5, ``FletApp.__on_session_created``) takes a broken pipe as the
    end of a session whose transport is gone: one info line, and the session is read only if it
    is still there. Any other ending touches the session, which Flet sets to None when it
    disposes the tab's connection: a return calls its ``after_event``, Flet's own
    ``FletPageDisconnectedException`` logs its ``id``.
    """


class ClosedTabs:
    """ASGI wrapper: a websocket whose browser has gone ends quietly."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        try:
            await self.app(scope, receive, send)
        except DISCONNECTIONS as error:
            tab_closed(error)


class QuietDisconnections(logging.Filter):
    """For Flet's logger: a record whose exception is a disconnection becomes one debug line."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, DISCONNECTIONS):
            tab_closed(error)
            return False
        return True


def quiet_closed_tabs(app):
    """``app`` wrapped so that closed tabs log one debug line each (Flet's logger too)."""
    flet_logger = logging.getLogger("flet_web.fastapi")
    if not any(isinstance(item, QuietDisconnections) for item in flet_logger.filters):
        flet_logger.addFilter(QuietDisconnections())
    return ClosedTabs(app)
