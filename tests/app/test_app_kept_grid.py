"""The grid the editors draw their places in (ui.parts.widgets.KeptGrid): it keeps its rows and
each place's box, and names what a redraw changed, for the page to send only that."""

from __future__ import annotations

import flet as ft

from ui.parts.widgets import KeptGrid

HEADER = ft.Text("columns")
LABELS = {row: ft.Text(f"row {row}") for row in range(2)}


def drawn(grid: KeptGrid, looks: dict, in_place: bool = False) -> list:
    """Draw two rows of three places, each a Text of its look (a new Text, or with
    ``in_place`` the kept one given its new value); what the grid says changed."""

    def text(look: str, kept: ft.Text | None) -> ft.Text:
        if in_place and kept is not None:
            kept.value = look
            return kept
        return ft.Text(look)

    changed: list = []
    grid.draw(HEADER, [(row, LABELS[row], [((row, col), looks[row, col],
                                            lambda kept, look=looks[row, col]: text(look, kept))
                                           for col in range(3)]) for row in range(2)], changed)
    return changed


def test_a_place_whose_look_changed_is_sent_in_its_box_and_everything_else_is_kept():
    grid = KeptGrid(2)
    looks = {(row, col): "empty" for row in range(2) for col in range(3)}
    assert drawn(grid, looks) == [grid.column]  # the first drawing: the grid, whole
    rows, boxes = dict(grid.rows), dict(grid.boxes)
    cells = {place: control for place, (_, control) in grid.cells.items()}

    assert drawn(grid, looks) == []  # nothing changed: nothing to send
    looks[1, 2] = "Lake"
    changed = drawn(grid, looks)

    assert changed == [boxes[1, 2]]
    assert boxes[1, 2].content.value == "Lake"
    assert grid.rows == rows and all(grid.rows[key] is row for key, row in rows.items())
    assert all(grid.boxes[place] is box for place, box in boxes.items())
    assert [place for place, (_, control) in grid.cells.items()
            if control is not cells[place]] == [(1, 2)]


def test_a_row_most_of_whose_places_changed_is_sent_as_one_row():
    grid = KeptGrid(2)
    looks = {(row, col): "empty" for row in range(2) for col in range(3)}
    drawn(grid, looks)
    boxes = dict(grid.boxes)

    looks.update({(0, 0): "Lake", (0, 1): "Field", (1, 0): "Sheep"})
    changed = drawn(grid, looks)

    # Row 0 (two of its three places) in one message; row 1's one place in its box.
    assert changed == [grid.rows[0], boxes[1, 0]]
    assert [box.content.value for box in grid.rows[0].controls[1:]] == ["Lake", "Field", "empty"]


def test_a_place_drawn_again_in_place_is_sent_itself_in_the_same_box():
    grid = KeptGrid(2)
    looks = {(row, col): "empty" for row in range(2) for col in range(3)}
    drawn(grid, looks)
    boxes = dict(grid.boxes)
    text = boxes[0, 1].content

    looks[0, 1] = "free place"
    changed = drawn(grid, looks, in_place=True)

    assert changed == [text]  # the kept Text, with its new value: not its box, not its row
    assert grid.boxes[0, 1] is boxes[0, 1] and boxes[0, 1].content is text
    assert text.value == "free place" and grid.cells[0, 1] == ("free place", text)
