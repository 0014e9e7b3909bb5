"""A table session: every edit saved at once, undo and redo, the score from the library only."""

from __future__ import annotations

from scorer.games import score
from ui.games import APP_GAMES
from ui.plugins import PlayerSetup
from ui.session import Sessions
from ui.storage import TableStore

SV = APP_GAMES["sunflower_valley"]


def open_table(tmp_path, goals=()):
    store = TableStore(tmp_path / "t.sqlite3")
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")],
                         {"goals": list(goals)})
    table_id = store.create(SV.key, draft)
    return store, Sessions(store, APP_GAMES).get(table_id)


def add_lake(cell):
    def change(draft):
        draft["players"][0]["cards"].append({"kind": "lake", "row": cell[0], "col": cell[1]})
    return change


def test_each_edit_is_in_the_store_before_it_is_shown(tmp_path):
    store, session = open_table(tmp_path)
    assert session.apply("place a Lake", add_lake((0, 1)))
    assert store.get(session.table_id).draft == session.draft
    assert session.result.players[0].total == 1


def test_undo_and_redo_walk_the_edits_and_save_each_step(tmp_path):
    store, session = open_table(tmp_path)
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


def test_a_new_edit_after_undo_drops_the_redo(tmp_path):
    _, session = open_table(tmp_path)
    session.apply("first", add_lake((0, 1)))
    session.undo()
    session.apply("other", add_lake((1, 0)))
    assert session.redo() is None


def test_an_edit_that_changes_nothing_is_not_an_undo_step(tmp_path):
    _, session = open_table(tmp_path)
    assert not session.apply("nothing", lambda draft: None)
    assert session.undo_label is None


def test_the_score_is_the_librarys_score_of_the_checked_table(tmp_path):
    _, session = open_table(tmp_path, goals=("boundless_field", "flocks_of_sheep", "long_way"))
    session.apply("lake", add_lake((0, 1)))
    assert session.result == score(session.checked.table)


def test_a_failing_disk_keeps_the_edit_and_says_so(tmp_path, monkeypatch):
    store, session = open_table(tmp_path)

    def refuse(table_id, draft):
        raise OSError("disk full")

    monkeypatch.setattr(store, "save", refuse)
    session.apply("lake", add_lake((0, 1)))
    assert session.draft["players"][0]["cards"][-1]["kind"] == "lake"
    assert session.save_error == "Not saved: disk full"


def test_every_browser_tab_gets_the_same_session_of_a_table(tmp_path):
    store, session = open_table(tmp_path)
    sessions = Sessions(store, APP_GAMES)
    assert sessions.get(session.table_id) is sessions.get(session.table_id)
    assert sessions.get(999) is None
