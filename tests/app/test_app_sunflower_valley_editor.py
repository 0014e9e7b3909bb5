"""The valley editor's logic without a browser: taps, the picker, described cards offered again,
move, remove, undo, the Express, and problems shown where they are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games.registry import APP_GAMES
from ui.games.plugin import PlayerSetup
from ui.live.session import Sessions
from ui.store.storage import TableStore
from ui.games.sunflower_valley.editor_model import DescriptionDraft, ValleyEditor

SV = APP_GAMES["sunflower_valley"]
TOWN = CardDescription(kind=Kind.TOWN, combination=(Kind.LAKE,), points=3, villagers=1)


def editors(tmp_path, players=2):
    store = TableStore(tmp_path / "t.sqlite3")
    names = [PlayerSetup(name, colour) for name, colour in
             zip(["Ann", "Bob", "Cid"], ["red", "blue", "green"])][:players]
    table_id = store.create(SV.key, SV.new_draft(names, {"goals": []}))
    session = Sessions(store, APP_GAMES).get(table_id)
    return session, [ValleyEditor(session, index) for index in range(players)]


def kinds_at(editor):
    return {cell: card["kind"] for cell, card in editor.cards.items()}


def test_a_card_takes_a_tap_on_its_kind_and_a_tap_on_its_place(tmp_path):
    _, (ann, _) = editors(tmp_path)
    assert ann.choose_kind(Kind.LAKE) is False
    ann.tap((0, 1))
    ann.tap((0, -1))  # the brush stays: one more tap, one more Lake
    assert kinds_at(ann) == {(0, 0): "starting_town", (0, 1): "lake", (0, -1): "lake"}
    assert ann.total_text() == "Ann: 2 points, rank 1"
    assert ann.card_count_text() == "2 of 18 Valley cards"


def test_a_card_dragged_onto_a_place_is_laid_in_one_touch_and_stays_chosen(tmp_path):
    session, (ann, _) = editors(tmp_path)
    ann.choose_kind(Kind.SHEEP)
    ann.tap((0, 1))
    # Read row by row: the next card is of another kind, dragged onto its place.
    ann.drop((0, 2), CardDescription(kind=Kind.LAKE))
    assert kinds_at(ann) == {(0, 0): "starting_town", (0, 1): "sheep", (0, 2): "lake"}
    assert ann.brush == CardDescription(kind=Kind.LAKE)
    ann.tap((0, 3))  # the dragged card stays chosen: a tap lays one more
    assert kinds_at(ann)[(0, 3)] == "lake"
    ann.drop((0, -1), TOWN)  # a known Town card, from the table's list or the deck
    assert kinds_at(ann)[(0, -1)] == "town"
    assert ann.catalogue() == [(TOWN, 1)]
    assert ann.total_text() == "Ann: " + str(session.result.players[0].total) + " points, rank 1"


def test_a_card_dropped_on_a_laid_card_changes_nothing_and_says_so(tmp_path):
    session, (ann, _) = editors(tmp_path)
    ann.drop((0, 1), CardDescription(kind=Kind.FIELD))
    revision = session.revision
    ann.drop((0, 1), CardDescription(kind=Kind.LAKE))
    assert session.revision == revision
    assert kinds_at(ann)[(0, 1)] == "field"
    assert ann.selected is None
    assert ann.message == ("A card lies at row 1, column 2 already: drop the Lake on an empty "
                           "place, or tap one.")
    ann.tap((0, 2))  # the Lake is chosen: a tap lays it
    assert kinds_at(ann)[(0, 2)] == "lake"


def test_a_tap_with_no_card_chosen_asks_for_one_and_changes_nothing(tmp_path):
    session, (ann, _) = editors(tmp_path)
    ann.tap((0, 1))
    assert ann.message == "Choose a card below, then tap a place."
    assert session.revision == 0


def test_town_and_farmer_open_the_picker_and_a_described_card_is_offered_to_every_player(
        tmp_path):
    _, (ann, bob) = editors(tmp_path)
    assert ann.choose_kind(Kind.TOWN) is True
    ann.choose_description(TOWN)
    ann.tap((0, 1))
    assert bob.catalogue() == [(TOWN, 0)]
    assert ann.catalogue() == [(TOWN, 1)]
    # Bob's Town: a tap on the offered card and a tap on the place.
    bob.choose_description(bob.catalogue()[0][0])
    bob.tap((1, 0))
    assert bob.cards[(1, 0)]["combination"] == ["lake"]
    assert bob.cards[(1, 0)]["villagers"] == 1


def test_a_described_card_corrected_in_the_list_and_on_every_card_that_carries_it(tmp_path):
    session, (ann, bob) = editors(tmp_path)
    other = CardDescription(kind=Kind.TOWN, combination=(Kind.SHEEP,), points=2)
    ann.choose_description(TOWN)
    ann.tap((0, 1))
    ann.choose_description(other)
    ann.tap((1, 0))
    bob.choose_description(TOWN)
    bob.tap((0, 1))
    assert ann.carriers(TOWN) == {"Ann": 1, "Bob": 1}
    fixed = CardDescription(kind=Kind.TOWN, combination=(Kind.LAKE,), points=4, villagers=1)
    ann.edit_described(TOWN, fixed, everywhere=True)
    assert ann.message == ("Change Town (Lake -> 3, 1 villager) to Town (Lake -> 4, 1 villager) "
                           "on every card that carries it.")
    assert [entry for entry, _ in bob.catalogue()] == [fixed, other]  # in its place
    assert ann.cards[(0, 1)]["points"] == bob.cards[(0, 1)]["points"] == 4
    assert ann.cards[(1, 0)]["points"] == 2  # another description: untouched
    assert ann.brush == fixed
    ann.undo()
    assert bob.cards[(0, 1)]["points"] == 3 and ann.catalogue()[0][0] == TOWN


def test_a_described_card_corrected_in_the_list_only_leaves_the_laid_cards(tmp_path):
    _, (ann, bob) = editors(tmp_path)
    ann.choose_description(TOWN)
    ann.tap((0, 1))
    fixed = CardDescription(kind=Kind.TOWN, combination=(Kind.LAKE,), points=5)
    ann.edit_described(TOWN, fixed, everywhere=False)
    assert [entry for entry, _ in bob.catalogue()] == [fixed]
    assert ann.cards[(0, 1)]["points"] == 3


def test_a_described_card_taken_off_the_list_stays_where_it_was_laid(tmp_path):
    _, (ann, bob) = editors(tmp_path)
    ann.choose_description(TOWN)
    ann.tap((0, 1))
    ann.forget_described(TOWN)
    assert bob.catalogue() == [] and ann.brush is None
    assert ann.cards[(0, 1)]["points"] == 3
    assert ann.message == "Take Town (Lake -> 3, 1 villager) off the described cards."


def test_the_picker_builds_a_description_and_says_what_is_missing():
    picker = DescriptionDraft(Kind.FARMER)
    assert picker.allowed == (Kind.SHEEP, Kind.FIELD, Kind.LAKE)
    assert picker.result() == (None, "A Farmer card's combination asks for 1 to 4 adjacent "
                                     "cards, not 0.")
    picker.add(Kind.MOUNTAIN)  # not on a Farmer's combination
    picker.add(Kind.SHEEP)
    picker.add(Kind.FIELD)
    assert picker.result()[1] == "A Farmer card with a combination scores some points for it."
    picker.set_points(2)
    picker.set_villagers(-1)  # never below 0
    description, message = picker.result()
    assert message == ""
    assert description == CardDescription(kind=Kind.FARMER, combination=(Kind.SHEEP, Kind.FIELD),
                                          points=2)
    for _ in range(5):
        picker.add(Kind.LAKE)
    assert len(picker.combination) == 4


def test_a_tap_on_a_card_selects_it_then_move_and_remove(tmp_path):
    _, (ann, _) = editors(tmp_path)
    ann.choose_kind(Kind.FIELD)
    ann.tap((0, 1))
    ann.tap((0, 1))
    assert ann.selected == (0, 1)
    ann.start_move()
    ann.tap((0, 0))
    assert "taken" in ann.message
    ann.tap((1, 0))
    assert kinds_at(ann) == {(0, 0): "starting_town", (1, 0): "field"}
    ann.tap((1, 0))
    ann.remove_selected()
    assert kinds_at(ann) == {(0, 0): "starting_town"}


def test_the_starting_town_stays(tmp_path):
    session, (ann, _) = editors(tmp_path)
    ann.tap((0, 0))
    ann.remove_selected()
    assert "Starting Town stays" in ann.message
    assert session.revision == 0


def test_undo_and_redo_from_the_editor(tmp_path):
    _, (ann, _) = editors(tmp_path)
    ann.choose_kind(Kind.SHEEP)
    ann.tap((0, 1))
    ann.undo()
    assert ann.message == "Undone: place Sheep at row 1, column 2 on Ann's valley."
    assert (0, 1) not in ann.cards
    ann.redo()
    assert ann.cards[(0, 1)]["kind"] == "sheep"


def test_a_card_not_connected_is_kept_shown_where_it_is_and_not_scored(tmp_path):
    session, (ann, _) = editors(tmp_path)
    ann.choose_kind(Kind.LAKE)
    ann.tap((1, 1))  # only diagonal to the Starting Town
    assert (1, 1) in ann.cards
    [problem] = ann.problems
    assert problem.cell == (1, 1)
    assert problem.message.startswith("Lake at row 2, column 2 does not touch the valley side by "
                                      "side")
    flagged = [view for row in ann.grid() for view in row if view.problem]
    assert [view.cell for view in flagged] == [(1, 1)]
    assert session.result.players[0].total == 0
    ann.tap((0, 1))  # a Lake that joins it to the valley: both count now
    assert ann.problems == []
    assert session.result.players[0].total == 2


def build_line(editor):
    """Start (0,0) - Railroad (0,1) - Town (0,2) - Railroad (0,3) - Town (0,4)."""
    editor.choose_kind(Kind.RAILROAD)
    editor.tap((0, 1))
    editor.tap((0, 3))
    editor.choose_description(TOWN)
    editor.tap((0, 2))
    editor.tap((0, 4))


def test_the_express_is_the_scorers_longest_route_until_stops_are_tapped(tmp_path):
    session, (ann, _) = editors(tmp_path)
    build_line(ann)
    route = ann.route()
    assert route.assumed and route.stops == ((0, 0), (0, 2), (0, 4))
    assert route.rails == {(0, 1), (0, 3)}
    ann.set_express_mode(True)
    ann.tap((0, 1))
    assert ann.message == "The Express stops at towns: tap a Town card."
    ann.tap((0, 0))
    ann.tap((0, 2))
    assert ann.valley["express_stops"] == [[0, 0], [0, 2]]
    route = ann.route()
    assert not route.assumed and route.rails == {(0, 1)}
    assert session.result.players[0].lines[0].points == 3
    ann.tap((0, 2))  # the last stop again takes it back
    assert ann.valley["express_stops"] == [[0, 0]]
    ann.use_longest_route()
    assert ann.valley["express_stops"] is None
    assert session.result.players[0].lines[0].points == 6


def test_an_express_step_without_rail_is_shown_at_its_town_and_the_route_scored_before_it(
        tmp_path):
    session, (ann, _) = editors(tmp_path)
    build_line(ann)
    ann.choose_description(TOWN)
    ann.tap((1, 4))  # a town beside (0,4) with no Railroad between them
    ann.set_express_mode(True)
    for cell in [(0, 0), (0, 2), (0, 4), (1, 4)]:
        ann.tap(cell)
    [problem] = ann.problems
    assert problem.cell == (1, 4)
    assert ("Express step 3: no Railroad line joins the town at row 1, column 5 to the town at "
            "row 2, column 5") in problem.message
    assert session.result.players[0].lines[0].points == 6
    stops = {view.cell: view.stop for row in ann.grid() for view in row if view.stop}
    assert stops == {(0, 0): 1, (0, 2): 2, (0, 4): 3, (1, 4): 4}


def test_moving_a_town_moves_its_express_stop(tmp_path):
    _, (ann, _) = editors(tmp_path)
    build_line(ann)
    ann.set_express_mode(True)
    ann.tap((0, 0))
    ann.tap((0, 2))
    ann.set_express_mode(False)
    ann.tap((0, 2))
    ann.start_move()
    ann.tap((1, 1))
    assert ann.valley["express_stops"] == [[0, 0], [1, 1]]


class CountedWords:
    """A device's words that count the messages they render."""

    def __init__(self, words):
        self.words, self.rendered = words, 0

    def __getattr__(self, name):
        return getattr(self.words, name)

    def render(self, message) -> str:
        self.rendered += 1
        return self.words.render(message)


