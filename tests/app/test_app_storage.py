"""The SQLite store: raw drafts with a format version, committed at once, deletion with undo."""

from __future__ import annotations

import json
import sqlite3
import sys

import pytest
from psycopg.errors import UndefinedTable

from ui.store.access import Access
from ui.store.storage import (
    FORMAT_VERSION, DeletedTableError, NewerFormatError, NotSaved, StoreUnavailable, TableStore,
    default_db_path,
)

DRAFT = {"game": "sunflower_valley", "players": [{"name": "Ann"}, {"name": "Bob"}]}


def test_a_saved_draft_is_read_back_by_a_new_store_on_the_same_file(db):
    store = TableStore(db("tables"))
    table_id = store.create("sunflower_valley", DRAFT)
    changed = {**DRAFT, "goals": ["long_way"]}
    store.save(table_id, changed)

    reopened = TableStore(db("tables")).get(table_id)
    assert reopened.draft == changed
    assert reopened.game == "sunflower_valley"
    assert reopened.format_version == FORMAT_VERSION


def test_a_new_table_and_its_makers_right_to_open_it_are_saved_together(db):
    store = TableStore(db("t"))
    access = Access(store)
    table_id = store.create("sunflower_valley", DRAFT, creator="ann's phone")
    assert access.may_open("ann's phone", table_id)
    assert access.grant_of("ann's phone", table_id).role == "creator"
    assert not access.may_open("bob's phone", table_id)

    with store._writing() as connection:
        connection.execute("DROP TABLE grants")  # the grant's half of the change fails
    with pytest.raises((NotSaved, UndefinedTable)):  # PostgreSQL: a defect, said as it is
        store.create("sunflower_valley", DRAFT, creator="ann's phone")
    assert [table.id for table in store.list()] == [table_id]  # no table nobody may open


def test_only_the_raw_draft_and_its_version_are_stored(db):
    store = TableStore(db("t"))
    store.create("sunflower_valley", DRAFT)
    with store._writing() as connection:
        columns = connection.dialect.columns(connection, "tables")
        (draft,) = connection.execute("SELECT draft FROM tables").fetchone()
    assert columns == {"id", "game", "format_version", "draft", "created", "updated", "deleted",
                       "uid", "finished", "location", "note", "start_player", "join_code",
                       "opened",  # when a device last opened it (the retention, migration 2)
                       "revision"}  # how many saves it had (one table across processes, 3)
    assert json.loads(draft) == DRAFT


def test_the_list_shows_the_latest_change_first_and_hides_deleted_tables(db):
    store = TableStore(db("t"))
    first = store.create("sunflower_valley", DRAFT)
    second = store.create("sunflower_valley", DRAFT)
    store.save(first, DRAFT)
    assert [table.id for table in store.list()] == [first, second]

    store.delete(first)
    assert [table.id for table in store.list()] == [second]
    assert store.get(first) is None
    store.restore(first)
    assert store.get(first) is not None


def test_purging_forgets_only_the_deleted_tables_asked_for(db):
    store = TableStore(db("t"))
    kept = store.create("sunflower_valley", DRAFT)
    gone = store.create("sunflower_valley", DRAFT)
    other_device = store.create("sunflower_valley", DRAFT)
    store.delete(gone)
    store.delete(other_device)
    assert [table.id for table in store.list_deleted()] == [other_device, gone]
    assert store.purge_deleted([kept, gone]) == 1
    assert [table.id for table in store.list_deleted()] == [other_device]
    store.restore(gone)
    assert [table.id for table in store.list()] == [kept]


def test_a_new_store_on_the_file_purges_nothing(db):
    store = TableStore(db("t"))
    deleted = store.create("sunflower_valley", DRAFT)
    store.delete(deleted)
    TableStore(db("t")).restore(deleted)
    assert store.get(deleted).draft == DRAFT


def test_saving_into_a_deleted_table_is_refused(db):
    store = TableStore(db("t"))
    table_id = store.create("sunflower_valley", DRAFT)
    store.delete(table_id)
    with pytest.raises(DeletedTableError):
        store.save(table_id, {**DRAFT, "goals": ["long_way"]})
    store.restore(table_id)
    assert store.get(table_id).draft == DRAFT


def test_a_file_that_is_not_a_database_is_named_with_what_to_do(tmp_path):
    path = tmp_path / "bad.sqlite3"
    path.write_bytes(b"these are not the tables you are looking for" * 100)
    with pytest.raises(StoreUnavailable) as refused:
        TableStore(path)
    assert str(refused.value) == (f"the file is not a scorepad database (file {path}): choose "
                                  "the right file, or start with another")


def test_a_damaged_database_is_found_at_start(tmp_path):
    path = tmp_path / "damaged.sqlite3"
    store = TableStore(path)
    for _ in range(40):
        store.create("sunflower_valley", {**DRAFT, "padding": "x" * 600})
    store.close()  # as the app's end does: every page is in the file
    data = bytearray(path.read_bytes())
    data[2 * 4096:2 * 4096 + 200] = b"\xff" * 200
    path.write_bytes(data)
    with pytest.raises(StoreUnavailable, match=r"^the file is damaged \(file .*damaged\.sqlite3\)"
                       r": restore it from a backup"):
        TableStore(path)


@pytest.mark.parametrize("where", ["a folder", "under a file"])
def test_a_database_path_that_cannot_be_a_file_says_so(tmp_path, where):
    (tmp_path / "plain").write_text("not a folder")
    path = tmp_path if where == "a folder" else tmp_path / "plain" / "tables.sqlite3"
    with pytest.raises(StoreUnavailable, match=r"^the file cannot be opened \(file .*\): check "
                                                r"that the folders"):
        TableStore(path)


def test_a_table_saved_by_a_newer_version_is_never_overwritten(db):
    store = TableStore(db("t"))
    table_id = store.create("sunflower_valley", DRAFT)
    with store._writing() as connection:
        connection.execute("UPDATE tables SET format_version = ?", (FORMAT_VERSION + 1,))
    assert not store.get(table_id).readable
    with pytest.raises(NewerFormatError):
        store.save(table_id, {})
    assert store.get(table_id).draft == DRAFT


@pytest.mark.skipif(sys.platform != "linux", reason="platformdirs picks the platform's rules "
                    "when imported: these are Linux's")
def test_the_default_file_is_in_the_users_data_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "scorepad" / "tables.sqlite3"


@pytest.mark.skipif(sys.platform != "linux", reason="Linux's rules, as above")
def test_without_xdg_data_home_the_file_is_where_earlier_versions_put_it(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_db_path() == tmp_path / ".local" / "share" / "scorepad" / "tables.sqlite3"
