"""After the game, end to end at phone size (390x844): finish a table, find it in History, see
Statistics with a chart (docs/app-statistics-phone.png), start a rematch that already offers the
cards described at the table."""

from __future__ import annotations

import json
import os
import re
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from app_browser import ROOT, handle, open_app, tap, tap_until, text_of, type_into, wait_text
from scorer.files import load_table
from scorer.games import score
from ui.games.registry import APP_GAMES
from ui.screens.import_model import import_table
from ui.store.backup import backup_json
from ui.store.storage import TableStore

PHONE = {"width": 390, "height": 844}
EXAMPLE = ROOT / "examples" / "sunflower_valley" / "first_game_goals.json"
DOCS = ROOT / "docs"


def picture(page, folder: Path, name: str) -> None:
    """A screenshot once the browser has painted what the accessibility tree already shows."""
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.screenshot(path=str(folder / name))


def saved_tables(db: Path) -> tuple[int, int]:
    """The example table, and an earlier game of the same players (each without their last
    card), finished two days ago, so that the totals have a history."""
    store = TableStore(db)
    earlier = json.loads(EXAMPLE.read_text())
    for player in earlier["players"]:
        player["valley"]["cards"].pop()
    earlier_id = import_table(json.dumps(earlier), store, APP_GAMES).table_id
    store.finish(earlier_id, datetime.now().astimezone() - timedelta(days=2), "Club")
    return import_table(EXAMPLE.read_text(), store, APP_GAMES).table_id, earlier_id


def test_finish_history_statistics_and_a_rematch_at_phone_size(app_server, browser, tmp_path):
    # The pictures go to docs/ only when asked (README's pictures), so a test run leaves the
    # checkout as it was.
    pictures = DOCS if os.environ.get("SCOREPAD_REMAKE_DOCS") else tmp_path
    table_id, earlier_id = saved_tables(app_server.db)
    context = browser.new_context(viewport=PHONE)
    # BG Stats is not reached: the browser gets a stand-in page for its link.
    context.route(re.compile(r"^https://app\.bgstatsapp\.com/"),
                  lambda route: route.fulfill(body="BG Stats stand-in", content_type="text/plain"))
    page = context.new_page()
    open_app(page, f"{app_server.url}/table/{table_id}/scorepad")

    tap(page, "finish-table")
    type_into(page, "finish-location", "Café Zoë")
    tap(page, "starter-1")
    tap_until(page, "finish-save", "finish-title", "Finished game")
    handle(page, "bgstats-send").wait_for()
    with page.expect_popup() as opened:
        tap(page, "bgstats-send")
    link = opened.value.url
    opened.value.close()
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    play = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    library = score(load_table(EXAMPLE))
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"])
            for p in play["players"]] == [
        (p.name, p.total, p.rank, p.name in library.winners, p.name == "Mary")
        for p in library.players]
    assert play["location"] == "Café Zoë"

    tap(page, "finish-back")
    tap(page, "home")
    handle(page, "finished-games").wait_for()
    picture(page, pictures, "app-home-finished-phone.png")
    tap(page, "go-history")
    newest = wait_text(page, f"history-{table_id}", "Sunflower Valley")
    assert re.search(r"Paul 25", newest) and "Winner: Paul" in newest
    handle(page, f"history-{earlier_id}").wait_for()
    picture(page, pictures, "app-history-phone.png")

    tap(page, "go-statistics")
    wait_text(page, "statistics-plays", "2 finished games of Sunflower Valley")
    handle(page, "chart-lines").wait_for()
    assert "Paul" in text_of(page, "statistics-players")
    picture(page, pictures, "app-statistics-phone.png")

    tap(page, "go-history")
    tap(page, f"history-{table_id}")
    tap(page, "finish-table")
    handle(page, "rematch").wait_for()
    picture(page, pictures, "app-finish-phone.png")
    tap(page, "rematch")
    page.wait_for_url(re.compile(r"/table/\d+/valley/0$"))
    rematch_id = int(re.search(r"/table/(\d+)/", page.url).group(1))
    assert rematch_id not in (table_id, earlier_id)
    handle(page, "described-0").wait_for()
    context.close()


def test_a_backup_picked_on_the_backup_screen_is_added_off_the_event_loop(app_server, browser,
                                                                          tmp_path):
    """40 tables from another database: the screen says what it added; the steps on the way are
    said from the worker thread through the event loop, without an error in the server's log."""
    other = TableStore(tmp_path / "other.sqlite3")
    for _ in range(40):
        import_table(EXAMPLE.read_text(), other, APP_GAMES)
    backup = tmp_path / "backup.json"
    backup.write_text(backup_json(other.list()), encoding="utf-8")
    before = len(TableStore(app_server.db).list())
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    open_app(page, f"{app_server.url}/backup")
    with page.expect_file_chooser(timeout=60_000) as chooser:
        tap(page, "backup-import")
    chooser.value.set_files(str(backup))
    wait_text(page, "backup-status", r"^Added 40 tables; 0 already here\.$")
    assert len(TableStore(app_server.db).list()) == before + 40
    context.close()
    log = app_server.log.read_text()
    assert "Exception in callback" not in log and "Traceback" not in log, log
