"""Home's Recently deleted and the notice on a deleted table, without a browser: restore, empty
with a confirmation, keep a copy, and a failing file said in words."""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager

import flet as ft

from control_tree import identified, texts
from fake_page import FakePage, PrivateServerContext
from ui.screens.deleted_tables import delete, deleted_notice, recently_deleted
from ui.games.registry import APP_GAMES
from ui.screens.home_view import table_title
from ui.games.plugin import PlayerSetup
from ui.live.session import Sessions
from ui.store.storage import TableStore
from ui.parts.words import app_language

SV = APP_GAMES["sunflower_valley"]


class Context(PrivateServerContext):
    def __init__(self, db):
        self.words = app_language("en")
        self.store = TableStore(db("tables"))
        self.sessions = Sessions(self.store, APP_GAMES)
        self.is_host = False
        self.device = "bea's phone"
        self.toasts: list[str] = []
        self.told: list[int] = []
        self.went: list[str] = []
        self.page = FakePage()

    @property
    def dialogs(self) -> list:
        return self.page.dialogs

    def may_open(self, table_id: int) -> bool:
        return True

    def person_at(self, table_id: int) -> str:
        return "Bea"

    def edited(self, table_id: int) -> None:
        self.told.append(table_id)

    def toast(self, text: str, *action) -> None:
        self.toasts.append(text)

    def go(self, route: str) -> None:
        self.went.append(route)

    def new_table(self, *names: str) -> int:
        draft = SV.new_draft([PlayerSetup(name, "red") for name in names], {"goals": []})
        return self.store.create(SV.key, draft)


def part(context) -> ft.Column:
    return ft.Column(recently_deleted(context, table_title, lambda: None))


def test_nothing_deleted_shows_nothing(db):
    context = Context(db)
    context.new_table("Ann", "Bob")
    assert recently_deleted(context, table_title, lambda: None) == []


def test_a_deleted_table_is_restored_from_home_and_the_devices_showing_it_are_told(db):
    context = Context(db)
    table_id = context.new_table("Ann", "Bob")
    assert delete(context, table_id) and context.told == [table_id]
    shown = part(context)
    assert "Sunflower Valley · Ann, Bob" in texts(shown)
    identified(shown, f"restore-table-{table_id}").on_click(None)
    assert [t.id for t in context.store.list()] == [table_id] and context.told[-1] == table_id
    assert recently_deleted(context, table_title, lambda: None) == []


def test_emptying_asks_first_then_forgets_the_deleted_tables_for_good(db):
    context = Context(db)
    kept, gone = context.new_table("Ann", "Bob"), context.new_table("Cid", "Dee")
    delete(context, gone)
    identified(part(context), "empty-deleted").on_click(None)
    [dialog] = context.dialogs
    assert dialog.content.value == "1 table will be gone for good: this cannot be undone."
    identified(dialog, "empty-cancel").on_click(None)
    assert context.store.list_deleted()[0].id == gone
    identified(part(context), "empty-deleted").on_click(None)
    identified(context.dialogs[0], "empty-confirm").on_click(None)
    assert context.store.list_deleted() == [] and [t.id for t in context.store.list()] == [kept]


def test_a_table_deleted_elsewhere_offers_to_keep_a_copy(db):
    context = Context(db)
    table_id = context.new_table("Ann", "Bob")
    session = context.sessions.get(table_id)
    assert identified(deleted_notice(context, session, 1), "table-deleted") is None
    delete(context, table_id)
    notice = deleted_notice(context, session, 1)
    assert identified(notice, "table-deleted").content.controls[0].value == (
        "Bea deleted this table: Undo on their screen, or keep a copy.")
    identified(notice, "keep-copy").on_click(None)
    [copy] = context.store.list()
    assert copy.draft == session.draft and context.went == [f"/table/{copy.id}/valley/1"]


def test_a_full_disk_when_deleting_is_said_in_words_and_nothing_changes(tmp_path, monkeypatch):
    context = Context(lambda name: tmp_path / f"{name}.sqlite3")  # SQLite's own error
    table_id = context.new_table("Ann", "Bob")

    @contextmanager
    def full(create: bool = False):
        """What SQLite raises when the disk is full."""
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = sqlite3.SQLITE_FULL
        raise error
        yield

    monkeypatch.setattr(context.store.engine, "_connection", full)
    assert not delete(context, table_id)
    assert context.toasts == ["Not saved: the disk is full (file tables.sqlite3): free some "
                              "space; nothing changed; what you entered stays here, to try "
                              "again."]
    assert context.told == []
    monkeypatch.undo()
    assert context.sessions.get(table_id) is not None
