"""A dialog's Close closes the dialog, even while a toast (a snack bar) shows above it."""

from __future__ import annotations

import asyncio

import flet as ft

from ui.parts.dialogs import close_dialog
from ui.screens.invite_view import InviteDialog
from ui.store.storage import TableStore

from live_devices import Server
from test_app_fan_out import two_valleys


def open_invite_then_toast(store):
    """Ann's phone with the Invite dialog open and a toast shown after it: (page, dialog)."""
    table_id = two_valleys(store, {})
    ann = Server(store).connect("ann", f"/table/{table_id}/valley/0", table_id, 0)
    InviteDialog(ann.context, table_id).open()
    ann.context.toast("Saved.")
    page = ann.context.page
    dialog, toast = page._dialogs.controls  # noqa: SLF001 - what Flet shows, in order
    assert isinstance(dialog, ft.AlertDialog) and isinstance(toast, ft.SnackBar)
    return page, dialog, toast, ann


def test_close_closes_the_dialog_and_leaves_the_toast_showing(tmp_path):
    async def run():
        page, dialog, toast, _ann = open_invite_then_toast(TableStore(tmp_path / "t.sqlite3"))
        assert close_dialog(page) is dialog
        assert (dialog.open, toast.open) == (False, True)
        assert close_dialog(page) is None  # only the toast is left: nothing to close

    asyncio.run(run())


def test_flets_own_pop_would_have_closed_the_toast_instead(tmp_path):
    """Why close_dialog exists: page.pop_dialog() takes the topmost, the snack bar."""
    async def run():
        page, dialog, toast, _ann = open_invite_then_toast(TableStore(tmp_path / "t.sqlite3"))
        assert page.pop_dialog() is toast
        assert dialog.open

    asyncio.run(run())
