"""A player's own edit in the Girasoles and Maple Valley editors sends their phone what changed,
not the editor: the editor keeps its grid, rows, spaces' boxes and count fields and changes their
properties, each changed part diffed and sent on its own (a painted space: its box alone). Real Flet sessions (live_devices)
whose connections record what the server sends, encoded as on the wire."""

from __future__ import annotations

import asyncio

import msgpack
import pytest

from scorer.girasoles.models import Colour
from ui.games.maple_valley.draft import PACK
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES
from ui.store.storage import TableStore

from live_devices import Server
from test_app_fan_out import tab_total

PLAYERS = [PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")]


@pytest.fixture()
def store(db):
    return TableStore(db("t"))


def sent_to(device) -> tuple[set, int]:
    """The controls the messages sent to the device since the last look patch, and their bytes."""
    sent = device.take_sent()
    patched = {msgpack.unpackb(message, strict_map_key=False)[1]["id"] for message in sent}
    return patched, sum(len(message) for message in sent)


def header(device) -> set:
    """What an edit may change besides the part edited: the editor's header (total, its lines,
    undo and redo), the player's total on the tab, and the table's save mark."""
    editor = device.view.editor
    texts = [getattr(editor, name, None) for name in ("_total", "_count", "_message", "_title",
                                                       "_title_handle", "_saved")]
    buttons = [button.content for button in editor._header.controls[-2:]]
    return {control._i for control in [*texts, *buttons] if control is not None} | {
        tab_total(device, 0)._i, device.view._save_mark.text._i}


def anns_phone(store: TableStore, game_key: str):
    """A new table of ``game_key`` for Ann and Bob, open on Ann's phone at her part: (the
    server, the phone)."""
    game = APP_GAMES[game_key]
    table_id = store.create(game.key, game.new_draft(PLAYERS, game.default_setup()))
    server = Server(store)
    return server, server.connect("ann", f"/table/{table_id}/valley/0", table_id, 0)


def test_a_painted_space_sends_its_box_and_the_board_keeps_every_other_control(store):
    async def run():
        server, ann = anns_phone(store, "girasoles")
        editor = ann.view.editor
        editor._run(editor.model.choose_colour, Colour.RED)
        await server.settle()
        rows = list(editor._grid.column.controls)
        spaces = {cell: control for cell, (_, control) in editor._grid.cells.items()}
        boxes = dict(editor._grid.boxes)
        ann.take_sent()

        editor._tap((1, 1))
        await server.settle()

        assert editor.model.board["grid"][0].startswith("R. ")  # painted red
        assert all(a is b for a, b in zip(editor._grid.column.controls, rows, strict=True))
        now = {cell: control for cell, (_, control) in editor._grid.cells.items()}
        assert now.keys() == spaces.keys()
        assert [cell for cell in spaces if now[cell] is not spaces[cell]] == [(1, 1)]
        assert editor._grid.boxes == boxes and all(
            editor._grid.boxes[cell] is box for cell, box in boxes.items())
        patched, size = sent_to(ann)
        # The space's box with its new space (under 900 bytes encoded), and texts of the
        # header: never its row, the board (36 spaces, about 16 kB) nor the editor (28 kB).
        assert boxes[(1, 1)]._i in patched
        assert patched - {boxes[(1, 1)]._i} <= header(ann)
        assert size < 1200

    asyncio.run(run())


def test_a_pack_count_stepped_sends_its_field_and_keeps_every_count_field(store):
    async def run():
        server, ann = anns_phone(store, "maple_valley")
        editor = ann.view.editor
        editor._show_section("pack")
        await server.settle()
        fields = {item: count.text_field for item, count in editor._count_fields.items()}
        ann.take_sent()

        editor._run(editor.model.step, PACK[0], 1)
        await server.settle()

        assert editor.model.count(PACK[0]) == 1
        assert editor._count_fields.keys() == fields.keys()
        assert all(editor._count_fields[item].text_field is field
                   for item, field in fields.items())
        patched, size = sent_to(ann)
        field = fields[PACK[0]]
        assert field.value == "1"
        assert field._i in patched
        assert patched - {field._i} <= header(ann)
        assert size < 400  # the Pack's 11 fields encoded whole are about 16 kB

    asyncio.run(run())
