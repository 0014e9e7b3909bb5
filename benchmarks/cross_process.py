"""One table on two server processes (issue 34, item 2): the time from a tap on a phone of process A
to the last message that shows the edit on the phones of process B, p50 and p95, beside the
same on A's own phones, and beside the target (p95 at most 50 ms on loopback).

Run: ``python benchmarks/cross_process.py [--edits 60] [--gap 0.25]``. A throwaway PostgreSQL
cluster (``tests/postgres_cluster.py``: fsync off) holds one 4-player Sunflower Valley table of
full valleys. The two "processes" are two app servers' parts as ``benchmarks/capacity.py`` makes
them (``tests/app/live_devices.py``: real Flet sessions whose connections record each message as
the wire would carry it), each with a store of its own on the database, so that their only link
is the one two processes have: the table's revision saved with compare-and-set, announced by
PostgreSQL's ``NOTIFY`` and read back by the other (``ui.store.announcements``). Ann's phone on A
lays a Lake on her empty place and removes it, one edit every ``--gap`` seconds; Bob's phone is on
A, Cid's and Dee's on B. Both servers share this one process's event loop and cores, which costs
B's side time that two processes would not. Prints a table; ``--write`` writes
docs/benchmarks/cross_process.md. Nothing asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from app_latency import full_table, p95  # noqa: E402
from capacity import lay_or_remove, messages_of, server_times, spread  # noqa: E402
from live_devices import Server  # noqa: E402

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402

SMOKE_ARGS = ["--edits", "3", "--gap", "0.1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""
TARGET_P95_MS = 50.0
"""Issue 34: a tap on worker A to the last update on worker B, p95, on loopback."""
SETTLE_SECONDS = 30.0


def follow(server: Server) -> None:
    """What the app's ``make_main`` does for its process: another process's change of a table
    is told to this server's screens showing it."""
    loop = asyncio.get_running_loop()
    server.sessions.told = lambda table_id: loop.call_soon_threadsafe(
        server.hub.send_all_on_topic, f"table-{table_id}", table_id)
    server.sessions.follow_others()


async def listening(*servers: Server) -> None:
    deadline = time.monotonic() + SETTLE_SECONDS
    while not all(listener.listening.is_set() for server in servers
                  for listener in server.store.engine._listeners):
        if time.monotonic() > deadline:
            raise SystemExit("the servers do not listen to the database")
        await asyncio.sleep(0.01)


async def settled(a: Server, b: Server, table_id: int) -> None:
    """Until both servers hold the stored draft, every save, score and redraw done."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        await a.settle()
        await b.settle()
        stored = a.store.get(table_id)
        if a.sessions.get(table_id).draft == b.sessions.get(table_id).draft == stored.draft:
            return
        if time.monotonic() > deadline:
            raise SystemExit("the two servers do not agree on the table")


async def measure(address: str, edits: int, gap: float) -> dict:
    from scorer.sunflower_valley.models import Kind
    from ui.store.storage import TableStore

    table_id = full_table(address, players=4, filled=4)
    a, b = Server(TableStore(address)), Server(TableStore(address))
    for server in (a, b):
        follow(server)
    await listening(a, b)
    ann = a.connect("ann", f"/table/{table_id}/valley/0", table_id, 0)
    on_a = [a.connect("bob", f"/table/{table_id}/valley/1", table_id, 1)]
    on_b = [b.connect(name, f"/table/{table_id}/valley/{player}", table_id, player)
            for player, name in ((2, "cid"), (3, "dee"))]
    ann.view.editor.model.choose_kind(Kind.LAKE)
    await settled(a, b, table_id)
    editor = ann.view.editor
    taps: list[tuple[float, float, int]] = []
    for _ in range(edits):
        first = time.perf_counter()
        taps.append((first, lay_or_remove(editor), table_id))
        await asyncio.sleep(gap)
    await settled(a, b, table_id)
    for server in (a, b):
        server.sessions.stop_following()
        server.sessions.writer.shutdown()
        server.sessions.scorer.shutdown()
        server.store.close()
    same, _ = server_times(taps, messages_of(on_a))
    other, _ = server_times(taps, messages_of(on_b))
    return {"same": same, "other": other, "edits": edits}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=60)
    parser.add_argument("--gap", type=float, default=0.25, help="seconds between two edits")
    add_write_option(parser, "cross_process")
    args = parser.parse_args()
    from postgres_cluster import Cluster
    from ui.web import flet_patch

    flet_patch.apply()  # Flet as the app's server runs it
    cluster = Cluster()
    try:
        row = asyncio.run(measure(cluster.new_database(), args.edits, args.gap))
    finally:
        cluster.stop()
    other_p95 = p95(row["other"]) if row["other"] else float("inf")
    table = markdown_table(
        ("phones", "edits shown", "tap -> last update showing it (p50 / p95 ms)"),
        [("on A, the process tapped on", len(row["same"]), spread(row["same"])),
         ("on B, another process on the same database", len(row["other"]),
          spread(row["other"]))])
    targets = markdown_table(("measure", "measured", "target", ""), [
        ("tap on worker A -> last update on worker B, p95 ms", f"{other_p95:.1f}",
         f"≤ {TARGET_P95_MS:g}", "met" if other_p95 <= TARGET_P95_MS else "not met")])
    body = (f"{table}\n\n{targets}\n\nOne 4-player table of full valleys, {args.edits} edits "
            f"{args.gap:g} s apart; the two servers in one process (one event loop, the same "
            "cores), each with its own store on one PostgreSQL database (throw-away, fsync off).")
    print(body)
    if args.write:
        write_results(args.write, "cross_process", "One table on two server processes",
                      body)


if __name__ == "__main__":
    main()
