"""Every screen, light in English and dark in German, in headless Chromium with Flutter's
accessibility tree on (as a screen reader turns it on): everything that can be tapped or typed
into has a name, and a table of Latin names fetches no fallback font."""

from __future__ import annotations

import io
import json
import re
from datetime import datetime
from urllib.parse import urlsplit

import pytest
from PIL import Image, ImageDraw
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app_browser import (ROOT, RETRY_AFTER, TABLET_TALL, UI_TIMEOUT, PageProblems, handle,
                         open_app, reveal)
from conftest import page_of
from test_app_maple_valley_browser import show
from ui.games.registry import APP_GAMES
from ui.screens.import_model import import_table
from ui.store.photos import PhotoStore, safe_photo
from ui.store.storage import TableStore
from ui.web.fallback_fonts import flutter_fonts


UNNAMED = """() => {
    // What a person can tap or type into, in Flutter's accessibility tree.
    const TAPPABLE = '[flt-tappable], [role=button], [role=checkbox], [role=radio], '
        + '[role=switch], [role=tab], [role=link], [role=menuitem], [role=slider], input, textarea';
    const nameOf = (node) => (node.getAttribute('aria-label') || '').trim()
        || (node.matches('input, textarea') ? '' : (node.innerText || '').trim());
    const tappable = [...document.querySelectorAll(TAPPABLE)];
    return [tappable.length, tappable.filter(node => !nameOf(node)).map(node => {
        const holder = node.closest('[flt-semantics-identifier]');
        return holder ? holder.getAttribute('flt-semantics-identifier') : node.outerHTML;
    })];
}"""
"""How many tappable elements are on screen, and the handles of those without an accessible name:
no aria-label, no text (an input's name is its aria-label, from its label)."""


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


@pytest.fixture(scope="module")
def tables(app_server) -> dict[str, int]:
    """One example table of each game in the server's database, by game."""
    return seed_tables(app_server.db)


def seed_tables(db) -> dict[str, int]:
    """What every screen of :func:`screens` needs in the database ``db``: one example table of
    each game (their numbers, by game), a finished table, one in the bin, a photo."""
    store = TableStore(db)
    tables = {game: import_table((ROOT / "examples" / game / name).read_text(), store,
                                 APP_GAMES).table_id
              for game, name in EXAMPLES.items()}
    finished = import_table((ROOT / "examples" / "sunflower_valley" / "full_table.json")
                            .read_text(), store, APP_GAMES).table_id
    store.finish(finished, datetime.now().astimezone(), "Club")  # for History and Statistics
    store.delete(import_table((ROOT / "examples" / "girasoles" / EXAMPLES["girasoles"])
                              .read_text(), store, APP_GAMES).table_id)  # for Empty (the bin)
    valley = tables["sunflower_valley"]
    first_player = json.loads((ROOT / "examples" / "sunflower_valley" /
                               EXAMPLES["sunflower_valley"]).read_text())["players"][0]["name"]
    PhotoStore(store).add(valley, first_player, safe_photo(a_photo(), "valley.jpg"))
    return tables


def a_photo() -> bytes:
    """A small JPEG of a few coloured cards (for the photo viewer)."""
    image = Image.new("RGB", (400, 300), "#6a994e")
    draw = ImageDraw.Draw(image)
    for col in range(3):
        draw.rectangle([20 + col * 125, 60, 125 + col * 125, 240], fill="#f2e8cf",
                       outline="black", width=4)
    data = io.BytesIO()
    image.save(data, "JPEG")
    return data.getvalue()


EXAMPLES = {"sunflower_valley": "first_game_goals.json",
            "girasoles": "rulebook_scoring_example.json",
            "maple_valley": "rulebook_final_scoring.json"}


