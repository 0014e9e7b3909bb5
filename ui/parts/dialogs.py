"""Closing a screen's dialog.

Flet's ``page.pop_dialog()`` closes the topmost open dialog, and a snack bar
(``AppContext.toast``) is one: a dialog's Close tapped while a toast still shows would close the
toast and leave the dialog open, so a second tap would be needed. Screens close their dialog
with :func:`close_dialog` instead."""

from __future__ import annotations

import flet as ft


def close_dialog(page: ft.Page) -> ft.DialogControl | None:
    """Close the topmost open dialog that is not a snack bar, and return it (None if none is
    open). A toast showing goes on for its seconds."""
    # Flet 1.0 keeps the open dialogs, snack bars included, in the page's dialog stack.
    dialog = next((shown for shown in reversed(page._dialogs.controls)  # noqa: SLF001
                   if shown.open and not isinstance(shown, ft.SnackBar)), None)
    if dialog is not None:
        dialog.open = False
        page.update(dialog)
    return dialog
