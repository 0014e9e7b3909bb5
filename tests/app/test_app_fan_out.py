"""An edit reaches each device as what changes on its screen, and nothing else (but the table's
"Saving…" mark, see test_app_saving_mark.py): real Flet sessions (the app's pages, controls and
diffs) whose connections record what the server sends."""

from __future__ import annotations

import asyncio

import msgpack
import pytest

from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES
from ui.games.sunflower_valley.draft import card_dict
from ui.store.storage import TableStore

from control_tree import identified, texts
from live_devices import Server

SV = APP_GAMES["sunflower_valley"]


def two_valleys(store: TableStore, ann_cards: dict) -> int:
    """Ann (with ``ann_cards`` by place, besides her Starting Town at (0, 0)) and Bob (his
    Starting Town and a Lake), no goals."""
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")], {"goals": []})
    for cell, kind in ann_cards.items():
        draft["players"][0]["cards"].append(card_dict(CardDescription(kind=kind), cell))
    draft["players"][1]["cards"].append(card_dict(CardDescription(kind=Kind.LAKE), (0, 1)))
    return store.create(SV.key, draft)


async def ann_and_bob(store: TableStore, ann_cards: dict):
    """The table of :func:`two_valleys` open on Ann's phone (her valley) and Bob's (his), drawn:
    (the table's id, the server, Ann's phone, Bob's phone)."""
    table_id = two_valleys(store, ann_cards)
    server = Server(store)
    ann = server.connect("ann", f"/table/{table_id}/valley/0", table_id, 0)
    bob = server.connect("bob", f"/table/{table_id}/valley/1", table_id, 1)
    await server.settle()
    return table_id, server, ann, bob


def operations(sent: list[bytes]) -> list[tuple[int, str, object]]:
    """Every property a list of messages sets: (control id, property, value)."""
    found = []
    for message in sent:
        _, body = msgpack.unpackb(message, strict_map_key=False)
        control, patch = body["id"], body["patch"]
        for operation in patch[1:]:
            found.append((control, operation[2], operation[3] if len(operation) > 3 else None))
    return found


def messages(device) -> list[bytes]:
    """The messages sent to the device since the last look, but its "Saving…" mark's (which
    comes and goes on every device with an edit whose save lags, as the save runs)."""
    mark = device.view._save_mark.text._i
    return [message for message in device.take_sent()
            if msgpack.unpackb(message, strict_map_key=False)[1]["id"] != mark]


def changes(device) -> list[tuple[int, str, object]]:
    """What the messages sent to the device since the last look set, but its "Saving…" mark."""
    return operations(messages(device))


def move(device, source, target) -> None:
    """Ann's editor: tap the card, Move, tap the empty place (one edit)."""
    editor = device.view.editor
    editor._tap(source)
    editor._run(editor.model.start_move)
    editor._tap(target)


def on_screen(device, identifier: str):
    """The control under the handle ``identifier`` on the device's screen, or None."""
    return identified(device.context.page.controls[0], identifier)


def tab_total(device, player: int):
    """The Text of ``player``'s total on the device's tabs."""
    return device.view._tab_marks[player][0]


@pytest.fixture()
def store(db):
    return TableStore(db("t"))


def test_an_edit_of_anns_valley_changes_only_her_tab_total_on_bobs_phone(store):
    async def run():
        # A Mountain beside no Field scores 0; moved beside the Field at (0, 1) it scores 1.
        table_id, server, ann, bob = await ann_and_bob(
            store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN})
        before = int(tab_total(bob, 0).value)
        cells = {cell: control for cell, (_, control) in bob.view.editor._grid.cells.items()}
        rows = list(bob.view.editor._grid.column.controls)
        bob.take_sent()

        move(ann, (1, 0), (1, 1))
        await server.settle()

        assert changes(bob) == [(tab_total(bob, 0)._i, "value", str(before + 1))]
        assert {cell: control for cell, (_, control) in bob.view.editor._grid.cells.items()} == cells
        assert all(a is b for a, b in zip(bob.view.editor._grid.column.controls, rows, strict=True))
        assert tab_total(ann, 0).value == str(before + 1)

    asyncio.run(run())


