"""A closed browser tab is one debug line, never a traceback: the websocket's disconnection is
caught around the app, and Flet's own logger drops its traceback for it."""

from __future__ import annotations

import asyncio
import logging

import pytest
from starlette.websockets import WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from ui.web.closed_tabs import quiet_closed_tabs


def run(app, scope_type: str) -> None:
    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        pass

    asyncio.run(app({"type": scope_type}, receive, send))


def raising(error: BaseException):
    async def app(scope, receive, send):
        raise error
    return app


@pytest.mark.parametrize("error", [WebSocketDisconnect(code=1006), ClientDisconnected()])
def test_a_websocket_whose_tab_closed_ends_with_one_debug_line(error, caplog):
    caplog.set_level(logging.DEBUG, logger="ui.web.closed_tabs")
    run(quiet_closed_tabs(raising(error)), "websocket")
    assert [(record.levelname, record.getMessage(), record.exc_info) for record in caplog.records
            ] == [("DEBUG", f"a browser tab closed its connection ({type(error).__name__})",
                   None)]


def test_other_errors_still_reach_the_server_s_log():
    with pytest.raises(ValueError):
        run(quiet_closed_tabs(raising(ValueError("a real bug"))), "websocket")
    with pytest.raises(WebSocketDisconnect):  # only websockets close with a tab
        run(quiet_closed_tabs(raising(WebSocketDisconnect(code=1006))), "http")


def test_flets_receive_loop_warning_for_a_closed_tab_becomes_a_debug_line(caplog):
    quiet_closed_tabs(raising(ValueError()))
    caplog.set_level(logging.DEBUG)
    flet_logger = logging.getLogger("flet_web.fastapi")
    try:
        raise WebSocketDisconnect(code=1006)
    except WebSocketDisconnect as error:
        flet_logger.warning(f"Receive loop error: {error}", exc_info=True)
    try:
        raise ValueError("a real bug")
    except ValueError:
        flet_logger.warning("Receive loop error: a real bug", exc_info=True)
    assert [(record.name, record.levelname, record.getMessage()) for record in caplog.records] == [
        ("ui.web.closed_tabs", "DEBUG", "a browser tab closed its connection (WebSocketDisconnect)"),
        ("flet_web.fastapi", "WARNING", "Receive loop error: a real bug")]
