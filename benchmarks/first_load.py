"""The first load of the app on a phone: bytes, requests and time to the first control, at a
first visit (a browser that never saw the app) and a second (the next visit, with what the
browser kept), on a phone's 4G network and unthrottled, in the same run.

Run: ``python benchmarks/first_load.py [--runs 3] [--mbps 20] [--checkout PATH]`` (Debian
chromium and playwright needed, as for the browser tests). It starts ``scorepad app`` from this
checkout (or ``--checkout``, e.g. an older one to compare) on a free port with a throw-away
database and, at phone size (390x844), per run and network: opens a new browser context and
loads the home screen (first visit), then opens it again in a new tab of the same context
(second visit). The first control is the home screen's "New table" button in the accessibility
tree. The networks: loopback (no limit) and 4G, Chromium's network emulation (CDP
``Network.emulateNetworkConditions``: 10 Mbit/s down, 40 ms latency); ``--mbps`` adds a Wi-Fi
of that speed (20 ms). Bytes are what came over the network before the first control, headers
included (Chromium's ``encodedDataLength``; MB are 10^6 bytes); requests are those that reached
the server (not taken from the browser's cache; the websocket counts); client bytes are those of
the client's files (all but the start page and the websocket). Chromium on loopback accepts
Brotli, as on HTTPS; on a LAN's plain http it accepts gzip only. Prints medians and each target
of issue 36 beside its figure; with ``--write`` it also writes them to
docs/benchmarks/first_load.md. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Network:
    """A network as Chromium emulates it; ``mbps`` 0 is no limit (loopback)."""

    name: str
    mbps: float = 0
    up_mbps: float = 0
    latency_ms: float = 0

    def conditions(self) -> dict | None:
        if not self.mbps:
            return None
        return {"offline": False, "latency": self.latency_ms,
                "downloadThroughput": self.mbps * 1e6 / 8,
                "uploadThroughput": (self.up_mbps or self.mbps) * 1e6 / 8}


LOOPBACK = Network("loopback")
PHONE_4G = Network("4G", mbps=10, up_mbps=5, latency_ms=40)
WIFI_LATENCY_MS = 20

TARGETS = {"first visit MB before the first control (4G)": 3.8,
           "first visit seconds to the first control (4G)": 4.0,
           "second visit client bytes (4G)": 0, "second visit requests (4G)": 2}
"""Issue 36's targets, each an upper bound (the time "on a quiet machine")."""


@dataclass
class Visit:
    seconds: float
    """From the address asked to the first control."""
    bytes: int
    """Received before the first control, headers included."""
    requests: int
    """Answered by the server (not the browser's cache), the websocket included."""
    client_bytes: int
    """Received for the client's files (under /client/)."""