@pytest.mark.parametrize("route, width", [("scorepad", 390), ("valley/1", 1024)],
                         ids=["scorepad-tab", "tablet-beside"])
def test_an_edit_sends_a_watching_scorepad_its_moved_numbers_alone(store, route, width):
    async def run():
        # Cy watches the scorepad (its tab on a phone, or beside his valley on a tablet) as Ann
        # moves her Mountain beside her Field (1 point), then lays a Lake (1 point, one card
        # more: the card count's warning changes too).
        table_id, server, ann, _ = await ann_and_bob(
            store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN})
        cy = server.connect("cy", f"/table/{table_id}/{route}", table_id, 1, width=width)
        await server.settle()
        pad = cy.view.scorepad
        table, values = pad._table._control, dict(pad._values)
        shown = {key: control.value for key, control in values.items()}
        cy.take_sent()

        move(ann, (1, 0), (1, 1))
        await server.settle()

        # Ann's Mountain, total and rank (tied with Bob on 1), each patched on its own: never
        # the scorepad's root, its table or a column of it diffed and sent whole.
        numbers = {control._i: key for key, control in values.items()}
        sent = changes(cy)
        moved = {numbers[control]: value for control, _, value in sent if control in numbers}
        assert moved == {("mountains", 0): "1", ("total", 0): "1", ("rank", 0): "1"} == {
            key: control.value for key, control in values.items() if control.value != shown[key]}
        whole = {pad.root._i, table._i, pad._table_side._i, pad._table_slot.box._i}
        assert {control for control, _, _ in sent}.isdisjoint(whole)

        ann.view.editor._choose_kind(Kind.LAKE)
        ann.view.editor._tap((-1, 0))
        await server.settle()

        assert values[("lakes", 0)].value == "1" and pad._table._control is table
        assert {control for control, _, _ in changes(cy)}.isdisjoint(whole)

    asyncio.run(run())


def test_an_edit_that_changes_nothing_bob_sees_sends_his_phone_nothing(store):
    async def run():
        # A Lake scores 1 wherever it lies: moving it changes Ann's valley, not her total.
        table_id, server, ann, bob = await ann_and_bob(store, {(0, 1): Kind.LAKE})
        revision = ann.view.session.revision
        bob.take_sent()
        ann.take_sent()

        move(ann, (0, 1), (1, 0))
        await server.settle()

        assert ann.view.session.revision == revision + 1
        assert changes(ann)  # Ann's own screen shows the Lake moved
        assert changes(bob) == []

    asyncio.run(run())


def test_a_town_ann_describes_and_lays_is_offered_on_bobs_phone_before_he_taps(store):
    async def run():
        # Row 5 of issue 32: the Town was offered to Bob only after his own first tap.
        table_id, server, ann, bob = await ann_and_bob(store, {})
        town = CardDescription(kind=Kind.TOWN, combination=(Kind.SHEEP, Kind.FIELD), points=3)
        editor = ann.view.editor
        editor._run(editor.model.choose_description, town)
        editor._tap((0, 1))
        await server.settle()

        assert ann.view.session.parts_changed_since(ann.view.session.revision - 1) is None
        assert [offer.description for offer in bob.view.editor.model.offers()][:1] == [town]
        chip = identified(bob.view.editor.root, "described-0")  # drawn on Bob's phone
        assert chip is not None and texts(chip) == ["Sheep+Field 3★"]
        assert any("Sheep+Field 3★".encode() in sent for sent in bob.take_sent())  # and sent

    asyncio.run(run())


def test_an_edit_of_one_valley_alone_is_that_players_part(store):
    async def run():
        table_id, server, ann, bob = await ann_and_bob(store, {})
        session = ann.view.session
        editor = ann.view.editor
        editor._run(editor.model.choose_kind, Kind.LAKE)
        editor._tap((0, 1))
        await server.settle()

        assert session.parts_changed_since(session.revision - 1) == {0}

    asyncio.run(run())


