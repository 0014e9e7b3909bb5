"""A live table in the real browser: 1, 3 and 6 phones (browser contexts at 390x844, on loopback)
joined to one table through its join link, each on its own valley, tapping together and at one tap
per second each.

Run: ``python benchmarks/live_table.py [--phones 1 3 6] [--rounds 10]`` (Debian chromium and
playwright needed, as for the browser tests). For each number of phones it starts ``scorepad app``
on a free port with a throw-away database holding one table of that many players whose valleys each
have 17 Valley cards, joins the phones (each picks its player and the Lake), then:

- **together**: each round every phone taps its empty place at the same moment; each tap is timed
  until that phone shows its new total; then each phone removes its card (not measured). Over the
  tapping alone (from the taps until every phone shows every new total) it reads the server
  process's own CPU time from ``/proc`` (so it holds while other programs load the machine) and the
  bytes of the websocket frames each phone received.
- **paced**: each phone taps once a second, the phones a fraction of a second apart. Each tap is
  timed until the tapping phone shows its new total and until the next phone shows it on the
  tapper's tab; and on the server's own clock (``benchmarks/frame_clock``: the app with a clock on
  its websockets), from the tap's message coming in to the last update sent to any phone that
  shows the edit, and to the last update of all, the one that takes the "Saving…" mark off once
  the edit is on disk (frames are read: one that touches nothing but a phone's save mark is that
  notice, not the edit). The paced rounds run twice: with the server and the browsers sharing
  every core (the browsers at a lower priority), then with the server alone on one core and the
  browsers on the others, as phones would be devices of their own: the server's own time.

A device on the home screen (the table not shared with it) watches throughout: its screen never
changes, so it should receive nothing. Last, ``--first-loads`` phones load the app alone (as
``first_load.py`` does), for the warm first paint. The table of issue 18's targets closes the
report, with the largest number of phones.

``--checkout PATH`` serves an older checkout's app, to compare. Prints one table of medians and p95
per number of phones, and the server's memory; with ``--write`` it also writes the report to
docs/benchmarks/live_table.md. Nothing here asserts a time. The browsers run on the
same 2 cores as the server, at a lower priority (``--browsers-nice``, default 10): their drawing
still competes with the server and with each other, so the phones' times are upper bounds.
"""

from __future__ import annotations

import argparse
import base64
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from app_browser import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, PHONE, AppServer, free_port, handle, open_app, tap_until,
    wait_text,
)
from app_latency import FREE, full_table, p95, rss_mb  # noqa: E402
from flet.messaging.protocol import decode_ext_from_msgpack  # noqa: E402
from first_load import LOOPBACK, first_loads  # noqa: E402
from frame_clock.clock import Frame, FrameLog  # noqa: E402
from frozen_pages import process_stat, processes_of  # noqa: E402
import msgpack  # noqa: E402

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402
from ui.store.access import Access  # noqa: E402
from ui.store.storage import TableStore  # noqa: E402

