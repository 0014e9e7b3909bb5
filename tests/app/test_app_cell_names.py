"""What a screen reader says for a valley's cells and a board's spaces: the place as the scorepad
names it ("row 2, column 3") and what lies there; a cell a scorepad line used says so and carries
a mark, so it differs from the dimmed ones by more than colour."""

from __future__ import annotations

import flet as ft

from control_tree import _children
from scorer.girasoles.models import Colour, Symbol
from scorer.sunflower_valley.models import Kind
from test_app_sunflower_valley_view import view_of
from ui.parts.words import app_language
from ui.games.girasoles.editor_model import SpaceView
from ui.games.girasoles.look import space_control
from ui.games.sunflower_valley.cards import cell_control
from ui.games.sunflower_valley.editor_model import CellView
from ui.parts.widgets import HIGHLIGHT_MARK


def handle_of(control, identifier: str) -> ft.Semantics | None:
    """The Semantics control that carries the handle ``identifier``."""
    if isinstance(control, ft.Semantics) and control.identifier == identifier:
        return control
    return next((found for child in _children(control)
                 if (found := handle_of(child, identifier)) is not None), None)


def texts_under(control) -> list[str]:
    if isinstance(control, ft.Text):
        return [control.value]
    return [text for child in _children(control) for text in texts_under(child)]


def test_valley_cells_are_named_by_place_and_kind_and_renamed_as_the_valley_grows(tmp_path):
    session, context, view = view_of(tmp_path)
    assert handle_of(view.root, "cell-0-0").label == "row 1, column 1: Starting Town"
    assert handle_of(view.root, "cell-0-1").label == "row 1, column 2: free place"
    view.model.choose_kind(Kind.SHEEP)
    view.model.tap((-1, 0))  # a row above the Starting Town: every place is named anew
    view.render()
    assert handle_of(view.root, "cell-0-0").label == "row 2, column 1: Starting Town"
    assert handle_of(view.root, "cell--1-0").label == "row 1, column 1: Sheep"


def test_a_highlighted_cell_says_so_and_carries_a_mark_the_dimmed_ones_do_not():
    sheep = CellView(cell=(4, 7), card={"kind": "sheep", "row": 4, "col": 7},
                     place="row 2, column 3")
    used = cell_control(sheep, 60, app_language("en"), highlighted=True)
    dimmed = cell_control(sheep, 60, app_language("en"), dimmed=True)
    assert used.label == "row 2, column 3: Sheep, highlighted"
    assert dimmed.label == "row 2, column 3: Sheep"
    assert HIGHLIGHT_MARK in texts_under(used)
    assert HIGHLIGHT_MARK not in texts_under(dimmed)


def test_board_spaces_are_named_by_place_and_what_is_on_them():
    bee = SpaceView(cell=(3, 2), colour=Colour.YELLOW, symbol=Symbol.BEE)
    assert space_control(bee, 40, app_language("en")).label == "row 3, column 2: yellow bee"
    used = space_control(bee, 40, app_language("en"), highlighted=True)
    assert used.label == "row 3, column 2: yellow bee, highlighted"
    assert HIGHLIGHT_MARK in texts_under(used)
    assert HIGHLIGHT_MARK not in texts_under(space_control(bee, 40, app_language("en"), dimmed=True))


def rows_under(control) -> list[ft.Row]:
    found = [control] if isinstance(control, ft.Row) else []
    return found + [row for child in _children(control) for row in rows_under(child)]


def test_a_highlighted_cards_mark_has_a_place_of_its_own_beside_its_icon():
    """Issue 32, row 8: in a corner the mark covered a small card's name ("Feld" showed "d");
    in the face's top line, beside the icon, it covers nothing, at any size."""
    words = app_language("de")
    for size in (32, 40, 60):
        field = CellView(cell=(0, 1), card={"kind": "field", "row": 0, "col": 1},
                         place="row 1, column 2")
        used = cell_control(field, size, words, highlighted=True)
        top_lines = [row for row in rows_under(used) if any(
            isinstance(child, ft.Icon) for child in row.controls)]
        assert len(top_lines) == 1
        marks = [child for child in top_lines[0].controls if HIGHLIGHT_MARK in texts_under(child)]
        assert len(marks) == 1 and marks[0].left is None and marks[0].bottom is None
        assert marks[0].width <= 0.5 * size
        assert texts_under(used).count(HIGHLIGHT_MARK) == 1
        assert "Feld" in texts_under(used)
