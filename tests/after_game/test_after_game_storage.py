"""Finishing a table in the store: a stable uid (also for tables saved before uids), finish and
reopen, and merging a table from a backup by its uid."""

from __future__ import annotations

import sqlite3
import uuid
from dataclasses import replace
from datetime import datetime, timedelta, timezone

from ui.store.storage import TableStore

DRAFT = {"game": "sunflower_valley", "players": [{"name": "Ann"}, {"name": "Bob"}]}
WHEN = datetime(2026, 2, 14, 21, 15, tzinfo=timezone(timedelta(hours=1)))


def test_a_database_from_before_uids_gets_one_per_table_at_open_and_keeps_it(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE tables (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT "
                           "NOT NULL, format_version INTEGER NOT NULL, draft TEXT NOT NULL, "
                           "created TEXT NOT NULL, updated TEXT NOT NULL, deleted TEXT)")
        for _ in range(2):
            connection.execute("INSERT INTO tables (game, format_version, draft, created, "
                               "updated) VALUES ('sunflower_valley', 1, '{}', "
                               "'2025-01-01T00:00:00+00:00', '2025-01-01T00:00:00+00:00')")
    first = [table.uid for table in TableStore(path).list()]
    again = [table.uid for table in TableStore(path).list()]
    assert first == again and len(set(first)) == 2
    assert all(uuid.UUID(uid).version == 4 for uid in first)
    assert all(table.finished is None for table in TableStore(path).list())


def test_finish_keeps_when_where_and_who_started_and_reopen_keeps_the_details(db):
    store = TableStore(db("t"))
    table_id = store.create("sunflower_valley", DRAFT)
    store.finish(table_id, WHEN, "Café Zoë", "close game", 1)
    table = TableStore(store.address).get(table_id)
    assert (table.finished, table.location, table.note, table.start_player) == (
        WHEN, "Café Zoë", "close game", 1)
    assert table.draft == DRAFT
    store.reopen(table_id)
    table = store.get(table_id)
    assert table.finished is None and table.location == "Café Zoë"


def test_merge_adds_a_table_once_and_brings_back_a_deleted_one(db):
    source = TableStore(db("a"))
    table = source.get(source.create("sunflower_valley", DRAFT))
    table = replace(table, finished=WHEN, note="n")
    target = TableStore(db("b"))
    new_id = target.merge(table)
    assert target.merge(table) is None
    assert len(target.list()) == 1
    merged = target.get(new_id)
    assert (merged.uid, merged.draft, merged.finished, merged.note, merged.created) == (
        table.uid, DRAFT, WHEN, "n", table.created)
    target.delete(new_id)
    assert target.merge(table) == new_id
    assert [t.uid for t in target.list()] == [table.uid]
