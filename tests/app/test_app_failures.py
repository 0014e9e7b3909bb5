"""Start and disk failures: one message in words naming the file and what to do, never a
traceback; the server stops promptly on SIGTERM even while a handler holds its event loop."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from contextlib import contextmanager
from types import SimpleNamespace

import pytest

from app_browser import ROOT, free_port
from control_tree import texts
from ui.games.registry import APP_GAMES
from ui.games.plugin import PlayerSetup
from ui.screens.scorepad_view import ScorepadView
from ui.live.session import Sessions
from ui.store.storage import TableStore
from ui.parts.words import app_language
from fake_page import PrivateServerContext

SV = APP_GAMES["sunflower_valley"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def test_a_bad_database_at_start_is_one_line_and_exit_code_2(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"not a database at all" * 200)
    started = subprocess.run(
        [sys.executable, "-m", "ui", "app", "--db", str(bad), "--no-browser", "--port",
         str(free_port())],
        cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120)
    assert started.returncode == 2
    assert started.stdout == ""
    assert started.stderr == (
        f"scorepad app: cannot use the tables file: the file is not a scorepad database (file "
        f"{bad}): choose the right file, or start with another (--db FILE chooses it)\n")


class Context(PrivateServerContext):
    """What the scorepad needs from the app, without a browser."""

    def __init__(self, store: TableStore):
        self.words = app_language("en")
        self.store = store
        self.is_host = True
        self.width, self.wide = 390, False
        self.text_scale = 1.0
        self.dialogs: list = []
        self.page = SimpleNamespace(update=lambda *controls: None, show_dialog=self.dialogs.append)

    def may_open(self, table_id: int) -> bool:
        return True


def test_an_export_folder_that_cannot_be_written_is_said_and_the_app_keeps_working(tmp_path):
    store = TableStore(tmp_path / "tables.sqlite3")
    (tmp_path / "exports").write_text("a file where the folder should be")
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")],
                         {"goals": ["boundless_field", "flocks_of_sheep", "long_way"]})
    session = Sessions(store, APP_GAMES).get(store.create(SV.key, draft))
    context = Context(store)
    asyncio.run(ScorepadView(context, session)._export())
    [dialog] = context.dialogs
    path = tmp_path / "exports" / f"sunflower_valley-table-{session.table_id}.json"
    assert texts(dialog.content) == [
        f"Not saved on the computer running scorepad: the file cannot be opened (file {path}): "
        "check that the folders on its path exist and are folders, or choose another place."]


BUSY_SERVER = textwrap.dedent("""
    import sys, time
    from fastapi import FastAPI
    from ui.web.server import listening_socket, serve

    app = FastAPI()

    @app.get("/busy")
    async def busy():
        print("busy", flush=True)
        time.sleep(600)  # holds the event loop, as a long scoring in a tap handler does

    port = int(sys.argv[1])
    serve(app, listening_socket("127.0.0.1", port), port)
