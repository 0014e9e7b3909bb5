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
