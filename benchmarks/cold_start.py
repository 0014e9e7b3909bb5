"""A server just started: what its first phone costs it, against the next phone, with the app
loaded at first use (as before) and loaded before the server listens (``ui.web.warm_up``).

Run: ``python benchmarks/cold_start.py`` (``--runs N``). Each run is a new Python process, as a
server just started is: it serves lightweight Flet sessions (``tests/app/live_devices.py``, the
app's own pages and diffs, no browser) from a throw-away SQLite database holding two 6-player
Sunflower Valley tables with full valleys. It measures the server's CPU (all threads, ms) for a
phone's home screen, then another phone's, then a valley of the first table, then a valley of the
second (each table opened for the first time: only the code is new to the first), and how long
the warm-up took before serving. Both kinds of run alternate; medians. Nothing here asserts a
time.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402

SMOKE_ARGS = ["--runs", "1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""

WAYS = {"cold": "loaded at first use (before)",
        "warm": "loaded before serving (ui.web.warm_up)"}
MEASURES = {"warm_up": "warm-up before serving",
            "first_home": "first phone's home screen",
            "next_home": "next phone's home screen",
            "first_valley": "first valley shown (a table opened)",
            "next_valley": "a valley of another table (opened)"}


def one_server(way: str) -> dict[str, float]:
    """In a process of its own: the server's CPU ms for each of :data:`MEASURES`, the app's
    screens loaded at first use (``way="cold"``) or by the warm-up (``"warm"``)."""
    sys.path.insert(0, str(ROOT / "tests" / "app"))
    from live_devices import Server

    from benchmarks.app_latency import full_table
    from ui.store.storage import TableStore
    from ui.web import app  # noqa: F401 - what a server has imported before it serves
    from ui.web import flet_patch
    from ui.web.server import keep_loaded_code_out_of_collections
    from ui.web.warm_up import warm_up

    flet_patch.apply()  # Flet as the app's server runs it
    figures = {"warm_up": 0.0}
    if way == "warm":
        started = time.process_time()
        warm_up()
        figures["warm_up"] = 1000 * (time.process_time() - started)
    keep_loaded_code_out_of_collections()

    async def visits(database: Path) -> None:
        tables = [full_table(database, players=6, filled=6) for _ in range(2)]
        store = TableStore(database)
        server = Server(store)
        devices = []  # held: a page keeps only a weak reference to its session

        async def visit(measure: str, route: str, table_id: int) -> None:
            started = time.process_time()
            devices.append(server.connect(f"phone-{measure}", route, table_id, 0))
            await server.settle()
            figures[measure] = 1000 * (time.process_time() - started)

        # Each phone has joined a table: its home screen lists it.
        await visit("first_home", "/", tables[0])
        await visit("next_home", "/", tables[1])
        await visit("first_valley", f"/table/{tables[0]}/valley/0", tables[0])
        await visit("next_valley", f"/table/{tables[1]}/valley/0", tables[1])
        server.sessions.writer.shutdown()
        server.sessions.scorer.shutdown()
        store.close()

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(visits(Path(folder) / "tables.sqlite3"))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--one", choices=WAYS, help=argparse.SUPPRESS)
    add_write_option(parser, "cold_start")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_server(args.one)))
        return
    found: dict[str, list[dict[str, float]]] = {way: [] for way in WAYS}
    for _ in range(args.runs):
        for way in WAYS:
            done = subprocess.run([sys.executable, __file__, "--one", way], cwd=ROOT,
                                  check=True, capture_output=True, text=True)
            found[way].append(json.loads(done.stdout.splitlines()[-1]))
    rows = [(WAYS[way], *(f"{statistics.median(run[measure] for run in found[way]):.0f}"
                          for measure in MEASURES)) for way in WAYS]
    table = markdown_table(("the app's code", *(f"{label}, CPU ms" for label in
                                                MEASURES.values())), rows)
    note = (f"Medians of {args.runs} new processes each way. A phone's screen costs the server "
            "its CPU before the phone sees anything: the first phone after a start waits for "
            "what the next ones do not.")
    print(table + "\n\n" + note)
    if args.write:
        write_results(args.write, "cold_start", "A server just started: its first phone "
                      "against the next", table + "\n\n" + note)


if __name__ == "__main__":
    main()
