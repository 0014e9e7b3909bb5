"""A device's language comes from the device: the locales its Flutter client reports, then its
page request's Accept-Language (carried to the websocket in a cookie), then the websocket's own,
then English; a language this browser chose (the switch, ``?lang=``) comes before all of them and
stays when the system's language changes (ui/web/device_language.py)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import flet as ft
import pytest

from ui.web import device_language as module
from ui.web.device_language import (PAGE_LANGUAGE_COOKIE, DeviceLanguage, DeviceLanguageHeaders,
                                    LanguageHeaders, device_language, language_headers,
                                    locale_tags, wanted_languages)


class Preferences:
    """The browser's storage: what it holds, or no answer at all."""

    held: dict = {}
    answers = True

    async def get(self, key):
        if not self.answers:
            raise RuntimeError("no answer")
        return self.held.get(key)

    async def set(self, key, value):
        self.held[key] = value
        return True


class Client:
    """A page whose Flutter client reports ``locales`` (None: it does not answer)."""

    def __init__(self, locales, route="/"):
        self.route = route
        self.locales = locales

    async def get_device_info(self):
        if self.locales is None:
            raise RuntimeError("the client is gone")
        return SimpleNamespace(locales=[ft.Locale(*tag.split("-")) for tag in self.locales])


@pytest.fixture(autouse=True)
def storage(monkeypatch):
    monkeypatch.setattr(Preferences, "held", {})
    monkeypatch.setattr(Preferences, "answers", True)
    monkeypatch.setattr(module.ft, "SharedPreferences", Preferences)


def language_of(locales, page: str = "", websocket: str = "", route: str = "/") -> DeviceLanguage:
    return asyncio.run(device_language(Client(locales, route), LanguageHeaders(page, websocket)))


def test_the_clients_locales_come_first():
    assert language_of(["de-AT", "en"], page="es", websocket="en-US") == DeviceLanguage("de",
                                                                                        False)


def test_then_the_page_requests_header_then_the_websockets_then_english():
    assert language_of(["fr-FR"], page="fr, de;q=0.5", websocket="es") == DeviceLanguage("de",
                                                                                        False)
    assert language_of(["fr-FR"], page="fr", websocket="fr, es;q=0.5").code == "es"
    assert language_of(["fr-FR"], page="fr", websocket="ja").code == "en"
    assert language_of([], page="", websocket="").code == "en"


def test_a_client_that_does_not_report_its_locales_reads_its_headers():
    assert language_of(None, page="de-DE", websocket="en-US").code == "de"
    assert language_of(None, page="", websocket="es-ES").code == "es"


def test_a_chosen_language_comes_before_the_device_and_is_marked_chosen():
    Preferences.held[module.PREFERENCE] = "es"
    assert language_of(["de-DE"], page="de") == DeviceLanguage("es", chosen=True)
    assert language_of(["de-DE"], route="/?lang=pseudo") == DeviceLanguage("pseudo", True)
    assert Preferences.held[module.PREFERENCE] == "pseudo"


def test_storage_that_does_not_answer_leaves_the_device_to_decide():
    Preferences.answers = False
    assert language_of(["de-DE"]) == DeviceLanguage("de", chosen=False)


def test_locale_tags_read_what_a_client_reports_and_nothing_else():
    locales = [ft.Locale("de", "AT"), ft.Locale("und"), ft.Locale("es"), SimpleNamespace()]
    assert locale_tags(locales) == ["de-AT", "es"]
    assert locale_tags(None) == []
    assert locale_tags([ft.Locale("de")] * 100) == ["de"] * module.LOCALES_LIMIT
    assert wanted_languages(["de-AT"], LanguageHeaders("es;q=0.5, fr", "en")) == [
        "de-AT", "fr", "es", "en"]


def run(app, scope) -> list:
    """What the app behind the wrapper sends back."""
    sent = []

    async def send(message):
        sent.append(message)

    asyncio.run(DeviceLanguageHeaders(app)({"headers": [], **scope}, None, send))
    return sent


def answering(content_type: bytes):
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", content_type)]})
        await send({"type": "http.response.body", "body": b""})
    return app


def cookies_of(sent) -> list[bytes]:
    return [value for name, value in sent[0]["headers"] if name == b"set-cookie"]


def test_a_page_keeps_its_requests_languages_in_a_cookie_for_its_websocket():
    request = {"type": "http", "method": "GET", "path": "/table/3",
               "headers": [(b"accept-language", b"de-AT, es;q=0.8")]}
    [cookie] = cookies_of(run(answering(b"text/html; charset=utf-8"), request))
    assert cookie.startswith(f"{PAGE_LANGUAGE_COOKIE}=de-AT%2C%20es%3Bq%3D0.8; Path=/".encode())
    assert cookies_of(run(answering(b"application/javascript"), request)) == []


def test_the_websocket_hands_both_headers_to_its_session_and_they_do_not_outlive_it():
    seen = []

    async def app(scope, receive, send):
        seen.append(language_headers.get())

    cookie = f"other=1; {PAGE_LANGUAGE_COOKIE}=de-AT%2C%20es%3Bq%3D0.8".encode()
    run(app, {"type": "websocket", "path": "/ws",
              "headers": [(b"cookie", cookie), (b"accept-language", b"en-US,en;q=0.9")]})
    run(app, {"type": "websocket", "path": "/ws", "headers": [(b"accept-language", b"x" * 9999)]})
    assert seen[0] == LanguageHeaders("de-AT, es;q=0.8", "en-US,en;q=0.9")
    assert seen[1] == LanguageHeaders("", "x" * module.HEADER_LIMIT)
    assert language_headers.get() == LanguageHeaders()


class Device:
    """What AppContext.system_languages_changed reads and does (the rest of a tab is not
    needed)."""

    system_languages_changed = __import__("ui.web.app", fromlist=["AppContext"]).AppContext \
        .system_languages_changed

    def __init__(self, code: str, chosen: bool, headers=LanguageHeaders()):
        self.words = SimpleNamespace(code=code)
        self.language_chosen = chosen
        self.language_headers = headers
        self.page = SimpleNamespace(route="/table/1")
        self.shown = []

    def speak(self, code):
        self.words = SimpleNamespace(code=code)

    def show(self, route):
        self.shown.append((route, self.words.code))


def test_a_system_language_change_is_followed_unless_the_player_chose():
    following = Device("en", chosen=False)
    following.system_languages_changed([ft.Locale("de", "DE")])
    assert following.shown == [("/table/1", "de")]
    following.system_languages_changed([ft.Locale("de")])  # no change: no redraw
    following.system_languages_changed([ft.Locale("fr")])  # nothing offered: the headers, English
    assert following.shown == [("/table/1", "de"), ("/table/1", "en")]
    chose = Device("es", chosen=True)
    chose.system_languages_changed([ft.Locale("de", "DE")])
    assert chose.shown == [] and chose.words.code == "es"
