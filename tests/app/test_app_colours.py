"""Text on every colour a player can pick, and on every card and board space in the light and
the dark theme, is readable: WCAG contrast of at least 4.5:1 (AA), computed by an independent
colour library from the shade and the ink the app uses on it. In the dark theme the pictures are
really dark, and a highlighted cell differs from a dimmed one by more than colour."""

from __future__ import annotations

import flet as ft
import pytest
from coloraide import Color

from control_tree import _children

from scorer.girasoles.models import Colour, Symbol
from scorer.sunflower_valley.models import Kind
from test_app_cell_names import texts_under
from ui.games.girasoles.editor_model import SpaceView
from ui.games.girasoles.look import EMPTY, SHADES, space_control
from ui.games.plugin import PLAYER_COLOURS, PLAYER_TEXT, player_colour
from ui.games.sunflower_valley.cards import cell_control, shade_of
from ui.games.sunflower_valley.editor_model import CellView
from ui.parts.shades import INK, SHADE, Shade
from ui.parts.words import app_language
from ui.parts.widgets import HIGHLIGHT_BORDER, HIGHLIGHT_MARK, HIGHLIGHT_MARK_BG

AA = 4.5
ENGLISH = app_language("en")


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


PICTURES: dict[str, Shade] = {**{f"Sunflower Valley {kind.value}": shade_of(kind) for kind in Kind},
                              **{f"Girasoles {colour.value}": SHADES[colour] for colour in Colour},
                              "Girasoles empty space": EMPTY}
"""Every card's and board space's colours: its ink (text, letters, icons) on its shade."""
DARK_ENOUGH = 0.12
"""Highest relative luminance of a picture in the dark theme (the light theme's yellow is 0.70,
its lightest green 0.41; the dark theme's page is about 0.01)."""


@pytest.mark.parametrize("name", list(PICTURES))
def test_ink_on_each_card_and_space_meets_aa_light_and_dark(name):
    shade = PICTURES[name]
    light = Color(shade.light).contrast(shade.light_ink, method="wcag21")
    dark = Color(shade.dark).contrast(shade.dark_ink, method="wcag21")
    assert (light >= AA, dark >= AA) == (True, True), f"{name}: {light:.2f}:1, {dark:.2f}:1"


@pytest.mark.parametrize("name", list(PICTURES))
def test_each_card_and_space_is_dark_in_the_dark_theme(name):
    shade = PICTURES[name]
    assert Color(shade.dark).luminance() <= DARK_ENOUGH
    assert Color(shade.dark).luminance() < Color(shade.light).luminance()


def test_girasoles_red_and_green_differ_in_lightness_in_both_themes():
    """Red and green apart for red-green colour blindness (besides their letters)."""
    red, green = SHADES[Colour.RED], SHADES[Colour.GREEN]
    assert Color(green.light).contrast(red.light, method="wcag21") >= 1.5
    assert Color(green.dark).contrast(red.dark, method="wcag21") >= 1.5


def test_the_old_light_yellow_would_be_too_bright_for_dark_so_the_check_can_fail():
    assert Color(SHADES[Colour.YELLOW].light).luminance() > DARK_ENOUGH


def dark_theme_colours(control) -> tuple[str, str] | None:
    """The (primary, on-primary) that the nearest nested dark theme above the picture gives it."""
    if isinstance(control, ft.Container) and control.dark_theme is not None:
        scheme = control.dark_theme.color_scheme
        return scheme.primary, scheme.on_primary
    return next((found for child in _children(control)
                 if (found := dark_theme_colours(child)) is not None), None)


def test_a_card_and_a_space_are_drawn_in_their_shade_with_its_dark_pair():
    sheep = cell_control(CellView(cell=(1, 1), card={"kind": "sheep", "row": 1, "col": 1},
                                  place="row 1, column 1"), 60, ENGLISH)
    assert dark_theme_colours(sheep) == ("#2F5A1A", "#F1F8E9")
    assert sheep.content.content.content.bgcolor == SHADE
    bee = space_control(SpaceView(cell=(1, 1), colour=Colour.YELLOW, symbol=Symbol.BEE), 40,
                        ENGLISH)
    assert dark_theme_colours(bee) == ("#7A5A00", "#FFF8E1")
    assert bee.content.content.content.bgcolor == SHADE
    assert INK == ft.Colors.ON_PRIMARY


def test_highlighted_and_dimmed_cells_differ_by_a_mark_and_a_border():
    """Not by colour alone, in either theme: the used cell carries the ✓ (white on its disc, AA,
    the same in both themes) and a 4 px border; the dimmed one neither."""
    sheep = CellView(cell=(1, 1), card={"kind": "sheep", "row": 1, "col": 1},
                     place="row 1, column 1")
    used = cell_control(sheep, 60, ENGLISH, highlighted=True)
    dimmed = cell_control(sheep, 60, ENGLISH, dimmed=True)
    assert HIGHLIGHT_MARK in texts_under(used) and HIGHLIGHT_MARK not in texts_under(dimmed)
    assert used.content.border.top.width == 4
    assert dimmed.content.border.top.width == 1


@pytest.mark.parametrize("name", list(PICTURES))
def test_the_highlight_border_stands_out_on_every_dark_picture(name):
    """3:1 for a graphic against what it sits on (WCAG 1.4.11)."""
    assert Color(HIGHLIGHT_BORDER).contrast(PICTURES[name].dark, method="wcag21") >= 3
