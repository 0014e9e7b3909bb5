"""Ending a frozen page: a Chromium renderer that computes without a break.

Now and then, under the full suite on 2 cores, a page of the Flutter web client stops answering:
its renderer's main thread runs at full speed for minutes (seen for over 4 minutes) and never
draws again. Every wait on that page then times out, and a call that has no timeout of its own
(``page.evaluate``) waits for ever, so the whole run would hang. A person closes such a tab; the
watch does it for the tests: a renderer of this test process's browsers that has used at least
:data:`BUSY_SHARE` of the wall-clock time over :data:`FROZEN_AFTER` seconds is killed. The page's
pending calls then fail at once ("Target crashed"), and pytest-rerunfailures runs the test once
more (pyproject.toml)."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections import deque
from pathlib import Path

FROZEN_AFTER = 100.0
"""Seconds of computing without a break that make a page frozen. A healthy page can keep its
renderer busy for most of a minute: the names walks load some thirty screens, one after the
other, in one tab (one was seen at 100% for 47 s); a frozen one computed for minutes."""
BUSY_SHARE = 0.9
LOOK_EVERY = 5.0
"""Seconds between two looks at the renderers' CPU time."""
TICKS = os.sysconf("SC_CLK_TCK")


def process_stat(pid: int) -> tuple[int, float] | None:
    """The process's parent and its own CPU time (user + system) in seconds, from /proc; None
    once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS


def processes_of(ancestor: int, marker: bytes = b"--type=renderer") -> list[int]:
    """The processes descending from ``ancestor`` whose command line holds ``marker`` (by
    default: Chromium's renderers)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := process_stat(int(entry.name))) is not None:
            parents[int(entry.name)] = stat[0]

    def descends(pid: int) -> bool:
        seen = set()
        while pid in parents and pid not in seen:
            seen.add(pid)
            pid = parents[pid]
            if pid == ancestor:
                return True
        return False

    found = []
    for pid in parents:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if marker in command and descends(pid):
            found.append(pid)
    return found


class FrozenPageWatch:
    """A thread that kills the frozen renderers descending from this process while it runs."""

    def __init__(self, ancestor: int | None = None):
        self.ancestor = ancestor or os.getpid()
        self.samples: dict[int, deque[tuple[float, float]]] = {}
        self.ended: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> FrozenPageWatch:
        self._thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._stop.set()
        self._thread.join()

    def _watch(self) -> None:
        while not self._stop.wait(LOOK_EVERY):
            self.look(time.monotonic())

    def look(self, now: float) -> None:
        """Take each renderer's CPU time; kill those frozen."""
        alive = processes_of(self.ancestor)
        for pid in list(self.samples):
            if pid not in alive:
                del self.samples[pid]
        for pid in alive:
            stat = process_stat(pid)
            if stat is None:
                continue
            samples = self.samples.setdefault(pid, deque())
            samples.append((now, stat[1]))
            while len(samples) > 1 and now - samples[1][0] >= FROZEN_AFTER:
                samples.popleft()
            (first_at, first_cpu), (last_at, last_cpu) = samples[0], samples[-1]
            span = last_at - first_at
            if span >= FROZEN_AFTER and last_cpu - first_cpu >= BUSY_SHARE * span:
                self.end(pid, span)

    def end(self, pid: int, span: float) -> None:
        print(f"A Chromium renderer (process {pid}) computed without a break for {span:.0f} s: "
              "its page is frozen; ending it", file=sys.stderr, flush=True)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        self.ended.append(pid)
        del self.samples[pid]