SMOKE_ARGS = ["--phones", "1", "--rounds", "1", "--paced-rounds", "1", "--first-loads", "1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""

CELL = f"cell-{FREE[0]}-{FREE[1]}"
WATCH = """([id, key]) => {
    // Resolves with the wall-clock time (ms) at which the control's text next changes.
    const node = () => document.querySelector(`[flt-semantics-identifier="${id}"]`);
    const text = () => { const n = node(); return n ? n.innerText : null; };
    const before = text();
    window[key] = new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () => {
            const now = text();
            if (now !== null && now !== before) resolve(performance.timeOrigin + performance.now());
            else if (Date.now() - started > 60000) reject(new Error(`no change of ${id}`));
            else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
    });
}"""
TAP = """([id]) => {
    const at = performance.timeOrigin + performance.now();
    document.querySelector(`[flt-semantics-identifier="${id}"]`).click();
    return at;
}"""


SAVING = "Saving…"
"""What the save mark says while an edit is on its way to the disk (ui.live.session.SAVING)."""


class SaveMarks:
    """Tells an update that only touches a screen's save mark (the notice that the edits shown are
    now on disk) from one that shows something: learns each connection's mark from the first
    frame that sets a Text to "Saving…"."""

    def __init__(self):
        self.marks: dict[object, object] = {}

    def only_mark(self, connection: object, payload: bytes) -> bool:
        try:
            _, body = msgpack.unpackb(payload[1:], ext_hook=decode_ext_from_msgpack,
                                      strict_map_key=False)
            touched = [(body["id"], operation[3] if len(operation) > 3 else None)
                       for operation in body["patch"][1:]]
        except (ValueError, TypeError, KeyError, IndexError, msgpack.UnpackException):
            return False  # not an update of controls
        for control, value in touched:
            if value == SAVING:
                self.marks[connection] = control
        mark = self.marks.get(connection)
        return bool(touched) and all(control == mark for control, _ in touched)

    def learn(self, frames: list[Frame]) -> None:
        """Learn the marks from updates whose times are not wanted."""
        for frame in frames:
            if not frame.incoming:
                self.only_mark(frame.connection, frame.data)


class Device:
    """A device of phone size (a browser context of its own) that opened ``url``, and the size
    of every websocket frame it received with Chromium's network timestamp (seconds)."""

    def __init__(self, browser, url: str):
        self.context = browser.new_context(viewport=PHONE)
        self.page = self.context.new_page()
        self.received: list[tuple[float, int]] = []
        cdp = self.context.new_cdp_session(self.page)
        cdp.on("Network.webSocketFrameReceived", self._on_received)
        cdp.send("Network.enable")
        open_app(self.page, url, as_host=False)

    def _on_received(self, event) -> None:
        frame = event["response"]
        data = frame["payloadData"]
        size = len(base64.b64decode(data)) if frame.get("opcode") == 2 else len(data.encode())
        self.received.append((event["timestamp"], size))

    def bytes_since(self, mark: int) -> int:
        return sum(size for _, size in self.received[mark:])


class Phone(Device):
    """A player's phone: joined through the table's link as ``player``, with the Lake chosen
    to lay on the valley's one free place."""

    def __init__(self, browser, url: str, player: int):
        super().__init__(browser, url)
        self.player = player
        tap_until(self.page, f"join-player-{player}", "card-count", "^17 of 18")
        tap_until(self.page, "palette-lake", "editor-message", "Tap a place")
        handle(self.page, CELL).wait_for()

    def remove_card(self) -> None:
        wait_text(self.page, "card-count", "^18 of 18")
        tap_until(self.page, CELL, "selected-card", "Lake")
        tap_until(self.page, "selected-remove", "card-count", "^17 of 18")
        # The count and the place are sent apart: the next tap must find the place free.
        wait_text(self.page, CELL, "free place")


def wait_all(phones: list[Phone], keys: list[tuple[Phone, str]]) -> list[float]:
    return [phone.page.evaluate(f"window['{key}']") for phone, key in keys]


def together(server: AppServer, phones: list[Phone], rounds: int) -> dict:
    """Every phone taps at once; tap -> own total, CPU and bytes per edit."""
    own, cpu, received = [], 0.0, [0] * len(phones)
    for _ in range(rounds):
        watches = []
        for phone in phones:
            phone.page.evaluate(WATCH, ["player-total", "own"])
            watches.append((phone, "own"))
            for other in phones:
                if other is not phone:
                    phone.page.evaluate(WATCH, [f"tab-player-{other.player}",
                                                f"tab{other.player}"])
                    watches.append((phone, f"tab{other.player}"))
        marks = [len(phone.received) for phone in phones]
        started_cpu = process_stat(server.process.pid)[1]
        tapped = [phone.page.evaluate(TAP, [CELL]) for phone in phones]
        shown = wait_all(phones, watches)
        settle(phones)
        cpu += process_stat(server.process.pid)[1] - started_cpu
        for index, phone in enumerate(phones):
            received[index] += phone.bytes_since(marks[index])
        own += [at - tapped[index] for index, at in enumerate(shown[::len(phones)])]
        for phone in phones:
            phone.remove_card()
    edits = rounds * len(phones)
    return {"own": own, "cpu_ms": 1000 * cpu / edits,
            "bytes": [total / edits for total in received]}


def settle(phones: list[Phone], quiet: float = 0.3) -> None:
    """Wait until no phone has received a frame for ``quiet`` seconds (the fan-out is over)."""
    while True:
        counts = [len(phone.received) for phone in phones]
        phones[0].page.wait_for_timeout(quiet * 1000)
        if counts == [len(phone.received) for phone in phones]:
            return


TAP_EVENT = "click"
"""The event a tapped valley place sends the server."""


def server_times(frames: list[Frame], marks: SaveMarks) -> list[tuple[float, float]]:
    """For each tap's message in ``frames`` (the server's clock), the milliseconds until the
    last update any phone was sent that shows something, and until the last update of all (the
    save mark taken off, when it was put on). A tap's updates are those sent from its message
    until the next tap's."""
    taps = [frame.at for frame in frames if frame.event_name() == TAP_EVENT]
    sent = [(frame.at, marks.only_mark(frame.connection, frame.data)) for frame in frames
            if not frame.incoming]
    times = []
    for index, message in enumerate(taps):
        until = taps[index + 1] if index + 1 < len(taps) else float("inf")
        inside = [(at, only_mark) for at, only_mark in sent if message <= at < until]
        shown = [at for at, only_mark in inside if not only_mark]
        # A server still busy with earlier taps sends nothing before the next tap's message:
        # then the first update after it (a lower bound of this tap's time).
        after = next(at for at, _ in sent if at >= message)
        times.append((1000 * ((shown[-1] if shown else after) - message),
                      1000 * ((inside[-1][0] if inside else after) - message)))
    return times


def paced(phones: list[Phone], rounds: int, clock: FrameLog) -> dict:
    """Each phone taps once a second, ``1/len(phones)`` s after the previous phone."""
    own, other, server, saved = [], [], [], []
    marks = SaveMarks()
    gap = 1.0 / len(phones)
    marks.learn(clock.new_frames())  # no tap is timed there
    for _ in range(rounds):
        taps = []
        for index, phone in enumerate(phones):
            neighbour = phones[(index + 1) % len(phones)]
            phone.page.evaluate(WATCH, ["player-total", "own"])
            if neighbour is not phone:
                neighbour.page.evaluate(WATCH, [f"tab-player-{phone.player}", "tab"])
            at = phone.page.evaluate(TAP, [CELL])
            taps.append((phone, neighbour, at))
            time.sleep(gap)
        for phone, neighbour, at in taps:
            own.append(phone.page.evaluate("window.own") - at)
            if neighbour is not phone:
                other.append(neighbour.page.evaluate("window.tab") - at)
        settle(phones)
        times = server_times(clock.new_frames(), marks)
        if len(times) != len(phones):
            raise RuntimeError(f"the server saw {len(times)} taps of {len(phones)}")
        server += [shown for shown, _ in times]
        saved += [last for _, last in times]
        for phone in phones:
            phone.remove_card()
        settle(phones)
        marks.learn(clock.new_frames())  # the removals' taps are not timed
    return {"paced_own": own, "other": other, "server": server, "saved": saved}


def measure(count: int, rounds: int, paced_rounds: int, browser, checkout: Path) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="scorepad-live-bench-"))
    db = folder / "tables.sqlite3"
    table_id = full_table(db, players=max(count, 2), filled=max(count, 2))
    link = f"/join/{Access(TableStore(db)).join_code(table_id)}"
    frames = folder / "frames.log"
    server = AppServer(db, free_port(), root=checkout,
                       launcher=(str(ROOT / "benchmarks" / "frame_clock"), str(frames)))
    server.start()
    try:
        started_rss = rss_mb(server.process.pid)
        phones = [Phone(browser, server.url + link, player) for player in range(count)]
        joined_rss = rss_mb(server.process.pid)
        # A device on the home screen, the table not shared with it: its screen never changes.
        onlooker = Device(browser, server.url + "/")
        handle(onlooker.page, "new-table").wait_for()
        before = len(onlooker.received)
        figures = together(server, phones, rounds)
        clock = FrameLog(frames)
        figures.update(paced(phones, paced_rounds, clock))
        place(server.process.pid, apart=True)
        alone = paced(phones, paced_rounds, clock)
        place(server.process.pid, apart=False)
        figures["server_apart"], figures["saved_apart"] = alone["server"], alone["saved"]
        # Every round lays each phone's card and takes it off again.
        figures["unchanged"] = (onlooker.bytes_since(before),
                                2 * (rounds + 2 * paced_rounds) * count)
        figures["rss"] = (started_rss, joined_rss, rss_mb(server.process.pid))
        for device in (*phones, onlooker):
            device.context.close()
    finally:
        server.stop()
    return figures


