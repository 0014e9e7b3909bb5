"""Make the app's screenshots in docs/: home, the Sunflower Valley valley editor and scorepad, the
Girasoles board editor and scorepad, the Maple Valley editor and scorepad, at phone (360x740) and tablet (1024x768) sizes, in headless
Debian Chromium.

Run: ``python docs/screenshots.py`` (all), or name some of ``home``, ``sunflower_valley``,
``girasoles``, ``maple_valley``, ``dark`` (the dark theme; six players on a phone), ``languages``
(a 390x844 phone in Spanish and German, light and dark: home, the valley editor, the scorepad, a
line's explanation and the table's settings), ``large``
(a 390x844 phone with the browser's text at 200%, in English and German: the scorepad, the
valley editor, the Girasoles palette, home; the scorepad on a tablet at 200% too), ``dark_boards`` (the dark theme's cards and board). It fills a throw-away database through the editors' own logic (the same calls the
screen's taps make), starts ``scorepad app`` on it and photographs it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

from app_browser import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, AppServer, free_port, handle, open_app, reveal, tap, tap_until,
    wait_text,
)
from girasoles_taps import enter, plan  # noqa: E402
from maple_entry import SOLO_EXAMPLE, enter_table, example, new_table  # noqa: E402
from valley_taps import enter_valley  # noqa: E402

from scorer.files import load_table  # noqa: E402

from scorer.sunflower_valley.models import CardDescription, Kind  # noqa: E402
from ui.games.registry import APP_GAMES  # noqa: E402
from ui.screens.new_table_model import NewTableForm  # noqa: E402
from ui.live.session import Sessions  # noqa: E402
from ui.store.storage import TableStore  # noqa: E402
from ui.games.girasoles.editor_model import BoardEditor, ObjectivesEditor, Shape  # noqa: E402
from ui.games.plugin import PLAYER_COLOURS, PlayerSetup  # noqa: E402
from ui.games.sunflower_valley.editor_model import ValleyEditor  # noqa: E402

SIZES = {"phone": {"width": 360, "height": 740}, "tablet": {"width": 1024, "height": 768}}
TOWN = CardDescription(kind=Kind.TOWN, combination=(Kind.SHEEP, Kind.FIELD), points=3,
                       villagers=1)
LAKE_TOWN = CardDescription(kind=Kind.TOWN, combination=(Kind.LAKE,), points=2)
FARMER = CardDescription(kind=Kind.FARMER, combination=(Kind.SHEEP, Kind.LAKE), points=3,
                         villagers=2)
VALLEYS = [
    [((0, 1), Kind.RAILROAD), ((0, 2), TOWN), ((1, 2), Kind.FIELD), ((-1, 2), Kind.SHEEP),
     ((1, 1), Kind.MOUNTAIN), ((1, 0), Kind.FIELD), ((-1, 0), Kind.LAKE), ((-1, 1), FARMER),
     ((-1, -1), Kind.SHEEP), ((0, -1), Kind.RAILROAD), ((0, -2), LAKE_TOWN),
     ((-1, -2), Kind.LAKE)],
    [((1, 0), Kind.FIELD), ((1, 1), Kind.FIELD), ((0, 1), Kind.SHEEP), ((1, -1), TOWN),
     ((0, -1), Kind.SHEEP), ((2, 0), Kind.MOUNTAIN)],
    [((0, 1), Kind.LAKE), ((0, 2), LAKE_TOWN), ((1, 1), FARMER), ((1, 2), Kind.SHEEP)],
]


def demo_table(db: Path) -> int:
    store = TableStore(db)
    form = NewTableForm(APP_GAMES)
    form.names = ["Ana", "Ben", "Chloé"]
    form.colours = ["red", "blue", "green"]
    table_id = form.create(store)
    session = Sessions(store, APP_GAMES).get(table_id)
    for player, valley in enumerate(VALLEYS):
        enter_valley(ValleyEditor(session, player), valley)
    return table_id


def six_players_table(db: Path) -> int:
    """Six players, the first valleys of the demo table entered."""
    store = TableStore(db)
    form = NewTableForm(APP_GAMES)
    form.names = ["Ana", "Anabel", "Ben", "Chloé", "Dev", "Eve"]
    form.colours = list(PLAYER_COLOURS)[:6]
    table_id = form.create(store)
    session = Sessions(store, APP_GAMES).get(table_id)
    for player, valley in enumerate(VALLEYS):
        enter_valley(ValleyEditor(session, player), valley)
    return table_id


def girasoles_table(db: Path) -> int:
    """The 4-player Girasoles example, entered tap by tap as a person would."""
    game = APP_GAMES["girasoles"]
    table = load_table(ROOT / "examples" / "girasoles" / "full_table.json")
    store = TableStore(db)
    players = [PlayerSetup(player.name, colour)
               for player, colour in zip(table.players, ["red", "blue", "green", "yellow"])]
    table_id = store.create(game.key, game.new_draft(players, game.default_setup()))
    session = Sessions(store, APP_GAMES).get(table_id)
    for index, player in enumerate(table.players):
        editor = BoardEditor(session, index)
        enter(editor, plan(player.board))
        editor.set_coins(player.coin_total)
    objectives = ObjectivesEditor(session)
    for objective in table.objectives:
        objectives.add(objective.card)
        if objective.colour:
            objectives.set_colour(objective.card, objective.colour)
        for slot, symbol in enumerate(objective.objects or ()):
            objectives.set_object(objective.card, slot, symbol)
    return table_id


def maple_tables(db: Path) -> tuple[int, int]:
    """The rulebook's Final Scoring example and the solo example, entered as in the editor."""
    store = TableStore(db)
    ids = []
    for path in (None, SOLO_EXAMPLE):
        table = example(path) if path else example()
        session = new_table(store, [player.name for player in table.players])
        enter_table(session, table)
        ids.append(session.table_id)
    return ids[0], ids[1]


