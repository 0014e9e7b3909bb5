"""Deleted tables: the notice on a table deleted while this device shows it (keep a copy), and
home's "Recently deleted" (restore, or empty for good). A deleted table stays in the file until
the user empties it, so an Undo or a Restore always finds every edit acknowledged."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ui.live.session import TableSession, deleted_message
from ui.parts.dialogs import close_dialog, open_dialog
from ui.parts.saving import saving
from ui.parts.widgets import PROBLEM, heading, labelled, tap_target
from ui.screens.keeping import deleted_note, kept_until_line


def deleted_notice(context, session: TableSession, player: int) -> ft.Control:
    """At the top of a table deleted on another device: why edits are refused, and a way out."""
    if not session.deleted:
        return ft.Container(height=0)
    return labelled("table-deleted", ft.Container(
        ft.Column([
            ft.Text(deleted_message(session.deleted_by, context.words), size=15,
                    weight=ft.FontWeight.BOLD, color=PROBLEM),
            tap_target(ft.Row([ft.Icon(ft.Icons.COPY_ALL), ft.Text(context.words.say("ui.deleted.keep_copy", "Keep a copy"),
                                                          size=15)],
                              tight=True),
                       lambda e: keep_copy(context, session, player), "keep-copy",
                       bgcolor=ft.Colors.PRIMARY_CONTAINER),
        ], spacing=8, tight=True),
        padding=12, bgcolor=ft.Colors.RED_50,
    ))


def keep_copy(context, session: TableSession, player: int) -> None:
    """Save the draft as this screen shows it as a new table, and carry on there."""
    copied: list[int] = []

    def copy_it() -> None:
        copied.append(context.sessions.keep_copy(session, context.device))

    if saving(context, copy_it):
        context.go(f"/table/{copied[0]}/valley/{player}")
        context.toast(context.words.say("ui.deleted.kept", "Kept as a new table."))


def delete(context, table_id: int) -> bool:
    """Delete a table (until emptied), and tell the devices still showing it at once."""
    if not context.may_open(table_id) or not saving(
            context, lambda: context.sessions.delete(table_id, context.person_at(table_id))):
        return False
    context.edited(table_id)
    return True


def restore(context, table_id: int) -> None:
    """Bring a deleted table back, and tell the devices still showing it."""
    if context.may_open(table_id) and saving(context, lambda: context.sessions.restore(table_id)):
        context.edited(table_id)


def recently_deleted(context, title: Callable, redraw: Callable[[], None]) -> list[ft.Control]:
    """Home's part for the deleted tables this device may see: each with Restore, then Empty;
    nothing when there are none. ``title(stored)`` names a table as home does."""
    tables = [stored for stored in context.store.list_deleted() if context.may_open(stored.id)]
    if not tables:
        return []

    def restore_one(table_id: int) -> None:
        restore(context, table_id)
        redraw()

    words = context.words
    items: list[ft.Control] = [
        ft.Divider(),
        heading(words.say("ui.deleted.heading", "Recently deleted"), 18),
        ft.Text(deleted_note(context) or words.say("ui.deleted.kept_until",
                                                   "Kept until you empty them."), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    for stored in tables:
        kept = kept_until_line(context, stored)
        name = ft.Text(title(stored), size=14)
        items.append(ft.Row([
            ft.Container(name if kept is None else ft.Column([name, kept], spacing=2,
                                                             tight=True), expand=True),
            tap_target(words.say("ui.deleted.restore", "Restore"), lambda e, table_id=stored.id: restore_one(table_id),
                       f"restore-table-{stored.id}"),
        ], spacing=8))
    items.append(tap_target(
        ft.Row([ft.Icon(ft.Icons.DELETE_FOREVER),
                ft.Text(words.say("ui.deleted.empty", "Empty"), size=15)], tight=True),
        lambda e: _confirm_empty(context, [stored.id for stored in tables], redraw),
        "empty-deleted",
    ))
    return items


def _confirm_empty(context, table_ids: list[int], redraw: Callable[[], None]) -> None:
    def empty(e) -> None:
        close_dialog(context.page)
        saving(context, lambda: context.sessions.purge(table_ids))
        redraw()

    words = context.words
    open_dialog(context.page, ft.AlertDialog(
        title=ft.Text(words.say("ui.deleted.empty_title", "Empty Recently deleted?"), size=18),
        content=ft.Text(words.say_n(
            "ui.deleted.empty_warning", "{count} table will be gone for good: this cannot be "
            "undone.", "{count} tables will be gone for good: this cannot be undone.",
            len(table_ids)), size=14),
        actions=[
            tap_target(words.say("ui.deleted.cancel", "Cancel"),
                       lambda e: close_dialog(context.page), "empty-cancel"),
            tap_target(words.say("ui.deleted.empty", "Empty"), empty, "empty-confirm",
                       color=PROBLEM),
        ],
    ))
