"""The host key leaves the address before the app loads: ``/?key=…`` is answered with a redirect
to the same page without it (no history entry keeps it) and a one-time ticket in a cookie that
the page's websocket redeems for the key; ``scorepad app --new-host-key`` replaces the key."""

from __future__ import annotations

import asyncio
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app_browser import ROOT, free_port
from ui.cli import main
from ui.store.access import Access, device_id
from ui.store.storage import NotSaved, TableStore
from ui.web.host_key import COOKIE, TICKET_SECONDS, HostKeyHandOff, presented_key


_stores: list[TableStore] = []


def hand_off() -> HostKeyHandOff:
    """The hand-off over a store of this module's own (its tickets are kept there)."""
    if not _stores:
        folder = tempfile.mkdtemp(prefix="scorepad-host-key-")
        _stores.append(TableStore(Path(folder) / "tables.sqlite3"))
    return HostKeyHandOff(None, _stores[0])


def call(app, scope: dict) -> tuple[list[dict], list]:
    """Run the ASGI ``app`` once; what it sent, and what the inner app saw as the key."""
    sent, seen = [], []

    async def inner(scope, receive, send):
        seen.append(presented_key.get())

    async def receive():
        return {"type": "http.request"}

    async def send(message):
        sent.append(message)

    app.app = inner
    asyncio.run(app({"headers": [], **scope}, receive, send))
    return sent, seen


def test_a_page_with_the_key_is_redirected_without_it_and_the_websocket_redeems_it_once():
    handing = hand_off()
    sent, seen = call(handing, {"type": "http", "method": "GET", "path": "/",
                                 "query_string": b"key=secret-key"})
    assert seen == []  # the app never loads the address holding the key
    start = sent[0]
    headers = dict(start["headers"])
    assert (start["status"], headers[b"location"]) == (303, b"/")
    cookie = headers[b"set-cookie"].decode()
    assert "secret-key" not in cookie
    assert re.search(r"HttpOnly", cookie) and re.search(r"SameSite=Strict", cookie)
    ticket = re.match(rf"{COOKIE}=([\w-]+);", cookie).group(1)
    websocket = {"type": "websocket", "path": "/ws",
                 "headers": [(b"cookie", f"theme=dark; {COOKIE}={ticket}".encode())]}
    assert call(handing, websocket)[1] == ["secret-key"]
    assert call(handing, websocket)[1] == [None]  # a reload later presents nothing
    assert call(handing, {"type": "websocket", "path": "/ws"})[1] == [None]


def test_the_ticket_is_kept_in_the_store_another_process_redeems_it_and_it_expires(tmp_path):
    """The page may load from one worker and open its websocket on another
    (``scorepad app --workers``): a second hand-off on the same store redeems the ticket."""
    address = tmp_path / "tables.sqlite3"
    sent, _ = call(HostKeyHandOff(None, TableStore(address)), {
        "type": "http", "method": "GET", "path": "/", "query_string": b"key=secret-key",
        "client": ("192.0.2.1", 5000)})
    ticket = re.match(rf"{COOKIE}=([\w-]+);",
                      dict(sent[0]["headers"])[b"set-cookie"].decode()).group(1)
    websocket = {"type": "websocket", "path": "/ws",
                 "headers": [(b"cookie", f"{COOKIE}={ticket}".encode())]}
    other = HostKeyHandOff(None, TableStore(address))
    assert call(other, websocket)[1] == ["secret-key"]
    assert call(other, websocket)[1] == [None]

    sent, _ = call(hand_off(), {"type": "http", "method": "GET", "path": "/",
                                "query_string": b"key=secret-key"})
    ticket = re.match(rf"{COOKIE}=([\w-]+);",
                      dict(sent[0]["headers"])[b"set-cookie"].decode()).group(1)
    expired = {"type": "websocket", "path": "/ws",
               "headers": [(b"cookie", f"{COOKIE}={ticket}".encode())]}
    late = HostKeyHandOff(None, hand_off().tickets.store)
    late.tickets.clock = lambda: time.time() + TICKET_SECONDS + 1
    assert call(late, expired)[1] == [None]


