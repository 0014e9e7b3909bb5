"""A live table in the real browser: 6 phones (browser contexts at 390x844, on loopback) joined to
one 6-player table through its join link, each on its own valley, all tapping at the same moment.

Run: ``python benchmarks/live_table.py`` (Debian chromium and playwright needed, as for the browser
tests). It starts ``scorepad app`` on a free port with a throw-away database holding one 6-player
table whose valleys each have 17 Valley cards, reads the server's memory, joins 6 phone contexts
(each picks its player and the Lake), reads the memory again, then for each round makes every
phone tap its empty place at once, and times each tap until that phone shows its new total; then
each phone removes its card again (not timed). Reports per phone the median and p95, and the
server's resident memory. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from app_browser import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, AppServer, free_port, handle, open_app, tap_until, wait_text,
)
from app_latency import FREE, full_table, rss_mb  # noqa: E402

from ui.store.access import Access  # noqa: E402
from ui.store.storage import TableStore  # noqa: E402

PHONE = {"width": 390, "height": 844}
START_TAP = """([cellId, totalId]) => {
    const node = (id) => document.querySelector(`[flt-semantics-identifier="${id}"]`);
    const before = node(totalId).innerText;
    const started = performance.now();
    window.timedTap = new Promise((resolve, reject) => {
        const check = () => {
            const total = node(totalId);
            if (total && total.innerText !== before) resolve(performance.now() - started);
            else if (performance.now() - started > 60000) reject(new Error("no new total"));
            else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
    });
    node(cellId).click();
}"""
"""Starts a tap and returns at once, so that every phone's tap is under way together."""


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[int(0.95 * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--phones", type=int, default=6)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="scorepad-live-bench-"))
    db = folder / "tables.sqlite3"
    table_id = full_table(db, players=args.phones, filled=args.phones)
    link_path = f"/join/{Access(TableStore(db)).join_code(table_id)}"
    server = AppServer(db, free_port())
    server.start()
    cell = f"cell-{FREE[0]}-{FREE[1]}"
    times: list[list[float]] = [[] for _ in range(args.phones)]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            started_rss = rss_mb(server.process.pid)
            phones = []
            for player in range(args.phones):
                page = browser.new_context(viewport=PHONE).new_page()
                open_app(page, server.url + link_path, as_host=False)
                tap_until(page, f"join-player-{player}", "card-count", "^17 of 18")
                tap_until(page, "palette-lake", "editor-message", "Tap a place")
                handle(page, cell).wait_for()
                phones.append(page)
            joined_rss = rss_mb(server.process.pid)
            for _ in range(args.rounds):
                for page in phones:
                    page.evaluate(START_TAP, [cell, "player-total"])
                for player, page in enumerate(phones):
                    times[player].append(page.evaluate("window.timedTap"))
                for page in phones:
                    wait_text(page, "card-count", "^18 of 18")
                    tap_until(page, cell, "editor-message", r" at \(")
                    tap_until(page, "selected-remove", "card-count", "^17 of 18")
            tapping_rss = rss_mb(server.process.pid)
            browser.close()
    finally:
        server.stop()

    print(f"{args.phones} phones (390x844) on one {args.phones}-player table, each tapping its "
          f"own valley at the same moment, {args.rounds} rounds:")
    for player, player_times in enumerate(times):
        print(f"  phone {player + 1}: tap -> its new total on screen: median "
              f"{statistics.median(player_times):.0f} ms, p95 {p95(player_times):.0f} ms, "
              f"max {max(player_times):.0f} ms")
    every = [time for player_times in times for time in player_times]
    print(f"  all phones: median {statistics.median(every):.0f} ms, p95 {p95(every):.0f} ms")
    print(f"server memory (RSS): {started_rss:.0f} MB before the phones, {joined_rss:.0f} MB with "
          f"{args.phones} phones joined, {tapping_rss:.0f} MB after the taps")


if __name__ == "__main__":
    main()
