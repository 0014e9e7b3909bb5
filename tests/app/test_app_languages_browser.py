"""Each browser reads the app in its own language: the device's (its Accept-Language) at first,
then the one chosen with the language switch beside the theme switch, remembered by that browser
alone."""

from __future__ import annotations

from app_browser import PHONE, handle, open_app, wait_text
from conftest import page_of


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
