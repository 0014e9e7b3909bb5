"""Names in every script are drawn, not boxes (issue 30): a table of players named "李明",
"Zoë 🦊", "สมชาย" and "प्रिया" on a phone in headless Chromium, light and dark. Flutter draws
what the app's font (DejaVu Sans) lacks with the Noto fonts it fetches from the app
(ui/web/fallback_fonts.py); each is answered, and each name's tab looks different from the same
tab drawn with those fonts held back (then Flutter draws a box for each character it has no
font for)."""

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

FALLBACK = re.compile(r"^http://[^/]+/fonts/")
"""The fallback fonts' addresses (the app's own fonts are under /client/…/fonts/)."""
STEADY = 3
"""Screenshots in a row that must agree before the tabs count as drawn."""
TABLES = (("李明", "Zoë 🦊", "สมชาย"), ("प्रिया", "سارة", "Дмитрий"))
OWN_FONT = set(TTFont(ROOT / "ui" / "web" / "assets" / "DejaVuSans.ttf").getBestCmap())


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


def tabs_drawn(page, url: str, table: int, fonts_served: bool) -> list[Image.Image]:
    """Each player's tab of ``table`` as drawn once every font the page asked for has been
    answered (or, with ``fonts_served`` false, refused) and the drawing has stopped changing
    (Flutter lays the text out again once a fetched font is registered)."""
    asked: list = []
    page.on("request", lambda request: asked.append(request)
            if FALLBACK.match(request.url) else None)
    if not fonts_served:
        page.route(FALLBACK, lambda route: route.abort())
    open_app(page, f"{url}/table/{table}")
    tabs = [handle(page, f"tab-player-{index}") for index in range(3)]
    for tab in tabs:
        tab.wait_for()
    shots: list[bytes] = []
    while len(shots) < STEADY or len(set(shots[-STEADY:])) > 1:
        for request in list(asked):
            request.response()  # waits for the answer; None for a refused request
        shots.append(b"".join(page.screenshot(clip=tab.bounding_box()) for tab in tabs))
        assert len(shots) < 100, "the tabs never stopped changing"
    return [Image.open(io.BytesIO(page.screenshot(clip=tab.bounding_box()))).convert("RGB")
            for tab in tabs]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_names_in_every_script_are_drawn_with_fonts_the_app_serves(
        app_server, browser, named_tables, theme):
    for table, names in zip(named_tables, TABLES, strict=True):
        with page_of(browser, viewport=PHONE, color_scheme=theme) as page:
            problems = PageProblems(page, app_server.url)
            fetched: list[str] = []
            page.on("response", lambda response: fetched.append(response.url)
                    if FALLBACK.match(response.url) and response.status == 200 else None)
            served = tabs_drawn(page, app_server.url, table, fonts_served=True)
            assert problems.take() == []
        with page_of(browser, viewport=PHONE, color_scheme=theme) as page:
            held_back = tabs_drawn(page, app_server.url, table, fonts_served=False)
        for name, drawn, boxes in zip(names, served, held_back, strict=True):
            if needs_fallback(name):
                assert ImageChops.difference(drawn, boxes).getbbox() is not None, (
                    f"{name!r} is drawn as it is without the fallback fonts (boxes)")
        if any(needs_fallback(name) for name in names):
            assert fetched, "no fallback font was fetched"