def test_a_ticket_the_store_refuses_is_kept_by_this_process_and_redeemed_once(tmp_path,
                                                                              monkeypatch):
    """A read-only file (or a database down) cannot keep the ticket: this process keeps it, so
    the page's websocket still presents the key, and claiming it is refused in words there
    (tests/app/test_app_hardening_browser.py: "Not saved" on the new device)."""
    from refusing import refuse_writes

    store = TableStore(tmp_path / "tables.sqlite3")
    handing = HostKeyHandOff(None, store)
    refuse_writes(monkeypatch, store)
    sent, _ = call(handing, {"type": "http", "method": "GET", "path": "/",
                             "query_string": b"key=secret-key"})
    ticket = re.match(rf"{COOKIE}=([\w-]+);",
                      dict(sent[0]["headers"])[b"set-cookie"].decode()).group(1)
    websocket = {"type": "websocket", "path": "/ws",
                 "headers": [(b"cookie", f"{COOKIE}={ticket}".encode())]}
    assert call(handing, websocket)[1] == ["secret-key"]
    assert call(handing, websocket)[1] == [None]  # once, as the store's


def test_tickets_kept_by_this_process_are_bounded_the_oldest_dropped(tmp_path, monkeypatch):
    """However many pages present a key while the store refuses to keep tickets, this
    process keeps at most MOST_TICKETS of them: the oldest goes, the newest are redeemed."""
    from refusing import refuse_writes

    from ui.web.host_key import MOST_TICKETS

    store = TableStore(tmp_path / "tables.sqlite3")
    handing = HostKeyHandOff(None, store)
    refuse_writes(monkeypatch, store)
    tickets = []
    for number in range(MOST_TICKETS + 3):
        sent, _ = call(handing, {"type": "http", "method": "GET", "path": "/",
                                 "query_string": f"key=key-{number}".encode()})
        tickets.append(re.match(rf"{COOKIE}=([\w-]+);",
                                dict(sent[0]["headers"])[b"set-cookie"].decode()).group(1))
    assert len(handing._kept_here) == MOST_TICKETS

    def redeemed(ticket: str) -> str | None:
        return call(handing, {"type": "websocket", "path": "/ws",
                              "headers": [(b"cookie", f"{COOKIE}={ticket}".encode())]})[1][0]

    assert [redeemed(ticket) for ticket in tickets[:3]] == [None, None, None]
    assert redeemed(tickets[3]) == "key-3" and redeemed(tickets[-1]) == f"key-{MOST_TICKETS + 2}"
    assert len(handing._kept_here) == MOST_TICKETS - 2


def test_the_ticket_is_redeemed_beside_a_cookie_another_program_wrote_badly():
    """Cookies ignore the port: another program on this computer may leave one the standard
    library's SimpleCookie refuses, and with it the whole header (the ticket too)."""
    handing = hand_off()
    sent, _ = call(handing, {"type": "http", "method": "GET", "path": "/",
                              "query_string": b"key=secret-key"})
    ticket = re.match(rf"{COOKIE}=([\w-]+);",
                      dict(sent[0]["headers"])[b"set-cookie"].decode()).group(1)
    header = f'odd"name=1; {COOKIE}={ticket}; other=a b'.encode()
    websocket = {"type": "websocket", "path": "/ws", "headers": [(b"cookie", header)]}
    assert call(handing, websocket)[1] == ["secret-key"]


def test_other_query_parameters_stay_and_pages_without_a_key_load_as_they_are():
    sent, _ = call(hand_off(), {"type": "http", "method": "GET", "path": "/table/3",
                                          "query_string": b"key=k&tab=x"})
    assert dict(sent[0]["headers"])[b"location"] == b"/table/3?tab=x"
    sent, seen = call(hand_off(), {"type": "http", "method": "GET", "path": "/",
                                             "query_string": b""})
    assert (sent, seen) == ([], [None])


