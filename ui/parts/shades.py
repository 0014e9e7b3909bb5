"""The colours of cards and board spaces, light and dark: each picture has a shade and an ink
for the light theme and darker ones for the dark theme (text on both meets WCAG AA, measured in
tests/app/test_app_colours.py).

The device picks the pair itself: a picture's control sits in a container whose nested light and
dark themes give the theme's primary colour the picture's shade (and on-primary its ink), and
the picture is drawn in ``SHADE`` and ``INK``. So a theme switch (or the phone turning dark at
night) redraws no control, and two phones at one table may show one board in two themes."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

SHADE = ft.Colors.PRIMARY
"""A picture's background: its shade in the device's theme (inside :func:`in_shade`)."""
INK = ft.Colors.ON_PRIMARY
"""Text and symbols on a picture: its ink in the device's theme (inside :func:`in_shade`)."""


@dataclass(frozen=True)
class Shade:
    """A picture's background and ink in the light theme, and in the dark theme."""

    light: str
    light_ink: str
    dark: str
    dark_ink: str


def in_shade(shade: Shade, control: ft.Control) -> ft.Control:
    """``control``, whose ``SHADE`` and ``INK`` are the shade's colours in the device's theme."""
    return ft.Container(
        control,
        theme=ft.Theme(color_scheme=ft.ColorScheme(primary=shade.light,
                                                   on_primary=shade.light_ink)),
        dark_theme=ft.Theme(color_scheme=ft.ColorScheme(primary=shade.dark,
                                                        on_primary=shade.dark_ink)),
    )
