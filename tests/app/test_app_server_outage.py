"""The PostgreSQL server stops while the app runs, then starts again (issue 34, item 3): on a
cluster of this module's own (tests/postgres_cluster.py), stopped and started by the tests; the
run's shared cluster serves every other test undisturbed.

- The store refuses at once, in words, while the server is down (no wait for a pool), and the
  first operation after the server is back works.
- A table's edit refused meanwhile is kept, every device showing the table says "Not saved", and
  the edit is saved by itself once the server is back: the devices' mark goes with no tap.
- A screen opened while the tables cannot be read says so in words with *Try again*, which opens
  the same screen once the server is back.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from control_tree import identified, texts
from live_devices import Server
from postgres_cluster import Cluster, NoPostgres
from scorer.sunflower_valley.models import Kind
from test_app_fan_out import move, tab_total, two_valleys
from ui.games.registry import app_store
from ui.live import session as live_session
from ui.parts.store_unreachable import StoreUnreachableView
from ui.store.storage import NotSaved, StoreUnavailable

REFUSED_WITHIN = 0.5
"""Seconds a refusal may take while the server is down (its port refuses at once)."""


@pytest.fixture(scope="module")
def own_cluster():
    """A cluster of this module's own, started; every test leaves it running."""
    try:
        cluster = Cluster()
    except NoPostgres as error:
        pytest.fail(str(error), pytrace=False)
    yield cluster
    cluster.stop()


@pytest.fixture()
def store(own_cluster, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    opened = app_store(own_cluster.new_database())
    yield opened
    own_cluster.start_server()  # a failed test may leave it stopped
    opened.close()


async def until(condition, why: str, seconds: float = 20) -> None:
    """Wait until ``condition()`` holds (the writer, the scorer and the pubsub each take turns)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, why
        await asyncio.sleep(0.02)


def timed(operation) -> tuple[float, BaseException | None]:
    began = time.perf_counter()
    try:
        operation()
    except (NotSaved, StoreUnavailable) as refused:
        return time.perf_counter() - began, refused
    return time.perf_counter() - began, None


def test_the_store_refuses_at_once_while_the_server_is_down_and_works_when_it_is_back(
        own_cluster, store):
    table_id = two_valleys(store, {})
    draft = store.get(table_id).draft
    own_cluster.stop_server()

    for _ in range(3):
        seconds, refused = timed(lambda: store.save(table_id, draft))
        assert isinstance(refused, NotSaved) and seconds < REFUSED_WITHIN
        assert str(refused).startswith("the database server cannot be reached")
        seconds, refused = timed(store.list)
        assert isinstance(refused, StoreUnavailable) and seconds < REFUSED_WITHIN

    own_cluster.start_server()
    draft["players"][0]["name"] = "Ann B."
    store.save(table_id, draft)  # the first operation after the restart: no refusal
    assert store.get(table_id).draft["players"][0]["name"] == "Ann B."
    assert store.engine._pool is not None  # pooled again


def test_an_edit_refused_while_the_server_is_down_is_kept_and_saved_when_it_is_back(
        own_cluster, store, monkeypatch):
    monkeypatch.setattr(live_session, "RETRY_FIRST_SECONDS", 0.2)

    async def run():
        table_id = two_valleys(store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN})
        server = Server(store)
        ann = server.connect("ann", f"/table/{table_id}/valley/0", table_id, 0)
        bob = server.connect("bob", f"/table/{table_id}/valley/1", table_id, 1)
        await server.settle()
        own_cluster.stop_server()

        move(ann, (1, 0), (1, 1))  # beside the Field: 1 point
        await until(lambda: all(device.view._save_mark.text.value == "Not saved"
                                for device in (ann, bob)), "not told Not saved")
        for device in (ann, bob):
            assert tab_total(device, 0).value == "1"  # the edit stays on every screen
            assert (" · Not saved: the database server cannot be reached (database test_2)"
                    in device.view.editor._count.value)  # the database's name, not the server
        ann.context.redraw()  # a whole redraw (the theme changed) reads nothing it needs

        # The retries go on while the server is down (a second, then longer), and a new edit
        # meanwhile tries at once: refused too, it replaces what is kept.
        await asyncio.sleep(0.7)
        assert ann.view.session.save_state == "Not saved"
        move(ann, (1, 1), (1, 2))
        await until(lambda: tab_total(bob, 0).value == "0", "the second edit not shown")
        assert ann.view.session.save_state == "Not saved"
        edited = ann.view.session.draft

        own_cluster.start_server()
        await until(lambda: not (ann.view._save_mark.text.value
                                 or bob.view._save_mark.text.value),
                    "the kept edit was not saved by itself")
        assert store.get(table_id).draft == edited
        assert "Not saved" not in bob.view.editor._count.value

    asyncio.run(run())


@pytest.mark.parametrize("route", ["/", "/table/{}/valley/0", "/history", "/statistics"])
def test_a_screen_opened_while_the_tables_cannot_be_read_says_so_and_tries_again(
        own_cluster, store, route, monkeypatch):
    async def run():
        table_id = two_valleys(store, {})
        server = Server(store)
        server.access.grant("ann", table_id, "player", 0)  # joined before the server stopped
        monkeypatch.setattr(server.access, "grant", lambda *joined: None)
        own_cluster.stop_server()
        device = server.connect("ann", route.format(table_id), table_id, 0)

        assert isinstance(device.view, StoreUnreachableView)
        said = texts(device.view.root)
        assert said[0] == "Not reachable just now"
        assert said[1].startswith("The tables cannot be reached just now")
        assert not any("127.0.0.1" in text or "Traceback" in text for text in said)

        own_cluster.start_server()
        try_again = identified(device.view.root, "unreachable-try-again")
        try_again.on_click(None)
        assert not isinstance(device.view, StoreUnreachableView)
        assert type(device.view).__name__ == {"/": "HomeView", "/history": "HistoryView",
                                              "/statistics": "StatisticsView"}.get(route,
                                                                                   "TableView")

    asyncio.run(run())


def test_a_refused_save_is_tried_again_after_1_s_then_twice_as_long_up_to_15_s(tmp_path,
                                                                           monkeypatch):
    """The retry schedule, with the timers' waits recorded instead of waited: the store refuses
    six times, then takes the save; the retries stop there."""
    from concurrent.futures import Future
    from errno import EROFS

    from ui.games.registry import APP_GAMES
    from ui.live.session import Sessions
    from ui.store.storage import TableStore

    class Inline:
        """A writer that runs each job at once, in the caller."""

        def submit(self, job, *args) -> Future:
            done: Future = Future()
            done.set_result(job(*args))
            return done

    waits: list[float] = []

    class Timer:
        def __init__(self, seconds, then):
            waits.append(seconds)
            self.then = then
            self.daemon = False

        def start(self) -> None:
            self.then()

    monkeypatch.setattr(live_session.threading, "Timer", Timer)
    store = TableStore(tmp_path / "t.sqlite3")
    table_id = two_valleys(store, {})
    refusals = iter(range(6))
    saving = store.save

    def refusing(table_id, draft, *base, **details):
        if next(refusals, None) is not None:
            raise NotSaved(OSError(EROFS, "Read-only file system"), store.path)
        return saving(table_id, draft, *base, **details)

    monkeypatch.setattr(store, "save", refusing)
    session = Sessions(store, APP_GAMES, Inline()).get(table_id)
    session.apply("rename", lambda draft: draft["players"][0].__setitem__("name", "Ann B."))

    assert waits == [1, 2, 4, 8, 15, 15]
    assert session.save_state == ""
    assert store.get(table_id).draft["players"][0]["name"] == "Ann B."
