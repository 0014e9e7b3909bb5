"""A number in an address is the browser's to write, any length: one SQLite cannot hold (beyond
2**63 - 1) names a table that does not exist, answered as any unknown table, and no address
puts a traceback in the server's log (it said OverflowError, or ValueError past 4300 digits)."""

from __future__ import annotations

import asyncio
import logging

import httpx
import pytest

from ui.screens.home_view import HomeView
from ui.screens.table_view import TableView
from ui.store.storage import TableStore
from ui.web.app import LARGEST_ROUTE_NUMBER, NO_TABLE, route_number
from ui.web.server import build_asgi_app

from live_devices import Server
from test_app_fan_out import two_valleys

UNKNOWN = "999"
"""A table id the store has no table for (the tests' store has one table)."""
BEYOND = [str(LARGEST_ROUTE_NUMBER + 1), "9" * 400, "1" * 5000]
"""Numbers SQLite cannot hold: just past its largest integer, 400 digits, past int's 4300."""
ROUTES = ["/table/{}", "/table/{}/text", "/table/{}/scorepad", "/table/{}/settings",
          "/table/{}/finish", "/table/{}/valley/0"]
"""Every route naming a table by its number (ui/web/app.py: AppContext.show)."""


def no_tracebacks(records: list[logging.LogRecord]) -> bool:
    return not [record for record in records if record.exc_info]


def test_route_number_keeps_what_sqlite_holds_and_makes_the_rest_no_table():
    assert [route_number(digits) for digits in ["0", "7", "007", str(LARGEST_ROUTE_NUMBER)]
            ] == [0, 7, 7, LARGEST_ROUTE_NUMBER]
    assert {route_number(digits) for digits in BEYOND} == {NO_TABLE}


def answer(tmp_path, route: str, host: bool) -> tuple[type, str]:
    """What ``route`` shows on Ann's phone (a player at the store's one table; the host's
    device too when ``host``): the screen's class and its message."""
    async def run():
        store = TableStore(tmp_path / "tables.sqlite3")
        table_id = two_valleys(store, {}) if not store.list() else store.list()[0].id
        server = Server(store)
        ann = server.connect("ann", f"/table/{table_id}/valley/0", table_id, 0)
        if host:
            assert server.access.claim_host("ann", server.access.host_key())
        ann.context.show(route)
        return type(ann.view), getattr(ann.view, "message", "")

    return asyncio.run(run())


@pytest.mark.parametrize("host", [False, True], ids=["player", "host"])
@pytest.mark.parametrize("number", BEYOND, ids=["2**63", "400 digits", "5000 digits"])
@pytest.mark.parametrize("route", ROUTES)
def test_a_number_beyond_sqlite_is_answered_as_an_unknown_table_without_a_traceback(
        tmp_path, caplog, route, number, host):
    caplog.set_level(logging.DEBUG)
    unknown = answer(tmp_path, route.format(UNKNOWN), host)
    assert unknown[0] is HomeView and unknown[1]
    beyond = answer(tmp_path, route.format(number), host)
    # The same screen and words; the message may quote the address itself.
    assert beyond == (HomeView, unknown[1].replace(route.format(UNKNOWN), route.format(number)))
    assert no_tracebacks(caplog.records)


def test_a_player_number_beyond_sqlite_shows_the_first_player(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    assert answer(tmp_path, f"/table/1/valley/{'9' * 400}", host=False) == (TableView, "")
    assert no_tracebacks(caplog.records)


def test_the_server_answers_a_table_address_beyond_sqlite_as_any_page(tmp_path, caplog):
    """Over HTTP a table's address is the app's start page, whatever its number (the browser's
    app then names the route on its websocket): nothing of it reaches SQLite or the log."""
    caplog.set_level(logging.DEBUG)
    app, _store = build_asgi_app(tmp_path / "tables.sqlite3", 8550)

    async def get(path: str) -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://127.0.0.1:8550") as client:
            return await client.get(path)

    for path in [f"/table/{'9' * 400}/text", f"/table/{UNKNOWN}/text",
                 f"/table/{'9' * 400}/valley/{'9' * 400}"]:
        assert asyncio.run(get(path)).status_code == 200
    assert no_tracebacks(caplog.records)
