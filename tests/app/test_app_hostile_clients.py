"""A hostile client cannot stop the table: each thing a client that speaks Flet's protocol itself
can send (tests/app/hostile_client.py) costs the server a bounded amount of CPU and memory, and
the server keeps answering meanwhile (ui/web/websocket_limits.py, ui/web/flet_patch.py,
ui/web/slow_clients.py). Measured on ``scorepad app`` as a person starts it."""

from __future__ import annotations

import asyncio
import socket as sockets
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from websockets.exceptions import ConnectionClosed

from app_browser import served
from hostile_client import (
    cpu_seconds, event, frame, memory_kib, page_answer_seconds, register, registered,
    settled_cpu, socket,
)
from ui.web import websocket_limits
from ui.web.slow_clients import HEADER_SECONDS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("hostile")) as server:
        yield server


@pytest.fixture(autouse=True)
def no_traceback(server):
    """Nothing a client sends puts a traceback in the server's log."""
    start = server.log.stat().st_size
    yield
    log = server.log.read_bytes()[start:].decode(errors="replace")
    assert "Traceback" not in log, log


def pid(server) -> int:
    return server.process.pid


def test_a_thousand_events_for_controls_never_sent_cost_little_and_pages_are_served(server):
    async def flood():
        ws = await registered(server.url)
        settled_cpu(pid(server))
        before = cpu_seconds(pid(server))
        for target in range(100_000, 101_000):
            await ws.send(event(target))
        answered = await asyncio.to_thread(page_answer_seconds, server.url)
        used = settled_cpu(pid(server)) - before
        await ws.close()
        return answered, used

    answered, used = asyncio.run(flood())
    assert used <= 0.5, f"1,000 foreign events cost the server {used:.2f} s of CPU"
    assert answered <= 1.0, f"GET / waited {answered:.2f} s during the flood"


def test_sockets_closed_before_they_register_leave_nothing_behind(server):
    async def open_and_close(count: int):
        for _ in range(count):
            async with socket(server.url):
                pass

    # The first ones grow the heap to what a burst needs; freed, it is used again, not returned.
    asyncio.run(open_and_close(500))
    settled_cpu(pid(server))
    before = memory_kib(pid(server))
    asyncio.run(open_and_close(500))
    # Their handlers end within the grace after the browser has gone.
    deadline = time.monotonic() + websocket_limits.GONE_GRACE_SECONDS + 20
    while time.monotonic() < deadline:
        grown = memory_kib(pid(server)) - before
        if grown <= 10 * 1024:
            break
        time.sleep(0.5)
    assert grown <= 10 * 1024, f"500 unregistered sockets left {grown / 1024:.1f} MB"


def test_idle_clients_are_closed_at_their_deadlines(server):
    """A socket that never registers (closed after REGISTER_SECONDS), a connection that sends no
    request and one that never ends its request's head (after HEADER_SECONDS): each holds a
    slot until then, so each is closed, in words where a client reads them. The three wait at
    once (one wait of the longest deadline, not of their sum)."""
    port = int(server.url.rsplit(":", 1)[1])
    silent = sockets.create_connection(("127.0.0.1", port), timeout=HEADER_SECONDS + 10)
    dribbling = sockets.create_connection(("127.0.0.1", port), timeout=HEADER_SECONDS + 10)
    start = time.monotonic()

    def closed_after(connection) -> float:
        assert connection.recv(1) == b""  # closed by the server
        return time.monotonic() - start

    async def wait_for_close():
        async with socket(server.url) as ws:
            opened = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), websocket_limits.REGISTER_SECONDS + 10)
            return time.monotonic() - opened, closed.value.rcvd

    try:
        dribbling.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end
        with ThreadPoolExecutor(2) as waiting:
            http_closes = [waiting.submit(closed_after, connection)
                           for connection in (silent, dribbling)]
            waited, close = asyncio.run(wait_for_close())
            assert all(close_time.result() <= HEADER_SECONDS + 5 for close_time in http_closes)
    finally:
        silent.close()
        dribbling.close()
    assert waited <= websocket_limits.REGISTER_SECONDS + 5
    assert close.code == websocket_limits.POLICY and "no first message" in close.reason