def test_a_burst_of_edits_redraws_a_watching_phone_once_at_the_latest(store):
    async def run():
        table_id, server, ann, bob = await ann_and_bob(store, {})
        bob.take_sent()
        session = ann.view.session
        redraws = []
        show_changes = bob.view.show_changes
        bob.view.show_changes = lambda here: (redraws.append(here), show_changes(here))

        def add_lake(cell):
            def change(draft):
                draft["players"][0]["cards"].append(
                    card_dict(CardDescription(kind=Kind.LAKE), cell))
            return change

        # Three Lakes (1 point each) laid before Bob's phone gets a turn of the event loop.
        for cell in ((0, 1), (0, 2), (0, 3)):
            session.apply("lay a Lake", add_lake(cell), 0)
            ann.context.edited(table_id)
        await server.settle()

        totals = [value for control, name, value in changes(bob)
                  if control == tab_total(bob, 0)._i and name == "value"]
        assert redraws == [False]
        assert totals == [str(session.result.players[0].total)]
        assert session.result.players[0].total == 3

    asyncio.run(run())


def test_a_tabs_card_count_warning_is_sent_as_its_text_and_read_out_with_it(store):
    async def run():
        # Ann has her Starting Town alone: 0 of the 18 Valley cards a finished valley has.
        table_id, server, ann, bob = await ann_and_bob(store, {})
        warning = bob.view._tab_marks[0][1]
        text = warning.content
        assert (warning.visible, text.value, text.semantics_label) == (True, "0/18",
                                                                       "Warning: 0/18")
        bob.take_sent()

        editor = ann.view.editor
        editor.model.choose_kind(Kind.LAKE)
        editor._tap((0, 1))
        await server.settle()

        assert (text.value, text.semantics_label) == ("1/18", "Warning: 1/18")
        # The text's change comes in the mark's patch (one message, rooted at the mark).
        assert sorted(changes(bob)) == sorted([
            (tab_total(bob, 0)._i, "value", "1"), (warning._i, "value", "1/18"),
            (warning._i, "semantics_label", "Warning: 1/18")])

    asyncio.run(run())


def test_a_tabs_warning_that_goes_and_comes_back_is_one_property_in_one_patch(store):
    async def run():
        # Ann has 17 Valley cards besides her Starting Town: "17/18" on every tab of hers.
        almost = {(row, column): Kind.LAKE for row in range(3) for column in range(6)
                  if (row, column) != (0, 0)}
        table_id, server, ann, bob = await ann_and_bob(store, almost)
        warning = bob.view._tab_marks[0][1]
        assert (warning.visible, warning.content.value) == (True, "17/18")
        editor = ann.view.editor
        bob.take_sent()

        editor.model.choose_kind(Kind.LAKE)
        editor._tap((0, 6))  # the 18th: the count is right, the warning goes
        await server.settle()
        hidden = messages(bob)
        assert sorted(operations(hidden)) == sorted([
            (tab_total(bob, 0)._i, "value", tab_total(bob, 0).value),
            (warning._i, "visible", False)])
        assert len(hidden) == 2  # the total, then the mark
        assert warning.content.value == "17/18"  # kept while hidden

        editor._tap((0, 6))
        editor._run(editor.model.remove_selected)  # 17 again: the same words come back
        await server.settle()
        assert sorted(changes(bob)) == sorted([
            (tab_total(bob, 0)._i, "value", tab_total(bob, 0).value),
            (warning._i, "visible", True)])

    asyncio.run(run())


def test_a_selected_card_keeps_its_cell_and_sends_its_new_border_alone(store):
    async def run():
        table_id, server, ann, bob = await ann_and_bob(store, {(0, 1): Kind.LAKE})
        editor = ann.view.editor
        grid = editor._grid
        cell, box = grid.cells[0, 1][1], grid.boxes[0, 1]
        picture = cell.content.content
        assert cell.content.border.top.width == 1
        ann.take_sent()

        editor._tap((0, 1))  # selects the Lake

        assert editor.model.selected == (0, 1)
        assert grid.cells[0, 1][1] is cell and box.content is cell
        assert cell.content.content is picture  # the Lake's picture is not made again
        assert cell.content.border.top.width == 4
        patched = {control for control, _, _ in changes(ann)}
        assert cell._i in patched and box._i not in patched
        assert not patched & {row._i for row in grid.rows.values()}

    asyncio.run(run())


