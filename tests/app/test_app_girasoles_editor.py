"""The Girasoles editor's logic without a browser: paint, tiles, symbols, problems where they are,
undo and redo, coins, objectives, the rulebook's board in well under 100 taps; and the screens
built without a browser, their handlers called as a tap calls them."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from girasoles_taps import enter, plan
from scorer.files import load_table, table_from_json
from scorer.games import score
from scorer.girasoles.models import Colour, Symbol
from scorer.report import scorepad_text
from ui.parts.words import app_language
from ui.games.registry import APP_GAMES
from ui.games.girasoles.editor_model import BoardEditor, ObjectivesEditor, Shape, SpaceView
from ui.games.girasoles.look import axis_label, space_control
from ui.screens.new_table_model import NewTableForm
from ui.games.plugin import PlayerSetup
from ui.screens.scorepad_model import Scorepad, export_json, plain_text
from ui.live.session import Sessions
from ui.store.storage import TableStore

ROOT = Path(__file__).resolve().parents[2]
GI = APP_GAMES["girasoles"]
RULEBOOK = ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json"


def open_table(tmp_path, names=("Ana", "Bruno"), setup=None):
    store = TableStore(tmp_path / "t.sqlite3")
    players = [PlayerSetup(name, colour) for name, colour in zip(names, ["red", "blue", "green",
                                                                      "yellow"])]
    table_id = store.create(GI.key, GI.new_draft(players, setup or GI.default_setup()))
    session = Sessions(store, APP_GAMES).get(table_id)
    return session, [BoardEditor(session, index) for index in range(len(names))]


def grid_of(editor) -> list[str]:
    return editor.board["grid"]


def test_a_new_table_has_empty_6_by_6_boards_and_scores_at_once(tmp_path):
    session, (ana, _) = open_table(tmp_path)
    assert ana.size == (6, 6)
    assert grid_of(ana) == [".. .. .. .. .. .."] * 6
    assert ana.total_text() == "Ana: 0 points, rank 1"
    assert ana.count_text() == "0 of 36 spaces covered · 0 symbols"
    assert session.checked.problems == ()


def test_the_new_table_form_takes_1_to_4_players_a_mode_and_a_board_size(tmp_path):
    form = NewTableForm(APP_GAMES)
    form.choose_game("girasoles")
    assert form.setup == {"mode": "normal", "rows": 6, "cols": 6}
    form.names = ["Solo"]
    form.colours = ["red"]
    assert form.problem() is None  # GI-11: one player
    for _ in range(5):
        form.add_player()
    assert len(form.names) == 4
    form.names = ["Solo"]
    form.colours = ["red"]
    form.setup = {"mode": "advanced", "rows": 11, "cols": 6}
    assert form.problem() == "a board has 4 to 10 rows, not 11"
    form.setup = {"mode": "expert", "rows": 6, "cols": 6}
    assert form.problem() == "choose the normal or the advanced mode"
    form.setup = {"mode": "advanced", "rows": 5, "cols": 7}
    table_id = form.create(TableStore(tmp_path / "t.sqlite3"))
    draft = TableStore(tmp_path / "t.sqlite3").get(table_id).draft
    assert draft["mode"] == "advanced"
    assert draft["players"][0]["board"] == {"rows": 5, "cols": 7,
                                            "grid": [".. .. .. .. .. .. .."] * 5}


def test_a_space_is_painted_with_one_tap_after_choosing_the_colour_and_the_colour_stays(
        tmp_path):
    session, (ana, _) = open_table(tmp_path)
    ana.choose_colour(Colour.RED)
    assert ana.message == "Red: tap a space to paint it."
    ana.tap((1, 1))
    ana.tap((6, 6))
    assert grid_of(ana)[0] == "R. .. .. .. .. .."
    assert grid_of(ana)[5] == ".. .. .. .. .. R."
    assert ana.message == "Ana: paint row 6, column 6 red."
    assert session.revision == 2


def test_a_tap_with_no_tool_asks_for_one_and_changes_nothing(tmp_path):
    session, (ana, _) = open_table(tmp_path)
    ana.tap((1, 1))
    assert ana.message == "Choose a colour or a symbol first, then tap a space."
    assert session.revision == 0


@pytest.mark.parametrize("shape, top_left, covered", [
    (Shape.ACROSS, (2, 3), {(2, 3), (2, 4)}),
    (Shape.DOWN, (2, 3), {(2, 3), (3, 3)}),
    (Shape.STARTING, (5, 5), {(5, 5), (5, 6), (6, 5), (6, 6)}),
])
def test_a_double_or_starting_tile_is_laid_in_one_tap_on_its_top_left_space(
        tmp_path, shape, top_left, covered):
    session, (ana, _) = open_table(tmp_path)
    ana.choose_shape(shape)
    ana.choose_colour(Colour.YELLOW)
    ana.tap(top_left)
    painted = {view.cell for line in ana.grid() for view in line if view.colour is Colour.YELLOW}
    assert painted == covered
    assert session.revision == 1  # one edit: one undo takes the whole tile back
    ana.undo()
    assert not any(view.colour for line in ana.grid() for view in line)


def test_a_tile_that_would_leave_the_board_is_not_laid_and_says_where_to_tap(tmp_path):
    session, (ana, _) = open_table(tmp_path)
    ana.choose_colour(Colour.BLUE)
    ana.choose_shape(Shape.ACROSS)
    assert ana.message == "Blue double tile: tap the left space of the two."
    ana.tap((3, 6))
    assert ana.message == ("A double tile from row 3, column 6 would leave the board: tap the "
                           "left space of the two.")
    ana.choose_shape(Shape.STARTING)
    ana.tap((6, 1))
    assert "would leave the board: tap the top-left space of the four" in ana.message
    ana.choose_symbol(Symbol.BEE)
    ana.tap((0, 3))
    assert ana.message == "Row 0, column 3 is not on the board."
    assert session.revision == 0


def test_the_shape_chosen_before_a_colour_waits_for_it_and_stays_for_every_colour(tmp_path):
    _, (ana, _) = open_table(tmp_path)
    ana.choose_shape(Shape.DOWN)
    assert ana.message == "Double tile: now choose its colour."
    ana.tap((1, 1))
    assert ana.message.startswith("Choose a colour")
    enter(ana, [("colour", Colour.GREEN), ("space", (1, 1)), ("colour", Colour.RED),
                ("space", (1, 2))])
    assert grid_of(ana)[:2] == ["G. R. .. .. .. ..", "G. R. .. .. .. .."]
    assert ana.message == "Ana: lay a red double tile on row 1, column 2 and row 2, column 2."


def test_painting_keeps_a_symbol_and_empty_clears_the_space_and_its_symbol(tmp_path):
    _, (ana, _) = open_table(tmp_path)
    enter(ana, [("colour", Colour.RED), ("space", (1, 1)), ("symbol", Symbol.BEE),
                ("space", (1, 1)), ("colour", Colour.BLUE), ("space", (1, 1))])
    assert grid_of(ana)[0].split()[0] == "Bb"
    ana.choose_colour(None)
    assert ana.message == "Empty: tap a space to clear it."
    ana.tap((1, 1))
    assert grid_of(ana)[0].split()[0] == ".."
    assert ana.message == "Ana: clear row 1, column 1."


def test_a_symbol_is_set_and_taken_off_with_one_tap_and_setting_it_again_changes_nothing(
        tmp_path):
    session, (ana, _) = open_table(tmp_path)
    ana.choose_colour(Colour.YELLOW)
    ana.tap((2, 2))
    ana.choose_symbol(Symbol.SUNFLOWER)
    assert ana.message == "Sunflower: tap a space to put a sunflower on it."
    ana.tap((2, 2))
    assert grid_of(ana)[1].split()[1] == "Ys"
    revision = session.revision
    ana.tap((2, 2))  # a second tap on the same space (a retry, a double tap) is harmless
    assert ana.message == "Nothing changed."
    assert session.revision == revision
    ana.choose_symbol(Symbol.LADYBUG)
    ana.tap((2, 2))  # a space holds one symbol: the ladybug replaces the sunflower
    assert grid_of(ana)[1].split()[1] == "Yd"
    ana.choose_symbol(None)
    assert ana.message == "No symbol: tap a space to take its symbol off."
    ana.tap((2, 2))
    assert grid_of(ana)[1].split()[1] == "Y."
    assert ana.message == "Ana: take the symbol off row 2, column 2."


def test_a_symbol_on_a_space_with_no_colour_is_kept_shown_where_it_is_and_not_scored(tmp_path):
    session, (ana, bruno) = open_table(tmp_path)
    enter(ana, [("colour", Colour.RED), ("space", (1, 1)), ("symbol", Symbol.LADYBUG),
                ("space", (1, 1)),
                ("space", (4, 4))])  # a ladybug entered before its space's colour
    assert grid_of(ana)[3].split()[3] == ".d"
    assert ana.message == ("Ana: put a ladybug on row 4, column 4. It scores once its space has "
                           "a colour: paint it.")
    [problem] = ana.problems
    assert problem.cell == (4, 4)
    assert problem.message.startswith("the ladybug at row 4, column 4 is on a space with no "
                                      "colour: paint the space")
    flagged = [view.cell for line in ana.grid() for view in line if view.problem]
    assert flagged == [(4, 4)]
    assert bruno.problems == []
    assert ana.player_result().total == 2  # the red ladybug alone
    ana.choose_colour(Colour.GREEN)
    ana.tap((4, 4))  # its colour: now it scores
    assert ana.problems == []
    assert ana.player_result().total == 4


def test_undo_and_redo_walk_the_edits_of_the_table(tmp_path):
    session, (ana, bruno) = open_table(tmp_path)
    ana.choose_colour(Colour.GREEN)
    ana.tap((1, 1))
    bruno.choose_colour(Colour.BLUE)
    bruno.tap((2, 2))
    ana.undo()  # undo is the table's: Bruno's edit was the last
    assert ana.message == "Undone: Bruno: paint row 2, column 2 blue."
    assert grid_of(bruno)[1] == ".. .. .. .. .. .."
    ana.undo()
    assert grid_of(ana)[0] == ".. .. .. .. .. .."
    ana.undo()
    assert ana.message == "Nothing to undo."
    ana.redo()
    assert ana.message == "Redone: Ana: paint row 1, column 1 green."
    assert grid_of(ana)[0] == "G. .. .. .. .. .."
    assert session.store.get(session.table_id).draft == session.draft


def test_the_rulebook_board_takes_53_taps_and_scores_18_as_the_command_line(tmp_path):
    expected = load_table(RULEBOOK)
    session, (board,) = open_table(tmp_path, names=("Rulebook",))
    steps = plan(expected.players[0].board)
    enter(board, steps)
    board.set_coins(8)
    assert len(steps) == 53  # tools and spaces: well under 100 taps for a full 6x6 board
    assert board.count_text() == "36 of 36 spaces covered · 12 symbols"
    assert session.checked.table.players[0].board.grid == expected.players[0].board.grid
    assert board.total_text() == "Rulebook: 18 points, rank 1"
    assert session.result == score(expected)
    exported = table_from_json(export_json(session))
    assert score(exported) == score(expected)


def test_coins_as_a_total_or_round_by_round_are_scored_by_the_library(tmp_path):
    session, (ana, _) = open_table(tmp_path)
    ana.set_coins(12)
    assert ana.coins_line().detail == "coins worth 12 in all -> 12"
    ana.set_coins(-1)
    assert ana.message == "Coins cannot be fewer than 0."
    ana.count_by_round(True)  # the total so far becomes the first round
    assert ana.coins_by_round == [12, 0, 0, 0] and ana.coins is None
    ana.set_round_coins(1, 5)
    ana.set_round_coins(3, 4)
    assert ana.coins_line().detail == "coins of each round 12 + 5 + 0 + 4 -> 21"
    assert ana.player_result().total == 21
    ana.count_by_round(False)
    assert (ana.coins, ana.coins_by_round) == (21, None)
    ana.undo()
    assert ana.coins_by_round == [12, 5, 0, 4]


def test_objectives_are_chosen_with_their_colour_or_objects_and_scored_when_complete(tmp_path):
    session, (ana, _) = open_table(tmp_path)
    objectives = ObjectivesEditor(session)
    ana.choose_colour(Colour.GREEN)
    ana.tap((1, 1))
    ana.tap((3, 3))
    objectives.add(5)
    [view] = objectives.chosen()
    assert (view.title, view.needs_colour, view.counted) == ("5. Areas of a colour", True, False)
    assert view.problem == "choose the colour its card shows"
    assert [p.message for p in session.checked.problems] == [
        "5. Areas of a colour: choose the colour its card shows"]
    objectives.set_colour(5, Colour.GREEN)
    [view] = objectives.chosen()
    assert (view.title, view.problem, view.counted) == ("5. Green areas", None, True)
    assert [row.label for row in session.result.rows][-1] == "5. Green areas"
    assert ana.player_result().row_points("objective_5") == 2  # two lone green spaces

    objectives.add(7)
    objectives.set_object(7, 0, Symbol.BEE)
    assert objectives.chosen()[1].problem == "choose the two objects its card shows"
    objectives.set_object(7, 1, Symbol.BEE)  # GI-4: a card may show one object twice
    assert objectives.chosen()[1].title == "7. Bee and bee pairs"
    objectives.add(7)
    assert len(objectives.entered) == 2  # one card, entered once
    objectives.add(12)
    objectives.add(3)
    assert objectives.message == ("A game in normal mode ends with 3 additional objectives: "
                                  "remove one first.")
    objectives.set_mode("advanced")
    objectives.add(3)
    assert objectives.count_text() == "4 of 4 additional objectives (advanced mode)"
    objectives.set_mode("normal")  # the 4th is kept, not scored, and says why
    last = objectives.chosen()[-1]
    assert (last.card, last.counted) == (3, False)
    assert last.problem == ("a game in normal mode ends with 3 additional objectives: this one is "
                            "not scored")
    assert len(session.result.rows) == 4 + 3
    objectives.remove(12)
    assert [o.card for o in session.checked.table.objectives] == [5, 7, 3]
    assert [number for number, _, _ in objectives.offered()] == [
        1, 2, 4, 6, 8, 9, 10, 11, 12, 13, 14, 15]


def test_objective_13_reads_as_the_table_chooses_gi_3(tmp_path):
    session, (ana, _) = open_table(tmp_path)
    objectives = ObjectivesEditor(session)
    enter(ana, [("colour", Colour.RED), ("space", (1, 1)), ("space", (1, 2)),
                ("symbol", Symbol.BEE), ("space", (1, 1)), ("symbol", Symbol.LEAF),
                ("space", (1, 2))])
    objectives.add(13)
    assert objectives.objective_13_reading == "kind_and_colour"
    assert ana.player_result().row_points("objective_13") == 2  # a red bee, a red leaf
    objectives.set_objective_13_reading("colour")
    assert ana.player_result().row_points("objective_13") == 1  # one colour


def test_the_boards_size_changes_for_every_player_and_undo_brings_back_what_it_cut(tmp_path):
    session, (ana, bruno) = open_table(tmp_path)
    objectives = ObjectivesEditor(session)
    ana.choose_colour(Colour.RED)
    ana.tap((6, 6))
    objectives.resize(5, 7)
    assert (ana.size, bruno.size) == ((5, 7), (5, 7))
    assert grid_of(bruno) == [".. .. .. .. .. .. .."] * 5
    assert objectives.message == ("Make the boards 5 by 7. 1 covered space outside the new size "
                                  "were taken off; Undo brings them back.")
    objectives.resize(3, 7)
    assert objectives.message == "A board is 4 to 10 spaces each way."
    ana.undo()
    assert ana.size == (6, 6) and grid_of(ana)[5] == ".. .. .. .. .. R."


def test_the_scorepad_has_objectives_as_rows_and_a_line_counts_its_spaces(tmp_path):
    session, (board,) = open_table(tmp_path, names=("Rulebook",))
    enter(board, plan(load_table(RULEBOOK).players[0].board))
    board.set_coins(8)
    pad = Scorepad(session.result)
    assert [row.label for row in pad.rows] == ["Coins", "I. Leaves", "II. Bees", "III. Ladybugs"]
    assert [row.points for row in pad.rows] == [(8,), (3,), (5,), (2,)]
    bees = pad.explain("bees", 0)
    # The bees and the sunflowers around them: what the preview highlights.
    assert bees.cells == {(3, 2), (2, 3), (3, 1), (3, 3), (3, 4)}
    leaves = pad.explain("leaves", 0)
    assert (5, 1) in leaves.cells and (1, 6) in leaves.cells  # the leaves' whole areas
    assert plain_text(session) == scorepad_text(session.result, "Girasoles")


ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("colour"), st.sampled_from([*Colour, None])),
        st.tuples(st.just("shape"), st.sampled_from(list(Shape))),
        st.tuples(st.just("symbol"), st.sampled_from([*Symbol, None])),
        st.tuples(st.just("tap"), st.tuples(st.integers(0, 7), st.integers(0, 7))),
        st.tuples(st.just("objective"), st.integers(1, 16)),
        st.tuples(st.sampled_from(["undo", "redo", "mode", "coins", "rounds", "resize"]),
                  st.integers(0, 12)),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(actions=ACTIONS)
def test_any_sequence_of_taps_never_crashes_and_every_draft_is_checked(tmp_path_factory,
                                                                       actions):
    session, (ana, _) = open_table(tmp_path_factory.mktemp("any"))
    objectives = ObjectivesEditor(session)
    start = session.draft
    for action, value in actions:
        if action == "colour":
            ana.choose_colour(value)
        elif action == "shape":
            ana.choose_shape(value)
        elif action == "symbol":
            ana.choose_symbol(value)
        elif action == "tap":
            ana.tap(value)
        elif action == "objective":
            objectives.add(value) if value % 2 else objectives.remove(value)
            objectives.set_colour(value, Colour.BLUE)
        elif action == "mode":
            objectives.set_mode("advanced" if value % 2 else "normal")
        elif action == "coins":
            ana.set_coins(value)
        elif action == "rounds":
            ana.count_by_round(value % 2 == 0)
            ana.set_round_coins(value % 5, value)
        elif action == "resize":
            objectives.resize(4 + value % 7, 10 - value % 7)
        else:
            getattr(ana, action)()
        ana.grid()
        objectives.chosen()
        # What does not validate is left out, so there is always a table to score.
        assert session.result is not None
        assert session.store.get(session.table_id).draft == session.draft
    while session.undo():
        pass
    assert session.draft == start


def test_the_screens_build_and_a_tap_on_a_tool_then_a_space_paints_it(tmp_path):
    """The Flet controls without a browser: the handlers a tap calls, the panels they show."""
    from ui.games.girasoles.editor_view import BoardEditorView
    from ui.games.girasoles.setup_view import GirasolesSetup

    session, _ = open_table(tmp_path)
    screen = ScreenStub()
    view = BoardEditorView(screen, session, 0)
    screen.view = view
    controls = {name: control for name, control in named_controls(view.root)}
    controls["tool-colour-red"].content.on_click(None)
    assert view.message == "Red: tap a space to paint it."
    controls = dict(named_controls(view.root))
    controls["space-2-3"].content.on_click(None)
    assert session.draft["players"][0]["board"]["grid"][1] == ".. .. R. .. .. .."
    assert screen.edits == 1
    for panel in ("coins", "objectives", "board"):
        dict(named_controls(view.root))[f"panel-{panel}"].content.on_click(None)
        assert view.panel == panel
    dict(named_controls(view.root))["panel-objectives"].content.on_click(None)
    assert BoardEditorView(screen, session, 1).panel == "objectives"  # the next player's tab
    dict(named_controls(view.root))["add-objective-5"].content.on_click(None)
    assert session.draft["objectives"] == [{"card": 5, "colour": None, "objects": None}]
    assert "objective-5-colour-red" in dict(named_controls(view.root))
    preview = GI.preview(session, 0, frozenset({(2, 3)}), 30, app_language("en"))
    assert {name for name, _ in named_controls(preview)} >= {"preview-2-3", "preview-6-6"}
    changes = []
    setup = GirasolesSetup(changes.append, app_language("en"))
    setup.render()
    assert "setup-board-size" in dict(named_controls(setup.root))


class ScreenStub:
    """The app context an editor needs, without a page."""

    width = 360
    wide = False
    text_scale = 1.0
    words = app_language("en")

    def __init__(self):
        self.page = self
        self.height = 740
        self.edits = 0
        self.view = None

    def update(self, *controls):
        pass

    def edited(self, table_id):
        self.edits += 1

    def refresh(self):
        self.view.render()


def named_controls(control):
    """Every control with a browser-test identifier under ``control``, with it."""
    identifier = getattr(control, "identifier", None)
    if identifier:
        yield identifier, control
    for attribute in ("content", "controls"):
        child = getattr(control, attribute, None)
        for item in child if isinstance(child, list) else [child]:
            if item is not None and hasattr(item, "__dataclass_fields__"):
                yield from named_controls(item)


def test_opened_from_a_scorepad_line_the_board_highlights_the_spaces_it_used_until_a_tap(
        tmp_path):
    from ui.games.girasoles.editor_view import BoardEditorView

    session, _ = open_table(tmp_path)
    screen = ScreenStub()
    screen.focus = frozenset({(2, 3)})  # what the explanation's "Open Ana's board" sets
    view = BoardEditorView(screen, session, 0)
    screen.view = view

    def space(name: str):
        return dict(named_controls(view.root))[name].content

    assert space("space-2-3").border.top.width > space("space-2-4").border.top.width
    assert view.message == "Highlighted: the spaces the scorepad line used."
    assert screen.focus == frozenset()
    dict(named_controls(view.root))["tool-colour-red"].content.on_click(None)
    space("space-1-1").on_click(None)
    assert space("space-2-3").border.top.width == space("space-2-4").border.top.width


def test_a_space_letter_keeps_its_drawn_size_whatever_the_browser_text_size():
    """The space (56 px) and its symbol do not grow with the browser's text: nor does the
    colour's letter (12 px = 56 x 0.22, told half as large to a browser drawing text twice as
    large), so at 200% it does not crowd the symbol."""
    def letter_size(text_scale: float) -> float:
        space = space_control(SpaceView((1, 1), Colour.RED, Symbol.BEE), 56, app_language("en"),
                              text_scale=text_scale)
        stack = space.content.content.content.content
        return next(layer.content.size for layer in stack.controls
                    if isinstance(layer.content, ft.Text))

    assert letter_size(1.0) == 12
    assert letter_size(2.0) == 6
    # The rows' and columns' numbers in their boxes too (11 px).
    assert axis_label("3", 14, 56, text_scale=2.0).content.size == 5.5
