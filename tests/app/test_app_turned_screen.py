"""A phone or a tablet turned at the table (its page's width changes, across the widths where the
layout changes): the table's screen keeps its editor and what the player had under way (the kind
chosen, the card selected, Fit, a card half described in its dialog), draws it again at the new
width, and adds or drops the scorepad beside it. Real Flet sessions (live_devices)."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest

from scorer.sunflower_valley.models import Kind
from ui.games.registry import APP_GAMES
from ui.screens.scorepad_view import LABEL_WIDTH
from ui.store.storage import TableStore

from control_tree import _children
from live_devices import Server
from test_app_fan_out import ann_and_bob, on_screen
from test_app_fan_out_editors import PLAYERS

PHONE_UPRIGHT, PHONE_TURNED = (390, 844), (844, 390)
TABLET_UPRIGHT, TABLET_TURNED = (768, 1024), (1024, 768)


@pytest.fixture()
def store(db):
    return TableStore(db("t"))


def turn(device, size: tuple[int, int]) -> None:
    """What the browser tells the server when the device turns: the page's new size, then the
    resize event the app handles."""
    width, height = size
    device.session.apply_page_patch({"width": width, "height": height})
    device.context.resized()


ROW_OF_LAKES = {(0, column): Kind.LAKE for column in range(1, 12)}
"""Ann's valley: her Starting Town and eleven Lakes in a row, 12 columns."""


def drawn_cell_size(editor) -> int:
    """The size the grid's cells were last drawn at (their first place's)."""
    key, _ = editor._grid.cells[0, 1]
    return key[1]


def scorepad_beside(device) -> bool:
    """Whether the screen shows the scorepad (its totals) beside the editor."""
    return on_screen(device, "total-0") is not None


@pytest.mark.parametrize("sizes", [(PHONE_UPRIGHT, PHONE_TURNED), (TABLET_UPRIGHT, TABLET_TURNED)],
                         ids=["phone", "tablet"])
def test_a_turned_device_keeps_the_selected_card_the_chosen_kind_and_fit(store, sizes):
    async def run():
        upright, turned = sizes
        table_id, server, ann, _ = await ann_and_bob(store, ROW_OF_LAKES)
        turn(ann, upright)
        view, editor = ann.view, ann.view.editor
        editor._toggle_fit()
        editor._tap((0, 1))  # selects the Lake
        await server.settle()
        upright_cells = editor.cell_size

        for size in (turned, upright, turned):
            turn(ann, size)
            await server.settle()
            assert ann.view is view and view.editor is editor
            assert editor.fit and editor.model.selected == (0, 1)
            assert on_screen(ann, "selected-cancel") is not None  # the selection's bar
            assert ann.context.page.controls[0].content is view.root
        # Drawn again at the new width (12 columns fill it), and on a tablet turned the scorepad
        # beside it.
        assert editor.cell_size != upright_cells
        assert drawn_cell_size(editor) == editor.cell_size
        assert scorepad_beside(ann) is (turned == TABLET_TURNED)

        editor._choose_kind(Kind.SHEEP)
        await server.settle()
        turn(ann, upright)
        await server.settle()
        assert view.editor is editor and editor.model.brush.kind is Kind.SHEEP
        assert not scorepad_beside(ann)

    asyncio.run(run())


def open_dialogs(device) -> list:
    return [dialog for dialog in device.context.page._dialogs.controls if dialog.open]


def test_a_card_half_described_in_its_dialog_stays_open_with_what_was_entered(store):
    async def run():
        table_id, server, ann, _ = await ann_and_bob(store, {})
        editor = ann.view.editor
        editor._choose_kind(Kind.TOWN)  # a Town is described: its picker opens
        picker = editor._left_picker
        assert picker is not None and open_dialogs(ann) == [picker.dialog]
        picker.draft.points = 4

        for size in (TABLET_TURNED, PHONE_UPRIGHT):
            turn(ann, size)
            await server.settle()
            assert open_dialogs(ann) == [picker.dialog]
            assert picker.draft.points == 4 and ann.view.editor is editor

    asyncio.run(run())


def line_label_width(device) -> int:
    """The width of the scorepad's first line label on the device's screen."""
    def first(control):
        if isinstance(control, ft.Semantics) and (control.identifier or "").startswith("label-"):
            return control.content
        for child in _children(control):
            found = first(child)
            if found is not None:
                return found
        return None
    return first(device.context.page.controls[0]).width


def test_the_scorepad_tab_fits_its_table_to_the_turned_width(store):
    async def run():
        table_id, server, ann, _ = await ann_and_bob(store, {(0, 1): Kind.LAKE})
        ann.context.show(f"/table/{table_id}/scorepad")
        view = ann.view
        assert line_label_width(ann) == 112  # a phone's narrow labels
        turn(ann, TABLET_TURNED)
        await server.settle()
        assert ann.view is view and view.scorepad is not None
        assert line_label_width(ann) == LABEL_WIDTH

    asyncio.run(run())


def test_a_girasoles_board_keeps_its_tool_and_redraws_its_spaces_at_the_new_width(store):
    async def run():
        game = APP_GAMES["girasoles"]
        table_id = store.create(game.key, game.new_draft(PLAYERS, game.default_setup()))
        server = Server(store)
        ann = server.connect("ann", f"/table/{table_id}/valley/0", table_id, 0)
        editor = ann.view.editor
        tool = editor.model.tool
        space = editor.space_size
        tools = editor.tool_width
        turn(ann, TABLET_TURNED)
        await server.settle()
        assert ann.view.editor is editor and editor.model.tool == tool
        assert (editor.space_size, editor.tool_width) != (space, tools)
        assert scorepad_beside(ann)

    asyncio.run(run())
