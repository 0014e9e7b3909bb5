"""Text on every colour a player can pick is readable: WCAG contrast of at least 4.5:1 (AA),
computed by an independent colour library from the shade and the ink the app uses on it."""

from __future__ import annotations

import pytest
from coloraide import Color

from ui.games.plugin import PLAYER_COLOURS, PLAYER_TEXT, player_colour
from ui.parts.widgets import HIGHLIGHT_MARK_BG

AA = 4.5


@pytest.mark.parametrize("name", list(PLAYER_COLOURS))
def test_text_on_each_player_colour_meets_aa(name):
    contrast = Color(PLAYER_COLOURS[name]).contrast(PLAYER_TEXT[name], method="wcag21")
    assert contrast >= AA, f"{name}: {contrast:.2f}:1"


def test_the_palette_keeps_its_names():
    assert list(PLAYER_COLOURS) == ["red", "blue", "green", "yellow", "purple", "orange", "teal",
                                    "grey"]
    assert set(PLAYER_TEXT) == set(PLAYER_COLOURS)


def test_white_on_yellow_would_fail_so_the_check_can_fail():
    assert Color(PLAYER_COLOURS["yellow"]).contrast("#FFFFFF", method="wcag21") < AA


def test_an_unknown_colour_name_is_shown_as_grey():
    assert player_colour("magenta") == (PLAYER_COLOURS["grey"], PLAYER_TEXT["grey"])


def test_the_mark_of_a_highlighted_cell_meets_aa():
    assert Color(HIGHLIGHT_MARK_BG).contrast("#FFFFFF", method="wcag21") >= AA
