"""The names of the 3 Festivities, in the table settings (the same edit as on the Festivities
page); a solo table has none."""

from __future__ import annotations

import flet as ft

from ui.live.editing import run_action
from ui.games.maple_valley.editor_model import MapleEditor, festivity_word
from ui.parts.widgets import Memo, labelled


class FestivitySettingsView:
    def __init__(self, context, session):
        self.context = context
        self.session = session
        self.words = context.words
        self.model = MapleEditor(session, 0, self.words)
        self._fields = Memo()
        self.root = ft.Column(spacing=6)

    def render(self) -> None:
        model = self.model
        self.root.controls = [
            ft.Text(self.words.say("ui.mv.settings.title", "Festivities"), size=16, weight=ft.FontWeight.BOLD),
            self._fields.get((model.solo, tuple(model.typed_festivities)), self._build),
            *([labelled("festivity-settings-note", ft.Text(model.message, size=13))]
              if model.message else []),
        ]

    def _build(self) -> ft.Control:
        if self.model.solo:
            return ft.Text(self.words.say("ui.mv.settings.solo", "A solo game has no "
                                          "Festivities; with 2 or more players, name them "
                                          "here."), size=13)
        fields = []
        for number, typed in enumerate(self.model.typed_festivities):
            def rename(e, n=number) -> None:
                run_action(self, self.model.rename_festivity, n, e.control.value or "")

            fields.append(labelled(f"festivity-setting-{number}", ft.TextField(
                value=typed, label=festivity_word(number, self.words),
                hint_text=festivity_word(number, self.words),
                max_length=60, counter="", border=ft.OutlineInputBorder(),
                on_submit=rename, on_blur=rename)))
        return ft.Column(fields, spacing=8)
