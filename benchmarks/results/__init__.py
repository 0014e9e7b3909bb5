"""Where a benchmark's figures go: a results file in this folder (``<name>.json``) that says
when, on which commit and machine, and by which command they were measured, so that the docs
quote a file rather than a figure typed by hand."""

from __future__ import annotations

import json
import os
import platform
import shlex
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = Path(__file__).resolve().parent


def commit() -> str:
    """This checkout's commit, with "+changes" when its tracked files differ from it."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout

    head = git("rev-parse", "--short=12", "HEAD").strip() or "unknown"
    return head + ("+changes" if git("status", "--porcelain", "--untracked-files=no") else "")


def machine() -> dict:
    """The machine the figures are from."""
    chromium = subprocess.run(["chromium", "--version"], capture_output=True, text=True)
    return {"system": platform.platform(), "cores": os.cpu_count(),
            "python": platform.python_version(),
            "chromium": chromium.stdout.strip() if chromium.returncode == 0 else None}


def write_results(name: str, figures: dict, folder: Path = RESULTS) -> Path:
    """Write ``figures`` (JSON-ready) as the results of ``name``; returns the file."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    record = {"date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
              "commit": commit(), "machine": machine(),
              "command": shlex.join(["python", *sys.argv]), "figures": figures}
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    return path


def quote(document: Path, name: str, text: str) -> bool:
    """Put ``text`` (made from the results of ``name``) into ``document`` between the lines
    ``<!-- results: NAME -->`` and ``<!-- end of results -->``; False when it has no such
    place."""
    start, end = f"<!-- results: {name} -->", "<!-- end of results -->"
    page = document.read_text()
    if start not in page:
        return False
    before, rest = page.split(start, 1)
    after = rest.split(end, 1)[1] if end in rest else ""
    document.write_text(f"{before}{start}\n{text.strip()}\n{end}{after}")
    return True
