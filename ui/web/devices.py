"""Which device a browser is: a random token it keeps in its own storage, known to the server
only by its hash (``ui.store.access.device_id``)."""

from __future__ import annotations

import asyncio
import logging
import secrets

import flet as ft

from ui.parts.browser_storage import STORAGE_TIMEOUT
from ui.store.access import device_id

logger = logging.getLogger(__name__)

DEVICE_KEY = "scorepad.device"
"""The device's token in the browser's own storage (localStorage on the web)."""


async def identify(page: ft.Page) -> str:
    """This browser's device id: from the token it keeps, made on its first visit. A browser
    that does not answer in time gets an id for this tab only (it joins again after a reload).

    A new token is handed to the browser to keep without waiting for its answer: the first
    screen waits on one round trip to a phone, not two. The browser takes its messages in
    order, so the token is kept before the screen that follows is drawn; where its storage
    fails, the tab is a device of its own, as when it does not answer."""
    preferences = ft.SharedPreferences()
    page.update()  # the client must know the storage service before it is asked anything
    try:
        token = await asyncio.wait_for(preferences.get(DEVICE_KEY), STORAGE_TIMEOUT)
    except (asyncio.TimeoutError, RuntimeError):
        logger.warning("the browser's storage did not answer: this tab is a device of its own")
        return device_id(secrets.token_urlsafe(24))
    if not isinstance(token, str) or len(token) < 16:
        token = secrets.token_urlsafe(24)
        keeping = asyncio.ensure_future(keep_token(preferences, token))
        KEEPING.add(keeping)  # the loop holds a task only weakly
        keeping.add_done_callback(KEEPING.discard)
    return device_id(token)


KEEPING: set[asyncio.Future] = set()
"""The new tokens being handed to their browsers."""


async def keep_token(preferences: ft.SharedPreferences, token: str) -> None:
    """Have the browser keep ``token`` as its device's; a browser that does not (its storage
    refuses or does not answer, or the tab closed) is a new device at its next visit."""
    try:
        await asyncio.wait_for(preferences.set(DEVICE_KEY, token), STORAGE_TIMEOUT)
    except Exception as error:  # noqa: BLE001 - nothing waits on this task to tell
        logger.warning("the browser did not keep its device's token (%s): it is a new device "
                       "at its next visit", type(error).__name__)


async def new_identity(page: ft.Page) -> str:
    """Give this browser a new token (*Forget this device*): from now on the server knows it as a
    device it never saw; its new id. A browser whose storage does not answer keeps the new id
    for this tab only (a reload is then the old device's token again, which the server forgot)."""
    token = secrets.token_urlsafe(24)
    try:
        await asyncio.wait_for(ft.SharedPreferences().set(DEVICE_KEY, token), STORAGE_TIMEOUT)
    except (asyncio.TimeoutError, RuntimeError):
        logger.warning("the browser's storage did not answer: the new device lasts this tab only")
    return device_id(token)
