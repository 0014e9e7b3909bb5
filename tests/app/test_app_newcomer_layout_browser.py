"""What a newcomer's evening tripped on in the editor's layout (issue 32, row 12), read from the
controls' bounds at 390x844: the valley grid's four arrows stay on one line together in every
language, and a phone that opens a player's part sees that player's tab, however far along the
row of tabs it is, and the scorepad's tab beside it."""

from __future__ import annotations

import time
from datetime import datetime

import pytest

from app_browser import PHONE, ROOT, UI_TIMEOUT, handle, open_app, reveal
from conftest import page_of
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES, app_store
from ui.screens.import_model import import_table
from ui.store.storage import TableStore

ARROWS = ("grow-top", "grow-left", "grow-right", "grow-bottom")


def table_of(app_server, example: str) -> int:
    return import_table((ROOT / "examples" / "sunflower_valley" / example).read_text(),
                        TableStore(app_server.db), APP_GAMES).table_id


@pytest.mark.parametrize("language", ["de", "es", "en"])
def test_the_grids_arrows_share_one_line(app_server, browser, language):
    table = table_of(app_server, "full_table.json")
    with page_of(browser, viewport=PHONE) as page:
        open_app(page, f"{app_server.url}/table/{table}/valley/1?lang={language}")
        handle(page, "grow-bottom").wait_for(timeout=UI_TIMEOUT)
        tops = {arrow: handle(page, arrow).bounding_box()["y"] for arrow in ARROWS}
    assert max(tops.values()) - min(tops.values()) < 2, tops


def test_a_phone_opening_the_last_players_part_sees_that_players_tab(app_server, browser):
    table = table_of(app_server, "rulebook_situations.json")  # five players
    with page_of(browser, viewport=PHONE) as page:
        open_app(page, f"{app_server.url}/table/{table}/valley/4?lang=de")
        handle(page, "undo").wait_for(timeout=UI_TIMEOUT)
        deadline = time.monotonic() + UI_TIMEOUT / 1000
        while True:
            tab = handle(page, "tab-player-4")
            box = tab.bounding_box() if tab.count() else None
            if box is not None and 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"]:
                break
            assert time.monotonic() < deadline, f"the fifth player's tab is not in sight: {box}"
            page.wait_for_timeout(200)


@pytest.mark.parametrize("language", ["de", "es", "en"])
def test_the_statistics_players_table_fits_a_phone(app_server, browser, language, tmp_path):
    """The German evening's statistics cut the players' last column, and the Spanish one cut
    'Mejor' (Best) at the screen's edge with nothing to say that the table scrolls sideways.
    The players table (six columns, whatever the number of players) now fits 390 px for
    names as long as 'George': a sideways scroll over it moves nothing. (The lines table has a
    column a player: with seven players it scrolls, and its scroll bar says so.)"""
    store = TableStore(app_server.db)
    for example in ("full_table.json", "first_game_goals.json"):
        store.finish(table_of(app_server, example), datetime.now().astimezone(), "Club")
    with page_of(browser, viewport=PHONE) as page:
        open_app(page, f"{app_server.url}/statistics?lang={language}")
        players = handle(page, "statistics-players")
        players.wait_for(timeout=UI_TIMEOUT)
        first = players.locator("[role=columnheader]").first
        before = first.bounding_box()
        page.mouse.move(PHONE["width"] / 2, before["y"] + 40)
        page.mouse.wheel(300, 0)  # a finger's sideways swipe
        page.wait_for_timeout(800)
        page.screenshot(path=str(tmp_path / f"statistics-{language}.png"))
        after = first.bounding_box()
    # Scrolled, the first heading's box is clipped at the table's left edge: it narrows.
    assert (after["x"], after["width"]) == (before["x"], before["width"]), \
        f"the players table scrolls sideways in {language}"


def in_sight(page, identifier: str) -> dict | None:
    """The control's bounds once it is whole within the phone's width, or None when it is not
    (yet: the row of tabs scrolls to the phone's own tab after its first frame)."""
    target = handle(page, identifier)
    box = target.bounding_box() if target.count() else None
    return box if box is not None and 0 <= box["x"] and \
        box["x"] + box["width"] <= PHONE["width"] else None


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("language", ["es", "de", "en"])
def test_the_scorepads_tab_stays_in_sight_beside_the_last_players_tab(
        app_server, browser, players, language):
    """The Spanish evening: on a phone that joined as the third of three players, its own tab
    was brought into sight and the scorepad's ('Puntos'), first in the row, was off the left
    edge (x = -89): a newcomer did not see where the scores are. It is outside the row that
    scrolls, at the left, with the phone's own tab in sight beside it, and the screen still at
    its top."""
    names = ["Ana", "Bruno", "Carla", "Daniela", "Esteban", "Fernanda"][:players]
    draft = APP_GAMES["sunflower_valley"].new_draft(
        [PlayerSetup(name, colour) for name, colour in
         zip(names, ["red", "blue", "green", "yellow", "purple", "black"])], {"goals": []})
    table = app_store(app_server.db).create("sunflower_valley", draft)
    last = players - 1
    with page_of(browser, viewport=PHONE) as page:
        open_app(page, f"{app_server.url}/table/{table}/valley/{last}?lang={language}")
        handle(page, "undo").wait_for(timeout=UI_TIMEOUT)
        deadline = time.monotonic() + UI_TIMEOUT / 1000
        while (own := in_sight(page, f"tab-player-{last}")) is None:
            assert time.monotonic() < deadline, "the phone's own tab is not in sight"
            page.wait_for_timeout(200)
        page.wait_for_timeout(500)  # the row has scrolled to it: nothing moves any more
        tab = handle(page, "tab-scorepad")
        scorepad = tab.bounding_box() if tab.count() else None
        own = in_sight(page, f"tab-player-{last}")
        home = handle(page, "home")
        top = home.bounding_box() if home.count() else None
    # Bringing the own tab into sight scrolled the whole screen too, its buttons off the top.
    assert top is not None and top["y"] >= 0, f"the table's buttons are out of sight: {top}"
    assert scorepad is not None and 0 <= scorepad["x"] and \
        scorepad["x"] + scorepad["width"] <= PHONE["width"], \
        f"the scorepad's tab is out of sight: {scorepad}"
    assert own is not None and scorepad["x"] + scorepad["width"] <= own["x"], (scorepad, own)
