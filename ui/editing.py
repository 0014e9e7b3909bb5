"""What every game's editor does with a table session: make an edit and say what it did, undo,
redo, run a screen's action so every browser showing the table redraws, and word a model's
refusal for the person at the table."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from ui.session import Change, TableSession


def apply_edit(session: TableSession, label: str, change: Change) -> str:
    """Make an edit; the message line's words for it."""
    if session.apply(label, change):
        return label[0].upper() + label[1:] + "."
    return "Nothing changed."


def undo_edit(session: TableSession) -> str:
    label = session.undo()
    return f"Undone: {label}." if label else "Nothing to undo."


def redo_edit(session: TableSession) -> str:
    label = session.redo()
    return f"Redone: {label}." if label else "Nothing to redo."


def run_action(view: Any, action, *args) -> Any:
    """Run an editor action from a handler of ``view`` (which has ``context``, ``session``,
    ``model`` and ``render``): a failure becomes the message, never a crash; an edit redraws
    every browser showing the table, anything else this screen only."""
    session = view.session
    revision = session.revision
    outcome = None
    try:
        outcome = action(*args)
    except Exception as error:  # noqa: BLE001 - say it, keep the draft, keep going
        view.model.message = f"That did not work: {error}"
    if session.revision != revision:
        view.context.edited(session.table_id)
        view.context.refresh()
    else:
        view.render()
        view.context.page.update()
    return outcome


def validation_message(error: ValidationError) -> str:
    """The model's own words, without pydantic's prefixes."""
    messages = []
    for item in error.errors(include_url=False):
        message = item["msg"]
        for prefix in ("Value error, ", "Assertion failed, "):
            message = message.removeprefix(prefix)
        messages.append(message)
    return "; ".join(messages)