def test_the_grids_place_names_are_rendered_once_per_set_of_cards_and_follow_them(tmp_path):
    _, (ann, _) = editors(tmp_path)
    words = ann.words = CountedWords(ann.words)

    def places() -> dict:
        return {view.cell: view.place for row in ann.grid() for view in row}

    def fresh() -> dict:
        name = ann.namer()
        return {view.cell: words.words.render(name(view.cell)) for row in ann.grid()
                for view in row}

    first = places()
    assert first == fresh() and first[0, 0] == "row 1, column 1"
    words.rendered = 0
    assert places() == first and words.rendered == 0  # drawn again: no name rendered again
    ann.choose_kind(Kind.FIELD)
    ann.tap((-1, 0))  # a card above the Starting Town: every row's name moves down
    assert places() == fresh() and places()[0, 0] == "row 2, column 1"
    ann.tap((-1, 0))
    ann.remove_selected()  # the cards of the first drawing again: their names were kept
    words.rendered = 0
    assert places() == first and words.rendered == 0


def test_the_grid_shows_the_cards_and_one_free_place_around_them(tmp_path):
    _, (ann, _) = editors(tmp_path)
    assert ann.bounds() == (-1, 1, -1, 1)
    ann.choose_kind(Kind.FIELD)
    ann.tap((0, 1))
    assert ann.bounds() == (-1, 1, -1, 2)
    growing = {view.cell for row in ann.grid() for view in row if view.can_place}
    assert growing == {(-1, 0), (1, 0), (0, -1), (-1, 1), (1, 1), (0, 2)}


ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("kind"), st.sampled_from(list(Kind))),
        st.tuples(st.just("tap"), st.tuples(st.integers(-3, 3), st.integers(-3, 3))),
        st.tuples(st.just("express"), st.booleans()),
        st.tuples(st.sampled_from(["remove", "move", "undo", "redo", "longest", "cancel",
                                   "describe"]), st.none()),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(actions=ACTIONS)
