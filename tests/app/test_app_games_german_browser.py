"""The three game editors in German on a phone (390x844): every panel says German words through
the device's language (pictures kept in docs/ when SCOREPAD_REMAKE_DOCS=1, else in a temporary
folder, to look at for clipped text: German words are long)."""

from __future__ import annotations

import os

import pytest

from app_browser import PHONE, ROOT, open_app, tap, wait_text
from conftest import page_of
from ui.games.registry import APP_GAMES
from ui.screens.import_model import import_table
from ui.store.storage import TableStore

DOCS = ROOT / "docs"
TABLET = {"width": 1024, "height": 768}
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="module")
def tables(app_server) -> dict[str, int]:
    """One example table of each game, in the server's database."""
    files = {"sunflower_valley": "sunflower_valley/full_table.json",
             "girasoles": "girasoles/rulebook_scoring_example.json",
             "maple_valley": "maple_valley/four_players.json"}
    store = TableStore(app_server.db)
    return {game: import_table((EXAMPLES / name).read_text(), store, APP_GAMES).table_id
            for game, name in files.items()}


def picture(page, folder, name: str) -> None:
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.screenshot(path=str(folder / name))


def settled_picture(page, folder, name: str, before: bytes) -> None:
    """A picture once the screen has changed from ``before`` and stopped moving (a dialog opens
    with an animation that the accessibility tree does not wait for)."""
    last = before
    for _ in range(50):
        shot = page.screenshot()
        if shot != before and shot == last:
            (folder / name).write_bytes(shot)
            return
        last = shot
        page.evaluate("new Promise(done => setTimeout(done, 100))")
    raise AssertionError(f"{name}: the screen never settled")


def test_the_game_editors_speak_german_on_a_phone(app_server, browser, tables, tmp_path):
    pictures = DOCS if os.environ.get("SCOREPAD_REMAKE_DOCS") else tmp_path
    with page_of(browser, viewport=PHONE, locale="de-DE") as page:
        open_app(page, f"{app_server.url}/table/{tables['sunflower_valley']}/valley/0")
        wait_text(page, "card-count", "von 18 Talkarten")
        wait_text(page, "mode-express", "Tal-Express")
        picture(page, pictures, "app-de-valley-editor-phone.png")
        tap(page, "mode-express")
        wait_text(page, "express-route", "Route|Stadt|Städte")
        picture(page, pictures, "app-de-valley-express-phone.png")
        tap(page, "mode-cards")
        before = page.screenshot()
        tap(page, "palette-town")
        wait_text(page, "picker-combination", "noch nichts")
        settled_picture(page, pictures, "app-de-valley-picker-phone.png", before)

    with page_of(browser, viewport=PHONE, locale="de-DE") as page:
        open_app(page, f"{app_server.url}/table/{tables['girasoles']}/valley/0")
        wait_text(page, "board-count", "Feldern belegt")
        picture(page, pictures, "app-de-girasoles-board-phone.png")
        tap(page, "panel-objectives")
        wait_text(page, "objectives-count", "zusätzlichen Zielen")
        picture(page, pictures, "app-de-girasoles-objectives-phone.png")

    with page_of(browser, viewport=PHONE, locale="de-DE") as page:
        open_app(page, f"{app_server.url}/table/{tables['maple_valley']}/valley/0")
        wait_text(page, "heading-favour", "Erwiesene Gefallen")
        picture(page, pictures, "app-de-maple-cards-phone.png")
        before = page.screenshot()
        tap(page, "add-favour")
        wait_text(page, "card-preview", "Name\\?: Kategorie\\?, 0 Punkte")
        settled_picture(page, pictures, "app-de-maple-card-phone.png", before)
        tap(page, "card-cancel")
        tap(page, "section-pack")
        wait_text(page, "count-Acorns", "Eicheln")
        picture(page, pictures, "app-de-maple-pack-phone.png")
        tap(page, "section-festivities")
        wait_text(page, "cubes-placed-0", "von 10")
        picture(page, pictures, "app-de-maple-festivities-phone.png")

    with page_of(browser, viewport=TABLET, locale="de-DE") as page:
        open_app(page, f"{app_server.url}/table/{tables['girasoles']}/valley/0")
        wait_text(page, "board-count", "Feldern belegt")
        picture(page, pictures, "app-de-girasoles-board-tablet.png")
