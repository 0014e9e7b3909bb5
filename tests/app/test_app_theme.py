"""Light and dark without a browser: the theme switch's steps, the warning box's few lines."""

from __future__ import annotations

import flet as ft

from ui.parts.theme import MODES, next_mode
from ui.parts.widgets import WARNINGS_SHOWN, warning_box


def test_the_switch_steps_through_device_dark_and_light_and_back():
    assert [next_mode(mode) for mode in ("system", "dark", "light")] == ["dark", "light",
                                                                         "system"]
    assert next_mode("sepia") == "system"
    assert MODES["system"] == ft.ThemeMode.SYSTEM


def shown_lines(box) -> list:
    return box.content.content.controls


def test_a_few_warnings_are_shown_whole():
    box = warning_box("w", ["one", "two"])
    assert len(shown_lines(box)) == 2


def test_many_warnings_show_the_first_few_and_the_rest_on_a_tap():
    messages = [f"valley {n} has 0 Valley cards" for n in range(6)]
    box = warning_box("w", messages)
    lines = shown_lines(box)
    assert len(lines) == WARNINGS_SHOWN + 1
    more = lines[-1]
    assert more.identifier == "w-more"
    assert more.content.content.controls[0].value == f"{6 - WARNINGS_SHOWN} more warnings"
    more.content.on_click(None)
    assert [row.controls[1].value for row in shown_lines(box)] == messages
