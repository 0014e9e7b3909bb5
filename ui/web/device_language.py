"""Which language a browser reads: the one this browser chose (the language switch, remembered in
its own storage like the theme), else the first of its languages the app speaks (the
``Accept-Language`` header of the page's websocket), else English.

A hidden ``?lang=CODE`` in the address chooses too (and is remembered like the switch): with
``?lang=pseudo`` every word is bracketed and accented (:data:`scorer.language.PSEUDO`), which the
browser tests use to see any text that skipped a catalogue; the switch never offers it.
"""

from __future__ import annotations

import asyncio
import logging
from contextvars import ContextVar
from urllib.parse import parse_qsl, urlsplit

import flet as ft
from starlette.requests import HTTPConnection

from scorer.language import LANGUAGES, PSEUDO, accepted_languages, best_language
from ui.web.websocket_values import FromWebsocket

logger = logging.getLogger(__name__)

PREFERENCE = "scorepad.language"
"""The language this browser chose, in its own storage (per device, as the theme)."""
CHOSEN = (*LANGUAGES, PSEUDO)
"""The codes a browser may have chosen (the switch offers LANGUAGES only)."""
STORAGE_TIMEOUT = 20
"""Seconds to wait for the browser's storage (a loaded phone can be slow)."""

accept_language: ContextVar[str] = ContextVar("accept_language", default="")
"""The ``Accept-Language`` header of this session's websocket (read in the app's ``main``)."""


class AcceptLanguage(FromWebsocket):
    """ASGI wrapper: the websocket's ``Accept-Language`` header becomes :data:`accept_language`
    for the session it opens."""

    value = accept_language

    def read(self, connection: HTTPConnection) -> str:
        return connection.headers.get("accept-language", "")


def asked_in_address(route: str) -> str | None:
    """The language a ``?lang=`` of the page's address asks for, if it is one."""
    asked = dict(parse_qsl(urlsplit(route or "").query)).get("lang")
    return asked if asked in CHOSEN else None


async def device_language(route: str, header: str) -> str:
    """This browser's language (see the module's doc); a ``?lang=`` is remembered."""
    preferences = ft.SharedPreferences()
    asked = asked_in_address(route)
    try:
        if asked is not None:
            await asyncio.wait_for(preferences.set(PREFERENCE, asked), STORAGE_TIMEOUT)
            return asked
        chosen = await asyncio.wait_for(preferences.get(PREFERENCE), STORAGE_TIMEOUT)
    except (asyncio.TimeoutError, RuntimeError):
        logger.warning("the browser's storage did not answer: its language is not remembered")
        chosen = asked
    if chosen in CHOSEN:
        return chosen
    return best_language(accepted_languages(header))


async def remember_language(code: str) -> None:
    """Keep the switch's choice in this browser's storage (the next visit reads it)."""
    try:
        await asyncio.wait_for(ft.SharedPreferences().set(PREFERENCE, code), STORAGE_TIMEOUT)
    except (asyncio.TimeoutError, RuntimeError):  # the choice holds until the page is reloaded
        logger.warning("cannot save the language preference", exc_info=True)