SERVER_CORES = {0}
"""Where the server runs while its own time is measured; the browsers get the other cores."""


def niced(executable: str, niceness: int, folder: Path) -> str:
    """A launcher of ``executable`` at ``niceness``: the phones stand in for devices of their
    own, so their drawing should take the CPU only when the server leaves it."""
    launcher = folder / "niced-browser"
    launcher.write_text(f'#!/bin/sh\nexec nice -n {niceness} "{executable}" "$@"\n')
    launcher.chmod(0o755)
    return str(launcher)


def threads_of(pids: list[int]) -> list[int]:
    threads = []
    for pid in pids:
        try:
            threads += [int(task.name) for task in Path(f"/proc/{pid}/task").iterdir()]
        except OSError:
            continue  # ended meanwhile
    return threads


def place(server_pid: int, apart: bool) -> None:
    """``apart``: the server alone on :data:`SERVER_CORES`, the browsers on the others (as the
    phones' own processors would be: the server's own time); else all share every core."""
    every = set(range(os.cpu_count() or 1))
    if every == SERVER_CORES:
        return  # one core: nothing to set apart
    for processes, cores in ((threads_of([server_pid]), SERVER_CORES if apart else every),
                             (threads_of(processes_of(os.getpid(), b"chromium")),
                              every - SERVER_CORES if apart else every)):
        for thread in processes:
            try:
                os.sched_setaffinity(thread, cores)
            except OSError:
                continue  # ended meanwhile