def load(context, url: str, network: Network) -> Visit:
    """Open ``url`` in a new tab of ``context`` through ``network`` until its first control."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if network.conditions():
        cdp.send("Network.emulateNetworkConditions", network.conditions())
    received: list[int] = []
    client: list[int] = []
    from_server: set[str] = set()
    paths: dict[str, str] = {}

    def answered(event) -> None:
        answer = event["response"]
        paths[event["requestId"]] = answer["url"]
        if not (answer.get("fromDiskCache") or answer.get("fromMemoryCache")
                or answer.get("fromServiceWorker")):
            from_server.add(event["requestId"])

    def finished(event) -> None:
        received.append(event["encodedDataLength"])
        if "/client/" in paths.get(event["requestId"], ""):
            client.append(event["encodedDataLength"])

    cdp.on("Network.responseReceived", answered)
    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.webSocketCreated", lambda event: from_server.add(event["requestId"]))
    started = time.perf_counter()
    open_app(page, url)
    handle(page, "new-table").wait_for(timeout=UI_TIMEOUT)
    elapsed = time.perf_counter() - started
    seen = Visit(elapsed, sum(received), len(from_server), sum(client))
    page.close()
    return seen


def first_loads(browser, runs: int, networks: list[Network], checkout: Path = ROOT
                ) -> dict[tuple[str, str], list[Visit]]:
    """``runs`` first and second visits of a new phone through each of ``networks``, each in
    a browser context of its own, to a server of ``checkout`` with a throw-away database: the
    visits, by network and visit."""
    found: dict[tuple[str, str], list[Visit]] = {}
    with tempfile.TemporaryDirectory() as folder:
        server = AppServer(Path(folder) / "tables.sqlite3", free_port(), root=checkout)
        server.start()
        try:
            for _ in range(runs):
                for network in networks:
                    context = browser.new_context(viewport=PHONE)
                    for visit in ("first", "second"):
                        found.setdefault((network.name, visit), []).append(
                            load(context, server.url + "/", network))
                    context.close()
        finally:
            server.stop()
    return found


def median(visits: list[Visit], measure: str) -> float:
    return statistics.median(getattr(visit, measure) for visit in visits)


def target_rows(found: dict[tuple[str, str], list[Visit]]) -> list[tuple[str, str, str, str]]:
    """Each of :data:`TARGETS` with its median and whether it is met."""
    measured = {
        "first visit MB before the first control (4G)":
            (median(found[("4G", "first")], "bytes") / 1e6, "{:.2f}"),
        "first visit seconds to the first control (4G)":
            (median(found[("4G", "first")], "seconds"), "{:.2f}"),
        "second visit client bytes (4G)":
            (median(found[("4G", "second")], "client_bytes"), "{:.0f}"),
        "second visit requests (4G)": (median(found[("4G", "second")], "requests"), "{:.0f}"),
    }
    return [(name, form.format(value), f"≤ {TARGETS[name]:g}",
             "met" if value <= TARGETS[name] else "not met")
            for name, (value, form) in measured.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3,
                        help="first and second visits per network (default 3)")
    parser.add_argument("--mbps", type=float, default=0,
                        help="also through a Wi-Fi of this download speed in Mbit/s")
    parser.add_argument("--checkout", type=Path, default=ROOT,
                        help="the checkout whose app is served (default: this one)")
    add_write_option(parser, "first_load")
    args = parser.parse_args()
    if args.runs < 1 or args.mbps < 0:
        parser.error("--runs must be 1 or more and --mbps 0 or more")
    networks = [LOOPBACK, PHONE_4G]
    if args.mbps:
        networks.append(Network(f"{args.mbps:g} Mbit/s Wi-Fi", args.mbps, args.mbps,
                                WIFI_LATENCY_MS))

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        found = first_loads(browser, args.runs, networks, args.checkout)
        browser.close()
    rows = [(network, visit, f"{median(visits, 'seconds'):.2f}",
             f"{median(visits, 'bytes') / 1e6:.2f}", f"{median(visits, 'requests'):.0f}",
             f"{median(visits, 'client_bytes') / 1e6:.2f}")
            for (network, visit), visits in found.items()]
    table = markdown_table(("network", "visit", "seconds to the first control",
                            "MB before it", "requests", "client MB"), rows)
    targets = markdown_table(("issue 36's target", "measured", "target", ""), target_rows(found))
    load_average = " ".join(f"{load:.1f}" for load in os.getloadavg())
    print(f"First and second visit at phone size, medians of {args.runs}, app from "
          f"{args.checkout}; load average {load_average} on {os.cpu_count()} cores:")
    print(table, targets, sep="\n\n")
    if args.write:
        served = "this checkout" if args.checkout == ROOT else f"`{args.checkout}`"
        write_results(args.write, "first_load", "A phone's first and second visit, on 4G and "
                      "loopback", f"Medians of {args.runs} runs at phone size (390x844), the app "
                      f"from {served}. 4G: Chromium's network emulation, "
                      f"{PHONE_4G.mbps:g} Mbit/s down, {PHONE_4G.latency_ms:g} ms latency. MB "
                      "are 10^6 bytes, received before the first control (New table), headers "
                      "included; client MB: the client's files only. The time target holds on "
                      "a quiet machine: see the load average above.\n\n"
                      + table + "\n\n" + targets)


if __name__ == "__main__":
    main()
