"""Every script in benchmarks/ runs to its end with its smallest settings, so a script that
rots fails the suite. Each script declares them as a module-level ``SMOKE_ARGS`` list (see
benchmarks/README.md); no time is asserted: a benchmark reports speed, a test never judges it.
A script that can write a results file (``--write``, benchmarks.results) writes one in the same
run, and the file must say when, on which commit and machine and by which command, above a table.
Most scripts drive Chromium: run this file under the browser lock, as the other browser tests."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(path for path in (ROOT / "benchmarks").glob("*.py") if path.name != "__init__.py")


def smoke_args(script: Path) -> list[str] | None:
    """The script's ``SMOKE_ARGS`` (a literal list of strings), read without importing it."""
    for node in ast.parse(script.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "SMOKE_ARGS"
                for target in node.targets):
            return ast.literal_eval(node.value)
    return None


def test_the_benchmarks_are_found():
    assert {"live_table.py", "app_latency.py", "bench.py"} <= {path.name for path in SCRIPTS}


def writes_results(script: Path) -> bool:
    """Whether the script takes ``--write [FILE]`` (benchmarks.results.add_write_option)."""
    return "add_write_option(" in script.read_text(encoding="utf-8")


def test_the_benchmarks_write_results_files():
    """Every script but the valleys' hill climb (a search, not a measure) writes its figures."""
    assert [path.name for path in SCRIPTS if not writes_results(path)] == ["slow_valleys.py"]


def results_file_problems(text: str, script: str) -> list[str]:
    """What a results file written by ``script`` (benchmarks/NAME.py) lacks."""
    wanted = {"title": r"\A# \S", "date": r"^- date: \d{4}-\d\d-\d\dT",
              "commit": r"^- commit: [0-9a-f]{7,}", "machine": r"^- machine: .*\d+ cores; load "
              r"average [\d.]+", "command": rf"^- command: `python {re.escape(script)}\b.*--write",
              "table": r"^\|.*\|\n\|(---\|)+\n\|.*\|$"}
    return [part for part, pattern in wanted.items() if not re.search(pattern, text, re.M)]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_benchmark_runs_with_its_smallest_settings(script: Path, tmp_path: Path):
    arguments = smoke_args(script)
    assert arguments is not None, (
        f"{script.name} declares no SMOKE_ARGS: give it its smallest settings "
        "(benchmarks/README.md)")
    results = tmp_path / "results.md"
    writing = ["--write", str(results)] if writes_results(script) else []
    done = subprocess.run([sys.executable, str(script), *arguments, *writing], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{script.name} {' '.join(arguments)} failed:\n{done.stderr}"
    assert done.stdout.strip(), f"{script.name} printed no figures"
    if writing:
        assert results.exists(), f"{script.name} --write wrote nothing"
        text = results.read_text(encoding="utf-8")
        assert results_file_problems(text, f"benchmarks/{script.name}") == [], text


def test_the_check_of_a_results_file_finds_what_is_missing():
    whole = ("# Title\n\nWritten by `benchmarks/bench.py`.\n\n- date: 2026-01-02T03:04:05+00:00\n"
             "- commit: 0123456789ab\n- machine: Linux; 2 cores; load average 0.10, 0.20, 0.30\n"
             "- command: `python benchmarks/bench.py --runs 1 --write /tmp/x.md`\n\n"
             "| case | ms |\n|---|---|\n| a | 1 |\n")
    assert results_file_problems(whole, "benchmarks/bench.py") == []
    assert results_file_problems(whole.replace("- commit", "- comit").replace("|---|---|", ""),
                                 "benchmarks/bench.py") == ["commit", "table"]
    assert results_file_problems(whole, "benchmarks/cli_start.py") == ["command"]
