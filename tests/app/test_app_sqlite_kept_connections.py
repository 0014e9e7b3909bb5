"""The SQLite engine keeps a connection per thread (``ui.store.sqlite_engine``): an edit's reads
and save no longer open the file each time, and a kept connection never hides what a connection
opened now would see: another file put in its place, the file deleted, a thread ended."""

from __future__ import annotations

import gc
import os
import shutil
import sqlite3
import threading

import pytest

from read_only_files import read_only
from ui.store import sqlite_engine
from ui.store.storage import NotSaved, TableStore

DRAFT = {"game": "sunflower_valley", "players": [{"name": "Ann"}, {"name": "Bob"}]}


@pytest.fixture
def connections_opened(monkeypatch) -> list[str]:
    """Every connection the engine opens from now on (its address)."""
    opened: list[str] = []
    connect = sqlite3.connect

    def counted(address, *arguments, **options):
        opened.append(str(address))
        return connect(address, *arguments, **options)

    monkeypatch.setattr(sqlite_engine.sqlite3, "connect", counted)
    return opened


def test_the_reads_and_saves_of_one_thread_share_one_connection(tmp_path, connections_opened):
    store = TableStore(tmp_path / "t.sqlite3")
    opened_at_start = len(connections_opened)  # making the file, and the store's keeper
    table_id = store.create("sunflower_valley", DRAFT)
    for note in range(5):
        store.save(table_id, {**DRAFT, "note": str(note)})
        assert store.get(table_id).draft["note"] == str(note)
    assert len(connections_opened) - opened_at_start == 1


def test_each_thread_has_its_own_and_it_goes_with_the_thread(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    table_id = store.create("sunflower_valley", DRAFT)
    seen = []
    worker = threading.Thread(target=lambda: seen.append(store.get(table_id).draft))
    worker.start()
    worker.join()
    assert seen == [DRAFT]
    engine = store.engine
    gc.collect()
    assert len(engine._all_kept) == 1  # this thread's: the worker's was closed with it
    store.close()


def test_another_file_put_in_its_place_is_read_not_the_one_first_opened(tmp_path):
    path = tmp_path / "t.sqlite3"
    store = TableStore(path)
    first = store.create("sunflower_valley", {**DRAFT, "note": "first file"})
    assert store.get(first).draft["note"] == "first file"  # its connection is kept now
    other = TableStore(tmp_path / "other.sqlite3")
    other.create("sunflower_valley", {**DRAFT, "note": "the other file"})
    other.close()
    shutil.copy(tmp_path / "other.sqlite3", tmp_path / "copy.sqlite3")
    os.replace(tmp_path / "copy.sqlite3", path)  # a backup restored over it, say
    for leftover in ("-wal", "-shm"):
        path.with_name(path.name + leftover).unlink(missing_ok=True)
    assert [table.draft["note"] for table in store.list()] == ["the other file"]


def test_a_file_deleted_after_a_save_refuses_the_next_in_words(tmp_path):
    path = tmp_path / "t.sqlite3"
    store = TableStore(path)
    table_id = store.create("sunflower_valley", DRAFT)
    store.save(table_id, {**DRAFT, "note": "kept"})
    for name in (path.name, path.name + "-wal", path.name + "-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    with pytest.raises(NotSaved, match="no longer there"):
        store.save(table_id, {**DRAFT, "note": "lost?"})
    assert store.get(table_id).draft["note"] == "kept"  # read on from the store's keeper


def test_a_store_closed_and_used_again_opens_a_new_connection(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    table_id = store.create("sunflower_valley", DRAFT)
    store.close()
    assert store.get(table_id).draft == DRAFT


def test_a_read_while_the_file_could_not_be_written_leaves_no_connection_that_cannot_write(
        tmp_path):
    """A connection opened while the file is read-only can only read: it is not kept, so the
    first save after the file may be written again is saved (a host's device was once refused
    there, read only, after a disk had been full)."""
    path = tmp_path / "t.sqlite3"
    store = TableStore(path)
    table_id = store.create("sunflower_valley", DRAFT)
    assert store.get(table_id).draft == DRAFT
    beside = [path.with_name(path.name + end) for end in ("-wal", "-shm")]
    with read_only(path, *beside, tmp_path):
        with pytest.raises(NotSaved, match="cannot be written"):
            store.save(table_id, {**DRAFT, "note": "refused"})
        assert store.get(table_id).draft == DRAFT  # the last connection opened could only read
    store.save(table_id, {**DRAFT, "note": "saved"})
    assert store.get(table_id).draft["note"] == "saved"
