"""The group's deck in Chromium at phone size (390x844): the deck exported on one database and
imported on another offers the same cards in both games' pickers; a known card is chosen and laid
in 2 taps; pictures of the deck screen and the pickers at phone and tablet size (kept in docs/
when SCOREPAD_REMAKE_DOCS=1)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from app_browser import (
    PHONE, ROOT, handle, open_app, served, tap, tap_until, text_of, type_into, wait_text,
)
from scorer.deck import deck_from_json
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES, app_store
from ui.screens.import_model import import_table
from ui.store.deck import Deck

TABLET = {"width": 1024, "height": 768}
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="module")
def second_server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("other")) as server:
        yield server


def picture(page, folder: Path, name: str) -> None:
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.screenshot(path=str(folder / name))


def new_table(db: Path, game: str, names: list[str]) -> int:
    plugin = APP_GAMES[game]
    players = [PlayerSetup(name, colour) for name, colour in zip(names, ("red", "blue"))]
    return app_store(db).create(game, plugin.new_draft(players, plugin.default_setup()))


def chips_of(page, prefix: str) -> list[str]:
    """The accessible text of ``prefix-0``, ``prefix-1``... as long as there are some."""
    texts = []
    while handle(page, f"{prefix}-{len(texts)}").count():
        texts.append(text_of(page, f"{prefix}-{len(texts)}"))
    return texts


def test_a_deck_exported_on_one_database_and_imported_on_another_offers_the_same_cards(
        app_server, second_server, browser, tmp_path):
    pictures = DOCS if os.environ.get("SCOREPAD_REMAKE_DOCS") else tmp_path
    store = app_store(app_server.db)
    for example in ("sunflower_valley/full_table.json", "maple_valley/rulebook_final_scoring.json"):
        import_table((EXAMPLES / example).read_text(), store, APP_GAMES)
    here = Deck(store)
    towns = here.cards("sunflower_valley")
    favours = sorted(entry.card.name for entry in here.cards("maple_valley", "Favour"))
    assert towns and favours

    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()
    open_app(page, app_server.url)
    tap(page, "go-deck")  # home -> Deck
    wait_text(page, "deck-count", f"^{len(towns)} cards$")
    picture(page, pictures, "app-deck-phone.png")
    with page.expect_download(timeout=60_000) as download:
        tap(page, "deck-export")
    exported = Path(download.value.path()).read_text(encoding="utf-8")
    assert deck_from_json(exported) == here.export()
    context.close()

    # The other database starts empty; the file brings the cards.
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    open_app(page, f"{second_server.url}/deck")
    wait_text(page, "deck-count", "^0 cards$")
    deck_file = tmp_path / "scorepad-deck.json"
    deck_file.write_text(exported, encoding="utf-8")
    with page.expect_file_chooser(timeout=60_000) as chooser:
        tap(page, "deck-import")
    chooser.value.set_files(str(deck_file))
    total = len(towns) + len(here.cards("maple_valley"))
    wait_text(page, "deck-status", f"^Added {total} cards\\.$")
    wait_text(page, "deck-count", f"^{len(towns)} cards$")
    type_into(page, "deck-search", "sheep")
    with_sheep = [entry for entry in towns if "Sheep" in [k.label for k in entry.card.combination]]
    wait_text(page, "deck-count", f"^{len(towns)} cards, {len(with_sheep)} found$")

    # Sunflower Valley: a new table offers the deck's cards; one is chosen and laid in 2 taps.
    table_id = new_table(second_server.db, "sunflower_valley", ["Ann", "Bob"])
    open_app(page, f"{second_server.url}/table/{table_id}/valley/0")
    wait_text(page, "player-total", "^Ann:")
    offered = chips_of(page, "described")
    assert len(offered) == len(towns)
    assert all(any(entry.card.summary in text for text in offered) for entry in towns)
    page.evaluate("window.__taps = 0; addEventListener('pointerdown', () => window.__taps++, true)")
    first = towns[0].card
    position = next(number for number, text in enumerate(offered) if first.summary in text)
    tap_until(page, f"described-{position}", "editor-message",
              "^" + re.escape(f"Tap a place to lay a {first.summary}."))
    tap_until(page, "cell-0-1", "card-count", "^1 of 18 Valley cards")
    assert page.evaluate("() => window.__taps") == 2  # the card, then its place
    picture(page, pictures, "app-deck-valley-picker-phone.png")
    type_into(page, "described-search", "farmer")
    farmers = [entry for entry in towns if entry.card.kind.value == "farmer"]
    handle(page, f"described-{len(farmers)}").wait_for(state="detached")
    assert [text.count("Farmer (") for text in chips_of(page, "described")] == [1] * len(farmers)

    # Maple Valley: the deck's Favours are offered in one tap, and by name in the card dialog.
    table_id = new_table(second_server.db, "maple_valley", ["Red", "Blue"])
    open_app(page, f"{second_server.url}/table/{table_id}/valley/0")
    wait_text(page, "player-total", "^Red:")
    shown = chips_of(page, "known-favour")  # each chip's tooltip, then the name
    assert len(shown) == len(favours)
    assert all(any(text.endswith(name) for text in shown) for name in favours)
    tap(page, "add-favour")
    handle(page, "card-known-0").wait_for()
    page.wait_for_timeout(600)  # only for the picture: the dialog's opening animation
    picture(page, pictures, "app-deck-maple-dialog-phone.png")
    context.close()

    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    open_app(page, f"{second_server.url}/deck")
    wait_text(page, "deck-count", f"^{len(towns)} cards$")
    tap(page, "deck-game-maple_valley")
    handle(page, "deck-favour-0").wait_for()
    picture(page, pictures, "app-deck-tablet.png")
    context.close()
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    open_app(page, f"{second_server.url}/table/{table_id - 1}/valley/1")
    wait_text(page, "player-total", "^Bob:")
    handle(page, "described-0").wait_for()
    picture(page, pictures, "app-deck-valley-picker-tablet.png")
    context.close()
