"""Each browser reads the app in its own language: the device's (its Accept-Language) at first,
then the one chosen with the language switch beside the theme switch, remembered by that browser
alone."""

from __future__ import annotations

import pytest

from app_browser import PHONE, ROOT, handle, open_app, wait_text
from conftest import page_of
from ui.games.registry import APP_GAMES
from ui.screens.import_model import import_table
from ui.store.storage import TableStore


@pytest.fixture(scope="module")
def table(app_server) -> int:
    """Girasoles' rulebook example (Ann wins), in the server's database."""
    example = ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json"
    return import_table(example.read_text(), TableStore(app_server.db), APP_GAMES).table_id


def choose(page, name: str) -> None:
    """Open the language switch and tap a language, named in itself."""
    handle(page, "language-switch").click()
    page.get_by_role("menuitemcheckbox", name=name).click()


def test_a_device_reads_its_own_language_and_remembers_the_one_it_chooses(app_server, browser):
    with page_of(browser, viewport=PHONE, locale="de-DE") as german, \
            page_of(browser, viewport=PHONE, locale="en-US") as english:
        open_app(german, app_server.url + "/")
        open_app(english, app_server.url + "/")
        wait_text(german, "language-switch", "Sprache: Deutsch")
        wait_text(english, "language-switch", "Language: English")
        choose(german, "Español")
        wait_text(german, "language-switch", "Idioma: Español")
        open_app(german, app_server.url + "/")
        wait_text(german, "language-switch", "Idioma: Español")
        open_app(english, app_server.url + "/")
        wait_text(english, "language-switch", "Language: English")


def test_two_devices_at_one_table_each_read_their_own_language(app_server, browser, table):
    with page_of(browser, viewport=PHONE, locale="de-DE") as german, \
            page_of(browser, viewport=PHONE, locale="es-ES") as spanish:
        for page in (german, spanish):
            open_app(page, f"{app_server.url}/table/{table}/scorepad")
        wait_text(german, "winners", "^Gewinner: ")
        wait_text(spanish, "winners", "^Ganador: ")


# Each source of a device's language, in the order it is believed (ui/web/device_language.py):
# the client's locales (navigator.languages, which a context's locale sets), the page request's
# Accept-Language, the websocket's, English. Playwright's extra headers and routes reach the page
# request; Chromium 156 gives the websocket the context's locale whatever they say (Chromium 150
# gave it en-US), so the websocket's own place in the order is tested without a browser
# (test_app_device_language.py).

def page_request_says(page, header: str) -> None:
    """The page's own request carries ``header`` as its Accept-Language (not its websocket)."""
    def carry(route):
        route.continue_(headers={**route.request.headers, "accept-language": header})

    page.route(lambda url: "/ws" not in url and "." not in url.rsplit("/", 1)[-1], carry)


def test_the_clients_own_locales_come_before_every_header(app_server, browser):
    with page_of(browser, viewport=PHONE, locale="de-DE",
                 extra_http_headers={"Accept-Language": "es-ES"}) as page:
        open_app(page, app_server.url + "/")
        wait_text(page, "language-switch", "Sprache: Deutsch")


def test_the_page_requests_header_comes_before_the_websockets(app_server, browser):
    """A device whose own language the app does not speak (French) reads the next language of
    its page request, though its websocket names another."""
    with page_of(browser, viewport=PHONE, locale="fr-FR",
                 extra_http_headers={"Accept-Language": "fr-FR, es;q=0.5"}) as page:
        page_request_says(page, "fr-FR, de;q=0.5")
        open_app(page, app_server.url + "/")
        wait_text(page, "language-switch", "Sprache: Deutsch")


def test_a_device_no_source_of_which_the_app_speaks_reads_english(app_server, browser):
    with page_of(browser, viewport=PHONE, locale="fr-FR",
                 extra_http_headers={"Accept-Language": "fr-FR, ja;q=0.5"}) as page:
        open_app(page, app_server.url + "/")
        wait_text(page, "language-switch", "Language: English")


def system_language_becomes(page, *languages: str) -> None:
    """The device's system languages change while the app is open, as the browser tells a page
    (navigator.languages and its 'languagechange' event)."""
    page.evaluate("""languages => {
        Object.defineProperty(navigator, 'languages', {get: () => languages, configurable: true});
        Object.defineProperty(navigator, 'language', {get: () => languages[0],
                                                      configurable: true});
        window.dispatchEvent(new Event('languagechange'));
    }""", list(languages))


def test_a_device_follows_its_system_language_while_the_app_is_open(app_server, browser):
    with page_of(browser, viewport=PHONE, locale="en-US") as page:
        open_app(page, app_server.url + "/", as_host=False)
        wait_text(page, "language-switch", "Language: English")
        system_language_becomes(page, "de-DE", "en-US")
        wait_text(page, "language-switch", "Sprache: Deutsch")
