"""Make the app's screenshots in docs/: home, valley editor and scorepad, and the Maple Valley
editor and scorepad, at phone (360x740) and tablet (1024x768) sizes, in headless Debian Chromium.

Run: ``python docs/screenshots.py`` (or name the games: ``python docs/screenshots.py
maple_valley``). It fills a throw-away database through the editors' own logic (the same calls the
screen's taps make), starts ``scorepad app`` on it and photographs it.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

from app_browser import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, AppServer, free_port, handle, open_app, tap, tap_until, wait_text,
)
from maple_entry import SOLO_EXAMPLE, enter_table, example, new_table  # noqa: E402

from scorer.sunflower_valley.models import CardDescription, Kind  # noqa: E402
from ui.games import APP_GAMES  # noqa: E402
from ui.new_table_model import NewTableForm  # noqa: E402
from ui.session import Sessions  # noqa: E402
from ui.storage import TableStore  # noqa: E402
from ui.sunflower_valley.editor_model import ValleyEditor  # noqa: E402

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
        editor = ValleyEditor(session, player)
        for cell, what in valley:
            if isinstance(what, Kind):
                editor.choose_kind(what)
            else:
                editor.choose_description(what)
            editor.tap(cell)
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


def photograph_maple(page, url: str, tables: tuple[int, int], size: str, out: Path) -> None:
    table_id, solo_id = tables
    open_app(page, f"{url}/table/{table_id}/valley/0")
    wait_text(page, "player-total", "^Red: 64 points")
    settle(page)
    page.screenshot(path=str(out / f"app-maple-editor-{size}.png"))
    if size == "phone":
        for section in ("pack", "festivities"):
            tap(page, f"section-{section}")
            handle(page, "count-Acorns" if section == "pack" else "cubes-0-0").wait_for()
            settle(page)
            page.screenshot(path=str(out / f"app-maple-{section}-phone.png"))
        tap(page, "section-cards")
        tap_until(page, "held-favour-0", "card-preview", "^Bug Jar: Gift")
        settle(page)
        page.screenshot(path=str(out / "app-maple-card-phone.png"))
        open_app(page, f"{url}/table/{solo_id}/valley/0")
        wait_text(page, "solo-title", "Delightfully")
        tap(page, "section-solo")
        handle(page, "solo-answers").wait_for()
        settle(page)
        page.screenshot(path=str(out / "app-maple-solo-phone.png"))
    photograph_scorepad(page, f"{url}/table/{table_id}/scorepad", ("line-favours-0", "Bug Jar"),
                        "app-maple-scorepad", size, out)


def photograph_scorepad(page, address: str, line: tuple[str, str], name: str, size: str,
                        out: Path) -> None:
    """The scorepad with a line explained; on a phone also scrolled down to the explanation."""
    open_app(page, address)
    tap_until(page, line[0], "explanation", line[1])
    settle(page)
    page.screenshot(path=str(out / f"{name}-{size}.png"))
    if size == "phone":
        page.mouse.wheel(0, 700)
        settle(page)
        page.screenshot(path=str(out / f"{name}-explained-phone.png"))


def main(games: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="scorepad-shots-"))
    sunflower = "sunflower_valley" in games
    table_id = demo_table(folder / "tables.sqlite3") if sunflower else None
    maple = maple_tables(folder / "tables.sqlite3") if "maple_valley" in games else None
    server = AppServer(folder / "tables.sqlite3", free_port())
    server.start()
    out = ROOT / "docs"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size, viewport in SIZES.items():
                page = browser.new_context(viewport=viewport).new_page()
                if maple:
                    photograph_maple(page, server.url, maple, size, out)
                if not sunflower:
                    page.context.close()
                    continue
                open_app(page, server.url + "/")
                wait_text(page, f"open-table-{table_id}", "leader")
                settle(page)
                page.screenshot(path=str(out / f"app-home-{size}.png"))
                if size == "phone":
                    tap_until(page, "new-table", "goals-chosen", "^3 of 3 chosen")
                    settle(page)
                    page.screenshot(path=str(out / "app-new-table-phone.png"))

                open_app(page, f"{server.url}/table/{table_id}/valley/0")
                wait_text(page, "card-count", "^12 of 18")
                tap_until(page, "described-0", "editor-message", "^Tap a place")
                tap_until(page, "cell-0-2", "editor-message", "^Town")
                settle(page)
                page.screenshot(path=str(out / f"app-editor-{size}.png"))

                photograph_scorepad(page, f"{server.url}/table/{table_id}/scorepad",
                                    ("line-towns-0", "Towns"), "app-scorepad", size, out)
                page.context.close()
            browser.close()
    finally:
        server.stop()


def settle(page) -> None:
    """Let the shipped font load and animations end before the picture."""
    page.wait_for_timeout(2500)


if __name__ == "__main__":
    main(sys.argv[1:] or ["sunflower_valley", "maple_valley"])
