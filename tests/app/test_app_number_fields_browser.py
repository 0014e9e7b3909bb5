"""Number fields in headless Chromium with Flutter's accessibility tree on (as a screen reader
turns it on): every count field asks a phone for its number keyboard (``inputmode="numeric"``)
and is named by what it counts."""

from __future__ import annotations

from playwright.sync_api import expect

from app_browser import UI_TIMEOUT, handle, tap_until
from test_app_girasoles_browser import create_girasoles_table
from test_app_maple_valley_browser import create_table, show
from ui.games.maple_valley.draft import PACK


def field_input(page, identifier: str):
    """The DOM input of the text field under the control ``identifier``."""
    return handle(page, identifier).locator("input")


def test_every_maple_valley_count_field_asks_for_the_number_keyboard(app_server, tall_page):
    page = tall_page
    create_table(page, app_server.url, ["Ann", "Bob"])
    show(page, "section-pack", "count-Acorns")
    for item in PACK:
        count = field_input(page, f"count-{item}")
        expect(count).to_have_attribute("inputmode", "numeric", timeout=UI_TIMEOUT)
        expect(count).to_have_attribute("aria-label", item)
    show(page, "section-festivities", "festivity-name-0")
    name = field_input(page, "festivity-name-0")  # words, not a count: the letters keyboard
    expect(name).to_have_attribute("aria-label", "Festivity 1", timeout=UI_TIMEOUT)
    expect(name).not_to_have_attribute("inputmode", "numeric")


def test_the_girasoles_coin_count_asks_for_the_number_keyboard(app_server, phone):
    page = phone
    create_girasoles_table(page, app_server.url, ["Ana"])
    tap_until(page, "panel-coins", "coins-line", "^Scored: coins worth 0 in all")
    coins = field_input(page, "coins-total")
    expect(coins).to_have_attribute("inputmode", "numeric", timeout=UI_TIMEOUT)
    expect(coins).to_have_attribute("aria-label", "coins")

