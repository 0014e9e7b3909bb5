"""Names in every script are drawn, not boxes (issue 30): a table of players named "李明",
"Zoë 🦊", "สมชาย" and "प्रिया" on a phone in headless Chromium, light and dark. Flutter draws
what the app's font (DejaVu Sans) lacks with the Noto fonts it fetches from the app
(ui/web/fallback_fonts.py); each is answered, and each name's tab in the editor and its column
on the scorepad look different from the same controls drawn with those fonts held back (then
Flutter draws a box for each character it has no font for)."""

from __future__ import annotations

import io
import json
import re

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops

from app_browser import PHONE, ROOT, PageProblems, handle, open_app
from conftest import page_of
from ui.games.registry import APP_GAMES
from ui.screens.import_model import import_table
from ui.store.storage import TableStore
from ui.web.font_cuts import cut_text_fonts

FALLBACK = re.compile(r"^http://[^/]+/fonts/")
"""The fallback fonts' addresses (the app's own fonts are under /client/…/fonts/)."""
STEADY = 3
"""Screenshots in a row that must agree before the tabs count as drawn."""
TABLES = (("李明", "Zoë 🦊", "สมชาย"), ("प्रिया", "سارة", "Дмитрий"))
OWN_FONT = set(TTFont(cut_text_fonts()["DejaVuSans.ttf"]).getBestCmap())
"""The characters of the app's font as the client is sent it: cut to Latin script
(ui/web/font_cuts.py), so "Дмитрий" and "سارة" come from the fallback fonts too."""


def needs_fallback(name: str) -> bool:
    return any(ord(char) not in OWN_FONT for char in name if not char.isspace())


@pytest.fixture(scope="module")
def named_tables(app_server) -> list[int]:
    """Two Sunflower Valley tables of three players each, named as in :data:`TABLES`."""
    example = json.loads((ROOT / "examples" / "sunflower_valley" / "first_game_goals.json")
                         .read_text())
    store, numbers = TableStore(app_server.db), []
    for names in TABLES:
        for player, name in zip(example["players"], names, strict=True):
            player["name"] = name
        numbers.append(import_table(json.dumps(example), store, APP_GAMES).table_id)
    return numbers


def drawn(page, address: str, identifiers: list[str], fonts_served: bool) -> list[Image.Image]:
    """The controls ``identifiers`` at ``address``, as drawn once every font the page asked for
    has been answered (or, with ``fonts_served`` false, refused) and the drawing has stopped
    changing (Flutter lays the text out again once a fetched font is registered)."""
    asked: list = []
    page.on("request", lambda request: asked.append(request)
            if FALLBACK.match(request.url) else None)
    if not fonts_served:
        page.route(FALLBACK, lambda route: route.abort())
    open_app(page, address)
    controls = [handle(page, identifier) for identifier in identifiers]
    for control in controls:
        control.wait_for()
    shots: list[bytes] = []
    while len(shots) < STEADY or len(set(shots[-STEADY:])) > 1:
        for request in list(asked):
            request.response()  # waits for the answer; None for a refused request
        shots.append(b"".join(page.screenshot(clip=control.bounding_box())
                              for control in controls))
        assert len(shots) < 100, "the screen never stopped changing"
    return [Image.open(io.BytesIO(page.screenshot(clip=control.bounding_box()))).convert("RGB")
            for control in controls]


WHERE_NAMES_SHOW = (("", "tab-player-{}"), ("/scorepad", "column-{}"))
"""Each table's addresses and the control there that shows player N's name: the player's tab
in the editor, the player's column header on the scorepad."""


THEMES = ("light", "dark")
"""The theme each table of :data:`TABLES` is seen in: every script once, each theme once."""


def test_names_in_every_script_are_drawn_with_fonts_the_app_serves(app_server, browser,
                                                                  named_tables):
    for table, names, theme in zip(named_tables, TABLES, THEMES, strict=True):
        for screen, shows_name in WHERE_NAMES_SHOW:
            address = f"{app_server.url}/table/{table}{screen}"
            identifiers = [shows_name.format(index) for index in range(len(names))]
            with page_of(browser, viewport=PHONE, color_scheme=theme) as page:
                problems = PageProblems(page, app_server.url)
                fetched: list[str] = []
                page.on("response", lambda response: fetched.append(response.url)
                        if FALLBACK.match(response.url) and response.status == 200 else None)
                served = drawn(page, address, identifiers, fonts_served=True)
                assert problems.take() == []
            with page_of(browser, viewport=PHONE, color_scheme=theme) as page:
                held_back = drawn(page, address, identifiers, fonts_served=False)
            for name, with_fonts, boxes in zip(names, served, held_back, strict=True):
                if needs_fallback(name):
                    assert ImageChops.difference(with_fonts, boxes).getbbox() is not None, (
                        f"{name!r} at {address} is drawn as it is without the fallback fonts "
                        f"(boxes)")
            if any(needs_fallback(name) for name in names):
                assert fetched, f"no fallback font was fetched at {address}"