def location_for(path: str, query: bytes = b"key=k") -> str:
    """The Location the hand-off answers ``GET path?query`` with (``path`` as ASGI gives it:
    percent-decoded)."""
    sent, _ = call(hand_off(), {"type": "http", "method": "GET", "path": path,
                                          "query_string": query})
    return dict(sent[0]["headers"])[b"location"].decode("latin-1")


@pytest.mark.parametrize(("path", "location"), [
    ("//evil.example/", "/evil.example/"),  # GET //evil.example/?key=x
    ("/\\evil.example/", "/evil.example/"),  # GET /%5Cevil.example/?key=x
    ("/\\\\evil", "/evil"),
    ("///evil", "/evil"),
    ("/\\/\\/evil", "/evil"),
    ("/\t/evil.example/", "/%09/evil.example/"),  # a browser would drop the tab: //evil
    ("/table/3\nSet-Cookie: x", "/table/3%0ASet-Cookie:%20x"),
    ("/tablé/ü", "/tabl%C3%A9/%C3%BC"),
    ("/100%/a?b#c\\d", "/100%25/a%3Fb%23c%5Cd"),  # decoded %25, %3F, %23, %5C: again encoded
    ("/javascript:alert(1)", "/javascript:alert(1)"),  # a path, not a scheme
    ("", "/"),
])
def test_the_redirect_stays_on_this_server_whatever_the_path(path, location):
    """A crafted path cannot make the redirect an open one (a Location of another site)."""
    assert location_for(path) == location


def test_the_redirect_keeps_the_other_query_parameters_in_their_order():
    assert location_for("/table/3", b"lang=de&key=x") == "/table/3?lang=de"
    assert location_for("/table/3", b"key=x&lang=de&tab=a%20b") == "/table/3?lang=de&tab=a+b"


@settings(max_examples=300, deadline=None)
@given(path=st.text())
def test_for_any_path_the_location_is_a_path_of_this_server(path):
    location = location_for(path)
    assert location.startswith("/") and location[1:2] not in ("/", "\\")
    assert location.isascii() and location.isprintable() and " " not in location


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def test_new_host_key_replaces_the_key_and_ends_every_host_device(db, tmp_path):
    address = db("tables")
    access = Access(TableStore(address))
    old = access.host_key()
    access.claim_host(device_id("host"), old)
    log = tmp_path / "server.log"
    port = free_port()
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "ui", "app", "--db", str(address), "--no-browser", "--port",
             str(port), "--new-host-key"], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while not answers(port) and time.monotonic() < deadline:  # started, then stopped
            assert server.poll() is None, log.read_text()
            time.sleep(0.2)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    printed = log.read_text()
    new = re.search(r"/\?key=([\w-]+)", printed).group(1)
    assert new != old and access.host_key() == new
    assert "A new host key: the old address no longer makes a browser the host's" in printed
    assert access.hosts() == []


def test_a_host_key_the_file_cannot_keep_at_start_is_one_line_and_exit_code_2(tmp_path, capsys,
                                                                              monkeypatch):
    """The file stopped taking writes between its opening and the new key (a disk filling up):
    the one line every unusable tables file gets, never a traceback."""
    db = tmp_path / "tables.sqlite3"
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = sqlite3.SQLITE_FULL

    def full(access):
        raise NotSaved(error, db)

    monkeypatch.setattr(Access, "new_host_key", full)
    assert main(["app", "--port", str(free_port()), "--db", str(db), "--no-browser",
                 "--new-host-key"]) == 2
    assert capsys.readouterr().err == (f"scorepad app: cannot use the tables file: the disk is "
                                       f"full (file {db}): free some space (--db FILE chooses "
                                       "it)\n")
