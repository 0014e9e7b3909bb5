"""The PostgreSQL server stops mid-session and starts again (issue 34, item 3): how long a refusal
takes while it is down, how long the first operation after it is back takes, and how long after
its return the edit kept meanwhile is on the server, saved by the session's retries on its own.

Run: ``python benchmarks/server_outage.py`` (``--rounds N``, ``--down SECONDS``). A throwaway
cluster of its own (``tests/postgres_cluster.py``: Debian's PostgreSQL, started as the
``postgres`` user when run as root) and the app's own store and table session with its writer
thread, no browser. Each round: the server stops (``pg_ctl -m fast``), an edit is made (refused:
kept, retried by the writer thread after 1 s, then after 2 s, 4 s...), the server stays down for
``--down`` seconds, starts again, and the clock runs from ``pg_ctl start`` returning until the
edit is on the server. That time depends on where in the retry schedule the server returns: it is
what a player waits for "Not saved" to go, not the cost of a save. Prints medians; nothing here
asserts a time.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402

SMOKE_ARGS = ["--rounds", "1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""

SAVED_WITHIN = 60.0
"""Seconds after the server's return after which a round counts as never saved (a bug)."""


def milliseconds(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--down", type=float, default=2.0,
                        help="seconds the server stays down in each round (default 2)")
    add_write_option(parser, "server_outage")
    args = parser.parse_args()
    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="scorepad-outage-"))
    logging.disable(logging.ERROR)  # each refusal is logged by the app: what is measured here

    from postgres_cluster import Cluster
    from ui.games.registry import APP_GAMES, app_store
    from ui.games.plugin import PlayerSetup
    from ui.live.session import Sessions, storage_writer
    from ui.store.storage import StoreUnavailable

    game = APP_GAMES["sunflower_valley"]
    cluster = Cluster()
    refusals, first_operations, saved_after = [], [], []
    try:
        store = app_store(cluster.new_database())
        draft = game.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")],
                               {"goals": []})
        sessions = Sessions(store, APP_GAMES, storage_writer())
        session = sessions.get(store.create(game.key, draft))
        for round_number in range(args.rounds):
            cluster.stop_server()
            session.apply("rename", lambda changed, name=f"Ann {round_number}":
                          changed["players"][0].__setitem__("name", name))
            for _ in range(5):
                began = time.perf_counter()
                try:
                    store.list()
                except StoreUnavailable:
                    refusals.append(time.perf_counter() - began)
            time.sleep(args.down)
            cluster.start_server()
            back = time.perf_counter()
            while session.saved_revision < session.revision:
                if time.perf_counter() - back > SAVED_WITHIN:
                    raise SystemExit(f"round {round_number}: the kept edit was not saved within "
                                     f"{SAVED_WITHIN:g} s of the server's return")
                time.sleep(0.001)
            saved_after.append(time.perf_counter() - back)
            assert store.get(session.table_id).draft["players"][0]["name"] == f"Ann {round_number}"
            began = time.perf_counter()
            store.list()
            first_operations.append(time.perf_counter() - began)
        sessions.writer.shutdown(wait=True)
        store.close()
    finally:
        cluster.stop()

    rows = [("a read refused while the server is down", milliseconds(refusals), len(refusals)),
            ("the first read after the kept edit is saved", milliseconds(first_operations),
             len(first_operations)),
            (f"the server's return → the kept edit saved (down {args.down:g} s)",
             milliseconds(saved_after), len(saved_after))]
    table = markdown_table(("measure", "median ms", "runs"), rows)
    print(f"load average {' '.join(f'{load:.1f}' for load in os.getloadavg())} "
          f"on {os.cpu_count()} cores")
    print(table)
    if args.write:
        write_results(args.write, "server_outage", "PostgreSQL stopped mid-session and started "
                      "again: refusals, and the kept edit saved by itself", table)


if __name__ == "__main__":
    main()
