"""A row of a Sunflower Valley valley entered at phone size (390x844) as it is read off the
table, each card of another kind than the last dragged from the palette (or the known cards)
onto its place: one touch a card, with the mouse and with a finger (touch events, as a phone
sends them). The editor's grid shows the cards where they were let go, and the total on screen is
the library's for the same valley (issue 36, item 4)."""

from __future__ import annotations

import re

import pytest

from app_browser import PHONE, open_app, tap_until, text_of, wait_text
from conftest import page_of
from scorer.games import score
from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES, app_store
from ui.games.sunflower_valley.draft import card_dict
from ui.store.deck import Deck
from valley_drag import drag_until

SV = APP_GAMES["sunflower_valley"]
DECKS_TOWN = CardDescription(kind=Kind.TOWN, combination=(Kind.SHEEP, Kind.LAKE), points=3,
                             villagers=1)
ROW = [  # the Starting Town's row as it lies, left to right: (place, card, dragged from)
    ((0, -1), DECKS_TOWN, "described-0"),
    ((0, 1), CardDescription(kind=Kind.SHEEP), "palette-sheep"),
    ((0, 2), CardDescription(kind=Kind.LAKE), "palette-lake"),
    ((0, 3), CardDescription(kind=Kind.LAKE), None),  # the same kind as the last: a tap
]
COUNTS = ("window.__touches = 0; "
          "window.addEventListener('pointerdown', () => { window.__touches += 1; }, true);")
"""Counts, in the page, every press of a finger (or of the mouse button)."""


def new_table(server) -> int:
    store = app_store(server.db)
    Deck(store).add(SV.key, "town", DECKS_TOWN)
    return store.create(SV.key, SV.new_draft([PlayerSetup("Ann", "red"),
                                              PlayerSetup("Bob", "blue")], {"goals": []}))


def library_total() -> int:
    """Ann's total as the library scores the row laid, entered without the app's screen."""
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")], {"goals": []})
    draft["players"][0]["cards"] += [card_dict(card, place) for place, card, _ in ROW]
    return score(SV.check(draft).table).players[0].total


@pytest.mark.parametrize("pointer", ["mouse", "finger"])
def test_a_row_is_entered_one_touch_a_card_by_dragging_each_new_kind_onto_its_place(
        app_server, browser, pointer):
    table = new_table(app_server)
    touch = {"has_touch": True, "is_mobile": True} if pointer == "finger" else {}
    with page_of(browser, viewport=PHONE, **touch) as page:
        page.add_init_script(COUNTS)
        finger = page.context.new_cdp_session(page) if pointer == "finger" else None
        open_app(page, f"{app_server.url}/table/{table}/valley/0")
        wait_text(page, "editor-message", "drag a card onto its place")
        wait_text(page, "described-0", "Sheep\\+Lake")  # the deck's Town, offered
        start = page.evaluate("window.__touches")
        for laid, (place, card, source) in enumerate(ROW, start=1):
            cell = f"cell-{place[0]}-{place[1]}"
            if source is None:
                tap_until(page, cell, "card-count", rf"^{laid} of 18 Valley cards")
            else:
                drag_until(page, source, cell, "card-count", rf"^{laid} of 18 Valley cards",
                           finger=finger)
            # The card dragged (or tapped) is chosen, and the place says what lies there.
            wait_text(page, "editor-message", f"^Place {re.escape(card.summary)} at ")
            assert f": {card.kind.label}" in text_of(page, cell), text_of(page, cell)
        assert page.evaluate("window.__touches") - start == len(ROW)  # one touch a card
        expected = library_total()
        wait_text(page, "player-total", f"^Ann: {expected} points?, rank")
    laid = app_store(app_server.db).get(table).draft["players"][0]["cards"]
    assert {(card["row"], card["col"]): card["kind"] for card in laid} == {
        (0, 0): "starting_town", **{place: card.kind.value for place, card, _ in ROW}}
