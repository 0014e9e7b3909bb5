"""The Maple Valley editor's logic without a browser: steppers and typed counts, the Festivity
grid, cards entered once and offered again (at the table and in later games), the Patch
refusals, changing a card for every holder, undo, the solo title, and the draft's check."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from maple_entry import MV, SOLO_EXAMPLE, enter_card, enter_table, example, fill_form, new_table
from scorer.files import table_from_json
from scorer.games import score
from scorer.maple_valley.models import Category, Favour, Friend, Patch, Resource, Travel
from scorer.report import scorepad_text
from ui.parts.words import app_language
from ui.games.maple_valley import draft as edits
from ui.games.maple_valley.editor_model import CardForm, MapleEditor
from ui.games.maple_valley.known_cards import exact, known_cards, matching
from ui.screens.new_table_model import NewTableForm
from ui.games.registry import APP_GAMES, app_store
from ui.screens.scorepad_model import Scorepad, export_json, plain_text

FIDDLE = Favour(name="Fiddle", category=Category.ENTERTAINMENT, score=7)
TAMBOURINE = Favour.model_validate({"name": "Tambourine", "category": "Entertainment", "score": 4,
                                    "bonus": {"kind": "also_have", "favour": "Fiddle",
                                              "points": 2}})
WATER_SAFETY = Patch.model_validate({"name": "Water Safety", "score": 3, "bonus": {
    "kind": "per_friend", "travel": "Water", "points": 2}})
OTTER = Friend(name="Otter", score=3, travel=(Travel.WATER,))


def table(tmp_path, names=("Ann", "Bob", "Cid"), store=None):
    store = store or app_store(tmp_path / "t.sqlite3")
    session = new_table(store, list(names))
    return session, [MapleEditor(session, index) for index in range(len(names))]


def patch(name: str, score: int = 1) -> Patch:
    return Patch(name=name, score=score)


# The rulebook example ---------------------------------------------------------------------------


def test_the_rulebook_example_entered_in_the_editor_scores_64_40_40_as_the_library(tmp_path):
    rulebook = example()
    session, _ = table(tmp_path, [player.name for player in rulebook.players])
    how = enter_table(session, rulebook)
    # 16 cards; every card after its first description is offered again by name:
    # Bug Jar, Tambourine, Fiddle, 3 Friends, Water Safety and Blue's Food Favour are described.
    assert how.count("described") == 8 and how.count("offered") == 8
    assert session.checked.problems == ()
    assert [p.total for p in session.result.players] == [64, 40, 40]
    assert session.result == score(rulebook)


def test_the_exported_file_and_the_text_copy_of_maple_valley_match_the_command_line(tmp_path):
    rulebook = example()
    session, _ = table(tmp_path, [player.name for player in rulebook.players])
    enter_table(session, rulebook)
    exported = table_from_json(export_json(session))
    assert score(exported) == session.result
    assert plain_text(session) == scorepad_text(session.result, "Maple Valley")
    assert "Stored resources (ruling MV-2): Bug Jar holds 2 sets of Bugs + Herbs" in \
        plain_text(session)


def test_the_scorepad_has_the_final_scoring_rows_and_shares_the_second_place(tmp_path):
    rulebook = example()
    session, _ = table(tmp_path, [player.name for player in rulebook.players])
    enter_table(session, rulebook)
    pad = Scorepad(session.result)
    assert [row.label for row in pad.rows] == [
        "Favours", "Friends", "Patches", "Leftovers", "Square Dance", "Second Festivity",
        "Third Festivity"]
    assert pad.totals == (64, 40, 40) and pad.ranks == (1, 2, 2)
    assert pad.winners_text == "Winner: Red"
    favours = pad.explain("favours", 0)
    assert favours.points == 28
    assert favours.lines[0].detail.startswith("Bug Jar (Gift): printed 5, +2 per set of Bugs + "
                                              "Herbs stored here: 2 sets stored")
    assert MV.preview(session, 0, favours.cells, 30, app_language("en")) is None  # the lines name their cards


# Counts -----------------------------------------------------------------------------------------


def test_plus_and_minus_change_a_count_and_never_go_below_zero(tmp_path):
    session, (ann, _, _) = table(tmp_path)
    ann.step("Acorns", 1)
    ann.step("Acorns", 1)
    assert ann.count("Acorns") == 2
    assert ann.message == "Set Ann's Acorns to 2."
    ann.step("Maps", -1)
    assert ann.message == "Ann has no Maps to take away."
    assert ann.count("Maps") == 0
    ann.step("Acorns", -1)
    assert session.draft["players"][0]["resources"] == {"Acorns": 1}


def test_a_count_set_from_its_field_and_99_is_the_most_a_step_reaches(tmp_path):
    _, (ann, _, _) = table(tmp_path)
    ann.set_count("Honey", 12)
    assert ann.count("Honey") == 12
    ann.set_count("Clay", 99)
    assert ann.message == "Set Ann's Clay to 99."
    ann.step("Clay", 1)
    assert ann.message == "At most 99 Clay." and ann.count("Clay") == 99


def test_the_same_count_again_is_not_an_undo_step(tmp_path):
    session, (ann, _, _) = table(tmp_path)
    ann.set_count("Bugs", 3)
    revision = session.revision
    ann.set_count("Bugs", 3)
    assert session.revision == revision


def test_undo_and_redo_walk_back_and_forth_through_counts_and_cards(tmp_path):
    session, (ann, bob, _) = table(tmp_path)
    ann.step("Maps", 1)
    bob.add("Favour", FIDDLE)
    bob.undo()
    assert bob.message == "Undone: add the Favour Fiddle to Bob."
    assert bob.held("Favour") == []
    bob.undo()
    assert ann.count("Maps") == 0
    ann.redo()
    ann.redo()
    assert ann.count("Maps") == 1 and [card.name for card in bob.held("Favour")] == ["Fiddle"]
    ann.redo()
    assert ann.message == "Nothing to redo."


# The Festivity grid ------------------------------------------------------------------------------


def test_cubes_go_from_0_to_10_per_player_across_the_festivities(tmp_path):
    session, (ann, _, _) = table(tmp_path)
    for _ in range(7):
        ann.step_cubes(1, 0, 1)  # Ann's screen edits Bob's cubes too: one grid for the table
    for _ in range(3):
        ann.step_cubes(1, 2, 1)
    assert ann.cubes_placed(1) == 10
    ann.step_cubes(1, 1, 1)
    assert ann.message == "Bob has placed all 10 cubes: take one off another Festivity first."
    ann.step_cubes(0, 1, -1)
    assert ann.message == "Ann has no cubes on Festivity 2."
    assert session.draft["players"][1]["cubes"] == [7, 0, 3]
    festivities = [row for row in session.result.rows if row.category.startswith("festivity")]
    assert [row.label for row in festivities] == ["Festivity 1", "Festivity 2", "Festivity 3"]
    assert session.result.players[0].row_points("festivity_1") == 0
    assert next(p for p in session.result.players if p.name == "Bob").row_points(
        "festivity_1") == 7 + 4


def test_renaming_a_festivity_keeps_its_cubes_and_a_blank_name_is_its_number(tmp_path):
    session, (ann, bob, _) = table(tmp_path)
    bob.step_cubes(1, 0, 1)
    ann.rename_festivity(0, "Square Dance")
    assert ann.festivities == ["Square Dance", "Festivity 2", "Festivity 3"]
    assert session.checked.table.players[1].cubes == {"Square Dance": 1}
    ann.rename_festivity(0, "   ")
    assert ann.festivities[0] == "Festivity 1"
    assert session.checked.table.players[1].cubes == {"Festivity 1": 1}


def test_two_festivities_of_one_name_are_shown_as_a_problem_and_scored_by_number(tmp_path):
    session, (ann, _, _) = table(tmp_path)
    ann.rename_festivity(0, "Picnic")
    ann.rename_festivity(1, "picnic")
    assert [problem.message for problem in ann.problems] == [
        "two Festivities have the same name; they are scored as Festivity 1 to 3 until the "
        "names differ"]
    assert session.checked.table.festivity_names == ("Festivity 1", "Festivity 2",
                                                     "Festivity 3")


# Cards ------------------------------------------------------------------------------------------


def test_a_card_described_once_is_offered_by_name_to_every_player_of_the_table(tmp_path):
    _, (ann, bob, _) = table(tmp_path)
    assert enter_card(ann, "Favour", TAMBOURINE) == "described"
    offered = bob.known("Favour")
    assert [(entry.card, entry.here) for entry in offered] == [(TAMBOURINE, True)]
    assert matching(offered, "tamb") == offered and matching(offered, "fid") == []
    assert bob.add_known("Favour", offered[0])
    assert bob.held("Favour")[0].card == TAMBOURINE
    assert bob.held("Favour")[0].text == "Entertainment, 4 points, +2 if you also have Fiddle"


def test_cards_described_in_an_earlier_game_are_offered_in_a_later_one(tmp_path):
    store = app_store(tmp_path / "t.sqlite3")
    _, (ann, _) = table(tmp_path, ("Ann", "Bob"), store)
    ann.add("Favour", FIDDLE)
    ann.add("Friend", OTTER)
    ann.add("Patch", WATER_SAFETY)
    later, (dee,) = table(tmp_path, ("Dee",), store)
    for kind, card in (("Favour", FIDDLE), ("Friend", OTTER), ("Patch", WATER_SAFETY)):
        entry = exact(dee.known(kind), card.name.lower())
        assert entry is not None and entry.card == card and not entry.here
    assert dee.add_known("Favour", exact(dee.known("Favour"), "Fiddle"))
    # The later table now describes it itself, so its file is complete on its own.
    assert exact(dee.known("Favour"), "Fiddle").here
    assert later.checked.table.catalogue.favours == (FIDDLE,)


def test_this_tables_description_comes_before_an_earlier_games_of_the_same_name(tmp_path):
    store = app_store(tmp_path / "t.sqlite3")
    _, (ann, _) = table(tmp_path, ("Ann", "Bob"), store)
    ann.add("Favour", FIDDLE)
    _, (cid, _) = table(tmp_path, ("Cid", "Dee"), store)
    cheaper = FIDDLE.model_copy(update={"score": 6})
    cid.add("Favour", cheaper)
    assert [entry.card for entry in cid.known("Favour")] == [cheaper]
    assert exact(known_cards("Favour", {}, store), "fiddle").card == cheaper  # the latest game


def test_a_deleted_and_emptied_table_still_offers_its_cards_from_the_deck(tmp_path):
    store = app_store(tmp_path / "t.sqlite3")
    first, (ann, _) = table(tmp_path, ("Ann", "Bob"), store)
    ann.add("Friend", OTTER)
    store.delete(first.table_id)
    store.purge_deleted([first.table_id])
    _, (cid, _) = table(tmp_path, ("Cid", "Dee"), store)
    assert [entry.card for entry in cid.known("Friend")] == [OTTER]


def test_a_second_copy_of_a_patch_is_refused_with_a_message(tmp_path):
    session, (ann, bob, _) = table(tmp_path)
    assert ann.add("Patch", WATER_SAFETY)
    revision = session.revision
    assert not ann.add_known("Patch", exact(ann.known("Patch"), "water safety"))
    assert ann.message == ("Ann already has the Patch Water Safety: a player may not have two "
                           "of the same Patch.")
    assert session.revision == revision
    assert bob.add_known("Patch", exact(bob.known("Patch"), "Water Safety"))  # another player


def test_a_fifth_patch_is_refused_and_favours_and_friends_may_repeat(tmp_path):
    _, (ann, _, _) = table(tmp_path)
    for number in range(4):
        assert ann.add("Patch", patch(f"Patch {number}"))
    assert ann.refusal("Patch") == ("Ann already has 4 Patches, the most a player holds: "
                                    "remove one first.")
    assert not ann.add("Patch", patch("Patch 5"))
    assert len(ann.held("Patch")) == 4
    ann.remove("Patch", 0)
    assert ann.add("Patch", patch("Patch 5"))
    assert ann.add("Favour", TAMBOURINE) and ann.add("Favour", TAMBOURINE)
    assert ann.add("Friend", OTTER) and ann.add("Friend", OTTER)
    assert len(ann.held("Favour")) == 2 and len(ann.held("Friend")) == 2


def test_changing_a_card_changes_it_for_every_holder_and_a_new_name_follows(tmp_path):
    session, (ann, bob, _) = table(tmp_path)
    ann.add("Favour", FIDDLE)
    ann.add("Favour", TAMBOURINE)
    bob.add_known("Favour", exact(bob.known("Favour"), "Fiddle"))
    form = CardForm("Favour", FIDDLE)
    form.step_score(-1)
    form.set_name("Violin", bob.known("Favour"))
    assert form.note(bob) == "Fiddle is described at this table: the change applies to Ann too."
    violin, _ = form.result()
    assert bob.redescribe("Favour", form.editing, violin)
    assert [card.name for card in ann.held("Favour")] == ["Violin", "Tambourine"]
    assert [card.card for card in bob.held("Favour")] == [violin]
    # The Tambourine asks for the card by its new name, so it still scores its bonus.
    assert ann.held("Favour")[1].card.bonus.favour == "Violin"
    assert session.result.players[0].row_points("favours") == 6 + 6


def test_a_card_cannot_be_renamed_onto_another_card_of_the_table(tmp_path):
    _, (ann, _, _) = table(tmp_path)
    ann.add("Favour", FIDDLE)
    ann.add("Favour", TAMBOURINE)
    renamed = FIDDLE.model_copy(update={"name": "tambourine"})
    assert not ann.redescribe("Favour", "Fiddle", renamed)
    assert ann.message == ("Another Favour is called Tambourine at this table: choose a "
                           "different name.")


def test_renaming_a_patch_onto_one_the_holder_has_is_refused(tmp_path):
    _, (ann, _, _) = table(tmp_path)
    ann.add("Patch", patch("Whittling"))
    ann.add("Patch", patch("Cloud Watching"))
    ann.remove("Patch", 1)  # Cloud Watching stays described at the table
    ann.add("Patch", patch("Rock Skipping"))
    assert ann.redescribe("Patch", "Rock Skipping", patch("Rock Skipping", 2))
    assert not ann.redescribe("Patch", "Rock Skipping", patch("Cloud Watching"))


# The card form ----------------------------------------------------------------------------------


def test_the_form_says_what_a_card_still_needs_in_the_cards_words():
    form = CardForm("Favour")
    assert form.result() == (None, "Type the Favour's name.")
    form.set_name("Bug Jar", [])
    assert form.result() == (None, "Choose the Favour's category.")
    form.choose_category(Category.GIFT)
    form.choose_bonus("stored_sets")
    assert form.result() == (None, "Tap the resources of one set.")
    form.add_to_set(Resource.BUGS)
    form.add_to_set(Resource.HERBS)
    form.step_bonus(2)
    form.step_score(5)
    card, message = form.result()
    assert message == "" and card.bonus.set_name == "Bugs + Herbs" and card.bonus.points == 2
    form.choose_bonus("per_friend")  # not a Favour's bonus: ignored
    assert form.bonus == "stored_sets"
    friend = CardForm("Friend")
    friend.set_name("Heron", [])
    assert friend.result() == (None, "Choose the travel type(s) the Friend shows.")
    friend.toggle_travel(Travel.FOREST)
    friend.toggle_travel(Travel.WATER)
    assert friend.result()[0].travel == (Travel.WATER, Travel.FOREST)
    badge = CardForm("Patch")
    badge.set_name("Water Safety", [])
    badge.choose_bonus("per_friend")
    assert badge.result() == (None, "Choose the travel type of the Friends it counts.")


def test_scores_and_bonuses_stay_between_0_and_99():
    form = CardForm("Patch")
    form.step_score(-1)
    form.step_bonus(150)
    assert (form.score, form.bonus_points) == (0, 99)


def test_typing_a_known_name_fills_the_form_unless_it_was_changed_by_hand(tmp_path):
    _, (ann, bob, _) = table(tmp_path)
    ann.add("Favour", TAMBOURINE)
    form = CardForm("Favour")
    assert form.set_name("tambourine", bob.known("Favour"))
    assert form.result() == (TAMBOURINE, "")
    assert form.note(bob) == ""  # the same card: nothing changes for Ann
    form.step_score(1)
    assert not form.set_name("Tambourine", bob.known("Favour"))
    assert form.note(bob) == ("Tambourine is described at this table: the change applies to "
                              "Ann too.")
    fresh = CardForm("Favour")
    fresh.choose_category(Category.FOOD)
    assert not fresh.set_name("Tambourine", bob.known("Favour"))
    assert fresh.category is Category.FOOD


def test_fill_form_reproduces_every_bonus_kind():
    for kind, card in [("Favour", TAMBOURINE), ("Favour", FIDDLE), ("Patch", WATER_SAFETY),
                       ("Friend", OTTER),
                       ("Patch", Patch.model_validate({"name": "Fossils", "score": 2, "bonus": {
                           "kind": "typed", "points": 3, "reason": "three fossils"}}))]:
        form = CardForm(kind)
        fill_form(form, card)
        assert form.result() == (card, "")
        assert CardForm(kind, card).result() == (card, "")  # opened to be changed


# Solo -------------------------------------------------------------------------------------------


def test_a_solo_game_has_no_festivities_and_shows_its_four_word_title(tmp_path):
    solo = example(SOLO_EXAMPLE)
    session, (sam,) = table(tmp_path, ("Sam",))
    assert session.draft["festivities"] == [] and sam.festivities == []
    enter_table(session, solo)
    assert session.result == score(solo)
    assert sam.solo_title() == "Delightfully Enthusiastic Rambler of the Running Rivers"
    assert sam.total_text() == "Sam: 53 points"
    assert sam.solo_answers()[2] == "3. 1 Patch -> Rambler"
    assert score(table_from_json(export_json(session))) == session.result


def test_the_solo_tie_choices_pick_between_tied_answers(tmp_path):
    session, (sam,) = table(tmp_path, ("Sam",))
    sam.add("Favour", FIDDLE)
    sam.add("Favour", Favour(name="Cake", category=Category.FOOD, score=3))
    assert sam.solo_title().startswith("Delightfully ")  # the rulebook's order on a tie
    sam.choose_solo("favour_category", "Food")
    assert sam.solo_title().startswith("Heartily ")
    sam.add("Friend", OTTER)
    sam.add("Friend", Friend(name="Mole", score=1, travel=(Travel.ROCK,)))
    sam.choose_solo("travel", "Rock")
    assert sam.solo_title().endswith("of the Rolling Hills")
    assert session.checked.table.solo.travel is Travel.ROCK


def test_the_starter_option_of_ruling_mv_4_changes_the_patch_bonus(tmp_path):
    session, (ann, _, _) = table(tmp_path)
    ann.add("Patch", WATER_SAFETY)
    assert session.result.players[0].row_points("patches") == 3 + 2
    ann.set_option("starter_counts_for_travel_bonuses", False)
    assert session.result.players[0].row_points("patches") == 3


# The new table and the draft --------------------------------------------------------------------


def test_the_new_table_form_offers_maple_valley_for_1_to_5_players(tmp_path):
    form = NewTableForm(APP_GAMES)
    form.choose_game("maple_valley")
    form.names = ["Sam"]
    form.colours = ["red"]
    assert form.problem() is None
    store = app_store(tmp_path / "t.sqlite3")
    assert store.get(form.create(store)).draft["solo"] == {"favour_category": None,
                                                           "travel": None}
    form.names = [f"P{number}" for number in range(6)]
    form.colours = ["red", "blue", "green", "yellow", "purple", "orange"]
    assert form.problem() == "Maple Valley is played by 1 to 5 players"


def test_a_table_file_opens_as_a_draft_that_scores_the_same():
    for path_table in (example(), example(SOLO_EXAMPLE)):
        draft = edits.draft_from_table(path_table, ["red", "blue", "green"])
        checked = edits.check(draft)
        assert checked.problems == ()
        assert score(checked.table) == score(path_table)


def test_two_different_cards_described_in_place_under_one_name_both_keep_their_points():
    data = json.loads(json.dumps({
        "game": "maple_valley",
        "players": [
            {"name": "Ann", "favours": [{"name": "Cake", "category": "Food", "score": 3}]},
            {"name": "Bob", "favours": [{"name": "Cake", "category": "Food", "score": 5}]},
        ]}))
    file_table = table_from_json(json.dumps(data))
    draft = edits.draft_from_table(file_table, ["red", "blue"])
    assert draft["players"][1]["favours"] == ["Cake (2)"]
    assert [p.total for p in score(edits.check(draft).table).players] == \
        [p.total for p in score(file_table).players]


def test_what_cannot_be_scored_is_said_and_never_raises():
    draft = edits.new_draft([])
    assert edits.check(draft).table is None
    players = [{"name": "Ann", "favours": ["Nothing"], "patches": ["A", "a"],
                "cubes": [11, 0, 0]}, {"name": "Bob"}]
    checked = edits.check({"game": "maple_valley", "players": players})
    assert checked.table is None
    assert [(p.player, p.message) for p in checked.problems] == [
        (0, "the Favour 'Nothing' is not described at this table; it is not scored"),
        (0, "the Patch 'A' is not described at this table; it is not scored"),
        (0, "the Patch 'a' is not described at this table; it is not scored"),
        (0, "11 cubes on Festivities, but a player owns only 10"),
    ]


@settings(max_examples=60, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["name", "favours", "friends", "patches", "resources", "cubes",
                         "catalogue", "festivities", "solo", "options", "Acorns", "Maps"]),
        inner, max_size=5),
    max_leaves=20))
def test_any_draft_is_checked_without_raising(junk):
    draft = {"game": "maple_valley", "festivities": ["A", "B", "C"],
             "players": [{"name": "Ann"}, junk if isinstance(junk, dict) else {"name": junk}]}
    edits.check(draft)  # the editor shows what does not validate; it never raises
    for key in ("festivities", "catalogue", "options", "solo", "players"):
        edits.check({**draft, key: junk})
    edits.check({**draft, "players": [{"name": "Ann"}]})


def test_the_form_previews_the_card_as_entered_so_far():
    form = CardForm("Favour")
    assert form.preview() == "name?: category?, 0 points"
    form.set_name("Bug Jar", [])
    form.choose_bonus("stored_sets")
    form.step_bonus(1)
    assert form.preview() == "Bug Jar: category?, 0 points, +1 per set of ? stored"
    form.choose_category(Category.GIFT)
    form.add_to_set(Resource.BUGS)
    form.add_to_set(Resource.BUGS)
    assert form.preview() == "Bug Jar: Gift, 0 points, +1 per set of Bugs + Bugs stored"
    friend = CardForm("Friend")
    friend.step_score(1)
    assert friend.preview() == "name?: 1 point, travel type?"
