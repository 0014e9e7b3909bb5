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

FLOOD_SECONDS = 180
"""Seconds the flood goes on at most (it stops when the phone has read its table)."""


class Flood:
    """A hostile client's flood, in a thread of its own: how far it got, and what stopped it."""

    def __init__(self, url: str):
        self.url = url
        self.sent = 0
        self.error: BaseException | None = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        try:
            asyncio.run(self._flood())
        except BaseException as error:  # noqa: BLE001 - told by the test
            self.error = error

    async def _flood(self) -> None:
        deadline = asyncio.get_running_loop().time() + FLOOD_SECONDS
        ws = await registered(self.url)
        while not self.stop.is_set() and asyncio.get_running_loop().time() < deadline:
            for target in range(1_000_000 + self.sent, 1_000_000 + self.sent + 200):
                await ws.send(event(target))
            self.sent += 200
            async with socket(self.url):  # and one that never registers
                pass
            await ws.send(b"\x00\xc1")  # a malformed frame ends that connection: a new one
            ws = await registered(self.url)
        await ws.close()


def test_a_phone_reads_its_table_while_a_hostile_client_floods_the_server(app_server, browser):
    example = ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json"
    table = import_table(example.read_text(), TableStore(app_server.db), APP_GAMES).table_id
    flood = Flood(app_server.url)
    flood.thread.start()
    try:
        with page_of(browser, viewport=PHONE, locale="en-US") as phone:
            open_app(phone, f"{app_server.url}/table/{table}/scorepad")
            wait_text(phone, "winners", "^Winner: ")
            sent = flood.sent
    finally:
        flood.stop.set()
        flood.thread.join(timeout=60)
    assert flood.error is None, f"the flood stopped: {flood.error!r}"
    assert sent >= 1_000, f"only {sent} events were sent while the phone opened its table"
    log = app_server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]
