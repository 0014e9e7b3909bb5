"""The SQLite store: raw drafts with a format version, committed at once, deletion with undo."""

from __future__ import annotations

import json
import sqlite3

import pytest

from ui.storage import FORMAT_VERSION, NewerFormatError, TableStore, default_db_path

DRAFT = {"game": "sunflower_valley", "players": [{"name": "Ann"}, {"name": "Bob"}]}


def test_a_saved_draft_is_read_back_by_a_new_store_on_the_same_file(tmp_path):
    store = TableStore(tmp_path / "tables.sqlite3")
    table_id = store.create("sunflower_valley", DRAFT)
    changed = {**DRAFT, "goals": ["long_way"]}
    store.save(table_id, changed)

    reopened = TableStore(tmp_path / "tables.sqlite3").get(table_id)
    assert reopened.draft == changed
    assert reopened.game == "sunflower_valley"
    assert reopened.format_version == FORMAT_VERSION


def test_only_the_raw_draft_and_its_version_are_stored(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    store.create("sunflower_valley", DRAFT)
    with sqlite3.connect(store.path) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(tables)")]
        (draft,) = connection.execute("SELECT draft FROM tables").fetchone()
    assert columns == ["id", "game", "format_version", "draft", "created", "updated", "deleted",
                       "join_code"]
    assert json.loads(draft) == DRAFT


def test_the_list_shows_the_latest_change_first_and_hides_deleted_tables(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    first = store.create("sunflower_valley", DRAFT)
    second = store.create("sunflower_valley", DRAFT)
    store.save(first, DRAFT)
    assert [table.id for table in store.list()] == [first, second]

    store.delete(first)
    assert [table.id for table in store.list()] == [second]
    assert store.get(first) is None
    store.restore(first)
    assert store.get(first) is not None


def test_purging_forgets_only_deleted_tables(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    kept = store.create("sunflower_valley", DRAFT)
    gone = store.create("sunflower_valley", DRAFT)
    store.delete(gone)
    assert store.purge_deleted() == 1
    store.restore(gone)
    assert [table.id for table in store.list()] == [kept]


def test_a_table_saved_by_a_newer_version_is_never_overwritten(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    table_id = store.create("sunflower_valley", DRAFT)
    with sqlite3.connect(store.path) as connection:
        connection.execute("UPDATE tables SET format_version = ?", (FORMAT_VERSION + 1,))
    assert not store.get(table_id).readable
    with pytest.raises(NewerFormatError):
        store.save(table_id, {})
    assert store.get(table_id).draft == DRAFT


def test_the_default_file_is_in_the_users_data_directory(monkeypatch, tmp_path):
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "scorepad" / "tables.sqlite3"
