"""Which device a browser is: a random token it keeps in its own storage, known to the server
only by its hash (``ui.store.access.device_id``)."""

from __future__ import annotations

import asyncio
import logging
import secrets

import flet as ft

from ui.store.access import device_id

logger = logging.getLogger(__name__)

DEVICE_KEY = "scorepad.device"
"""The device's token in the browser's own storage (localStorage on the web)."""
STORAGE_TIMEOUT = 20
"""Seconds to wait for the browser's storage (a loaded phone can be slow)."""


async def identify(page: ft.Page) -> str:
    """This browser's device id: from the token it keeps, made on its first visit. A browser
    that does not answer in time gets an id for this tab only (it joins again after a reload)."""
    preferences = ft.SharedPreferences()
    page.update()  # the client must know the storage service before it is asked anything
    try:
        token = await asyncio.wait_for(preferences.get(DEVICE_KEY), STORAGE_TIMEOUT)
        if not isinstance(token, str) or len(token) < 16:
            token = secrets.token_urlsafe(24)
            await asyncio.wait_for(preferences.set(DEVICE_KEY, token), STORAGE_TIMEOUT)
    except (asyncio.TimeoutError, RuntimeError):
        logger.warning("the browser's storage did not answer: this tab is a device of its own")
        token = secrets.token_urlsafe(24)
    return device_id(token)


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
