"""The valley editor's screen built without a browser: the picker's one-tap chips, a described
card corrected from the offered list (and on the table's cards that carry it), the grid's labels,
its growth at an edge and whether it is all in sight on a phone."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from test_app_maple_valley_view import FakeContext, children, click, identified
from test_app_sunflower_valley_editor import editors
from ui.games.sunflower_valley.editor_view import ValleyEditorView


def view_of(tmp_path, width: float = 390):
    session, _ = editors(tmp_path)
    context = FakeContext(width)
    view = ValleyEditorView(context, session, 0)
    context.view = view
    return session, context, view


def test_a_new_town_takes_one_tap_per_value_after_its_kinds(tmp_path, monkeypatch):
    monkeypatch.setattr(ft.AlertDialog, "update", lambda self: None)
    session, context, view = view_of(tmp_path)
    click(view.root, "palette-town")
    picker = context.dialogs[-1]
    click(picker.content, "picker-add-lake")
    for chip in ("picker-points-4", "picker-villagers-2", "picker-use"):  # then its place
        click(picker if chip == "picker-use" else picker.content, chip)
    click(view.root, "cell-0-1")
    assert session.draft["players"][0]["cards"][-1] == {
        "kind": "town", "combination": ["lake"], "points": 4, "villagers": 2, "row": 0, "col": 1}


def test_a_described_card_is_corrected_from_the_list_and_on_the_cards_that_carry_it(
        tmp_path, monkeypatch):
    monkeypatch.setattr(ft.AlertDialog, "update", lambda self: None)
    session, context, view = view_of(tmp_path)
    click(view.root, "palette-farmer")
    picker = context.dialogs.pop()
    click(picker.content, "picker-add-sheep")
    click(picker.content, "picker-points-2")
    click(picker, "picker-use")
    click(view.root, "cell-0-1")
    click(view.root, "described-edit")
    picker = context.dialogs.pop()
    offer = identified(picker.content, "picker-everywhere")  # its box, holding a row
    assert offer.content.controls[1].value == (
        "Also change the 1 card of the table that carries it (Ann 1)")
    click(picker.content, "picker-points-3")
    click(picker, "picker-use")
    assert session.draft["players"][0]["cards"][-1]["points"] == 3
    assert session.draft["described"] == [
        {"kind": "farmer", "combination": ["sheep"], "points": 3, "villagers": 0}]
    click(view.root, "described-forget")
    assert session.draft["described"] == []


def test_the_grid_is_labelled_from_the_top_left_card_grows_and_says_when_it_is_cut(tmp_path):
    session, context, view = view_of(tmp_path)
    click(view.root, "palette-field")
    click(view.root, "cell-0--1")
    assert view.model.labels() == (["", "1", ""], ["", "1", "2", ""])
    assert view.model.message == "Place Field at row 1, column 1 on Ann's valley."
    assert identified(view.root, "grid-sight") is None
    for _ in range(5):
        click(view.root, "grow-right")
    assert view.model.bounds() == (-1, 1, -2, 6)
    assert identified(view.root, "grid-sight").value == (
        "7 of 9 columns in sight: swipe the grid sideways to see the rest, or tap Fit to see "
        "it whole.")
    click(view.root, "grid-fit")
    assert view.cell_size < 44
    assert identified(view.root, "grid-sight").value.startswith("The whole grid is in sight")


def test_opened_from_a_scorepad_line_the_editor_highlights_the_cards_it_used_until_a_tap(
        tmp_path):
    session, _ = editors(tmp_path)
    context = FakeContext(390)
    context.focus = frozenset({(0, 0)})  # what the explanation's "Open Ann's valley" sets
    view = ValleyEditorView(context, session, 0)
    context.view = view

    def border(cell: str):
        return identified(view.root, cell).border.top

    assert (border("cell-0-0").width, border("cell-0-0").color) == (4, "#00E5FF")
    assert view.model.message == "Highlighted: the cards the scorepad line used."
    assert context.focus == frozenset()  # taken once: the next editor opened starts plain
    click(view.root, "palette-field")
    click(view.root, "cell-0-1")
    assert border("cell-0-0").color != "#00E5FF"


def draggable_holding(control, identifier: str) -> ft.Draggable | None:
    """The Draggable around the tap target ``identifier`` (searched through the tree)."""
    if isinstance(control, ft.Draggable) and identified(control, identifier) is not None:
        return control
    for child in children(control):
        found = draggable_holding(child, identifier)
        if found is not None:
            return found
    return None


def drop(root, source: str, place: str) -> None:
    """A card dragged from the tap target ``source`` and let go on the grid's ``place``."""
    dragged = draggable_holding(root, source)
    target = identified(root, place).content  # the place's box holds its drop target
    assert isinstance(target, ft.DragTarget) and target.group == dragged.group
    target.on_accept(SimpleNamespace(src=dragged))


def test_a_palette_or_known_card_dragged_onto_a_place_is_laid_and_chosen(tmp_path):
    session, _, view = view_of(tmp_path)
    drop(view.root, "palette-sheep", "cell-0-1")
    drop(view.root, "palette-lake", "cell-0-2")
    click(view.root, "cell-0-3")  # the Lake stays chosen
    kinds = [(card["kind"], card["col"]) for card in session.draft["players"][0]["cards"]]
    assert kinds == [("starting_town", 0), ("sheep", 1), ("lake", 2), ("lake", 3)]
    # Town and Farmer are described first: a tap opens their picker, they are not dragged.
    assert draggable_holding(view.root, "palette-town") is None
    assert identified(view.root, "editor-message").value == (
        "Place Lake at row 1, column 4 on Ann's valley.")
