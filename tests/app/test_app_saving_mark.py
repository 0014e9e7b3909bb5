"""An edit is shown on every device once it is scored and saved; when its save takes longer than
a moment (``SAVE_AWAITED_SECONDS``), once it is scored, marked "Saving…" until the writer thread
has it on disk; then the mark goes, or turns into "Not saved" with the edit kept. A screen drawn
for any reason while a save is on its way carries the mark: no device shows a value that is not on
disk without it. Real Flet sessions (live_devices) whose writer thread is held back."""

from __future__ import annotations

import asyncio
import errno
import threading
from collections.abc import Callable

import pytest

from scorer.sunflower_valley.models import Kind
from ui.live import session as live_session
from ui.store.storage import NotSaved, TableStore

from live_devices import Server
from test_app_fan_out import ann_and_bob, move, operations, tab_total, two_valleys


@pytest.fixture()
def store(tmp_path):
    return TableStore(tmp_path / "t.sqlite3")


def hold(worker) -> threading.Event:
    """Keep a worker thread (the writer, the scorer) busy until the event is set: what is asked
    of it meanwhile waits."""
    held = threading.Event()
    worker.submit(held.wait)
    return held


async def shown(server: Server) -> None:
    """Until the scores asked for so far are worked out and the screens told (not the saves)."""
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, server.sessions.scorer.submit(lambda: None).result)
    for _ in range(5):
        await asyncio.sleep(0)


async def until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    """Until ``condition()`` holds (on the event loop, which draws the screens meanwhile)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "it never came"
        await asyncio.sleep(0.01)


def redraws_of(device) -> list[bool]:
    """The redraws of the device's screen from now on, each as its ``here`` (the edit made on
    this device)."""
    redraws: list[bool] = []
    show_changes = device.view.show_changes
    device.view.show_changes = lambda here: (redraws.append(here), show_changes(here))
    return redraws


def save_state(device) -> str:
    return device.view._save_mark.text.value


def test_an_edit_whose_save_is_held_is_shown_a_moment_later_marked_saving_until_on_disk(
        store, monkeypatch):
    monkeypatch.setattr(live_session, "SAVE_AWAITED_SECONDS", 0.5)

    async def run():
        # The Mountain moved beside the Field scores 1.
        table_id, server, ann, bob = await ann_and_bob(
            store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN})
        assert save_state(ann) == save_state(bob) == ""
        bob.take_sent()
        held = hold(server.sessions.writer)

        move(ann, (1, 0), (1, 1))
        await shown(server)
        assert tab_total(ann, 0).value == tab_total(bob, 0).value == "0"  # its save awaited

        await until(lambda: tab_total(bob, 0).value == "1")
        mark = bob.view._save_mark.text
        assert tab_total(ann, 0).value == tab_total(bob, 0).value == "1"
        assert save_state(ann) == save_state(bob) == "Saving…"
        assert [(control, name, value) for control, name, value in operations(bob.take_sent())
                if name == "value"] == [(tab_total(bob, 0)._i, "value", "1"),
                                        (mark._i, "value", "Saving…")]
        stored = store.get(table_id).draft["players"][0]["cards"]
        assert {(card["row"], card["col"]) for card in stored} >= {(1, 0)}  # not yet saved

        held.set()
        await server.settle()

        assert save_state(ann) == save_state(bob) == ""
        assert {(card["row"], card["col"]) for card in
                store.get(table_id).draft["players"][0]["cards"]} == {(0, 0), (0, 1), (1, 1)}
        # Bob's phone is sent the mark taken off, and nothing else.
        assert {control for control, _, _ in operations(bob.take_sent())} == {mark._i}

    asyncio.run(run())


def test_a_screen_opened_while_a_save_is_on_its_way_carries_the_mark(store):
    async def run():
        table_id = two_valleys(store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN})
        server = Server(store)
        ann = server.connect("ann", f"/table/{table_id}/valley/0", table_id, 0)
        await server.settle()
        held = hold(server.sessions.writer)
        move(ann, (1, 0), (1, 1))
        await shown(server)

        # Drawn for another reason than the edit: a device arriving, and one showing the text.
        bob = server.connect("bob", f"/table/{table_id}/valley/0", table_id, 1)
        text = server.connect("carl", f"/table/{table_id}/text", table_id, 1)

        assert tab_total(bob, 0).value == "1"
        assert save_state(bob) == save_state(text) == "Saving…"
        held.set()
        await server.settle()
        assert save_state(bob) == save_state(text) == save_state(ann) == ""

    asyncio.run(run())


def test_an_edit_whose_save_ends_in_time_is_shown_once_without_the_mark(store, monkeypatch):
    """The save mark put on every phone and taken off a moment later was a flicker, and a second
    redraw and message to every phone at each edit."""
    monkeypatch.setattr(live_session, "SAVE_AWAITED_SECONDS", 30.0)

    async def run():
        table_id, server, ann, bob = await ann_and_bob(
            store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN})
        ann.take_sent()
        bob.take_sent()
        redraws = redraws_of(bob)
        held = hold(server.sessions.writer)
        move(ann, (1, 0), (1, 1))
        await shown(server)
        assert tab_total(ann, 0).value == tab_total(bob, 0).value == "0"  # its save awaited

        held.set()
        await server.settle()

        assert tab_total(ann, 0).value == tab_total(bob, 0).value == "1"
        assert save_state(ann) == save_state(bob) == ""
        assert operations(bob.take_sent()) == [(tab_total(bob, 0)._i, "value", "1")]
        assert redraws == [False]
        mark = ann.view._save_mark.text._i
        assert not [value for control, _, value in operations(ann.take_sent())
                    if control == mark]

    asyncio.run(run())


def test_an_edit_saved_before_it_is_drawn_is_shown_unmarked_and_told_once(store):
    async def run():
        table_id, server, ann, bob = await ann_and_bob(
            store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN})
        bob.take_sent()
        redraws = redraws_of(bob)
        held = hold(server.sessions.scorer)
        move(ann, (1, 0), (1, 1))
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, server.sessions.writer.submit(lambda: None).result)
        assert ann.view.session.save_state == ""  # on disk before any screen drew it

        held.set()
        await server.settle()

        assert save_state(ann) == save_state(bob) == ""
        assert operations(bob.take_sent()) == [(tab_total(bob, 0)._i, "value", "1")]
        assert redraws == [False]  # the edit; no word of the save, which no screen waited for

    asyncio.run(run())


def test_a_failed_save_turns_the_mark_into_not_saved_on_every_device_the_edit_kept(store):
    async def run():
        table_id, server, ann, bob = await ann_and_bob(
            store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN})
        saved = store.get(table_id).draft

        def full_disk(table_id, draft, *base, **details):
            raise NotSaved(OSError(errno.ENOSPC, "No space left on device"), store.path)

        store.save = full_disk
        move(ann, (1, 0), (1, 1))
        await server.settle()

        said = ("Not saved: the disk is full (file t.sqlite3): free some space; your edit is "
                "kept on this screen")
        assert save_state(ann) == save_state(bob) == "Not saved"
        for device in (ann, bob):
            assert device.view.editor._count.value.endswith(f" · {said}")
        assert tab_total(ann, 0).value == tab_total(bob, 0).value == "1"  # the edit kept
        assert store.get(table_id).draft == saved

        del store.save  # the disk has room again: the next edit saves both
        move(ann, (1, 1), (1, 2))
        await server.settle()
        assert save_state(ann) == save_state(bob) == ""
        assert " · " not in bob.view.editor._count.value
        assert store.get(table_id).draft == ann.view.session.draft

    asyncio.run(run())
