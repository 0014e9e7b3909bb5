"""At large text the scorepad's labels go above their numbers (ui/screens/scorepad_view.py,
``LARGE_TEXT``); an edit still reaches a device reading it, phone or tablet, as its new numbers
alone."""

from __future__ import annotations

import asyncio

import pytest

from scorer.sunflower_valley.models import Kind
from test_app_fan_out import ann_and_bob, changes, move, tab_total
from ui.store.storage import TableStore


@pytest.fixture()
def store(db):
    return TableStore(db("t"))


@pytest.mark.parametrize("width", [390, 1024])
def test_at_large_text_an_edit_changes_only_the_numbers_of_bobs_stacked_scorepad(store, width):
    async def run():
        # Bob reads the scorepad with his browser's text at 200%: the labels above the numbers.
        # Ann's two Lakes keep her ahead of Bob's one, before the edit and after.
        table_id, server, ann, _ = await ann_and_bob(
            store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN, (0, -1): Kind.LAKE,
                    (-1, 0): Kind.LAKE})
        # A phone, or a tablet (the table, and beside it the explanation's place).
        bob = server.connect("bob", f"/table/{table_id}/scorepad", table_id, 1, width=width,
                             text_scale=2)
        await server.settle()
        pad = bob.view.scorepad
        assert pad.large_text
        table = pad._table._control
        values = dict(pad._values)
        before = int(values[("total", 0)].value)
        assert (values[("mountains", 0)].value, before) == ("0", 2)
        bob.take_sent()

        move(ann, (1, 0), (1, 1))  # the Mountain beside the Field scores 1
        await server.settle()

        # Two numbers of the scorepad, each set in place and sent on its own (no control sent
        # anew, the scorepad not diffed whole), and Ann's total on the tabs.
        assert changes(bob) == [(tab_total(bob, 0)._i, "value", str(before + 1)),
                                (values[("mountains", 0)]._i, "value", "1"),
                                (values[("total", 0)]._i, "value", "3")]
        assert (values[("mountains", 0)].value, values[("total", 0)].value) == ("1", "3")
        assert pad._table._control is table
        assert pad._values == values

    asyncio.run(run())
