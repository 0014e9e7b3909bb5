"""A new Maple Valley table needs no set-up choices; say what the number of players means."""

from __future__ import annotations

import flet as ft

from ui.parts.widgets import labelled


class SetupNote:
    def __init__(self, on_change, words):
        self.on_change = on_change
        self.words = words
        self.setup: dict = {}
        self.root = ft.Column(spacing=6)

    def render(self) -> None:
        self.root.controls = [
            ft.Text("Maple Valley", size=16, weight=ft.FontWeight.BOLD),
            labelled("maple-setup-note", ft.Text(self.words.say(
                "ui.mv.setup.note", "1 player is the solo game: no Festivities, and a four-word "
                "title at the end. 2 to 5 players score the 3 Festivities; name them on the "
                "table's Festivities page."), size=14)),
        ]
