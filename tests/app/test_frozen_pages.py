"""The watch that ends a frozen page (tests/app/frozen_pages.py), on stand-in processes: a
"renderer" computing without a break is killed; an idle renderer and a busy process that is no
renderer are left alone."""

from __future__ import annotations

import subprocess
import sys
import time

import frozen_pages
from frozen_pages import FrozenPageWatch


def test_only_a_renderer_computing_without_a_break_is_ended(monkeypatch):
    monkeypatch.setattr(frozen_pages, "FROZEN_AFTER", 2.0)
    monkeypatch.setattr(frozen_pages, "BUSY_SHARE", 0.3)  # the machine may be shared
    python = [sys.executable, "-c"]
    frozen = subprocess.Popen([*python, "while True: pass", "--type=renderer"])
    idle = subprocess.Popen([*python, "import time; time.sleep(120)", "--type=renderer"])
    busy = subprocess.Popen([*python, "while True: pass"])
    try:
        watch = FrozenPageWatch()
        deadline = time.monotonic() + 60
        while frozen.poll() is None and time.monotonic() < deadline:
            watch.look(time.monotonic())
            time.sleep(0.5)
        assert frozen.wait(timeout=10) == -9
        assert watch.ended == [frozen.pid]
        assert idle.poll() is None and busy.poll() is None
    finally:
        for process in (frozen, idle, busy):
            process.kill()
            process.wait()
