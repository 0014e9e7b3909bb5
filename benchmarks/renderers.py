"""Flutter's web renderers side by side (issue 30): how often a page freezes, what a screen
costs the phone, and a first visit, for each way the app can be drawn.

Run: ``python benchmarks/renderers.py [--loads 1000]
[--renderers skwasm,skwasm-threads,canvaskit:300] [--write]`` (Debian chromium and
playwright needed, as for the browser tests). It starts one ``scorepad app``
per renderer (``SCOREPAD_WEB_RENDERER``, ui/web/renderer.py), each with the tables of the names
walk (tests/app/test_app_names_browser.py), and walks every screen of it again and again, one
renderer after the other, until each has loaded ``--loads`` pages. Each walk is a new browser
context: its first page is a first visit (seconds to a usable home, bytes received). A page that
stops answering DevTools for 30 s is frozen: the tests' watch (tests/app/frozen_pages.py) ends
it, and the walk starts again in a new context. Renderer CPU per screen is the browser's
renderer processes' CPU time over one page load. Prints medians; with ``--write`` it also writes
them, after each round, to docs/benchmarks/renderers.md. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "app"))
sys.path.insert(0, str(ROOT))

from app_browser import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, TABLET_TALL, UI_TIMEOUT, AppServer, free_port, handle, open_app,
)
from frozen_pages import FrozenPageWatch, process_stat, processes_of  # noqa: E402
from test_app_names_browser import seed_tables, walk  # noqa: E402

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402
from ui.web.renderer import RENDERER_VARIABLE, RENDERERS  # noqa: E402

SMOKE_ARGS = ["--loads", "3", "--renderers", "skwasm"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""


def renderers_cpu() -> float:
    """CPU seconds used so far by the renderer processes of this process's browser."""
    return sum(stat[1] for pid in processes_of(os.getpid())
               if (stat := process_stat(pid)) is not None)


class Tally:
    """What one renderer's walks met."""

    def __init__(self):
        self.loads = 0
        self.walks = 0
        self.freezes: list[str] = []
        self.missed: list[str] = []
        self.problems: list[str] = []
        self.cpu_per_screen: list[float] = []
        self.first_visit_s: list[float] = []
        self.first_visit_mib: list[float] = []

    def figures(self) -> dict:
        def median(values):
            return round(statistics.median(values), 3) if values else None

        return {"page loads": self.loads, "walks": self.walks, "freezes": len(self.freezes),
                "frozen on": self.freezes, "screens never shown": len(self.missed),
                "pages with a console error or failed request": len(self.problems),
                "renderer CPU per screen, median s": median(self.cpu_per_screen),
                "first visit to a usable home, median s": median(self.first_visit_s),
                "first visit, median MiB": median(self.first_visit_mib)}


def first_visit(page, url: str) -> tuple[float, float]:
    """Open the home in ``page`` (a new context's): seconds to usable, MiB received."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    received: list[int] = []
    cdp.on("Network.loadingFinished", lambda event: received.append(event["encodedDataLength"]))
    started = time.perf_counter()
    open_app(page, url + "/")
    handle(page, "new-table").wait_for(timeout=UI_TIMEOUT)
    seconds = time.perf_counter() - started
    cdp.detach()
    return seconds, sum(received) / 2**20


def one_walk(browser, server: AppServer, tables: dict, tally: Tally, loads_left: int) -> None:
    """A first visit, then the walk's screens (at most ``loads_left`` page loads in all)."""
    context = browser.new_context(viewport=TABLET_TALL)
    page = context.new_page()
    screen = "home (first visit)"
    try:
        seconds, mib = first_visit(page, server.url)
        tally.first_visit_s.append(seconds)
        tally.first_visit_mib.append(mib)
        tally.loads += 1
        before = renderers_cpu()
        walked = walk(page, server.url, tables)
        while tally.loads < loads_left:
            try:
                screen, problem = next(walked)
            except StopIteration:
                break
            tally.loads += 1
            now = renderers_cpu()
            tally.cpu_per_screen.append(now - before)
            before = now
            if problem is not None:
                (tally.missed if problem.endswith("never showed") else tally.problems).append(
                    f"{screen}: {problem}")
        tally.walks += 1
    except Exception as error:  # noqa: BLE001 - a frozen page, ended by the watch
        if "Target crashed" not in str(error):
            raise
        tally.freezes.append(screen)
    finally:
        context.close()


TITLE = "Renderers side by side: freezes, renderer CPU per screen, first visit"


def report(results: dict[str, dict], tallies: dict[str, Tally]) -> str:
    """The results file's body: the table, and where each frozen page was."""
    frozen = [f"- `{name}`: frozen on {', '.join(tally.freezes)}"
              for name, tally in tallies.items() if tally.freezes]
    return table(results) + ("\n\n" + "\n".join(frozen) if frozen else "")


def table(results: dict[str, dict]) -> str:
    """The figures as a Markdown table, one column per renderer."""
    names = list(results)
    rows = [k for k in next(iter(results.values())) if k != "frozen on"]
    return markdown_table(["", *(f"`{name}`" for name in names)],
                          [(row, *(results[name][row] for name in names)) for row in rows])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=1000,
                        help="page loads per renderer (default 1000)")
    parser.add_argument("--renderers", default=",".join(RENDERERS),
                        help=f"which, comma-separated, each with its own number of loads if "
                        f"wanted (canvaskit:300); default {','.join(RENDERERS)}")
    add_write_option(parser, "renderers")
    args = parser.parse_args()
    wanted = {}
    for item in args.renderers.split(","):
        name, _, loads = item.strip().partition(":")
        wanted[name] = int(loads) if loads.isdigit() else args.loads
    chosen = list(wanted)
    unknown = [name for name in chosen if name not in RENDERERS]
    if unknown:
        parser.error(f"no such renderer: {', '.join(unknown)} (use {', '.join(RENDERERS)})")

    from playwright.sync_api import sync_playwright

    # Stopped (kill, timeout): the servers are stopped too, by the finally below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    tallies = {name: Tally() for name in chosen}
    servers: dict[str, AppServer] = {}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        try:
            tables = {}
            for name in chosen:
                os.environ[RENDERER_VARIABLE] = name  # the server's environment, at its start
                servers[name] = AppServer(Path(folder) / f"{name}.sqlite3", free_port())
                servers[name].start()
                tables[name] = seed_tables(servers[name].db)
            port = free_port()
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, f"--remote-debugging-port={port}"])
            with FrozenPageWatch(port):
                while any(tally.loads < wanted[name] for name, tally in tallies.items()):
                    for name, tally in tallies.items():
                        if tally.loads < wanted[name]:
                            started = time.monotonic()
                            one_walk(browser, servers[name], tables[name], tally, wanted[name])
                            print(f"  {name}: a walk in {time.monotonic() - started:.0f} s",
                                  flush=True)
                    results = {name: tally.figures() for name, tally in tallies.items()}
                    print(" | ".join(f"{name}: {tally.loads} loads, {len(tally.freezes)} frozen"
                                     for name, tally in tallies.items()), flush=True)
                    if args.write:
                        write_results(args.write, "renderers", TITLE, report(results, tallies))
            browser.close()
        finally:
            for server in servers.values():
                server.stop()
    print(table(results))


if __name__ == "__main__":
    main()