def screens(tables: dict[str, int]):
    """(screen, address, a control it shows once drawn, a control to tap first or None)."""
    valley = tables["sunflower_valley"]
    yield "home", "/", "new-table", None
    yield "import", "/", "import-text", "import-table"
    yield "new table", "/new", "start-table", None
    for game, table in tables.items():
        yield f"{game} editor", f"/table/{table}", "undo", None
    # A dialog stays open while its page is loaded again at the same address (the session
    # and a Maple editor's section outlive the reload): each panel opened here is followed by
    # another table's.
    board, maple = tables["girasoles"], tables["maple_valley"]
    yield "photo viewer", f"/table/{valley}", "photo-close", "photo-shown"
    yield "girasoles coins", f"/table/{board}", "coins-mode-total", "panel-coins"
    yield "maple card dialog", f"/table/{maple}", "card-preview", "held-favour-0"
    yield "valley card picker", f"/table/{valley}", "picker-use", "palette-town"
    yield "girasoles objectives", f"/table/{board}", "objectives-count", "panel-objectives"
    yield "valley card chosen", f"/table/{valley}", "described-forget", "described-0"
    yield "maple pack", f"/table/{maple}", "count-Acorns", "section-pack"
    yield "maple festivities", f"/table/{maple}", "cubes-0-0", "section-festivities"
    yield "scorepad", f"/table/{valley}/scorepad", "line-towns-0", None
    yield "explanation", f"/table/{valley}/scorepad", "explanation", "line-towns-0"
    yield "invite", f"/table/{valley}", "invite-close", "table-invite"
    yield "export", f"/table/{valley}/scorepad", "export-close", "share-export"
    yield "settings", f"/table/{valley}/settings", "add-player-to-table", None
    yield "remove a player?", f"/table/{valley}/settings", "remove-confirm", "remove-player-0"
    yield "finish", f"/table/{valley}/finish", "finish-save", None
    yield "choose a colour", f"/table/{valley}/settings", "colour-cancel", "player-colour-0"
    yield "text page", f"/table/{valley}/text", "text-copy", None
    yield "share as text", f"/table/{valley}/scorepad", "share-text", "share-copy"
    yield "history", "/history", "history-count", None
    yield "statistics", "/statistics", "statistics-plays", None
    yield "backup", "/backup", "backup-download", None
    yield "deck", "/deck", "deck-search", None
    yield "join", "/join/no-such-invitation", "join-home", None
    yield "empty the bin?", "/", "empty-confirm", "empty-deleted"


SCREEN_HELP = {"home": "home", "import": "import", "new table": "new-table",
               "sunflower_valley editor": "sunflower-valley", "girasoles editor": "girasoles",
               "maple_valley editor": "maple-valley", "scorepad": "scorepad",
               "invite": "invite", "settings": "settings", "finish": "finish", "join": "join",
               "history": "history", "statistics": "statistics", "backup": "backup",
               "deck": "deck"}
"""The screens of :func:`screens` whose **?** (``screen-help``) opens a help of its own, by the
help's topic (``ui.screens.screen_help.TOPICS``): every topic once. The other screens are
panels and dialogs of these (their help is their screen's, under the dialog's barrier)."""


def walk(page, url: str, tables: dict[str, int], wanted=lambda screen: True,
         helps: bool = False):
    """Open each screen (of those ``wanted``) in turn; yield its name and, when it never
    showed or the page met a problem while it opened (:class:`PageProblems`: a console error,
    a failed request, another origin asked), what went wrong (else None), with the screen
    drawn. With ``helps``, a screen of :data:`SCREEN_HELP` is followed by its help: its **?**
    tapped, "<screen>: help" yielded the same way with the help's dialog drawn, then closed."""
    problems = PageProblems(page, url)
    for screen, address, shown, opener in screens(tables):
        if not wanted(screen):
            continue
        open_app(page, url + address)
        try:
            if opener:
                reveal(page, opener)
                show(page, opener, shown)
            handle(page, shown).wait_for(timeout=UI_TIMEOUT)
        except PlaywrightTimeout:
            yield screen, f"{shown} never showed"
            continue
        yield screen, "; ".join(problems.take()) or None
        if helps and screen in SCREEN_HELP:
            yield f"{screen}: help", open_help(page) or "; ".join(problems.take()) or None
            close_help(page)


