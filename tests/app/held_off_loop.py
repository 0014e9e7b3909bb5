"""A stand-in for slow work a screen must keep off the event loop (reading and checking a file)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any


class HeldOffLoop:
    """Stands in for ``real``: records the thread each call runs on and holds it until the event
    loop lets it go on (:meth:`run`). Called on the event loop itself, it could never be let go:
    it fails after a minute, and so does the test."""

    def __init__(self, real: Callable):
        self.real = real
        self.threads: list[threading.Thread] = []
        self.released = threading.Event()

    def __call__(self, *args: Any) -> Any:
        self.threads.append(threading.current_thread())
        assert self.released.wait(timeout=60), "the event loop was held while it ran"
        return self.real(*args)

    async def run(self, work: Coroutine,
                  meanwhile: Callable[[], Awaitable[Any]] | None = None) -> None:
        """Start ``work``; once the held call began, await ``meanwhile()`` (the loop still
        runs), then let the call go on and wait for ``work`` to end."""
        task = asyncio.create_task(work)
        while not self.threads:
            await asyncio.sleep(0.01)
        if meanwhile is not None:
            await meanwhile()
        self.released.set()
        await task
