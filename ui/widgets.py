"""Small Flet building blocks shared by the screens: tap targets of at least 48 px, labels."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

TOUCH = 48
"""Smallest side of anything tapped, in logical pixels (at least the 44 px guideline)."""
PROBLEM = "#B71C1C"
"""The ink of what is not scored until fixed."""


def tap_target(
    content: ft.Control | str,
    on_click: Callable | None,
    identifier: str | None = None,
    *,
    bgcolor: str | None = None,
    color: str | None = None,
    selected: bool = False,
    width: float | None = None,
    height: float | None = TOUCH,
    padding: int = 10,
    border_color: str | None = None,
    tooltip: str | None = None,
) -> ft.Control:
    """A tappable box; ``identifier`` becomes ``flt-semantics-identifier`` for the browser tests."""
    if isinstance(content, str):
        content = ft.Text(content, size=15, color=color, no_wrap=True)
    if width is None and height is not None:
        # A column of the box's height centres the content without stretching the box sideways.
        content = ft.Column([content], alignment=ft.MainAxisAlignment.CENTER, spacing=0)
    box = ft.Container(
        content=content,
        on_click=on_click,
        bgcolor=bgcolor,
        width=width,
        height=height,
        padding=ft.Padding.symmetric(horizontal=padding, vertical=0 if height else 10),
        alignment=ft.Alignment.CENTER if width is not None else None,
        border_radius=8,
        border=ft.Border.all(3 if selected else 1, border_color or
                             (ft.Colors.BLACK if selected else ft.Colors.OUTLINE_VARIANT)),
        ink=on_click is not None,
        tooltip=tooltip,
    )
    return ft.Semantics(identifier=identifier, button=on_click is not None, content=box)


def labelled(identifier: str, control: ft.Control) -> ft.Control:
    """A control with a stable handle for the browser tests."""
    return ft.Semantics(identifier=identifier, content=control)


def problem_list(messages: list[str]) -> ft.Control:
    """What an editor leaves out of the score until it is fixed, in words (nothing when none)."""
    if not messages:
        return ft.Container(height=0)
    return labelled("problems", ft.Column(
        [ft.Text("Not scored until fixed:", size=14, weight=ft.FontWeight.BOLD, color=PROBLEM)]
        + [ft.Text(f"! {message}", size=14, color=PROBLEM) for message in messages],
        spacing=2,
    ))


def heading(text: str, size: int = 20) -> ft.Text:
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD)


class Memo:
    """Keeps a built control while its key is unchanged, so a redraw sends the browser only what
    changed (Flet sends the differences between the old and the new tree)."""

    def __init__(self):
        self._key: object = object()
        self._control: ft.Control | None = None

    def get(self, key: object, build: Callable[[], ft.Control]) -> ft.Control:
        if self._control is None or key != self._key:
            self._control = build()
            self._key = key
        return self._control
