"""App speed in the real browser: from a tap that lays a card to the new total on screen, and the
server's memory with 6 browser sessions open.

Run: ``python benchmarks/app_latency.py`` (Debian chromium and playwright needed, as for the
browser tests). It starts ``scorepad app`` on a free port with a throw-away database holding one
4-player table whose first valley has 17 Valley cards, opens it at tablet size (1024x768), picks
the Lake, then 50 times: taps an empty place (timed until the total on screen changes) and undoes
it (not timed), so every timed tap makes an 18-card valley. Then it opens 6 sessions (browser
contexts) on the table and reads the server's resident memory. Prints the figures; with ``--write``
it also writes them to docs/benchmarks/app_latency.md. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

from app_browser import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, AppServer, free_port, handle, open_app, tap, wait_text,
)

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402
from scorer.sunflower_valley.models import CardDescription, Kind  # noqa: E402
from ui.games.registry import APP_GAMES  # noqa: E402
from ui.games.plugin import PLAYER_COLOURS, PlayerSetup  # noqa: E402
from ui.store.storage import TableStore  # noqa: E402
from ui.games.sunflower_valley.draft import card_dict  # noqa: E402

SMOKE_ARGS = ["--taps", "1", "--sessions", "1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""

TABLET = {"width": 1024, "height": 768}
FREE = (3, 2)
"""The empty place tapped: beside (2,2) and (3,1)."""

TIMED_TAP = """async ([cellId, totalId]) => {
    const node = (id) => document.querySelector(`[flt-semantics-identifier="${id}"]`);
    const before = node(totalId).innerText;
    const started = performance.now();
    node(cellId).click();
    return await new Promise((resolve, reject) => {
        const check = () => {
            const total = node(totalId);
            if (total && total.innerText !== before) resolve(performance.now() - started);
            else if (performance.now() - started > 30000) reject(new Error("no new total"));
            else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
    });
}"""


def full_table(db: str | Path, players: int = 4, filled: int = 1) -> int:
    """A table of ``players`` in the store at ``db`` (a SQLite file or a ``postgresql://``
    address); the first ``filled`` valleys fill rows 0..3, columns -2..2 except two places."""
    game = APP_GAMES["sunflower_valley"]
    setups = [PlayerSetup(name, colour) for name, colour in
              zip(["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:players], PLAYER_COLOURS)]
    draft = game.new_draft(setups, {"goals": ["boundless_field", "flocks_of_sheep",
                                              "long_way"]})
    for player in draft["players"][:filled]:
        fill_valley(player["cards"])
    store = TableStore(db)
    try:
        return store.create(game.key, draft)
    finally:
        store.close()


def fill_valley(cards: list) -> None:
    """17 Valley cards: rows 0..3, columns -2..2, except the Starting Town, FREE and (3,-2)."""
    kinds = [Kind.FIELD, Kind.SHEEP, Kind.RAILROAD, Kind.MOUNTAIN, Kind.LAKE]
    town = CardDescription(kind=Kind.TOWN, combination=(Kind.FIELD, Kind.SHEEP), points=3,
                           villagers=1)
    number = 0
    for row in range(0, 4):
        for col in range(-2, 3):
            if (row, col) in ((0, 0), FREE, (3, -2)):
                continue
            description = town if number % 6 == 5 else CardDescription(
                kind=kinds[number % len(kinds)])
            cards.append(card_dict(description, (row, col)))
            number += 1


def p95(times: list[float]) -> float:
    """The 95th percentile, nearest rank: the time 95% of the runs stayed within."""
    ordered = sorted(times)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=50)
    parser.add_argument("--sessions", type=int, default=6)
    add_write_option(parser, "app_latency")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    table_id = full_table(folder / "tables.sqlite3")
    server = AppServer(folder / "tables.sqlite3", free_port())
    server.start()
    url = f"{server.url}/table/{table_id}/valley/0"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=TABLET)
            open_app(page, url)
            wait_text(page, "card-count", "^17 of 18")
            tap(page, "palette-lake")
            wait_text(page, "editor-message", "Tap a place")
            cell = f"cell-{FREE[0]}-{FREE[1]}"
            times = []
            for _ in range(args.taps):
                handle(page, cell).wait_for()
                times.append(page.evaluate(TIMED_TAP, [cell, "player-total"]))
                wait_text(page, "card-count", "^18 of 18")
                tap(page, "undo")
                wait_text(page, "card-count", "^17 of 18")
            times.sort()
            idle_rss = rss_mb(server.process.pid)
            contexts = []
            for _ in range(args.sessions):
                context = browser.new_context(viewport=TABLET)
                session_page = context.new_page()
                open_app(session_page, url)
                wait_text(session_page, "card-count", "^17 of 18")
                contexts.append(context)
            time.sleep(2)
            sessions_rss = rss_mb(server.process.pid)
            for context in contexts:
                context.close()
            browser.close()
    finally:
        server.stop()

    print(f"tap -> new total on screen, {len(times)} taps: median {statistics.median(times):.0f} "
          f"ms, p95 {p95(times):.0f} ms, max {times[-1]:.0f} ms")
    print(f"server memory (RSS): {idle_rss:.0f} MB with 1 session, {sessions_rss:.0f} MB with "
          f"{args.sessions} more sessions open")
    if args.write:
        taps = f"tap → new total on screen, {len(times)} taps, ms"
        write_results(args.write, "app_latency", "One tablet: tap → new total on screen, and the "
                      "server's memory", markdown_table(("measure", "figure"), [
                          (f"{taps}: median", f"{statistics.median(times):.0f}"),
                          (f"{taps}: p95", f"{p95(times):.0f}"),
                          (f"{taps}: max", f"{times[-1]:.0f}"),
                          ("server memory (RSS) with 1 session, MB", f"{idle_rss:.0f}"),
                          (f"server memory (RSS) with {args.sessions} more sessions open, MB",
                           f"{sessions_rss:.0f}")]))


if __name__ == "__main__":
    main()
