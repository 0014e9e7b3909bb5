"""The command line's start: wall time of a whole ``scorepad score FILE`` process for every example
table (interpreter start, imports, reading, scoring, printing), against the interpreter alone.

Run: ``python benchmarks/cli_start.py`` (``--runs N``). Each process is run as ``python -m ui score
FILE``, what the ``scorepad`` entry point runs; it prints the median and p95 of the wall times and
the median CPU time (the wall time of a quiet machine, about). Beside Python alone it runs the
floor of any command that validates with pydantic: pydantic imported, one model made and used.
Nothing here asserts a time. ``python -X importtime -m ui score FILE`` shows where an import's time
goes.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.results import add_write_option, markdown_table, write_results  # noqa: E402

SMOKE_ARGS = ["--runs", "1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""

TARGET_RATIO = 5.0
"""Issue "at the physical limit": the slowest example's process at most this many times
Python's own start (``python -c pass``), both medians of one run."""

PYDANTIC_FLOOR = "from pydantic import BaseModel\nclass One(BaseModel):\n    x: int\nOne(x=1)"
"""The least a command that validates with pydantic runs: pydantic's import, and the modules it
imports when its first model is made (its schema builder, its plugins' lookup)."""


def run_times(commands: dict[str, list[str]], runs: int
              ) -> dict[str, tuple[list[float], list[float]]]:
    """Each command's wall times and the CPU times (user + system) its processes used, the
    commands taken in turn ``runs`` times (so a change in the machine's load falls on all of
    them, and the ratios of one run hold): on a loaded machine the wall time includes waiting
    for a core, the CPU time hardly does."""
    times: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            walls, cpus = times[name]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return {name: (sorted(walls), sorted(cpus)) for name, (walls, cpus) in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    add_write_option(parser, "cli_start")
    args = parser.parse_args()
    # The bytecode of every module, as any run after the first has it: with
    # PYTHONDONTWRITEBYTECODE set, or in a fresh checkout, each process would compile the sources.
    for package in ("scorer", "ui"):
        compileall.compile_dir(ROOT / package, quiet=1)
    commands = {"python alone (-c pass)": [sys.executable, "-c", "pass"],
                "python + pydantic, one model (the floor)": [sys.executable, "-c",
                                                             PYDANTIC_FLOOR]}
    for example in sorted((ROOT / "examples").rglob("*.json")):
        name = f"scorepad score {example.relative_to(ROOT / 'examples')}"
        commands[name] = [sys.executable, "-m", "ui", "score", str(example)]
    print(f"load average {' '.join(f'{load:.1f}' for load in os.getloadavg())} "
          f"on {os.cpu_count()} cores")
    print(f"{'process':56} {'wall median':>11} {'wall p95':>9} {'CPU median':>10} {'runs':>5}"
          "   (ms)")
    rows = []
    for name, (walls, cpus) in run_times(commands, args.runs).items():
        p95 = walls[int(0.95 * (len(walls) - 1))]
        row = (name, f"{statistics.median(walls) * 1000:.1f}", f"{p95 * 1000:.1f}",
               f"{statistics.median(cpus) * 1000:.1f}", len(walls))
        print(f"{row[0]:56} {row[1]:>11} {row[2]:>9} {row[3]:>10} {row[4]:5}", flush=True)
        rows.append(row)
    python_alone, floor, *examples = rows
    slowest = max(examples, key=lambda row: float(row[1]))
    ratio = float(slowest[1]) / float(python_alone[1])
    verdict = "met" if ratio <= TARGET_RATIO else "not met"
    target = markdown_table(("measure", "measured", "target", ""), [
        (f"slowest example ({slowest[0].removeprefix('scorepad score ')}) / python alone, "
         "wall medians", f"{ratio:.1f}", f"≤ {TARGET_RATIO:g}", verdict),
        ("python + pydantic, one model / python alone, wall medians",
         f"{float(floor[1]) / float(python_alone[1]):.1f}", "", "the floor with pydantic")])
    print(target)
    if args.write:
        write_results(args.write, "cli_start", "The command line's start: a whole process per "
                      "example", markdown_table(("process", "wall median ms", "wall p95 ms",
                                                 "CPU median ms", "runs"), rows)
                      + "\n\n" + target)


if __name__ == "__main__":
    main()
