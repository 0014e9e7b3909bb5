"""While a hostile client floods the server (events for controls it was never sent, sockets
opened and dropped before they register, malformed frames), a real phone still opens its table
and reads it (tests/app/test_app_hostile_clients.py bounds each of those alone)."""

from __future__ import annotations

import asyncio
import threading

from app_browser import PHONE, ROOT, open_app, wait_text
from conftest import page_of
from hostile_client import event, registered, socket
from ui.games.registry import APP_GAMES
from ui.screens.import_model import import_table
from ui.store.storage import TableStore

FLOOD_EVENTS = 20_000
"""Events the flood sends at most (it stops earlier when the phone has read its table)."""


def flood(url: str, stop: threading.Event) -> None:
    async def run():
        ws = await registered(url)
        sent = 0
        while not stop.is_set() and sent < FLOOD_EVENTS:
            for target in range(1_000_000 + sent, 1_000_000 + sent + 200):
                await ws.send(event(target))
            sent += 200
            async with socket(url):  # and one that never registers
                pass
            await ws.send(b"\x00\xc1")  # a malformed frame ends that connection: a new one
            ws = await registered(url)
        await ws.close()

    asyncio.run(run())


def test_a_phone_reads_its_table_while_a_hostile_client_floods_the_server(app_server, browser):
    example = ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json"
    table = import_table(example.read_text(), TableStore(app_server.db), APP_GAMES).table_id
    stop = threading.Event()
    flooding = threading.Thread(target=flood, args=(app_server.url, stop), daemon=True)
    flooding.start()
    try:
        with page_of(browser, viewport=PHONE, locale="en-US") as phone:
            open_app(phone, f"{app_server.url}/table/{table}/scorepad")
            wait_text(phone, "winners", "^Winner: ")
            assert flooding.is_alive(), "the flood ended before the phone had read its table"
    finally:
        stop.set()
        flooding.join(timeout=60)
    log = app_server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]
