"""Which language a device reads: the one this browser chose (the language switch, remembered in
its own storage like the theme), else the first offered language of the device itself, else
English.

The device's languages are read from the best witness first (:func:`wanted_languages`):

1. the locales the Flutter client reports (the system's languages, as the browser's
   ``navigator.languages``; ``page.get_device_info()``, and ``page.on_locale_change`` when the
   system's language changes while the app is open);
2. the ``Accept-Language`` of the page's own request, which :class:`DeviceLanguageHeaders` keeps
   in the cookie :data:`PAGE_LANGUAGE_COOKIE` for the websocket that follows it;
3. the ``Accept-Language`` of the websocket's handshake: some browsers send it reduced or not at
   all (Chromium 150 and newer send ``en-US,en;q=0.9`` there whatever the page's language is), and
   a proxy may strip it, so it is the last witness, not the first;
4. English.

A hidden ``?lang=CODE`` in the address chooses too (and is remembered like the switch): with
``?lang=pseudo`` every word is bracketed and accented (:data:`scorer.language.PSEUDO`), which the
browser tests use to see any text that skipped a catalogue; the switch never offers it.
"""

from __future__ import annotations

import asyncio
import logging
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterable
from urllib.parse import parse_qsl, quote, unquote, urlsplit

import flet as ft
from starlette.requests import HTTPConnection

from scorer.language import LANGUAGES, PSEUDO, accepted_languages, best_language
from ui.parts.browser_storage import STORAGE_TIMEOUT
from ui.web.websocket_values import FromWebsocket

logger = logging.getLogger(__name__)

PREFERENCE = "scorepad.language"
"""The language this browser chose, in its own storage (per device, as the theme)."""
CHOSEN = (*LANGUAGES, PSEUDO)
"""The codes a browser may have chosen (the switch offers LANGUAGES only)."""
PAGE_LANGUAGE_COOKIE = "scorepad-page-language"
"""The cookie that carries the page request's ``Accept-Language`` to the page's websocket."""
HEADER_LIMIT = 256
"""Characters of an ``Accept-Language`` header that are read (a real one is a few dozen)."""
LOCALES_LIMIT = 32
"""Locales of a client's report that are read (a device lists a handful)."""


@dataclass(frozen=True)
class LanguageHeaders:
    """What the HTTP side says of a session's languages: the page request's ``Accept-Language``
    (from its cookie) and the websocket's own."""

    page: str = ""
    websocket: str = ""


language_headers: ContextVar[LanguageHeaders] = ContextVar("language_headers",
                                                           default=LanguageHeaders())
"""This session's :class:`LanguageHeaders` (read in the app's ``main``)."""


class DeviceLanguageHeaders(FromWebsocket):
    """ASGI wrapper: a page (an HTML answer) gets the cookie :data:`PAGE_LANGUAGE_COOKIE` with
    its request's ``Accept-Language``; a websocket hands that cookie and its own header to the
    session it opens as :data:`language_headers`."""

    value = language_headers

    def read(self, connection: HTTPConnection) -> LanguageHeaders:
        return LanguageHeaders(
            page=unquote(connection.cookies.get(PAGE_LANGUAGE_COOKIE, ""))[:HEADER_LIMIT],
            websocket=connection.headers.get("accept-language", "")[:HEADER_LIMIT])

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await super().__call__(scope, receive, send)
        header = HTTPConnection(scope).headers.get("accept-language", "")[:HEADER_LIMIT]
        cookie = (f"{PAGE_LANGUAGE_COOKIE}={quote(header, safe='')}; Path=/; HttpOnly; "
                  "SameSite=Strict").encode("latin-1")

        async def send_with_cookie(message):
            if message["type"] == "http.response.start" and _is_page(message):
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"set-cookie", cookie)]}
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _is_page(start: dict) -> bool:
    return any(name.lower() == b"content-type" and value.startswith(b"text/html")
               for name, value in start.get("headers", []))


def locale_tags(locales: Iterable[ft.Locale] | None) -> list[str]:
    """The language tags (``de-AT``) of the locales a client reported, most wanted first."""
    tags = []
    for locale in list(locales or [])[:LOCALES_LIMIT]:
        code = getattr(locale, "language_code", None)
        if isinstance(code, str) and code and code != "und":
            country = getattr(locale, "country_code", None)
            tags.append(f"{code}-{country}" if isinstance(country, str) and country else code)
    return tags


def wanted_languages(client: Iterable[str], headers: LanguageHeaders) -> list[str]:
    """A device's languages, most wanted first: the client's locales, then the page request's
    ``Accept-Language``, then the websocket's (see the module's doc)."""
    return [*client, *accepted_languages(headers.page), *accepted_languages(headers.websocket)]


def asked_in_address(route: str) -> str | None:
    """The language a ``?lang=`` of the page's address asks for, if it is one."""
    asked = dict(parse_qsl(urlsplit(route or "").query)).get("lang")
    return asked if asked in CHOSEN else None


async def client_locales(page: ft.Page) -> list[str]:
    """The language tags the Flutter client reports for its device; none when it does not
    answer."""
    try:
        info = await asyncio.wait_for(page.get_device_info(), STORAGE_TIMEOUT)
    except (asyncio.TimeoutError, RuntimeError, TypeError, ValueError, KeyError):
        logger.warning("the browser did not report its locales: its language comes from its "
                       "headers")
        return []
    return locale_tags(getattr(info, "locales", None))


@dataclass(frozen=True)
class DeviceLanguage:
    """A device's language and whether this browser chose it (the switch or ``?lang=``): a
    chosen language stays when the system's language changes."""

    code: str
    chosen: bool


async def stored_choice(preferences: ft.SharedPreferences) -> str | None:
    """The language this browser chose before, if its storage answers."""
    try:
        return await asyncio.wait_for(preferences.get(PREFERENCE), STORAGE_TIMEOUT)
    except (asyncio.TimeoutError, RuntimeError):
        logger.warning("the browser's storage did not answer: its language is not remembered")
        return None


async def device_language(page: ft.Page, headers: LanguageHeaders) -> DeviceLanguage:
    """This browser's language (see the module's doc); a ``?lang=`` is remembered."""
    preferences = ft.SharedPreferences()
    asked = asked_in_address(page.route)
    if asked is not None:
        try:
            await asyncio.wait_for(preferences.set(PREFERENCE, asked), STORAGE_TIMEOUT)
        except (asyncio.TimeoutError, RuntimeError):
            logger.warning("the browser's storage did not answer: its language is not "
                           "remembered")
        return DeviceLanguage(asked, chosen=True)
    # Both questions go to the browser at once: one round trip, not two.
    chosen, client = await asyncio.gather(stored_choice(preferences), client_locales(page))
    if chosen in CHOSEN:
        return DeviceLanguage(chosen, chosen=True)
    return DeviceLanguage(best_language(wanted_languages(client, headers)), chosen=False)


async def remember_language(code: str) -> None:
    """Keep the switch's choice in this browser's storage (the next visit reads it)."""
    try:
        await asyncio.wait_for(ft.SharedPreferences().set(PREFERENCE, code), STORAGE_TIMEOUT)
    except (asyncio.TimeoutError, RuntimeError):  # the choice holds until the page is reloaded
        logger.warning("cannot save the language preference", exc_info=True)
