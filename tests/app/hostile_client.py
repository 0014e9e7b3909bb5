"""A client that speaks Flet's websocket protocol itself, no browser: what a stranger on the
Wi-Fi (or, in the public mode, anyone) can send to the app's ``/ws``, and how the app server's
process is doing meanwhile (its CPU time and memory, read from /proc)."""

from __future__ import annotations

import asyncio
import time
import urllib.request
from pathlib import Path

import msgpack
from websockets.asyncio.client import connect

from frozen_pages import process_stat

REGISTER, CONTROL_EVENT = 1, 3
"""Flet's message actions (flet.messaging.protocol.MessageAction)."""


def frame(action: int, body) -> bytes:
    """One message as Flet's client sends it: a type byte (0: msgpack), then [action, body]."""
    return b"\x00" + msgpack.packb([action, body])


def register(route: str = "/") -> bytes:
    return frame(REGISTER, {"session_id": "", "page_name": "",
                            "page": {"route": route, "width": 390, "height": 844}})


def event(target, name: str = "click", data=None) -> bytes:
    return frame(CONTROL_EVENT, {"target": target, "name": name, "data": data})


def socket(url: str):
    """A websocket to the app at ``url``, from a page of its own origin (as a browser's)."""
    port = url.rsplit(":", 1)[1]
    return connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}",
                   max_size=None, open_timeout=20, ping_interval=None)


async def registered(url: str):
    """A registered session's websocket, once the server has drawn its first screen."""
    ws = await socket(url).__aenter__()
    await ws.send(register())
    await asyncio.wait_for(ws.recv(), 20)
    return ws


def cpu_seconds(pid: int) -> float:
    """The process's CPU time (user and system) so far."""
    return process_stat(pid)[1]


def memory_kib(pid: int, field: str = "VmRSS") -> int:
    """The process's resident memory now (VmRSS) or at its peak (VmHWM), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


def settled_cpu(pid: int, quiet: float = 0.5, within: float = 30.0) -> float:
    """The process's CPU time once it has computed nothing for ``quiet`` seconds (it has handled
    what it was sent); waits at most ``within`` seconds."""
    deadline = time.monotonic() + within
    before = cpu_seconds(pid)
    while time.monotonic() < deadline:
        time.sleep(quiet)
        now = cpu_seconds(pid)
        if now - before < 0.01:
            return now
        before = now
    raise AssertionError(f"the server kept computing for {within} s")


def page_answer_seconds(url: str) -> float:
    """Seconds the server takes to answer ``GET /``."""
    start = time.monotonic()
    with urllib.request.urlopen(url + "/", timeout=60) as response:
        response.read()
        assert response.status == 200
    return time.monotonic() - start
