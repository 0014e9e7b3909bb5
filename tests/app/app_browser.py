"""Driving the Flet web client: load a page, turn on its accessibility tree, find controls by the
identifiers the app gives them (``flt-semantics-identifier``)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's Chromium, or the Chromium or Chrome that ``SCOREPAD_CHROMIUM`` names (script/test
looks in the same places)."""
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
START_TIMEOUT = 90  # seconds; generous for a loaded 2-core machine
UI_TIMEOUT = 60_000
"""Milliseconds for any single wait in the browser."""
PHONE = {"width": 390, "height": 844}
HOST_KEYS: dict[str, str] = {}
"""The host key each test server printed, by its address: :func:`open_app` opens pages as the
host (the browser ``scorepad app`` opens) unless told otherwise."""
TABLET_TALL = {"width": 1280, "height": 1300}
"""Tall enough that a whole valley or board is on screen, with the scorepad beside it (Flutter
only exposes the visible part to the accessibility tree)."""


@contextmanager
def devices(browser, viewport: dict):
    """A maker of pages, each in a browser context of its own (a device) of that size; all
    closed at the end."""
    contexts = []

    def new_page():
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        return context.new_page()

    try:
        yield new_page
    finally:
        for context in contexts:
            context.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class AppServer:
    """``scorepad app`` as a person starts it, on a free port, with its own database."""

    def __init__(self, db: Path | str, port: int, options: tuple[str, ...] = (),
                 root: Path = ROOT, launcher: tuple[str, ...] = ("-m", "ui"),
                 log: Path | None = None):
        self.db = db
        self.port = port
        self.root = root
        """The checkout whose code is served."""
        self.options = options
        self.launcher = launcher
        """What Python runs, before ``app``: the app's command line, or a benchmark's wrapper
        of it."""
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None
        self.log = log or db.parent / "server.log"
        """The server's output; beside its tables file unless ``log`` (a database's address
        has no folder)."""

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(self.root)}
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, *self.launcher, "app", "--port", str(self.port), "--db",
                 str(self.db), "--no-browser", *self.options],
                cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app server stopped: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url, timeout=5) as response:
                    if response.status == 200:
                        keys = re.findall(r"/\?key=([\w-]+)", self.log.read_text())
                        if keys:  # a public server (--public) prints none
                            HOST_KEYS[self.url] = keys[-1]
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("the app server did not answer in time")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()




FIRST_SCREEN = 30_000
"""Milliseconds for a loaded page to draw its first screen before it is loaded again."""


@contextmanager
def served(folder: Path):
    """An app server on a free port with its own tables file in ``folder``, stopped after."""
    server = AppServer(folder / "tables.sqlite3", free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()


def open_app(page, url: str, as_host: bool = True) -> None:
    """Load the app at ``url``, as the host (with the server's host key) or as another device,
    and wait until it has drawn a screen. A page that draws nothing is loaded once more, as a
    person reloads a frozen page: under full-suite load, headless Chromium has once left a page
    without a single frame for minutes (even a screenshot of it timed out)."""
    parts = urlsplit(url)
    key = HOST_KEYS.get(f"{parts.scheme}://{parts.netloc}")
    if as_host and key:
        # The host key beside the address's own query (?lang=pseudo stays after the redirect).
        url = urlunsplit(parts._replace(query="&".join(filter(None, [parts.query,
                                                                     f"key={key}"]))))
    for attempt in (1, 2):
        page.goto(url)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=UI_TIMEOUT)
        page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        try:
            page.wait_for_selector("[flt-semantics-identifier]", state="attached",
                                   timeout=FIRST_SCREEN if attempt == 1 else UI_TIMEOUT)
            return
        except PlaywrightTimeout:
            if attempt == 2:
                raise
            print(f"{url} drew nothing in {FIRST_SCREEN // 1000} s; loading it again",
                  file=sys.stderr)


