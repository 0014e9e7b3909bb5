"""The public mode's retention sweep (ui/store/retention.py): the time of one sweep over a store
of N tables, when none is due (the hourly sweep's usual run) and when a tenth are (each deleted
for good, with its grants).

Run: ``python benchmarks/retention.py`` (``--tables 1000,10000``, ``--runs N``, ``--engines
sqlite,postgresql``). SQLite is a file in a temporary folder; PostgreSQL a throwaway server of
its own (``tests/postgres_cluster.py``: fsync and synchronous commits off, so its writes cost
less than a durable server's). It prints the median and p95 wall time of each; nothing here
asserts a time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import uuid
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402
from ui.store.retention import Retention  # noqa: E402
from ui.store.schema import new_join_code, opened_stamp  # noqa: E402
from ui.store.storage import TableStore  # noqa: E402

SMOKE_ARGS = ["--tables", "100", "--runs", "1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""

DRAFT = json.dumps({"game": "sunflower_valley", "players": [{"name": "Ann"}, {"name": "Bob"}]})
NOW = datetime.now(timezone.utc)


def add_tables(store: TableStore, count: int, opened: datetime) -> None:
    """``count`` tables last opened at ``opened``, each granted to a device of its own, in one
    transaction (made as the app makes them, less the deck)."""
    stamp = opened_stamp(opened)
    with store._writing() as connection:
        ids = [connection.execute(
            "INSERT INTO tables (game, format_version, draft, created, updated, uid, join_code, "
            "opened) VALUES (?, 1, ?, ?, ?, ?, ?, ?) RETURNING id",
            ("sunflower_valley", DRAFT, stamp, stamp, str(uuid.uuid4()), new_join_code(),
             stamp)).fetchone()[0] for _ in range(count)]
        connection.executemany(
            "INSERT INTO grants (device, table_id, role, player, granted) VALUES (?, ?, "
            "'creator', NULL, ?)", [(uuid.uuid4().hex, table_id, stamp) for table_id in ids])


def empty(store: TableStore) -> None:
    """Every table, grant and photo of the benchmark's own store deleted."""
    with store._writing() as connection:
        for table in ("tables", "grants", "photos"):
            connection.execute(f"DELETE FROM {table}")


def timed(sweep) -> float:
    start = time.perf_counter()
    sweep()
    return time.perf_counter() - start


def measure(store: TableStore, tables: int, runs: int) -> list[tuple]:
    """The rows for a store of ``tables`` tables opened a day ago."""
    empty(store)
    add_tables(store, tables, NOW - timedelta(days=1))
    retention = Retention(store, clock=lambda: NOW)
    rows = []
    idle = sorted(timed(retention.sweep) for _ in range(runs))
    rows.append((tables, "none due", *figures(idle), runs))
    due = tables // 10
    deleting = []
    for _ in range(runs):
        add_tables(store, due, NOW - timedelta(days=100))  # not timed
        deleting.append(timed(lambda: retention.sweep() or None))
    rows.append((tables, f"{due} due, deleted", *figures(sorted(deleting)), runs))
    return rows


def figures(times: list[float]) -> tuple[str, str]:
    p95 = times[int(0.95 * (len(times) - 1))]
    return f"{statistics.median(times) * 1000:.1f}", f"{p95 * 1000:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1000,10000",
                        help="the stores' sizes, comma-separated (default 1000,10000)")
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--engines", default="sqlite,postgresql",
                        help="sqlite, postgresql or both, comma-separated (default both)")
    add_write_option(parser, "retention")
    args = parser.parse_args()
    sizes = [int(size) for size in args.tables.split(",")]
    header = ("engine", "tables", "sweep", "median ms", "p95 ms", "runs")
    rows = []
    for engine in args.engines.split(","):
        with store_on(engine) as store:
            for size in sizes:
                rows += [(engine, *row) for row in measure(store, size, args.runs)]
    table = markdown_table(header, rows)
    print(table)
    if args.write:
        write_results(args.write, "retention", "The retention's sweep: one sweep over a store "
                      "of N tables", table)


@contextmanager
def store_on(engine: str):
    """An empty store on ``engine``, gone after."""
    if engine == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            store = TableStore(Path(folder) / "tables.sqlite3")
            yield store
            store.close()
        return
    if engine != "postgresql":
        raise SystemExit(f"--engines: {engine!r} is neither sqlite nor postgresql")
    from tests.postgres_cluster import Cluster

    cluster = Cluster()
    try:
        store = TableStore(cluster.new_database())
        yield store
        store.close()
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
