"""A table of Latin names costs no fallback font (issue 30: "a phone downloads a font only when
a name on its screen needs it"): every screen of the names walk (the example tables, Latin names
only) on a phone in headless Chromium, light, in English and in German, and not one request
goes to Flutter's fallback address ``/fonts/`` (ui/web/fallback_fonts.py; the app's own fonts
are under ``/client/…/``).

What it caught: the Sunflower Valley editor's "★" (points) and "☺" (villagers), which DejaVu
Sans has and the client's Roboto has not. Flutter fetched "Noto Sans SC 86" for the star and
"Noto Sans Symbols" for the smiley (88 KB) whenever it laid that editor out in Roboto: on the
screen loaded after it (the Girasoles editor, the Girasoles coins, the Maple pack, the export:
the reloaded tab's first frame is its running session's last screen, drawn before the page's
theme names DejaVu), and on a slow load, where Flet's ``page.fonts`` registered DejaVu Sans only
once the page ran. On the invitation over that editor, "Noto Sans Symbols 2" came instead of
SC 86: it has the star and "✓", the mark of a highlighted card (by the fonts' lists). Now the
client's font list (FontManifest.json, loaded before the client draws) holds DejaVu Sans, under
its own family and as Roboto (ui/web/web_delivery.py: ``OWN_FONTS``)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from app_browser import PHONE, open_app
from conftest import page_of
from test_app_names_browser import tables, walk  # noqa: F401 - tables: a fixture
from ui.web.fallback_fonts import flutter_fonts

FALLBACK = re.compile(r"^http://[^/]+/fonts/[^/]+/(.*)$")
"""Flutter's fallback fonts, and the path under it (Flutter's path of the file)."""

FRAMES = 5
"""Animation frames to let pass once a screen's control is drawn."""

FRAMES_PASSED = """(frames) => new Promise(done => {
    const next = (left) => left ? requestAnimationFrame(() => next(left - 1)) : done(true);
    next(frames);
})"""
"""Waits until ``frames`` animation frames have been drawn. A screen's control is in the
accessibility tree once its frame is laid out; Flutter looks for fallback fonts while it lays
text out and asks for them at once (a zero-delay timer): a few frames later, a font this screen
needed has been asked for. There is no event for "no font was asked", so this is the point at
which one would have been."""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_table_of_latin_names_fetches_no_fallback_font(app_server, browser, tables,  # noqa: F811
                                                         lang):
    names = {font.path: font.name for font in flutter_fonts()}
    asked: list[str] = []
    fetched: dict[str, list[str]] = {}
    missed: dict[str, str] = {}
    with page_of(browser, viewport=PHONE, color_scheme="light") as page:
        page.on("request", lambda request: asked.append(request.url)
                if FALLBACK.match(request.url) else None)
        open_app(page, f"{app_server.url}/?lang={lang}")  # remembered by this browser
        for screen, problem in walk(page, app_server.url, tables):
            if problem:
                missed[screen] = problem
            page.evaluate(FRAMES_PASSED, FRAMES)
            if asked:
                fetched[screen] = [names.get(FALLBACK.match(url)[1], urlsplit(url).path)
                                   for url in asked]
                asked.clear()
    assert fetched == {}, f"fallback fonts fetched, by screen: {fetched}"
    assert missed == {}, f"screens that never showed or met a problem: {missed}"
