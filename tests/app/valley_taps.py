"""A Sunflower Valley valley entered through the editor's own logic, as its taps would."""

from __future__ import annotations

from scorer.sunflower_valley.models import Kind
from ui.games.sunflower_valley.editor_model import ValleyEditor


def enter_valley(editor: ValleyEditor, valley) -> None:
    """``valley``: (place, a Kind or a CardDescription) in the order they are laid."""
    for cell, what in valley:
        if isinstance(what, Kind):
            editor.choose_kind(what)
        else:
            editor.choose_description(what)
        editor.tap(cell)