def test_a_sixteen_megabyte_frame_is_refused_before_it_is_unpacked(server):
    # An array of 16 million empty arrays: unpacked, about a gigabyte of lists.
    count = 16_000_000
    huge = b"\x00\xdd" + count.to_bytes(4, "big") + b"\x90" * count

    async def send_huge():
        async with await registered(server.url) as ws:
            try:
                await ws.send(huge)
                while True:  # the first screen's updates, then the close
                    await asyncio.wait_for(ws.recv(), 20)
            except ConnectionClosed as closed:
                return closed.rcvd
        return None

    peak_before = memory_kib(pid(server), "VmHWM")
    close = asyncio.run(send_huge())
    assert close is not None and close.code == websocket_limits.TOO_BIG
    assert page_answer_seconds(server.url) <= 1.0
    grown = memory_kib(pid(server), "VmHWM") - peak_before
    assert grown <= 200 * 1024, f"a 16 MB frame raised the peak by {grown / 1024:.0f} MB"


@pytest.mark.parametrize("message", [
    b"\x00\xc1",  # not msgpack
    frame(99, {}),  # no such action
    frame(3, {"target": 1}),  # an event without its name
    frame(3, {"target": [1, 2], "name": "click", "data": None}),  # an id that is not one
    b"\x00" + b"\xdd" + (60_000).to_bytes(4, "big") + b"\x90" * 60_000,  # over the array limit
    b"\x07garbage",  # no such frame type
], ids=["not-msgpack", "no-such-action", "no-event-name", "list-as-id", "over-array-limit",
        "no-such-frame-type"])
def test_a_malformed_message_is_one_line_and_the_server_goes_on(server, message):
    async def send_bad():
        async with await registered(server.url) as ws:
            await ws.send(message)
            try:
                await asyncio.wait_for(ws.recv(), 2)
            except (ConnectionClosed, asyncio.TimeoutError):
                pass

    asyncio.run(send_bad())
    assert page_answer_seconds(server.url) <= 1.0


def test_open_sockets_are_capped_per_address_and_a_refused_page_is_told_in_words(server):
    most = websocket_limits.MAX_PER_ADDRESS

    async def fill():
        held = [await socket(server.url).__aenter__() for _ in range(most)]
        try:
            with pytest.raises(Exception) as refused:
                async with socket(server.url) as extra:
                    await asyncio.wait_for(extra.recv(), 10)
            page = await asyncio.to_thread(_page_status, server.url)
        finally:
            for ws in held:
                await ws.close()
        return refused.value, page

    refused, (status, text) = asyncio.run(fill())
    assert "403" in str(refused) or isinstance(refused, ConnectionClosed), refused
    assert status == 503 and f"already has {most} scorepad tabs open" in text
    deadline = time.monotonic() + websocket_limits.GONE_GRACE_SECONDS + 20
    while _page_status(server.url)[0] != 200:  # the closed ones no longer count
        assert time.monotonic() < deadline, "closed sockets still count against the address"
        time.sleep(0.2)


def _page_status(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url + "/", timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_the_server_still_serves_a_real_session_after_all_of_it(server):
    async def still_served():
        ws = await registered(server.url)
        await ws.close()

    asyncio.run(still_served())
    assert page_answer_seconds(server.url) <= 1.0


def test_a_closed_session_is_kept_minutes_not_an_hour(tmp_path, monkeypatch):
    """Flet keeps a session whose tab closed for its resumption: an hour by default."""
    import flet_web.fastapi as flet_fastapi

    from ui.web import server as web_server

    asked = {}
    real_app = flet_fastapi.app

    def recording_app(main, **options):
        asked.update(options)
        return real_app(main, **options)

    monkeypatch.setattr(flet_fastapi, "app", recording_app)
    web_server.build_asgi_app(tmp_path / "tables.sqlite3", 8550)
    assert asked["session_timeout_seconds"] == web_server.SESSION_KEPT_SECONDS <= 600