def main(parts: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="scorepad-shots-"))
    table_id = demo_table(folder / "tables.sqlite3")
    girasoles_id = girasoles_table(folder / "tables.sqlite3")
    maple_ids = maple_tables(folder / "tables.sqlite3")
    server = AppServer(folder / "tables.sqlite3", free_port())
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size, viewport in SIZES.items():
                page = browser.new_context(viewport=viewport).new_page()
                if "home" in parts:
                    home(page, server, size, table_id)
                if "sunflower_valley" in parts:
                    sunflower_valley(page, server, size, table_id)
                if "girasoles" in parts:
                    girasoles(page, server, size, girasoles_id)
                if "maple_valley" in parts:
                    maple_valley(page, server, size, maple_ids)
                page.context.close()
            if "languages" in parts:
                languages(browser, server, table_id)
            if "large" in parts:
                large_text(browser, server, table_id, girasoles_id, maple_ids[0])
            if "dark_boards" in parts:
                dark_boards(browser, server, table_id, girasoles_id)
            if "dark" in parts:
                dark(browser, server, table_id, six_players_table(folder / "tables.sqlite3"))
            browser.close()
    finally:
        server.stop()


def home(page, server: AppServer, size: str, table_id: int) -> None:
    open_app(page, server.url + "/")
    wait_text(page, f"open-table-{table_id}", "leader")
    shoot(page, f"app-home-{size}.png")
    if size == "phone":
        tap_until(page, "new-table", "goals-chosen", "^3 of 3 chosen")
        shoot(page, "app-new-table-phone.png")


def sunflower_valley(page, server: AppServer, size: str, table_id: int) -> None:
    open_app(page, f"{server.url}/table/{table_id}/valley/0")
    wait_text(page, "card-count", "^12 of 18")
    tap_until(page, "described-0", "editor-message", "^Tap a place")
    tap_until(page, "cell-0-2", "editor-message", "^Town")
    shoot(page, f"app-editor-{size}.png")

    open_app(page, f"{server.url}/table/{table_id}/scorepad")
    if size == "phone":  # the scorepad, then a tapped number's sheet over it
        wait_text(page, "total-0", r"\d")
        shoot(page, "app-scorepad-phone.png")
        tap_until(page, "line-towns-0", "explanation", "Towns")
        shoot(page, "app-scorepad-explained-phone.png")
    else:
        tap_until(page, "line-towns-0", "explanation", "Towns")
        shoot(page, f"app-scorepad-{size}.png")


def dark(browser, server: AppServer, table_id: int, six_id: int) -> None:
    """The dark theme, as a phone or tablet set to dark shows it; six players on a phone."""
    for size, viewport in SIZES.items():
        page = browser.new_context(viewport=viewport, color_scheme="dark").new_page()
        if size == "phone":
            open_app(page, f"{server.url}/table/{table_id}/scorepad")
            tap_until(page, "line-towns-0", "explanation", "Towns")
            shoot(page, "app-dark-explained-phone.png")
            open_app(page, f"{server.url}/table/{six_id}/scorepad")
            wait_text(page, "total-0", r"\d")
            shoot(page, "app-dark-six-players-phone.png")
        else:
            open_app(page, f"{server.url}/table/{table_id}/valley/0")
            tap_until(page, "line-towns-0", "explanation", "Towns")
            shoot(page, "app-dark-editor-tablet.png")
        page.context.close()