""")


def test_sigterm_stops_the_server_while_a_handler_holds_the_event_loop():
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", BUSY_SERVER, str(port)], cwd=ROOT, env=ENV,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        request = subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(f"""
                import time, urllib.request
                for attempt in range(600):
                    try:
                        urllib.request.urlopen("http://127.0.0.1:{port}/busy", timeout=700)
                    except OSError:
                        time.sleep(0.2)
            """)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert server.stdout.readline() == "busy\n"
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=20) == 128 + signal.SIGTERM
    finally:
        for process in (server, request):
            if process.poll() is None:
                process.kill()
                process.wait()


def lay_sheep(session, col: int) -> None:
    def change(draft):
        draft["players"][0]["cards"].append({"kind": "sheep", "combination": [], "points": 0,
                                             "villagers": 0, "row": 0, "col": col})
    assert session.apply("Lay a sheep", change, 0)


def test_a_full_disk_is_told_in_words_and_the_edit_is_saved_once_there_is_room(tmp_path):
    """SQLite's own limit on the file's pages makes the disk full for real."""
    store = TableStore(tmp_path / "tables.sqlite3")
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")],
                         {"goals": ["boundless_field", "flocks_of_sheep", "long_way"]})
    session = Sessions(store, APP_GAMES).get(store.create(SV.key, draft))
    opened = store.engine._connection
    full = True

    @contextmanager
    def connection(create: bool = False):
        with opened(create) as connected:
            if full:
                pages = connected.execute("PRAGMA page_count").fetchone()[0]
                connected.execute(f"PRAGMA max_page_count = {pages}")
            yield connected

    store.engine._connection = connection
    lay_sheep(session, 1)
    bigger = {**session.draft, "note": "x" * 100_000}  # more than the pages left
    session.apply("A long note", lambda changed: changed.update(bigger))
    assert session.save_error == ("Not saved: the disk is full (file tables.sqlite3): free some "
                                  "space; your edit is kept on this screen")
    full = False
    lay_sheep(session, 2)
    assert session.save_error is None
    saved = store.get(session.table_id).draft
    assert saved["note"] == bigger["note"] and len(saved["players"][0]["cards"]) == 3


def test_a_vanished_database_is_told_and_never_made_again_empty(tmp_path):
    store = TableStore(tmp_path / "tables.sqlite3")
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")],
                         {"goals": ["boundless_field", "flocks_of_sheep", "long_way"]})
    session = Sessions(store, APP_GAMES).get(store.create(SV.key, draft))
    for name in ("tables.sqlite3", "tables.sqlite3-wal", "tables.sqlite3-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    lay_sheep(session, 1)
    assert session.save_error == (
        "Not saved: the file is no longer there (file tables.sqlite3): put it back (from a "
        "backup if need be), or restart scorepad to start a new one; your edit is kept on this "
        "screen")
    assert len(session.draft["players"][0]["cards"]) == 2  # kept on the screen
    assert not (tmp_path / "tables.sqlite3").exists()
    # Still read from the file the store holds open: what was saved, as it was saved.
    [stored] = store.list()
    assert stored.draft == draft and store.get(stored.id).draft == draft
    assert not (tmp_path / "tables.sqlite3").exists()


AS_FROM_A_TERMINAL = ("import faulthandler, runpy, signal; "
                      "faulthandler.register(signal.SIGUSR1, all_threads=True); "
                      "signal.signal(signal.SIGINT, signal.default_int_handler); "
                      "runpy.run_module('ui', run_name='__main__', alter_sys=True)")
"""``python -m ui`` as a terminal's foreground job starts it, Ctrl+C raising KeyboardInterrupt:
a job started in the background by a shell without job control (a CI runner's ``… &``)
inherits SIGINT ignored, and Python then leaves it ignored until the web server takes it.
SIGUSR1 prints every thread's stack, for a test to show where a process that should have
stopped is."""


def stopped_within(process: subprocess.Popen, seconds: float, log) -> int:
    """``process``'s exit code once it ends, within ``seconds``; else every thread's stack (from
    the faulthandler of :data:`AS_FROM_A_TERMINAL`), in the failure."""
    try:
        return process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGUSR1)
        for _ in range(500):
            if "Current thread" in log.read_text():
                break
            time.sleep(0.01)
        raise AssertionError(f"still running {seconds} s after its stop:\n{log.read_text()}")


def test_ctrl_c_as_soon_as_the_app_says_how_to_stop_stops_it_without_a_traceback(tmp_path):
    """Ctrl+C as soon as the app prints its address and "Stop with Ctrl+C.", while it still
    starts: the app stops, exit 0 or 130, without a KeyboardInterrupt's traceback (it once
    printed one from wherever the start was, then once served on after the Ctrl+C)."""
    log = tmp_path / "server.log"
    for attempt in range(3):
        with open(log, "wb") as out:
            server = subprocess.Popen(
                [sys.executable, "-c", AS_FROM_A_TERMINAL, "app", "--db",
                 str(tmp_path / f"t{attempt}.sqlite3"), "--no-browser", "--port",
                 str(free_port())], cwd=ROOT, env=ENV, stdout=out, stderr=subprocess.STDOUT)
        try:
            while "Stop with Ctrl+C" not in log.read_text():
                assert server.poll() is None, log.read_text()
                time.sleep(0.01)  # polled often: the signal must come before the server runs
            server.send_signal(signal.SIGINT)
            assert stopped_within(server, 60, log) in (0, 128 + signal.SIGINT)
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()
        printed = log.read_text()
        assert "Traceback" not in printed and "KeyboardInterrupt" not in printed, printed


STOPPABLE = textwrap.dedent("""
    import faulthandler, signal, sqlite3, sys, threading
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    from ui.web.server import stoppable_server

    async def app(scope, receive, send):
        pass

    stoppable_server(app)
    if sys.argv[1] == "waits-in-sqlite":
        # SQLite waits for the other connection's lock in its own C code, sleeping and trying
        # again: the main thread runs no Python code, so no Python signal handler, meanwhile.
        holder = sqlite3.connect(sys.argv[2], isolation_level=None)
        holder.execute("begin exclusive")
        waiter = sqlite3.connect(sys.argv[2], timeout=600, isolation_level=None)
        print("waiting", flush=True)
        waiter.execute("begin exclusive")
    else:
        # The signal handler runs between two bytecodes of the main thread, which may hold
        # threading's own lock (starting a thread does, briefly): a handler that started a
        # thread then waited for that lock, held by the very thread it ran on, for ever.
        with threading._active_limbo_lock:
            print("waiting", flush=True)
            while True:
                pass
""")


@pytest.mark.parametrize("main_thread", ["waits-in-sqlite", "holds-threadings-lock"])
def test_a_stop_ends_the_process_whatever_its_main_thread_is_doing(tmp_path, main_thread):
    """The stop's watchman is woken by the signal's arrival itself (the interpreter's wakeup
    file) and started before it: neither a main thread that cannot run the handler nor one
    whose handler could not start a thread keeps the process alive after a Ctrl+C."""
    log = tmp_path / "process.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", STOPPABLE, main_thread, str(tmp_path / "locked.sqlite3")],
            cwd=ROOT, env=ENV, stdout=out, stderr=subprocess.STDOUT)
    try:
        while "waiting" not in log.read_text():
            assert process.poll() is None, log.read_text()
            time.sleep(0.01)
        process.send_signal(signal.SIGINT)
        assert stopped_within(process, 30, log) == 128 + signal.SIGINT
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


CTRL_C_AS_THE_SERVER_STARTS = textwrap.dedent("""
    import os, signal, socket
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as from a terminal
    import uvicorn
    from ui.web import server as web_server

    starting = uvicorn.Server.startup

    async def startup(self, sockets=None):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl+C as the web server starts
        await starting(self, sockets)

    uvicorn.Server.startup = startup

    async def app(scope, receive, send):
        pass

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    web_server.serve(app, sock, sock.getsockname()[1])
    print("stopped")
""")


def test_ctrl_c_as_the_web_server_starts_stops_it_quietly():
    """Before uvicorn takes the signals over, asyncio's own Ctrl+C handler held them: it
    cancelled the starting server (a KeyboardInterrupt's traceback) or, when uvicorn's start
    swallowed the cancellation, lost the Ctrl+C and served on (a test's server found alive an
    hour after its SIGINT). The app's stop handler holds them from before the server runs."""
    done = subprocess.run([sys.executable, "-c", CTRL_C_AS_THE_SERVER_STARTS], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "stopped\n", "")
