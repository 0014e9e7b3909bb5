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


def open_dialog(page: ft.Page, dialog: ft.DialogControl) -> None:
    """Show ``dialog``. An AlertDialog without a name of its own is named by its title's text,
    so a screen reader says which dialog opened (Flutter names it by ``semantics_label`` only;
    without one axe-core reports ``aria-dialog-name``)."""
    if isinstance(dialog, ft.AlertDialog) and not dialog.semantics_label:
        dialog.semantics_label = first_text(dialog.title) or None
    page.show_dialog(dialog)


def first_text(control) -> str:
    """The first text shown in ``control`` (a Text, or a control holding one), else ""."""
    if control is None:
        return ""
    if isinstance(control, str):
        return control
    if isinstance(control, ft.Text):
        return control.value or ""
    for name in ("content", "controls"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if found := first_text(child):
                return found
    return ""