def test_any_sequence_of_taps_never_crashes_and_every_draft_is_checked(tmp_path_factory, actions):
    session, (ann, _) = editors(tmp_path_factory.mktemp("any"))
    start = session.draft
    for action, value in actions:
        if action == "kind":
            if ann.choose_kind(value):
                ann.choose_description(TOWN if value is not Kind.FARMER else CardDescription(
                    kind=Kind.FARMER, combination=(Kind.SHEEP,), points=2))
        elif action == "tap":
            ann.tap(value)
        elif action == "express":
            ann.set_express_mode(value)
        else:
            {"remove": ann.remove_selected, "move": ann.start_move, "undo": ann.undo,
             "redo": ann.redo, "longest": ann.use_longest_route, "cancel": ann.cancel,
             "describe": lambda: ann.redescribe_selected(TOWN)}[action]()
        ann.grid()
        # What does not validate is left out, so there is always a table to score.
        assert session.checked.table is not None
        assert session.result is not None
        assert session.store.get(session.table_id).draft == session.draft
    while session.undo():
        pass
    assert session.draft == start


def test_the_picker_says_what_a_card_lacks_as_a_hint_until_use_is_tapped():
    """Issue 32, row 11: the Town picker showed a red error before anything was entered."""
    import flet as ft

    from control_tree import identified
    from test_app_maple_valley_view import FakeContext
    from ui.games.sunflower_valley.editor_view import DescriptionPicker

    context = FakeContext(390)
    used = []
    picker = DescriptionPicker(context, Kind.TOWN, None, "New {}",
                               lambda description, everywhere: used.append(description))
    picker.dialog.update = lambda: None  # no page here
    picker.open()
    message = identified(picker.body, "picker-message")
    assert message.value and message.color != ft.Colors.ERROR
    picker._use()
    assert used == [] and identified(picker.body, "picker-message").color == ft.Colors.ERROR
