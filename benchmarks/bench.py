"""Scoring speed: the median (and spread) of many runs of each benchmark case.

Run: ``python benchmarks/bench.py`` (add ``--runs N``). Each module in ``benchmarks/cases/`` gives
``CASES``: a mapping of a case name to a function that does one timed unit of work. Timing is by
``time.perf_counter`` around each call, after a warm-up call; with ``--cpu``, by the process's CPU
time (``time.process_time``), which other programs sharing the cores inflate far less: the
figure to compare with a quiet machine's wall clock. Nothing here asserts a time.

The library keeps what it made for a table (a valley's own scoring, a player's storage, the
messages naming places): scored again, as the app scores a table after each edit, a table costs
only what changed. By default each run scores the case again with all of that kept (``scored
again``); with ``--cold`` every cache the library keeps is emptied before each run (untimed), so
each run costs what a table never seen costs, as ``scorepad score FILE`` does.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import cases  # noqa: E402
from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402


SMOKE_ARGS = ["--runs", "1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""


def collect_cases() -> dict:
    found = {}
    for module_info in sorted(pkgutil.iter_modules(cases.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"benchmarks.cases.{module_info.name}")
        found.update(module.CASES)
    return found


def forget_kept() -> None:
    """Empty every cache of the library's modules (``functools.lru_cache``/``cache``)."""
    for name, module in list(sys.modules.items()):
        if name == "scorer" or name.startswith("scorer."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def measure(work, runs: int, clock=time.perf_counter, before=lambda: None) -> list[float]:
    work()  # warm-up: imports, caches
    times = []
    for _ in range(runs):
        before()
        start = clock()
        work()
        times.append(clock() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--only", help="run the cases whose name contains this text")
    parser.add_argument("--cpu", action="store_true",
                        help="time the process's CPU, not the wall clock (a busy machine)")
    parser.add_argument("--cold", action="store_true",
                        help="empty the library's caches before each run: a table never seen")
    add_write_option(parser, "bench")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    before = forget_kept if args.cold else (lambda: None)
    how = (("CPU time" if args.cpu else "wall clock") + "; "
           + ("cold: nothing kept" if args.cold else "scored again: caches kept"))
    print(f"{'case':58} {'median ms':>10} {'p95 ms':>8} {'runs':>5}"
          + ("  (CPU time)" if args.cpu else "")
          + ("  (cold: nothing kept)" if args.cold else "  (scored again: caches kept)"))
    rows = []
    for name, work in collect_cases().items():
        if args.only and args.only not in name:
            continue
        times = sorted(measure(work, args.runs, clock, before))
        median = statistics.median(times) * 1000
        p95 = times[int(0.95 * (len(times) - 1))] * 1000
        print(f"{name:58} {median:10.3f} {p95:8.3f} {len(times):5}", flush=True)
        rows.append((name, f"{median:.3f}", f"{p95:.3f}", len(times)))
    if args.write:
        write_results(args.write, "bench", f"Scoring speed per case ({how})",
                      markdown_table(("case", "median ms", "p95 ms", "runs"), rows))


if __name__ == "__main__":
    main()