def test_the_editor_reads_the_check_of_its_valley_that_the_table_made(store):
    async def run():
        table_id, server, ann, bob = await ann_and_bob(store, {(0, 1): Kind.LAKE})
        editor = ann.view.editor
        editor.model.choose_kind(Kind.FIELD)
        editor._tap((1, 0))
        await server.settle()

        # Checked once, on the scoring thread, for the table's score; the redraw reused it.
        assert editor.model.checked[0] is ann.view.session.checked.table.players[0].valley
        assert len(editor.model.checked[0].cards) == 3

    asyncio.run(run())


def test_a_game_finished_on_anns_phone_is_told_on_bobs_at_once_and_its_reopening_too(store):
    """A newcomer's stumble: Ann finished the game and Bob's phone went on as if nothing
    happened. Now his screen says so, with the way to the finish screen, as soon as Ann saves;
    and the notice goes when she reopens the game."""
    async def run():
        table_id, server, ann, bob = await ann_and_bob(store, {(0, 1): Kind.LAKE})
        assert on_screen(bob, "table-finished") is None
        ann.context.show(f"/table/{table_id}/finish")
        ann.view.form.location = "Café Sol"
        await ann.session.dispatch_event(on_screen(ann, "finish-save")._i, "click", None)
        await server.settle()

        assert store.get(table_id).finished is not None
        assert texts(on_screen(bob, "table-finished"))[0] == (
            "The game is finished: it is in History.")
        assert on_screen(bob, "finished-details") is not None

        ann.context.show(f"/table/{table_id}/finish")  # the harness's page has no route
        await ann.session.dispatch_event(on_screen(ann, "finish-reopen")._i, "click", None)
        await server.settle()
        assert store.get(table_id).finished is None
        assert on_screen(bob, "table-finished") is None

    asyncio.run(run())



def test_selecting_a_card_shows_the_kept_bar_and_sends_its_properties_alone(store):
    async def run():
        table_id, server, ann, bob = await ann_and_bob(store, {(0, 1): Kind.LAKE})
        view = ann.view.editor
        bar = view._selection_bar
        assert bar.visible is False
        ann.take_sent()

        view._tap((0, 1))  # selects the Lake

        assert view._selection_bar is bar and bar.visible is True
        assert view._selected_text.value.startswith("Lake at ")
        assert not view._describe_button.visible  # a Lake is not described
        assert view._move_button.visible and view._remove_button.visible
        sent = changes(ann)
        assert any(name == "visible" and value is True for _, name, value in sent)
        assert any(name == "value" and value == view._selected_text.value
                   for _, name, value in sent)
        patched = {control for control, _, _ in sent}
        assert not patched & {view._slots[3].box._i}  # the bar's place is not sent anew

        view._run(view.model.start_move)
        assert view._move_button.content.border.top.width == 3  # the tool in use
        view._run(view.model.cancel)
        assert bar.visible is False

        view._tap((0, 0))  # the Starting Town: described again, never moved or removed
        assert bar.visible and view._describe_button.visible
        assert not view._move_button.visible and not view._remove_button.visible
        assert view._move_button.content.border.top.width == 1

    asyncio.run(run())


def test_a_part_made_anew_equal_to_the_one_shown_is_not_sent_at_every_redraw(store):
    async def run():
        table_id, server, ann, bob = await ann_and_bob(store, {(0, 1): Kind.LAKE})
        view = ann.view.editor
        view.model.choose_kind(Kind.LAKE)  # the known cards' part is made again, the same
        view._redraw()

        view.model.tap((0, 1))  # selects the Lake: nothing about the known cards changed
        view.render()

        parts = view.changed_parts()  # what the redraw would diff and send
        assert parts
        assert all(part is not view._offers_slot.box for part in parts)
        assert all(part is not view._slots[4].box for part in parts)  # nor the problems' place

    asyncio.run(run())
