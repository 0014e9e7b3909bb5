"""A table session: every edit saved at once, undo and redo, the score from the library only."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from scorer.games import score
from ui.games.registry import APP_GAMES
from ui.games.plugin import PlayerSetup
from ui.games.sunflower_valley.draft import _kept_check, _kept_player, check
from ui.live.session import DELETED, Sessions, TableDeleted
from ui.store.sqlite_engine import SqliteEngine
from ui.store.storage import TableStore

SV = APP_GAMES["sunflower_valley"]


def open_table(db, goals=()):
    store = TableStore(db("t"))
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")],
                         {"goals": list(goals)})
    table_id = store.create(SV.key, draft)
    return store, Sessions(store, APP_GAMES).get(table_id)


def add_lake(cell):
    def change(draft):
        draft["players"][0]["cards"].append({"kind": "lake", "row": cell[0], "col": cell[1]})
    return change


def test_each_edit_is_in_the_store_before_it_is_shown(db):
    store, session = open_table(db)
    assert session.apply("place a Lake", add_lake((0, 1)))
    assert store.get(session.table_id).draft == session.draft
    assert session.result.players[0].total == 1


def test_undo_and_redo_walk_the_edits_and_save_each_step(db):
    store, session = open_table(db)
    start = session.draft
    session.apply("first", add_lake((0, 1)))
    after_first = session.draft
    session.apply("second", add_lake((0, 2)))
    assert session.undo_label == "second"
    assert session.undo() == "second"
    assert session.draft == after_first == store.get(session.table_id).draft
    assert session.undo() == "first"
    assert session.draft == start
    assert session.undo() is None
    assert session.redo() == "first"
    assert session.draft == after_first == store.get(session.table_id).draft
    assert session.redo_label == "second"


def test_a_new_edit_after_undo_drops_the_redo(db):
    _, session = open_table(db)
    session.apply("first", add_lake((0, 1)))
    session.undo()
    session.apply("other", add_lake((1, 0)))
    assert session.redo() is None


def test_an_edit_that_changes_nothing_is_not_an_undo_step(db):
    _, session = open_table(db)
    assert not session.apply("nothing", lambda draft: None)
    assert session.undo_label is None


def test_the_score_is_the_librarys_score_of_the_checked_table(db):
    _, session = open_table(db, goals=("boundless_field", "flocks_of_sheep", "long_way"))
    session.apply("lake", add_lake((0, 1)))
    assert session.result == score(session.checked.table)


class FullDisk(SqliteEngine):
    """A store whose file may not grow (SQLite then answers SQLITE_FULL, as on a full disk)."""

    @contextmanager
    def _connection(self):
        with super()._connection() as connection:
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            connection.execute(f"PRAGMA max_page_count = {pages}")
            yield connection


def test_a_full_disk_keeps_the_edit_and_says_so_in_words(tmp_path):
    store, session = open_table(lambda name: tmp_path / f"{name}.sqlite3")
    store.engine.__class__ = FullDisk
    session.apply("a long note", lambda draft: draft.update(note="x" * 100_000))
    assert session.draft["note"] == "x" * 100_000
    assert session.save_error == ("Not saved: the disk is full (file t.sqlite3): free some "
                                  "space; your edit is kept on this screen")
    store.engine.__class__ = SqliteEngine
    session.apply("lake", add_lake((0, 1)))
    assert session.save_error is None
    assert store.get(session.table_id).draft == session.draft


def test_every_browser_tab_gets_the_same_session_of_a_table(db):
    store, session = open_table(db)
    sessions = Sessions(store, APP_GAMES)
    assert sessions.get(session.table_id) is sessions.get(session.table_id)
    assert sessions.get(999) is None


def test_a_table_deleted_elsewhere_keeps_its_one_session_and_refuses_edits(db):
    store, editing = open_table(db)
    sessions = Sessions(store, APP_GAMES)
    shown = sessions.get(editing.table_id)
    shown.apply("lake", add_lake((0, 1)))
    saved = shown.draft
    sessions.delete(shown.table_id)
    assert shown.deleted and sessions.get(shown.table_id) is None
    for edit in (lambda: shown.apply("lake", add_lake((0, 2))), shown.undo, shown.redo):
        with pytest.raises(TableDeleted, match=f"^{DELETED}$"):
            edit()
    assert shown.draft == saved
    sessions.restore(shown.table_id)
    assert sessions.get(shown.table_id) is shown and not shown.deleted
    shown.apply("lake", add_lake((0, 2)))
    assert store.get(shown.table_id).draft == shown.draft


def test_the_refusal_names_who_deleted_the_table_until_it_is_restored(db):
    store, editing = open_table(db)
    sessions = Sessions(store, APP_GAMES)
    shown = sessions.get(editing.table_id)
    sessions.delete(shown.table_id, by="Bea")
    with pytest.raises(TableDeleted, match="^Bea deleted this table: Undo on their screen, or "
                                           "keep a copy.$"):
        shown.apply("lake", add_lake((0, 1)))
    sessions.restore(shown.table_id)
    assert shown.deleted_by is None
    sessions.delete(shown.table_id)
    with pytest.raises(TableDeleted, match=f"^{DELETED}$"):
        shown.undo()


def test_keeping_a_copy_saves_the_draft_as_a_new_table(db):
    store, _ = open_table(db)
    sessions = Sessions(store, APP_GAMES)
    shown = sessions.get(store.list()[0].id)
    shown.apply("lake", add_lake((0, 1)))
    sessions.delete(shown.table_id)
    copy_id = sessions.keep_copy(shown)
    assert copy_id != shown.table_id
    assert sessions.get(copy_id).draft == shown.draft


def test_emptying_forgets_the_deleted_tables_and_their_sessions(db):
    store, _ = open_table(db)
    sessions = Sessions(store, APP_GAMES)
    table_id = store.list()[0].id
    sessions.get(table_id)
    sessions.delete(table_id)
    assert sessions.purge([table_id]) == 1
    sessions.restore(table_id)
    assert sessions.get(table_id) is None and store.list() == []


def test_a_table_checks_again_only_the_valley_that_changed():
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")], {"goals": []})
    _kept_check.cache_clear()
    _kept_player.cache_clear()
    first = check(draft)
    assert _kept_check.cache_info().misses == 2
    add_lake((0, 1))(draft)
    kept = check(draft)
    assert _kept_check.cache_info().misses == 3  # Ann's valley alone
    # Bob's player is taken as it was: making it again would check his valley again.
    assert kept.table.players[1] is first.table.players[1]
    assert kept.table.players[0] is not first.table.players[0]
    _kept_check.cache_clear()
    _kept_player.cache_clear()
    assert kept == check(draft)
    assert [len(player.valley.cards) for player in kept.table.players] == [2, 1]


def test_a_result_is_said_once_per_revision_and_language_for_every_device(db,
                                                                           monkeypatch):
    import ui.live.session as live
    from scorer.language import in_language
    from ui.parts.words import app_language

    said = []

    def counted(result, words):
        said.append(words.code)
        return in_language(result, words)

    monkeypatch.setattr(live, "in_language", counted)
    _, session = open_table(db)
    session.apply("place a Lake", add_lake((0, 1)))
    german = session.result_in(app_language("de"))
    assert german == in_language(session.result, app_language("de"))
    assert session.result_in(app_language("de")) is german  # a second German phone
    assert session.result_in(app_language("en")) is session.result  # English is the result
    session.result_in(app_language("es"))
    assert said == ["de", "es"]
    session.apply("place a Lake", add_lake((0, 2)))
    again = session.result_in(app_language("de"))
    assert again is not german and again.players[0].total == 2
    assert said == ["de", "es", "de"]