class PageProblems:
    """What a page met that a person should never meet, from the moment it is made: a console
    error, a request that failed (other than one the browser dropped itself as a new address
    loaded), an answer of 400 or more, a request to another origin than the app's. The walks
    of every screen (test_app_names_browser.walk) fail a screen on any of them."""

    def __init__(self, page, app_url: str):
        parts = urlsplit(app_url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.met: list[str] = []
        page.on("console", self._console)
        page.on("requestfailed", self._failed)
        page.on("response", self._answered)
        page.on("request", self._asked)

    def take(self) -> list[str]:
        """The problems met since the last call."""
        met, self.met = self.met, []
        return met

    def _console(self, message) -> None:
        if message.type == "error":
            self.met.append(f"console error: {message.text}")

    def _failed(self, request) -> None:
        if request.failure != "net::ERR_ABORTED":
            self.met.append(f"request failed ({request.failure}): {request.url}")

    def _answered(self, response) -> None:
        if response.status >= 400:
            self.met.append(f"{response.status} for {response.url}")

    def _asked(self, request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and (
                f"{parts.scheme.replace('ws', 'http')}://{parts.netloc}" != self.origin):
            self.met.append(f"a request to another origin: {request.url}")


def handle(page, identifier: str):
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def reveal(page, identifier: str, turns: int = 8) -> None:
    """Scroll the screen down until the control is drawn (Flutter's accessibility tree holds
    only what is on screen): on a phone, or with large text, an opener may be below the fold."""
    viewport = page.viewport_size
    page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
    for _ in range(turns):
        try:
            handle(page, identifier).wait_for(state="attached", timeout=3_000)
            return
        except PlaywrightTimeout:
            page.mouse.wheel(0, viewport["height"] / 2)


def tap(page, identifier: str) -> None:
    target = handle(page, identifier)
    target.wait_for(timeout=UI_TIMEOUT)
    target.click()


RETRY_AFTER = 10_000
"""Milliseconds to wait for a tap's effect before tapping again: now and then the Flutter web
client drops a synthetic click that lands while it redraws (a person just taps again)."""


def tap_until(page, identifier: str, watch: str, pattern: str, attempts: int = 3) -> str:
    """Tap until the control ``watch`` shows text matching ``pattern``; return that text. A tap
    the browser never finishes (under full-suite load Chromium once held a click for its 30 s)
    counts as one that showed no effect."""
    for attempt in range(1, attempts + 1):
        try:
            tap(page, identifier)
            return wait_text(page, watch, pattern,
                             timeout=UI_TIMEOUT if attempt == attempts else RETRY_AFTER)
        except PlaywrightTimeout:
            if attempt == attempts:
                raise
            print(f"tap on {identifier} showed no effect; tapping again", file=sys.stderr)
    raise AssertionError("unreachable")


def tap_until_gone(page, identifier: str, gone: str, attempts: int = 3) -> None:
    """Tap until the control ``gone`` is no longer shown."""
    for attempt in range(1, attempts + 1):
        tap(page, identifier)
        try:
            page.wait_for_function(
                "(id) => document.querySelector(`[flt-semantics-identifier=\"${id}\"]`) === null",
                arg=gone, timeout=RETRY_AFTER)
            return
        except PlaywrightTimeout:
            if attempt == attempts:
                raise
            print(f"tap on {identifier} showed no effect; tapping again", file=sys.stderr)


FOCUSED_INPUT = ("document.activeElement && "
                 "['INPUT', 'TEXTAREA'].includes(document.activeElement.tagName)")
HOLDS_TEXT = "(text) => document.activeElement.value === text"
"""Whether the focused field holds ``text`` (the argument)."""


def type_into(page, identifier: str, text: str, attempts: int = 3, paste: bool = False) -> None:
    """Focus a text field (Flutter then puts a DOM input under the cursor) and type, or paste
    the whole text at once."""
    for attempt in range(1, attempts + 1):
        tap(page, identifier)
        try:
            page.wait_for_function(FOCUSED_INPUT, timeout=RETRY_AFTER)
            page.keyboard.press("Control+A")
            if paste:
                page.keyboard.insert_text(text)
            else:
                page.keyboard.type(text)
            page.wait_for_function(HOLDS_TEXT, arg=text, timeout=RETRY_AFTER)
            return
        except PlaywrightTimeout:
            if attempt == attempts:
                raise
            print(f"typing into {identifier} did not take; trying again", file=sys.stderr)


SELECTED_ALL = (f"{FOCUSED_INPUT} && document.activeElement.value.length > 0 "
                "&& document.activeElement.selectionStart === 0 "
                "&& document.activeElement.selectionEnd === document.activeElement.value.length")


def focus_count(page, identifier: str, attempts: int = 3) -> None:
    """Tap a count field and wait until the app has selected its whole text, as a person sees
    it highlighted before typing over it (the selection comes from the server)."""
    for attempt in range(1, attempts + 1):
        tap(page, identifier)
        try:
            page.wait_for_function(SELECTED_ALL, timeout=UI_TIMEOUT if attempt == attempts
                                   else RETRY_AFTER)
            return
        except PlaywrightTimeout:
            if attempt == attempts:
                raise
            print(f"tap on {identifier} selected nothing; tapping again", file=sys.stderr)


def type_count(page, identifier: str, text: str) -> None:
    """Type ``text`` over a count field's whole text, then Enter (a phone's Done): the field
    takes what it holds."""
    focus_count(page, identifier)
    page.keyboard.type(text)
    page.wait_for_function(HOLDS_TEXT, arg=text, timeout=UI_TIMEOUT)
    page.keyboard.press("Enter")


TEXT_OF_NODE = """(node) => {
    const labels = [node, ...node.querySelectorAll('[aria-label]')]
        .map(n => n.getAttribute('aria-label')).filter(Boolean);
    return [node.innerText || '', ...labels].join('\\n').trim();
}"""


def text_of(page, identifier: str) -> str:
    """The text a control shows: its text and the labels Flutter gives some groups of texts."""
    target = handle(page, identifier)
    target.wait_for(timeout=UI_TIMEOUT)
    return target.evaluate(TEXT_OF_NODE)


def wait_text(page, identifier: str, pattern: str, timeout: int = UI_TIMEOUT) -> str:
    """Wait until the control's text matches ``pattern`` (a regular expression); return it."""
    page.wait_for_function(
        f"""([id, pattern]) => {{
            const node = document.querySelector(`[flt-semantics-identifier="${{id}}"]`);
            return node !== null && new RegExp(pattern).test(({TEXT_OF_NODE})(node));
        }}""",
        arg=[identifier, pattern],
        timeout=timeout,
    )
    return text_of(page, identifier)


def exported_totals(page) -> list[int]:
    """Export the table from the scorepad and score the file with ``scorepad score --json``."""
    path = tap_until(page, "share-export", "export-path", r"\.json$").strip()
    tap(page, "export-close")
    scored = subprocess.run([sys.executable, "-m", "scorer", "score", path, "--json"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert scored.returncode == 0, scored.stderr
    return [player["total"] for player in json.loads(scored.stdout)["players"]]


def number_in(text: str) -> int:
    return int(re.search(r"-?\d+", text).group())


def export_and_score(page) -> tuple[str, dict]:
    """Export the table from its scorepad; the file's path and what `scorepad score --json`
    prints for it. The browser's download holds the same text as the saved file."""
    tap_until(page, "tab-scorepad", "share-export", "Export table file")
    with page.expect_download(timeout=60_000) as download:
        path = tap_until(page, "share-export", "export-path", r"\.json$").strip()
    assert re.fullmatch(r"[a-z_]+-table-\d+\.json", download.value.suggested_filename)
    with open(download.value.path(), encoding="utf-8") as downloaded, \
            open(path, encoding="utf-8") as saved:
        assert downloaded.read() == saved.read()
    tap(page, "export-close")
    scored = subprocess.run([sys.executable, "-m", "scorer", "score", path, "--json"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert scored.returncode == 0, scored.stderr
    return path, json.loads(scored.stdout)
