"""The first load of the app on a phone: bytes sent and time to a usable home screen, cold (a
browser that never saw the app) and warm (the next visit, with what the browser kept).

Run: ``python benchmarks/first_load.py [--runs 3] [--mbps 20] [--checkout PATH]`` (Debian
chromium and playwright needed, as for the browser tests). It starts ``scorepad app`` from this
checkout (or ``--checkout``, e.g. an older one to compare) on a free port with a throw-away
database and, at phone size (390x844), per run: opens a new browser context and loads the home
screen (cold), then opens it again in a new tab of the same context (warm). "Usable" is when the
"New table" button is in the accessibility tree. ``--mbps`` limits the browser's download speed
as a phone's Wi-Fi would (default: loopback, no limit). Bytes are what came over the network,
headers included (Chromium's ``encodedDataLength``). Prints medians; with ``--write`` it also
writes them to docs/benchmarks/first_load.md. Nothing here asserts a time.
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
    CHROMIUM, CHROMIUM_ARGS, UI_TIMEOUT, AppServer, free_port, handle, open_app,
)

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402

SMOKE_ARGS = ["--runs", "1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""

PHONE = {"width": 390, "height": 844}
WIFI_LATENCY_MS = 20


def load(context, url: str, mbps: float) -> tuple[float, int]:
    """Open ``url`` in a new tab of ``context``: seconds to a usable home, bytes received."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if mbps:
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": WIFI_LATENCY_MS,
            "downloadThroughput": mbps * 1e6 / 8, "uploadThroughput": mbps * 1e6 / 8})
    received = []
    cdp.on("Network.loadingFinished", lambda event: received.append(event["encodedDataLength"]))
    started = time.perf_counter()
    open_app(page, url)
    handle(page, "new-table").wait_for(timeout=UI_TIMEOUT)
    elapsed = time.perf_counter() - started
    page.close()
    return elapsed, sum(received)


def first_loads(browser, runs: int, mbps: float = 0, checkout: Path = ROOT
                ) -> dict[str, list[float]]:
    """``runs`` first visits (cold) and next visits (warm) of a new phone, each in a browser
    context of its own, to a server of ``checkout`` with a throw-away database: seconds to a
    usable home and MiB received, by visit."""
    found: dict[str, list[float]] = {"cold s": [], "cold MiB": [], "warm s": [], "warm MiB": []}
    with tempfile.TemporaryDirectory() as folder:
        server = AppServer(Path(folder) / "tables.sqlite3", free_port(), root=checkout)
        server.start()
        try:
            for _ in range(runs):
                context = browser.new_context(viewport=PHONE)
                for visit in ("cold", "warm"):
                    seconds, received = load(context, server.url + "/", mbps)
                    found[f"{visit} s"].append(seconds)
                    found[f"{visit} MiB"].append(received / 2**20)
                context.close()
        finally:
            server.stop()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold and warm loads (default 3)")
    parser.add_argument("--mbps", type=float, default=0,
                        help="download speed in Mbit/s (default: no limit)")
    parser.add_argument("--checkout", type=Path, default=ROOT,
                        help="the checkout whose app is served (default: this one)")
    add_write_option(parser, "first_load")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        found = first_loads(browser, args.runs, args.mbps, args.checkout)
        browser.close()
    speed = f"{args.mbps:g} Mbit/s" if args.mbps else "loopback"
    print(f"First load at phone size ({speed}), medians of {args.runs}, app from "
          f"{args.checkout}:")
    print("  " + "  ".join(f"{name} {statistics.median(values):.2f}"
                           for name, values in found.items()))
    if args.write:
        served = "this checkout" if args.checkout == ROOT else f"`{args.checkout}`"
        write_results(args.write, "first_load", f"A phone's first and next visit ({speed})",
                      f"Medians of {args.runs} runs at phone size (390x844), the app from "
                      f"{served}.\n\n" + markdown_table(
                          ("visit", "seconds to a usable home", "MiB received"),
                          [(visit, f"{statistics.median(found[f'{visit} s']):.2f}",
                            f"{statistics.median(found[f'{visit} MiB']):.2f}")
                           for visit in ("cold", "warm")]))


if __name__ == "__main__":
    main()
