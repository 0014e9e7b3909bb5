"""A new Girasoles table: the mode and the boards' size. The additional objectives are chosen in
the table, as they come during the game."""

from __future__ import annotations

import flet as ft

from scorer.girasoles.models import (
    ADDITIONAL_OBJECTIVES,
    DEFAULT_BOARD_SIZE,
    LARGEST_BOARD_SIZE,
    SMALLEST_BOARD_SIZE,
)
from ui.parts.widgets import labelled, tap_target


def mode_words(mode: str, count: int, words) -> str:
    """A mode's button: its name and how many additional objectives it plays."""
    if mode == "advanced":
        return words.say("ui.gi.setup.advanced", "Advanced: {count} additional objectives",
                         count=count)
    return words.say("ui.gi.setup.normal", "Normal: {count} additional objectives", count=count)


class GirasolesSetup:
    def __init__(self, on_change, words):
        self.on_change = on_change
        self.words = words
        self.setup: dict = {"mode": "normal", "rows": DEFAULT_BOARD_SIZE,
                            "cols": DEFAULT_BOARD_SIZE}
        self.root = ft.Column(spacing=8)

    def render(self) -> None:
        mode = self.setup.get("mode", "normal")
        rows = self.setup.get("rows", DEFAULT_BOARD_SIZE)
        cols = self.setup.get("cols", DEFAULT_BOARD_SIZE)
        say = self.words.say
        self.root.controls = [
            ft.Text(say("ui.gi.setup.mode_title", "Mode"), size=16, weight=ft.FontWeight.BOLD),
            ft.Row([
                tap_target(mode_words(name, count, self.words),
                           lambda e, m=name: self._set(mode=m), f"setup-mode-{name}",
                           selected=mode == name,
                           bgcolor=ft.Colors.PRIMARY_CONTAINER if mode == name else None)
                for name, count in ADDITIONAL_OBJECTIVES.items()
            ], wrap=True, spacing=6, run_spacing=6),
            ft.Text(say("ui.gi.setup.boards", "Personal boards"), size=16,
                    weight=ft.FontWeight.BOLD),
            ft.Row([
                labelled("setup-board-size", ft.Text(
                    say("ui.gi.setup.size", "{rows} rows × {cols} columns", rows=rows, cols=cols),
                    size=15, width=170)),
                tap_target(say("ui.gi.setup.usual", "Usual 6 × 6"), lambda e: self._set(rows=DEFAULT_BOARD_SIZE,
                                                              cols=DEFAULT_BOARD_SIZE),
                           "setup-board-usual",
                           selected=(rows, cols) == (DEFAULT_BOARD_SIZE, DEFAULT_BOARD_SIZE)),
            ], wrap=True, spacing=6, run_spacing=6),
            ft.Row([
                tap_target(say("ui.gi.setup.row_minus", "− row"),
                           lambda e: self._set(rows=rows - 1), "setup-rows-minus"),
                tap_target(say("ui.gi.setup.row_plus", "+ row"),
                           lambda e: self._set(rows=rows + 1), "setup-rows-plus"),
                tap_target(say("ui.gi.setup.column_minus", "− column"),
                           lambda e: self._set(cols=cols - 1), "setup-cols-minus"),
                tap_target(say("ui.gi.setup.column_plus", "+ column"),
                           lambda e: self._set(cols=cols + 1), "setup-cols-plus"),
            ], wrap=True, spacing=6, run_spacing=6),
            ft.Text(say("ui.gi.setup.objectives", "The starting objectives I, II and III are "
                        "always active; choose the additional objectives in the table as they "
                        "come."), size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT),
        ]

    def _set(self, **changes) -> None:
        for way in ("rows", "cols"):
            if way in changes:
                changes[way] = min(LARGEST_BOARD_SIZE, max(SMALLEST_BOARD_SIZE, changes[way]))
        self.setup = {**self.setup, **changes}
        self.on_change(self.setup)
        self.render()
        self.root.update()
