"""Ending a frozen page: a page of the browser that has stopped answering DevTools.

A page of the Flutter web client that stops drawing no longer runs its own tasks: every wait on
it then times out, and a call that has no timeout of its own (``page.evaluate``) waits for ever,
so the whole run would hang. A person closes such a tab; the watch does it for the tests. It
judges the page, not its process: every :data:`LOOK_EVERY` seconds it asks each page of the
browser, over a DevTools connection of its own (``--remote-debugging-port``), for its address
(``Runtime.evaluate``); a page that has not answered for :data:`FROZEN_AFTER` seconds is frozen,
whatever share of a core its renderer gets (a busy machine gave a spinning one 67-73%). The
watch names it and its last screen (the address it last answered), and crashes it
(``Page.crash``, which Chromium handles beside the page's own thread): the page's pending calls
fail at once ("Target crashed"), and pytest-rerunfailures runs the test once more
(pyproject.toml; every rerun is reported in the run's summary).

Before issue 30 the pages froze now and then (multi-threaded skwasm, see
docs/decisions/web-renderer.md); the watch stays so that a frozen page costs one rerun, never
the run."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import urllib.request
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

FROZEN_AFTER = 30.0
"""Seconds without an answer to DevTools that make a page frozen. A healthy page answers within
a second even while it loads a screen: it runs its tasks one after the other, and an evaluation
is a task."""
LOOK_EVERY = 5.0
"""Seconds between two questions to each page."""
TICKS = os.sysconf("SC_CLK_TCK")
QUESTION = "location.href"


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


@dataclass
class WatchedPage:
    """What the watch knows of one page: its DevTools session, the question it still waits on
    (sent at ``asked_at``), and the address of its last answer."""

    session: str
    screen: str
    question: int | None = None
    asked_at: float = 0.0
    answers: int = 0


class FrozenPageWatch:
    """A thread that ends the frozen pages of the browser whose DevTools listen on
    ``devtools_port`` (Chromium started with ``--remote-debugging-port``), while it runs."""

    def __init__(self, devtools_port: int):
        self.devtools_port = devtools_port
        self.pages: dict[str, WatchedPage] = {}
        self.ended: list[str] = []
        """The last screens of the pages ended, in order."""
        self._socket = None
        self._closing = ExitStack()
        self._next_id = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> FrozenPageWatch:
        self._thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._stop.set()
        self._thread.join()
        self._closing.close()

    def _watch(self) -> None:
        while not self._stop.wait(LOOK_EVERY):
            try:
                self.look(time.monotonic())
            except Exception as error:  # noqa: BLE001 - the browser went: nothing to watch
                self._closing.close()
                self._socket = None
                self.pages.clear()
                if not self._stop.is_set():
                    print(f"the frozen-page watch lost the browser's DevTools ({error!r})",
                          file=sys.stderr, flush=True)

    def look(self, now: float) -> None:
        """Ask every page that has answered its last question again; end those that have not
        answered for :data:`FROZEN_AFTER` seconds."""
        targets = self._call("Target.getTargets")["targetInfos"]
        pages = {target["targetId"]: target for target in targets if target["type"] == "page"}
        for gone in set(self.pages) - set(pages):
            del self.pages[gone]
        for target_id, target in pages.items():
            if target_id not in self.pages:
                session = self._call("Target.attachToTarget",
                                     {"targetId": target_id, "flatten": True})["sessionId"]
                self.pages[target_id] = WatchedPage(session, target["url"])
        for target_id, page in list(self.pages.items()):
            if page.question is None:
                page.question = self._send("Runtime.evaluate",
                                           {"expression": QUESTION, "returnByValue": True},
                                           page.session)
                page.asked_at = now
            elif now - page.asked_at >= FROZEN_AFTER:
                self.end(target_id, page, now - page.asked_at)
        self._read_answers(until=time.monotonic() + 1.0)

    def end(self, target_id: str, page: WatchedPage, silent_for: float) -> None:
        print(f"A page has not answered DevTools for {silent_for:.0f} s: it is frozen on "
              f"{page.screen}; ending it", file=sys.stderr, flush=True)
        self._send("Page.crash", {}, page.session)
        self.ended.append(page.screen)
        del self.pages[target_id]

    def _connection(self):
        if self._socket is None:
            from websockets.sync.client import connect

            version = f"http://127.0.0.1:{self.devtools_port}/json/version"
            with urllib.request.urlopen(version, timeout=10) as answer:
                address = json.load(answer)["webSocketDebuggerUrl"]
            self._socket = self._closing.enter_context(
                connect(address, max_size=None, open_timeout=10))
        return self._socket

    def _send(self, method: str, params: dict | None = None, session: str | None = None) -> int:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        self._connection().send(json.dumps(message))
        return self._next_id

    def _call(self, method: str, params: dict | None = None) -> dict:
        """A question to the browser itself (never to a page, which may not answer)."""
        question = self._send(method, params)
        answer = self._read_answers(until=time.monotonic() + 30, wanted=question)
        if answer is None:
            raise TimeoutError(f"the browser did not answer {method}")
        return answer

    def _read_answers(self, until: float, wanted: int | None = None) -> dict | None:
        """Read what DevTools sends until ``until`` (or the answer to ``wanted``), noting each
        page's answers."""
        asked = {page.question: page for page in self.pages.values()}
        while (left := until - time.monotonic()) > 0:
            try:
                message = json.loads(self._connection().recv(timeout=left))
            except TimeoutError:
                return None
            if message.get("id") == wanted:
                return message.get("result", {})
            if (page := asked.get(message.get("id"))) is not None:
                page.question = None
                page.answers += 1
                value = message.get("result", {}).get("result", {}).get("value")
                if isinstance(value, str):
                    page.screen = value
        return None
