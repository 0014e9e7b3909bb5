"""The mode and the boards' size of a table under way: the set-up's form, each change made by the
board editor's own edits (resizing says what it took off, and Undo brings it back). The additional
objectives are chosen in the board editor, as they come during the game."""

from __future__ import annotations

import flet as ft

from ui.live.editing import run_action
from ui.games.girasoles.editor_model import ObjectivesEditor
from ui.games.girasoles.setup_view import GirasolesSetup
from ui.parts.widgets import labelled, tap_target


class BoardSettingsView:
    def __init__(self, context, session):
        self.context = context
        self.session = session
        self.words = context.words
        self.model = ObjectivesEditor(session, self.words)
        self.form = GirasolesSetup(self._chosen, self.words)
        self._note = ft.Text(size=13)
        self._note_handle = labelled("board-settings-note", self._note)
        self.root = ft.Column([
            self.form.root,
            self._note_handle,
            tap_target(ft.Text(self.words.say("ui.gi.settings.objectives", "Additional "
                                              "objectives: chosen in the board editor"),
                               size=15),
                       lambda e: context.go(f"/table/{session.table_id}/valley/0"),
                       "settings-objectives", height=None, padding=8),
        ], spacing=6)

    def render(self) -> None:
        rows, cols = self.model.board_size
        self.form.setup = {"mode": self.model.mode, "rows": rows, "cols": cols}
        self._note.value = self.model.message
        self._note_handle.visible = bool(self.model.message)
        self.form.render()

    def _chosen(self, setup: dict) -> None:
        if setup["mode"] != self.model.mode:
            run_action(self, self.model.set_mode, setup["mode"])
        elif (setup["rows"], setup["cols"]) != self.model.board_size:
            run_action(self, self.model.resize, setup["rows"], setup["cols"])