def spread(times: list[float]) -> str:
    if not times:
        return "-"
    return f"{statistics.median(times):.0f} / {p95(times):.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, nargs="+", default=[1, 3, 6])
    parser.add_argument("--rounds", type=int, default=10, help="rounds of taps together")
    parser.add_argument("--paced-rounds", type=int, default=10,
                        help="rounds of one tap a second each")
    parser.add_argument("--checkout", type=Path, default=ROOT,
                        help="serve the app from this checkout (e.g. an older one, to compare)")
    parser.add_argument("--browsers-nice", type=int, default=10,
                        help="the browsers' niceness (default 10; 0: as the server's)")
    parser.add_argument("--first-loads", type=int, default=5,
                        help="warm first loads for the targets' first paint (first_load.py)")
    add_write_option(parser, "live_table")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorepad-live-bench-"))

    from playwright.sync_api import sync_playwright

    results = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=niced(CHROMIUM, args.browsers_nice, folder), args=CHROMIUM_ARGS)
        for count in args.phones:
            results[count] = measure(count, args.rounds, args.paced_rounds, browser,
                                     args.checkout)
        browser.close()
        # At the browser's own priority: one phone loading alone.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        loads = first_loads(browser, args.first_loads, [LOOPBACK], checkout=args.checkout)
        browser.close()

    with open("/proc/loadavg") as loadavg:
        load = loadavg.read().split()[:3]
    how = (f"Phones 390x844 each on its own valley; {args.rounds} rounds tapping together, "
           f"{args.paced_rounds} rounds at one tap per second each (the browsers share the "
           f"machine's cores with the server, at niceness {args.browsers_nice}); server times on "
           "the server's own clock.")
    report = "\n\n".join((figures_table(results), targets(max(results), results[max(results)],
                                                           [visit.seconds for visit in
                                                            loads[("loopback", "second")]])))
    print(f"Live table. {how} Load average {' '.join(load)}.")
    print(report)
    if args.write:
        write_results(args.write, "live_table", "Phones at one table: server CPU and bytes per "
                      "edit, tap → totals", f"{how}\n\n{report}")


def figures_table(results: dict[int, dict]) -> str:
    """Medians and p95 per number of phones, and the server's memory."""
    rows = []
    for count, figures in results.items():
        rows.append((count, f"{figures['cpu_ms']:.1f}",
                     " / ".join(f"{size:.0f}" for size in figures["bytes"]),
                     spread(figures["own"]), spread(figures["paced_own"]),
                     spread(figures["other"]), spread(figures["server"]),
                     spread(figures["server_apart"]), spread(figures["saved_apart"]),
                     ", ".join(f"{mb:.0f}" for mb in figures["rss"])))
    return markdown_table(
        ("phones", "server CPU ms per edit", "bytes per phone per edit",
         "tap -> own total, together (p50 / p95 ms)", "tap -> own total, 1 tap/s each",
         "tap -> other phone's total, 1 tap/s each",
         "tap message -> last update sent, 1 tap/s each: cores shared",
         "the same, server on its own core",
         "tap message -> saved mark sent, server on its own core",
         "server MB: before, joined, after"), rows)


def targets(count: int, figures: dict, warm_loads: list[float]) -> str:
    """The issue's table of targets (issue 18), with this run's figures."""
    unchanged, edits = figures["unchanged"]
    rows = [
        (f"server CPU per edit, {count} phones joined", f"{figures['cpu_ms']:.1f} ms", "≤ 15 ms"),
        ("bytes to a device whose screen does not change",
         f"{unchanged} over {edits} edits", "0"),
        (f"tap → own total p95, {count} phones tapping once a second each",
         f"{p95(figures['paced_own']):.0f} ms", "≤ 150 ms"),
        (f"server time from tap message to last update sent, p95, {count} phones (the server "
         "on its own core)", f"{p95(figures['server_apart']):.0f} ms "
         f"({p95(figures['server']):.0f} sharing the cores with the browsers)", "≤ 30 ms"),
        ("first paint, warm, phone size (median: a usable home screen)",
         f"{statistics.median(warm_loads):.2f} s", "≤ 1.5 s"),
    ]
    return markdown_table(("measure", "now", "target"), rows)


if __name__ == "__main__":
    main()
