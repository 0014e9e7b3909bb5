"""The browser's own storage, where a device keeps its choices (its token, language and theme):
Flet's ``SharedPreferences``, which the web client keeps in the browser's ``localStorage``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

import flet as ft

T = TypeVar("T")

STORAGE_TIMEOUT = 20
"""Seconds to wait for the browser's storage or its device information (a loaded phone can be
slow)."""


def local_storage_key(preference: str) -> str:
    """Where the web client keeps ``preference`` in ``localStorage`` (Flutter's
    shared_preferences prefixes its keys, and keeps each value as JSON): what a script of the
    start page reads before the client runs."""
    return f"flutter.{preference}"


LOADS_ASKED_AGAIN = 3
"""How many loads of a tab, each following the last before it answered, are asked again."""


async def asked_of_the_latest_load(page: ft.Page, ask: Callable[[], Awaitable[T]]) -> T:
    """``ask()``'s answers from the browser, asked again of a load of the tab that follows the
    one asked before it answered.

    A tab loaded again (reloaded, or its address opened again) while its session waits for the
    browser's answers takes over that session: flet_web hands the tab's last session to the new
    load when that session's connection is gone, and tells it by the page's ``connect`` event.
    What was asked of the old load went with its connection, and the new one never hears of it:
    waited for until :data:`STORAGE_TIMEOUT`, the tab was a device of its own, whose home showed
    none of its tables (a tab reloaded as the server came back, as happens when the host
    restarts it). The questions still on their way are dropped and ``ask()`` is called again,
    for at most :data:`LOADS_ASKED_AGAIN` new loads (the one after is waited for as before)."""
    for _ in range(LOADS_ASKED_AGAIN):
        loaded_again = asyncio.Event()

        async def connected(e, loaded_again: asyncio.Event = loaded_again) -> None:
            loaded_again.set()

        page.on_connect = connected
        asking = asyncio.ensure_future(ask())
        reloaded = asyncio.ensure_future(loaded_again.wait())
        try:
            await asyncio.wait((asking, reloaded), return_when=asyncio.FIRST_COMPLETED)
        except BaseException:  # main itself cancelled: nothing waits for the answers
            asking.cancel()
            raise
        finally:
            reloaded.cancel()
            page.on_connect = None
        if asking.done():
            return asking.result()
        asking.cancel()
        await asyncio.gather(asking, return_exceptions=True)
    return await ask()
