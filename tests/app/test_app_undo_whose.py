"""Undo that says whose: each undo step remembers the player whose part it changes, its label
names that player, and after an undo or redo of another player's part the view goes there."""

from __future__ import annotations

from maple_entry import new_table
from scorer.girasoles.models import Colour
from scorer.sunflower_valley.models import Kind
from test_app_girasoles_editor import open_table as girasoles_table
from test_app_sunflower_valley_editor import editors
from ui.live.editing import label_undo_buttons, show_changed_player
from ui.games.girasoles.editor_model import ObjectivesEditor
from ui.games.maple_valley.editor_model import MapleEditor
from ui.store.storage import TableStore
from ui.parts.widgets import editor_header
from ui.parts.words import app_language
from fake_page import PrivateServerContext


class FakeContext(PrivateServerContext):
    def __init__(self):
        self.words = app_language("en")
        self.routes: list[str] = []
        self.toasts: list[str] = []

    def go(self, route: str) -> None:
        self.routes.append(route)

    def toast(self, text: str) -> None:
        self.toasts.append(text)


def test_the_session_keeps_whose_part_each_step_changes(tmp_path):
    session, (ann, cid) = editors(tmp_path)
    assert session.undo_player is None
    cid.choose_kind(Kind.SHEEP)
    cid.tap((0, 1))
    session.apply("a table edit", lambda draft: draft.update(goals=["long_way"]))
    assert session.undo_player is None
    session.undo()
    assert (session.undo_player, session.redo_player) == (1, None)
    session.undo()
    assert session.redo_player == 1


def test_undo_on_anns_tab_names_bob_and_shows_bobs_valley(tmp_path):
    session, (ann, bob) = editors(tmp_path)
    bob.choose_kind(Kind.SHEEP)
    bob.tap((0, 1))
    header = editor_header(None, None, None, None)
    label_undo_buttons(header, session)
    assert header.controls[1].content.tooltip == "Undo: place Sheep at row 1, column 2 on Bob's valley"
    context = FakeContext()
    ann.undo()
    assert ann.message == "Undone: place Sheep at row 1, column 2 on Bob's valley."
    show_changed_player(context, session, ann, ann.player)
    assert context.routes == [f"/table/{session.table_id}/valley/1"]
    assert context.toasts == [ann.message]
    label_undo_buttons(header, session)
    assert header.controls[2].content.tooltip == "Redo: place Sheep at row 1, column 2 on Bob's valley"
    assert header.controls[1].content.tooltip == "Nothing to undo"


def test_undo_of_the_players_own_part_stays_on_their_tab(tmp_path):
    session, (ann, _) = editors(tmp_path)
    ann.choose_kind(Kind.LAKE)
    ann.tap((0, 1))
    context = FakeContext()
    ann.undo()
    show_changed_player(context, session, ann, ann.player)
    ann.redo()
    show_changed_player(context, session, ann, ann.player)
    assert context.routes == [] and context.toasts == []


def test_maple_cubes_are_the_part_of_the_player_they_belong_to(tmp_path):
    session = new_table(TableStore(tmp_path / "t.sqlite3"), ["Ann", "Bob"])
    ann = MapleEditor(session, 0)
    ann.step_cubes(1, 0, 1)  # the Festivity grid on Ann's screen: a cube of Bob's
    assert session.undo_player == 1
    ann.set_option("starter_counts_for_travel_bonuses", False)
    assert str(session.undo_label) == "set the option starter counts for travel bonuses off"
    context = FakeContext()
    ann.undo()
    show_changed_player(context, session, ann, ann.player)
    assert context.routes == []  # a table option is nobody's part
    ann.undo()
    show_changed_player(context, session, ann, ann.player)
    assert context.routes == [f"/table/{session.table_id}/valley/1"]


def test_girasoles_boards_are_their_players_parts_and_objectives_the_tables(tmp_path):
    session, (ana, bruno) = girasoles_table(tmp_path)
    bruno.choose_colour(Colour.BLUE)
    bruno.tap((2, 2))
    assert session.undo_player == 1
    ObjectivesEditor(session).add(4)
    assert session.undo_player is None and session.undo_label
