"""Every script in benchmarks/ runs to its end with its smallest settings, so a script that
rots fails the suite. Each script declares them as a module-level ``SMOKE_ARGS`` list (see
benchmarks/README.md); the run's output is not checked and no time is asserted: a benchmark
reports speed, a test never judges it. Most scripts drive Chromium: run this file under the
browser lock, as the other browser tests."""

from __future__ import annotations

import ast
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


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_benchmark_runs_with_its_smallest_settings(script: Path):
    arguments = smoke_args(script)
    assert arguments is not None, (
        f"{script.name} declares no SMOKE_ARGS: give it its smallest settings "
        "(benchmarks/README.md)")
    done = subprocess.run([sys.executable, str(script), *arguments], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{script.name} {' '.join(arguments)} failed:\n{done.stderr}"
    assert done.stdout.strip(), f"{script.name} printed no figures"
