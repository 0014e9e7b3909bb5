"""Light and dark without a browser: the theme switch's steps, the warning box's few lines."""

from __future__ import annotations

import flet as ft

from ui.parts.theme import MODES, next_mode
from ui.parts.widgets import WARNINGS_SHOWN, WarningBox


def test_the_switch_steps_through_device_dark_and_light_and_back():
    assert [next_mode(mode) for mode in ("system", "dark", "light")] == ["dark", "light",
                                                                         "system"]
    assert next_mode("sepia") == "system"
    assert MODES["system"] == ft.ThemeMode.SYSTEM


def shown_lines(box) -> list:
    return box.content.content.controls


def test_a_few_warnings_are_shown_whole():
    box = WarningBox("w", ["one", "two"]).root
    assert len(shown_lines(box)) == 2


def test_many_warnings_show_the_first_few_and_the_rest_on_a_tap():
    messages = [f"valley {n} has 0 Valley cards" for n in range(6)]
    box = WarningBox("w", messages).root
    lines = shown_lines(box)
    assert len(lines) == WARNINGS_SHOWN + 1
    more = lines[-1]
    assert more.identifier == "w-more"
    assert more.content.content.controls[0].value == f"{6 - WARNINGS_SHOWN} more warnings"
    more.content.on_click(None)
    assert [row.controls[1].value for row in shown_lines(box)] == messages


def line_words(box) -> list[str]:
    return [row.controls[1].value if isinstance(row, ft.Row) else row.content.content.controls[0]
            .value for row in shown_lines(box)]


def test_a_warning_that_comes_or_goes_sends_the_list_of_lines_and_keeps_the_others():
    warnings = WarningBox("w", ["Ann: 17 cards"])
    first_line = shown_lines(warnings.root)[0]
    assert warnings.show(["Ann: 17 cards", "Bob: 19 cards"]) == [warnings.root.content.content]
    assert line_words(warnings.root) == ["Ann: 17 cards", "Bob: 19 cards"]
    assert shown_lines(warnings.root)[0] is first_line  # kept, not made again
    assert warnings.show(["Ann: 16 cards"]) == [warnings.root.content.content]
    assert line_words(warnings.root) == ["Ann: 16 cards"]
    assert shown_lines(warnings.root)[0] is first_line
    assert warnings.show([]) == [warnings.root.content.content]
    assert shown_lines(warnings.root) == []


def test_a_warning_whose_words_change_sends_its_line_alone():
    warnings = WarningBox("w", ["Ann: 17 cards", "Bob: 19 cards"])
    changed = warnings.show(["Ann: 17 cards", "Bob: 18 cards"])
    assert len(changed) == 1 and changed[0] is warnings.texts[1]
    assert warnings.show(["Ann: 17 cards", "Bob: 18 cards"]) == []


def test_past_the_first_few_a_new_warning_changes_the_more_line_alone():
    messages = [f"valley {n} has 0 Valley cards" for n in range(WARNINGS_SHOWN + 1)]
    warnings = WarningBox("w", messages)
    assert line_words(warnings.root)[-1] == "1 more warning"
    lines = list(shown_lines(warnings.root))
    changed = warnings.show(messages + ["valley 9 has 0 Valley cards"])
    assert len(changed) == 1 and changed[0].value == "2 more warnings"
    assert all(a is b for a, b in zip(shown_lines(warnings.root), lines))
    # A hidden line's words change: nothing on the page changes.
    assert warnings.show(messages + ["valley 9 has 1 Valley card"]) == []


def test_every_warning_stays_shown_once_asked_for_as_warnings_come():
    messages = [f"valley {n} has 0 Valley cards" for n in range(WARNINGS_SHOWN + 1)]
    warnings = WarningBox("w", messages)
    shown_lines(warnings.root)[-1].content.on_click(None)
    warnings.show(messages + ["one more"])
    assert line_words(warnings.root) == messages + ["one more"]
