"""The Maple Valley screens built without a browser: every section draws, and the controls'
handlers reach the editor (a tap on plus, a typed count, the card dialog, the Festivity grid)."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from fake_page import FakePage, PrivateServerContext
from maple_entry import SOLO_EXAMPLE, enter_table, example, new_table
from ui.parts.dialogs import close_dialog
from ui.parts.words import app_language
from ui.games.maple_valley.card_dialog import CardDialog
from ui.games.maple_valley.editor_view import MapleEditorView
from ui.screens.scorepad_model import Scorepad
from ui.store.storage import TableStore


class FakeContext(PrivateServerContext):
    """What a screen needs from the app, without a page in a browser."""

    def __init__(self, width: float = 360):
        self.words = app_language("en")
        self.width = width
        self.wide = width >= 900
        self.words = app_language("en")
        self.text_scale = 1.0  # the browser's usual text size, as AppContext starts
        self.view = None
        self.page = FakePage()
        self.kept: dict = {}  # as AppContext.kept: what a form left unsaved held

    @property
    def dialogs(self) -> list:
        return self.page.dialogs

    def edited(self, table_id: int) -> None:
        pass

    def refresh(self) -> None:
        self.view.render()


def children(control) -> list:
    """The controls directly under ``control`` (its content, controls and actions)."""
    found = []
    for name in ("content", "controls", "actions"):
        value = getattr(control, name, None)
        found.extend(value if isinstance(value, list) else [value] if value else [])
    return found


def identified(control, identifier: str):
    """The control under the Semantics handle ``identifier`` (searched through the tree)."""
    if isinstance(control, ft.Semantics) and control.identifier == identifier:
        return control.content
    for child in children(control):
        found = identified(child, identifier)
        if found is not None:
            return found
    return None


def click(root, identifier: str) -> None:
    identified(root, identifier).on_click(None)


def view_of(tmp_path, names=("Ann", "Bob")):
    session = new_table(TableStore(tmp_path / "t.sqlite3"), list(names))
    context = FakeContext()
    view = MapleEditorView(context, session, 0)
    context.view = view
    return session, context, view


def test_plus_a_typed_count_and_the_grid_reach_the_table(tmp_path, monkeypatch):
    monkeypatch.setattr(ft.TextField, "update", lambda self: None)
    session, context, view = view_of(tmp_path)
    click(view.root, "section-pack")
    click(view.root, "count-Honey-plus")
    field = identified(view.root, "count-Clay")
    field.on_focus(None)
    field.value = "07"
    field.on_change(SimpleNamespace(control=field))
    assert session.draft["players"][0]["resources"] == {"Honey": 1}  # taken when it is left
    field.on_blur(SimpleNamespace(control=field))
    assert session.draft["players"][0]["resources"] == {"Honey": 1, "Clay": 7}
    assert field.value == "7"
    click(view.root, "section-festivities")
    click(view.root, "cubes-1-2-plus")
    assert session.draft["players"][1]["cubes"] == [0, 0, 1]
    assert identified(view.root, "cubes-placed-1").content.value == "1 of 10"
    identified(view.root, "festivity-name-0").on_change(
        SimpleNamespace(control=SimpleNamespace(value="Picnic")))
    assert session.checked.table.festivity_names[0] == "Picnic"


def test_the_card_dialog_adds_a_described_card_and_offers_it_again(tmp_path, monkeypatch):
    monkeypatch.setattr(ft.AlertDialog, "update", lambda self: None)
    session, context, view = view_of(tmp_path)
    click(view.root, "add-friend")
    dialog = context.dialogs[-1]
    name = identified(dialog.content, "card-name")
    name.on_change(SimpleNamespace(control=SimpleNamespace(value="Otter")))
    for identifier in ("card-score-plus", "card-score-plus", "card-travel-Water"):
        click(dialog.content, identifier)
    assert identified(dialog.content, "card-preview").value == "Otter: 2 points, Water"
    click(dialog, "card-use")
    assert context.dialogs == []
    assert session.draft["players"][0]["friends"] == ["Otter"]
    click(view.root, "add-friend")
    click(context.dialogs[-1].content, "card-known-0")
    assert session.draft["players"][0]["friends"] == ["Otter", "Otter"]
    assert identified(view.root, "heading-friend").value == "Friends (2 besides the Starter)"


def test_a_refused_patch_keeps_the_dialog_open_with_the_reason(tmp_path, monkeypatch):
    monkeypatch.setattr(ft.AlertDialog, "update", lambda self: None)
    session, context, view = view_of(tmp_path)
    for _ in range(2):
        CardDialog(view, "Patch").open()
        dialog = context.dialogs[-1]
        if identified(dialog.content, "card-known-0") is None:
            identified(dialog.content, "card-name").on_change(
                SimpleNamespace(control=SimpleNamespace(value="Whittling")))
            click(dialog, "card-use")
        else:
            click(dialog.content, "card-known-0")
    assert context.dialogs == [dialog]
    assert identified(dialog.content, "card-message").value.startswith(
        "Ann already has the Patch Whittling")
    assert session.draft["players"][0]["patches"] == ["Whittling"]


def test_every_section_draws_for_the_rulebook_example_and_a_solo_game(tmp_path):
    for path, names in ((None, ["Red", "Yellow", "Blue"]), (SOLO_EXAMPLE, ["Sam"])):
        table = example(path) if path else example()
        store = TableStore(tmp_path / f"{len(names)}.sqlite3")
        session = new_table(store, names)
        enter_table(session, table)
        context = FakeContext(1024)
        view = MapleEditorView(context, session, 0)
        context.view = view
        for key, _ in view.sections:
            click(view.root, f"section-{key}")
            assert view.section == key
        assert identified(view.root, "player-total").value.startswith(names[0])
        if path is None:
            assert identified(view.root, "solo-title").value == ""
        else:
            assert identified(view.root, "solo-title").value == (
                "Delightfully Enthusiastic Rambler of the Running Rivers")
            click(view.root, "solo-favour_category-Gift")
            assert session.draft["solo"]["favour_category"] == "Gift"


def test_a_shared_first_place_is_two_winners(tmp_path):
    session, _, view = view_of(tmp_path)
    view.model.step("Maps", 1)
    bob = view.model.__class__(session, 1)
    bob.step("Maps", 1)
    pad = Scorepad(session.result)
    assert pad.ranks == (1, 1)
    assert pad.winners_text == "Winners: Ann and Bob"
    assert "no tie-break" in pad.tie_break


def test_a_typed_text_that_is_no_count_is_refused_beside_the_field_and_kept(tmp_path,
                                                                           monkeypatch):
    monkeypatch.setattr(ft.TextField, "update", lambda self: None)
    session, context, view = view_of(tmp_path)
    click(view.root, "section-pack")
    field = identified(view.root, "count-Clay")
    field.on_focus(None)
    field.value = "35"
    field.on_submit(SimpleNamespace(control=field))
    for typed in ("3", "3.", "3.5"):  # nothing counts until the field is left: 3 never does
        field.value = typed
        field.on_change(SimpleNamespace(control=field))
    error = identified(view.root, "count-Clay-error")
    assert error.value.startswith("3.5 is not a count of Clay")
    field.on_blur(SimpleNamespace(control=field))
    assert session.draft["players"][0]["resources"] == {"Clay": 35}
    view.render()
    assert field.value == "3.5" and error.value  # kept as typed, with its reason
    click(view.root, "count-Clay-plus")  # the count moves on: the field follows it
    assert field.value == "36" and error.value == ""


def test_a_card_described_before_is_added_in_one_tap(tmp_path, monkeypatch):
    monkeypatch.setattr(ft.AlertDialog, "update", lambda self: None)
    session, context, view = view_of(tmp_path)
    click(view.root, "add-friend")
    dialog = context.dialogs[-1]
    identified(dialog.content, "card-name").on_change(
        SimpleNamespace(control=SimpleNamespace(value="Otter")))
    click(dialog.content, "card-score-plus")
    click(dialog.content, "card-travel-Water")
    click(dialog, "card-use")
    bob = MapleEditorView(context, session, 1)
    context.view = bob
    click(bob.root, "known-friend-0")
    assert session.draft["players"][1]["friends"] == ["Otter"]
    assert bob.model.message == "Add the Friend Otter to Bob."


def test_the_card_dialogs_steppers_say_what_they_change_in_the_devices_language(tmp_path):
    """A screen reader names − and + by the number they change (they show only an icon)."""
    session, context, view = view_of(tmp_path)
    CardDialog(view, "Patch").open()
    dialog = context.dialogs[-1]
    assert identified(dialog.content, "card-score-minus").tooltip == "Score printed: one less"
    assert identified(dialog.content, "card-score-plus").tooltip == "Score printed: one more"
    context.words = app_language("de")
    CardDialog(view, "Patch").open()
    german = context.dialogs[-1]
    assert identified(german.content, "card-score-plus").tooltip.endswith(": eins mehr")
    assert identified(german.content, "card-score-minus").tooltip.endswith(": eins weniger")


def test_the_tie_break_line_names_a_tie_break_only_when_totals_are_tied(tmp_path):
    session, _, view = view_of(tmp_path)
    view.model.step("Maps", 1)
    pad = Scorepad(session.result)
    assert pad.totals[0] != pad.totals[1]
    assert pad.tie_break_line == pad.tie_break  # not "Tie-break: Maple Valley has no tie-break…"
    assert not pad.tie_break_line.startswith("Tie-break")
    view.model.__class__(session, 1).step("Maps", 1)
    tied = Scorepad(session.result)
    assert tied.tie_break_line == f"Tie-break: {tied.tie_break}"


def test_a_card_half_described_when_back_closed_its_dialog_is_there_when_it_opens_again(
        tmp_path, monkeypatch):
    """Browser Back (or a tap beside the dialog) closes the card dialog without the player's
    word: the next Friend added goes on with what was typed (issue 32); Cancel, or a card
    added, starts the next one empty, and another kind starts its own."""
    monkeypatch.setattr(ft.AlertDialog, "update", lambda self: None)
    session, context, view = view_of(tmp_path)

    def half_describe() -> ft.AlertDialog:
        click(view.root, "add-friend")
        dialog = context.dialogs[-1]
        identified(dialog.content, "card-name").on_change(
            SimpleNamespace(control=SimpleNamespace(value="Otter")))
        click(dialog.content, "card-score-plus")
        return dialog

    half_describe()
    close_dialog(context.page)  # what Back does (ui.web.app.AppContext.route_changed)
    click(view.root, "add-friend")
    again = context.dialogs[-1]
    assert identified(again.content, "card-name").value == "Otter"
    assert identified(again.content, "card-preview").value == "Otter: 1 point, travel type?"
    click(again, "card-cancel")
    click(view.root, "add-friend")
    assert identified(context.dialogs[-1].content, "card-name").value == ""
    click(context.dialogs[-1], "card-cancel")

    half_describe()
    close_dialog(context.page)
    click(view.root, "add-patch")
    assert identified(context.dialogs[-1].content, "card-name").value == ""  # its own kind
    click(context.dialogs[-1], "card-cancel")

    click(half_describe().content, "card-travel-Water")
    click(context.dialogs[-1], "card-use")
    assert session.draft["players"][0]["friends"] == ["Otter"]
    click(view.root, "add-friend")
    assert identified(context.dialogs[-1].content, "card-name").value == ""