def open_help(page) -> str | None:
    """Tap the **?** until its help shows (the last one: a dialog's, over its screen's); what
    went wrong, else None."""
    for attempt in range(3):
        button = handle(page, "screen-help").last
        try:
            button.wait_for(timeout=UI_TIMEOUT)
            button.click()
            handle(page, "screen-help-text").wait_for(timeout=RETRY_AFTER)
            return None
        except PlaywrightTimeout:
            if handle(page, "screen-help").count() == 0:
                # The tap was taken: the help's barrier covers the ? and the help is on its
                # way; tapping again would land on the barrier and close it.
                try:
                    handle(page, "screen-help-text").wait_for(timeout=UI_TIMEOUT)
                    return None
                except PlaywrightTimeout:
                    break
    return "screen-help-text never showed"


def close_help(page) -> None:
    """Close an open help: a page loaded again at the same address would keep it open."""
    if handle(page, "screen-help-close").count():
        handle(page, "screen-help-close").click()
        handle(page, "screen-help-text").wait_for(state="detached", timeout=UI_TIMEOUT)


@pytest.mark.parametrize(("theme", "lang"), [("light", "en"), ("dark", "de")])
def test_every_tappable_element_has_a_name_and_latin_names_fetch_no_fallback_font(
        app_server, browser, tables, theme, lang):
    """Every screen has a name on everything tappable; and a table of Latin names costs no
    fallback font (issue 30: "a phone downloads a font only when a name on its screen needs
    it"): not one request goes to Flutter's fallback address ``/fonts/``
    (ui/web/fallback_fonts.py; the app's own fonts are under ``/client/…/``).

    What the fonts check caught: the Sunflower Valley editor's "★" (points) and "☺"
    (villagers), which DejaVu Sans has and the client's Roboto has not. Flutter fetched "Noto
    Sans SC 86" for the star and "Noto Sans Symbols" for the smiley whenever it laid that editor
    out in Roboto: on the screen loaded after it (the reloaded tab's first frame is its running
    session's last screen, drawn before the page's theme names DejaVu), and on a slow load. Now
    the client's font list (FontManifest.json, loaded before the client draws) holds DejaVu
    Sans, under its own family and as Roboto (ui/web/web_delivery.py: ``OWN_FONTS``). One walk
    checks both, light in English and dark in German, so the suite walks every screen once per
    case instead of twice."""
    font_names = {font.path: font.name for font in flutter_fonts()}
    unnamed: dict[str, list[str]] = {}
    asked: list[str] = []
    fetched: dict[str, list[str]] = {}
    with page_of(browser, viewport=TABLET_TALL, color_scheme=theme) as page:
        page.on("request", lambda request: asked.append(request.url)
                if FALLBACK.match(request.url) else None)
        open_app(page, f"{app_server.url}/?lang={lang}")  # remembered by this browser
        for screen, missed in walk(page, app_server.url, tables):
            if missed:
                unnamed[screen] = [missed]
                continue
            seen, missing = page.evaluate(UNNAMED)
            if seen == 0 or missing:  # a screen with nothing to tap was not read at all
                unnamed[screen] = missing or ["nothing tappable found"]
            page.evaluate(FRAMES_PASSED, FRAMES)
            if asked:
                fetched[screen] = [font_names.get(FALLBACK.match(url)[1], urlsplit(url).path)
                                   for url in asked]
                asked.clear()
    assert unnamed == {}, "\n".join(f"{screen}: {', '.join(handles)}"
                                     for screen, handles in unnamed.items())
    assert fetched == {}, f"fallback fonts fetched, by screen: {fetched}"