def languages(browser, server: AppServer, table_id: int) -> None:
    """A 390x844 phone in Spanish and in German (``?lang=``), light and dark."""
    for lang in ("es", "de"):
        for theme in ("light", "dark"):
            page = browser.new_context(viewport=PHONE_390, color_scheme=theme).new_page()
            query = f"?lang={lang}"
            open_app(page, f"{server.url}/{query}")
            handle(page, f"open-table-{table_id}").wait_for()
            shoot(page, f"app-{lang}-{theme}-home-phone.png")
            open_app(page, f"{server.url}/table/{table_id}/valley/0{query}")
            handle(page, "card-count").wait_for()
            shoot(page, f"app-{lang}-{theme}-editor-phone.png")
            open_app(page, f"{server.url}/table/{table_id}/scorepad{query}")
            wait_text(page, "total-0", r"\d")
            shoot(page, f"app-{lang}-{theme}-scorepad-phone.png")
            tap(page, "line-towns-0")
            handle(page, "explanation").wait_for()
            shoot(page, f"app-{lang}-{theme}-explained-phone.png")
            open_app(page, f"{server.url}/table/{table_id}/settings{query}")
            handle(page, "add-player-to-table").wait_for()
            shoot(page, f"app-{lang}-{theme}-settings-phone.png")
            page.context.close()


LARGE_TEXT = {"fontSizes": {"standard": 32, "fixed": 26}}
"""A browser set to 200% text (Chromium's font-size setting, said through its DevTools
protocol): the page's root font size doubles, and Flutter's web client scales its text by it."""
PHONE_390 = {"width": 390, "height": 844}


def large_text(browser, server: AppServer, table_id: int, girasoles_id: int,
               maple_id: int) -> None:
    """A 390x844 phone at 200% text, in English and in German (``?lang=de``); the scorepad on
    a 1024x768 tablet at 200% too, a line explained beside it."""
    for lang in ("en", "de"):
        context = browser.new_context(viewport=PHONE_390)
        page = context.new_page()
        context.new_cdp_session(page).send("Page.setFontSizes", LARGE_TEXT)
        query = f"?lang={lang}"
        open_app(page, f"{server.url}/table/{table_id}/scorepad{query}")
        wait_text(page, "column-0", "Ana")
        header = handle(page, "column-0").first.bounding_box()  # the table, under warnings
        page.mouse.move(PHONE_390["width"] / 2, PHONE_390["height"] / 2)
        page.mouse.wheel(0, header["y"] - 160)
        shoot(page, f"app-large-scorepad-{lang}-phone.png")
        open_app(page, f"{server.url}/table/{table_id}/valley/0{query}")
        handle(page, "card-count").wait_for()
        shoot(page, f"app-large-editor-{lang}-phone.png")
        open_app(page, f"{server.url}/table/{girasoles_id}/valley/0{query}")
        handle(page, "board-count").wait_for()
        handle(page, "tool-colour-red").scroll_into_view_if_needed()
        shoot(page, f"girasoles-large-palette-{lang}-phone.png")
        open_app(page, f"{server.url}/{query}")
        handle(page, f"open-table-{table_id}").wait_for()
        shoot(page, f"app-large-home-{lang}-phone.png")
        large_text_screens(page, server, table_id, girasoles_id, maple_id, lang)
        context.close()
    context = browser.new_context(viewport=SIZES["tablet"])
    page = context.new_page()
    context.new_cdp_session(page).send("Page.setFontSizes", LARGE_TEXT)
    open_app(page, f"{server.url}/table/{table_id}/scorepad")
    tap_until(page, "line-towns-0", "explanation", "Towns")
    shoot(page, "app-large-scorepad-en-tablet.png")
    context.close()


def large_text_screens(page, server: AppServer, table_id: int, girasoles_id: int,
                       maple_id: int, lang: str) -> None:
    """More screens at 200% text: the Girasoles board's spaces, Maple Valley's cards, the end of
    a game, the backup and the text page."""
    query = f"?lang={lang}"
    open_app(page, f"{server.url}/table/{girasoles_id}/valley/0{query}")
    handle(page, "board-count").wait_for()
    near_top(page, "tool-colour-red")
    shoot(page, f"girasoles-large-board-{lang}-phone.png")
    open_app(page, f"{server.url}/table/{maple_id}/valley/0{query}")
    near_top(page, "add-favour")
    shoot(page, f"app-maple-large-cards-{lang}-phone.png")
    for screen, shown in (("finish", "finish-save"), ("text", "text-copy")):
        open_app(page, f"{server.url}/table/{table_id}/{screen}{query}")
        handle(page, shown).wait_for()
        shoot(page, f"app-large-{screen}-{lang}-phone.png")
    open_app(page, f"{server.url}/backup{query}")
    handle(page, "backup-photos").wait_for()
    shoot(page, f"app-large-backup-{lang}-phone.png")


