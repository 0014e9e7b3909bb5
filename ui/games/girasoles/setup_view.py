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


class GirasolesSetup:
    def __init__(self, on_change):
        self.on_change = on_change
        self.setup: dict = {"mode": "normal", "rows": DEFAULT_BOARD_SIZE,
                            "cols": DEFAULT_BOARD_SIZE}
        self.root = ft.Column(spacing=8)

    def render(self) -> None:
        mode = self.setup.get("mode", "normal")
        rows = self.setup.get("rows", DEFAULT_BOARD_SIZE)
        cols = self.setup.get("cols", DEFAULT_BOARD_SIZE)
        self.root.controls = [
            ft.Text("Mode", size=16, weight=ft.FontWeight.BOLD),
            ft.Row([
                tap_target(f"{name.capitalize()}: {count} additional objectives",
                           lambda e, m=name: self._set(mode=m), f"setup-mode-{name}",
                           selected=mode == name,
                           bgcolor=ft.Colors.PRIMARY_CONTAINER if mode == name else None)
                for name, count in ADDITIONAL_OBJECTIVES.items()
            ], wrap=True, spacing=6, run_spacing=6),
            ft.Text("Personal boards", size=16, weight=ft.FontWeight.BOLD),
            ft.Row([
                labelled("setup-board-size", ft.Text(f"{rows} rows × {cols} columns", size=15,
                                                     width=170)),
                tap_target("Usual 6 × 6", lambda e: self._set(rows=DEFAULT_BOARD_SIZE,
                                                              cols=DEFAULT_BOARD_SIZE),
                           "setup-board-usual",
                           selected=(rows, cols) == (DEFAULT_BOARD_SIZE, DEFAULT_BOARD_SIZE)),
            ], wrap=True, spacing=6, run_spacing=6),
            ft.Row([
                tap_target("− row", lambda e: self._set(rows=rows - 1), "setup-rows-minus"),
                tap_target("+ row", lambda e: self._set(rows=rows + 1), "setup-rows-plus"),
                tap_target("− column", lambda e: self._set(cols=cols - 1), "setup-cols-minus"),
                tap_target("+ column", lambda e: self._set(cols=cols + 1), "setup-cols-plus"),
            ], wrap=True, spacing=6, run_spacing=6),
            ft.Text("The starting objectives I, II and III are always active; choose the "
                    "additional objectives in the table as they come.", size=13,
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
