"""Where a benchmark's figures go: a results file, ``docs/benchmarks/<name>.md``, kept in the
repository, that says when, on which commit and machine (cores, load average), and by which
command they were measured, above the figures themselves. The docs quote or link these files;
nobody types a measured figure by hand."""

from __future__ import annotations

import argparse
import functools
import os
import platform
import shlex
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, Sequence

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "benchmarks"


@functools.cache
def commit() -> str:
    """This checkout's commit, with "+changes" when its tracked files outside docs/ differ from
    it (the pages and the results files measure nothing: a results file not yet committed must
    not mark the next run). Read once, when the run starts (:func:`add_write_option` asks): the
    code measured is the code loaded then, whatever the checkout holds by the time the figures
    are written."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout

    head = git("rev-parse", "--short=12", "HEAD").strip() or "unknown"
    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs")
    return head + ("+changes" if changed else "")


def machine() -> str:
    """The machine the figures are from, in one line."""
    chromium = subprocess.run(["chromium", "--version"], capture_output=True, text=True)
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    parts = [platform.platform(), f"{os.cpu_count()} cores", f"load average {load}",
             f"Python {platform.python_version()}"]
    if chromium.returncode == 0:
        parts.append(chromium.stdout.strip())
    return "; ".join(parts)


def add_write_option(parser: argparse.ArgumentParser, name: str) -> None:
    """Give a benchmark's command line ``--write [FILE]``: write its figures to FILE, by default
    ``docs/benchmarks/<name>.md``, the file the docs quote. Without it a run only prints."""
    default = RESULTS / f"{name}.md"
    commit()  # now, before the run: see commit()
    parser.add_argument("--write", nargs="?", const=default, type=Path, metavar="FILE",
                        help=f"write the figures as a results file (default FILE: "
                        f"{default.relative_to(ROOT)})")


def script_path(script: str) -> str:
    """``script`` as run from the repository's root (``benchmarks/bench.py``), however it was
    named on the command line, so the command in a results file can be run again as it stands."""
    try:
        return str(Path(script).resolve().relative_to(ROOT))
    except ValueError:
        return script


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table: ``header``'s cells, then one line per row, each cell as ``str()`` makes
    it (format the figures before; a ``|`` in a cell is escaped). The one table maker of the
    benchmarks, for what they print and what they write alike."""
    def line(cells: Iterable[object]) -> str:
        return "| " + " | ".join(str(cell).replace("|", "\\|") for cell in cells) + " |"

    lines = [line(header), "|" + "---|" * len(header)]
    lines += [line(row) for row in rows]
    return "\n".join(lines)


def write_results(path: Path, name: str, title: str, body: str) -> Path:
    """Write ``body`` (Markdown: the figures) to ``path`` as the results of the benchmark
    ``name``, under ``title`` and the facts of the run; returns the file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    date = datetime.now(timezone.utc).isoformat(timespec="seconds")
    command = shlex.join(["python", script_path(sys.argv[0]), *sys.argv[1:]])
    path.write_text(f"# {title}\n\n"
                    f"Written by `benchmarks/{name}.py`; do not edit by hand.\n\n"
                    f"- date: {date}\n- commit: {commit()}\n- machine: {machine()}\n"
                    f"- command: `{command}`\n\n{body.strip()}\n")
    return path