def near_top(page, identifier: str) -> None:
    """Scroll the screen (as a finger does) until the control is near its top."""
    reveal(page, identifier)
    box = handle(page, identifier).first.bounding_box()
    page.mouse.move(PHONE_390["width"] / 2, PHONE_390["height"] / 2)
    page.mouse.wheel(0, box["y"] - 80)


def dark_boards(browser, server: AppServer, table_id: int, girasoles_id: int) -> None:
    """The dark theme's cards and board spaces on a 390x844 phone, and a line's cells
    highlighted."""
    page = browser.new_context(viewport=PHONE_390, color_scheme="dark").new_page()
    open_app(page, f"{server.url}/table/{table_id}/valley/0")
    wait_text(page, "card-count", "^12 of 18")
    shoot(page, "app-dark-editor-phone.png")
    open_app(page, f"{server.url}/table/{girasoles_id}/valley/0")
    wait_text(page, "board-count", "^34 of 36")
    shoot(page, "girasoles-dark-editor-phone.png")
    open_app(page, f"{server.url}/table/{girasoles_id}/scorepad")
    tap_until(page, "line-bees-0", "explanation", "II. Bees")
    shoot(page, "girasoles-dark-explained-phone.png")
    page.context.close()


def girasoles(page, server: AppServer, size: str, table_id: int) -> None:
    open_app(page, f"{server.url}/table/{table_id}/valley/0")
    wait_text(page, "board-count", "^34 of 36")
    tap_until(page, f"tool-shape-{Shape.ACROSS.name.lower()}", "editor-message", "^Double tile")
    tap_until(page, "tool-colour-yellow", "editor-message", "^Yellow double tile")
    shoot(page, f"girasoles-editor-{size}.png")
    if size == "phone":
        tap_until(page, "panel-objectives", "objectives-count", "additional objectives")
        shoot(page, "girasoles-objectives-phone.png")

    open_app(page, f"{server.url}/table/{table_id}/scorepad")
    wait_text(page, "total-0", r"\d")
    shoot(page, f"girasoles-scorepad-{size}.png")
    tap_until(page, "line-bees-0", "explanation", "II. Bees")
    shoot(page, f"girasoles-scorepad-explained-{size}.png")


def maple_valley(page, server: AppServer, size: str, tables: tuple[int, int]) -> None:
    table_id, solo_id = tables
    open_app(page, f"{server.url}/table/{table_id}/valley/0")
    wait_text(page, "player-total", "^Red: 64 points")
    shoot(page, f"app-maple-editor-{size}.png")
    if size == "phone":
        for section in ("pack", "festivities"):
            tap(page, f"section-{section}")
            handle(page, "count-Acorns" if section == "pack" else "cubes-0-0").wait_for()
            shoot(page, f"app-maple-{section}-phone.png")
        tap(page, "section-cards")
        tap_until(page, "held-favour-0", "card-preview", "^Bug Jar: Gift")
        shoot(page, "app-maple-card-phone.png")
        open_app(page, f"{server.url}/table/{solo_id}/valley/0")
        wait_text(page, "solo-title", "Delightfully")
        tap(page, "section-solo")
        handle(page, "solo-answers").wait_for()
        shoot(page, "app-maple-solo-phone.png")
    open_app(page, f"{server.url}/table/{table_id}/scorepad")
    if size == "phone":
        wait_text(page, "total-0", r"\d")
        shoot(page, "app-maple-scorepad-phone.png")
    tap_until(page, "line-favours-0", "explanation", "Bug Jar")
    shoot(page, f"app-maple-scorepad-explained-{size}.png" if size == "phone"
          else f"app-maple-scorepad-{size}.png")


def shoot(page, name: str) -> None:
    settle(page)
    page.screenshot(path=str(Path(os.environ.get("SCOREPAD_SHOTS", ROOT / "docs")) / name))


def settle(page) -> None:
    """Let the shipped font load and animations end before the picture; the pointer leaves the
    last control tapped, so that no tooltip covers the screen."""
    viewport = page.viewport_size
    page.mouse.move(viewport["width"] - 2, viewport["height"] - 2)
    page.wait_for_timeout(2500)


if __name__ == "__main__":
    main(sys.argv[1:] or ["home", "sunflower_valley", "girasoles", "maple_valley", "dark"])
