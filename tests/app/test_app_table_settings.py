"""Changing inside a table what was chosen at set-up: names (the library's one rule), colours,
players added and removed (the others' entries kept, undo brings everything back), goals, board
size, Festivities and every table option; and every problem has a way to where it is fixed."""

from __future__ import annotations

import re
import unicodedata
from types import SimpleNamespace

import pytest

from scorer.girasoles.models import Options as GirasolesOptions
from scorer.maple_valley.models import Options as MapleOptions
from scorer.rulings import RULINGS
from scorer.sunflower_valley.goals import GOALS
from scorer.sunflower_valley.models import Options as SunflowerOptions
from test_app_maple_valley_view import FakeContext as ScreenContext
from test_app_maple_valley_view import identified
from control_tree import texts
from ui.games.registry import APP_GAMES
from ui.games.plugin import PlayerSetup
from ui.store.draft_check import Problem
from ui.live.session import Sessions
from ui.store.storage import TableStore
from ui.screens.table_settings import TableSettings, problem_route, rename_problem, table_options
from ui.screens.table_settings_view import TableSettingsView
from ui.parts.words import app_language
from fake_page import PrivateServerContext


def open_table(tmp_path, game="sunflower_valley", names=("Ann", "Bob"), setup=None):
    plugin = APP_GAMES[game]
    store = TableStore(tmp_path / "t.sqlite3")
    players = [PlayerSetup(name, colour) for name, colour in zip(names, ("red", "blue", "green"))]
    table_id = store.create(game, plugin.new_draft(players, setup or plugin.default_setup()))
    return store, Sessions(store, APP_GAMES).get(table_id)


def add_lake(player, cell):
    def change(draft):
        draft["players"][player]["cards"].append({"kind": "lake", "row": cell[0], "col": cell[1]})
    return change


def totals(session):
    return {player.name: player.total for player in session.result.players}


@pytest.mark.parametrize("typed, words", [
    ("ann ", "two players are called"),
    ("ANN", "two players are called"),
    ("   ", "a player needs a name"),
    ("x" * 41, "at most 40 letters"),
])
def test_a_rename_that_clashes_is_refused_in_words_and_changes_nothing(tmp_path, typed, words):
    store, session = open_table(tmp_path)
    settings = TableSettings(session)
    before = session.draft
    settings.rename(1, typed)
    assert session.draft == before == store.get(session.table_id).draft
    assert session.undo_label is None
    refused_as_typed, why = settings.refused[1]
    assert refused_as_typed == typed and words in why
    assert settings.message.startswith("Bob keeps the name: ")


def test_names_differing_only_in_unicode_form_clash():
    composed = unicodedata.normalize("NFC", "Zoë")
    decomposed = unicodedata.normalize("NFD", "Zoë")
    assert composed != decomposed
    assert "two players are called" in rename_problem([composed, "Bob"], 1, decomposed)
    assert rename_problem([composed, "Bob"], 0, decomposed) is None  # the player's own name


def test_a_rename_is_an_undoable_saved_edit_and_the_score_follows(tmp_path):
    store, session = open_table(tmp_path)
    session.apply("lake", add_lake(1, (0, 1)))
    settings = TableSettings(session)
    settings.rename(1, "  Bea ")
    assert session.player_names == ["Ann", "Bea"]
    assert store.get(session.table_id).draft["players"][1]["name"] == "Bea"
    assert totals(session)["Bea"] == 1
    assert session.undo().text == "rename Bob Bea"
    assert session.player_names == ["Ann", "Bob"]


def test_an_old_table_with_clashing_names_is_rescued_by_a_rename(tmp_path):
    store, session = open_table(tmp_path, names=("Ann", "ann "))
    assert session.result is None
    assert problem_route(session, session.checked.problems[0]).endswith("/settings")
    TableSettings(session).rename(1, "Bea")
    assert session.checked.problems == () and totals(session) == {"Ann": 0, "Bea": 0}


def test_recolour(tmp_path):
    _, session = open_table(tmp_path)
    TableSettings(session).recolour(0, "teal")
    assert session.player_colours == ["teal", "blue"]
    TableSettings(session).recolour(0, "not a colour")
    assert session.undo_label.text == "give Ann the colour teal"
    assert app_language("de").render(session.undo_label) == "Ann die Farbe Petrol geben"


def test_removing_a_player_keeps_the_others_entries_and_undo_restores_everything(tmp_path):
    store, session = open_table(tmp_path, names=("Ann", "Bob", "Cat"))
    session.apply("lake", add_lake(0, (0, 1)))
    session.apply("lake", add_lake(1, (0, 1)))
    session.apply("lake", add_lake(2, (1, 0)))
    with_bob = session.draft
    settings = TableSettings(session)
    assert settings.remove_player(1)
    assert session.player_names == ["Ann", "Cat"]
    assert session.draft["players"][0] == with_bob["players"][0]
    assert session.draft["players"][1] == with_bob["players"][2]
    assert totals(session) == {"Ann": 1, "Cat": 1}
    assert store.get(session.table_id).draft == session.draft
    assert session.undo().text == "remove player Bob"
    assert session.draft == with_bob


def test_a_table_never_drops_below_its_players_nor_grows_past_them(tmp_path):
    _, session = open_table(tmp_path)
    settings = TableSettings(session)
    assert not settings.remove_player(0)
    assert "Sunflower Valley is played by 2 to 6 players" in settings.message
    for name in ("Cat", "Dee", "Eve", "Fay"):
        assert settings.add_player(name)
    assert not settings.add_player("Gus")
    assert settings.new_name_problem.endswith("this table is full")
    assert len(session.player_names) == 6


def test_an_added_player_has_an_empty_part_and_a_free_colour(tmp_path):
    _, session = open_table(tmp_path)
    settings = TableSettings(session)
    assert not settings.add_player(" bob")
    assert "two players are called" in settings.new_name_problem
    assert settings.add_player("Cat")
    assert session.player_names == ["Ann", "Bob", "Cat"]
    assert session.player_colours == ["red", "blue", "green"]
    assert totals(session)["Cat"] == 0


def test_a_girasoles_player_joins_with_a_board_of_the_tables_size(tmp_path):
    _, session = open_table(tmp_path, "girasoles", ("Ann",),
                            {"mode": "normal", "rows": 5, "cols": 7})
    TableSettings(session).add_player("Bob")
    board = session.draft["players"][1]["board"]
    assert (board["rows"], board["cols"]) == (5, 7)
    assert session.checked.problems == ()


def test_a_maple_solo_table_gets_festivities_with_a_second_player(tmp_path):
    _, session = open_table(tmp_path, "maple_valley", ("Ann",))
    settings = TableSettings(session)
    settings.add_player("Bob")
    assert session.checked.problems == ()
    assert len(session.checked.table.festivities) == 3
    settings.remove_player(1)
    assert session.checked.problems == () and session.checked.table.solo is not None


@pytest.mark.parametrize("game, model, rulings", [
    ("sunflower_valley", SunflowerOptions, {"farmers_count_as_fields": "SV-1",
                                            "vast_land": "SV-9"}),
    ("girasoles", GirasolesOptions, {"objective_13": "GI-3"}),
    ("maple_valley", MapleOptions, {"starter_counts_for_travel_bonuses": "MV-4"}),
])
def test_every_library_option_is_offered_with_its_ruling_and_sentence(game, model, rulings):
    assert APP_GAMES[game].options_model is model
    options = table_options(model)
    assert {option.name: option.ruling for option in options} == rulings
    assert set(rulings) == set(model.model_fields)
    for option in options:
        assert option.title is RULINGS[option.ruling].said["title"]
        assert option.sentence is model.sentences[option.name]
        assert option.default in [choice.value for choice in option.choices]
        assert len(option.choices) >= 2


def said_options(game: str, code: str) -> list[tuple[str, str, str, list[str]]]:
    """Each option of ``game`` as the settings screen says it in ``code``: its title, ruling,
    sentence and choices."""
    words = app_language(code)
    return [(words.render(option.title), option.ruling, words.render(option.sentence),
             [words.render(choice.label) for choice in option.choices])
            for option in table_options(APP_GAMES[game].options_model)]


def test_the_options_are_said_in_english_as_the_library_wrote_them():
    assert said_options("sunflower_valley", "en") == [
        ("Farmers are Field cards, everywhere", "SV-1",
         "Farmers are Field cards for combinations, Mountains and goals.", ["Yes", "No"]),
        ("Vast Land counts consecutive cards", "SV-9",
         'Vast Land counts consecutive cards without a gap ("Consecutive") or every card of a '
         'row or column ("Whole line").', ["Consecutive", "Whole line"]),
    ]


def test_the_options_of_every_game_are_said_in_german():
    assert said_options("sunflower_valley", "de") == [
        ("Bauern sind Feldkarten, überall", "SV-1",
         "Bauern sind Feldkarten für Kombinationen, Berge und Zielkarten.", ["Ja", "Nein"]),
        ("Weites Land zählt aufeinanderfolgende Karten", "SV-9",
         "Weites Land zählt aufeinanderfolgende Karten ohne Lücke („Aufeinanderfolgend“) oder "
         "jede Karte einer Reihe oder Spalte („Ganze Linie“).",
         ["Aufeinanderfolgend", "Ganze Linie"]),
    ]
    assert said_options("girasoles", "de") == [
        ("Ziel 13 zählt jede Art und Farbe einmal", "GI-3",
         "Ziel 13 zählt jede verschiedene Art und Farbe von Biene, Blatt und Marienkäfer einmal "
         "(„Art und Farbe“, bis zu 12) oder jede Farbe, die eines davon hat („Farbe“, bis zu 4).",
         ["Art und Farbe", "Farbe"]),
    ]
    assert said_options("maple_valley", "de") == [
        ("Der Startfreund ist für Aufnäher-Boni ein Freund jeder Reiseart", "MV-4",
         "Der Startfreund zählt für Aufnäher-Boni pro Freund einer Reiseart als Wasser-, Fels- "
         "und Waldfreund.", ["Ja", "Nein"]),
    ]


def test_the_options_of_every_game_are_said_in_spanish():
    assert said_options("sunflower_valley", "es") == [
        ("Los Granjeros son cartas de Campo, en todas partes", "SV-1",
         "Los Granjeros son cartas de Campo para las combinaciones, las Montañas y las cartas "
         "de objetivo.", ["Sí", "No"]),
        ("Tierra extensa cuenta cartas consecutivas", "SV-9",
         "Tierra extensa cuenta las cartas consecutivas sin huecos («Consecutivas») o todas "
         "las cartas de una fila o columna («Línea entera»).", ["Consecutivas", "Línea entera"]),
    ]
    assert said_options("girasoles", "es") == [
        ("El objetivo 13 cuenta cada tipo y color una vez", "GI-3",
         "El objetivo 13 cuenta una vez cada tipo y color distinto de abeja, hoja y mariquita "
         "(«Tipo y color», hasta 12), o cada color que tenga alguno de ellos («Color», hasta 4).",
         ["Tipo y color", "Color"]),
    ]
    assert said_options("maple_valley", "es") == [
        ("El Inicial es un Amigo de todos los tipos de viaje para las bonificaciones de Parches",
         "MV-4", "El Inicial cuenta como Amigo de Agua, de Roca y de Bosque para las "
         "bonificaciones de Parches por Amigo de un tipo de viaje.", ["Sí", "No"]),
    ]


def test_an_option_changes_the_score_and_undo_takes_it_back(tmp_path):
    _, session = open_table(tmp_path)
    settings = TableSettings(session)
    vast_land = next(o for o in table_options(SunflowerOptions) if o.name == "vast_land")
    settings.set_option(vast_land, "whole_line")
    assert session.checked.table.options.vast_land == "whole_line"
    assert settings.option_value(vast_land) == "whole_line"
    assert session.undo_label.text == ("set Vast Land counts consecutive cards (ruling SV-9) to "
                                     "Whole line")
    session.undo()
    assert session.checked.table.options.vast_land == "consecutive"


def test_each_problem_goes_where_it_is_fixed(tmp_path):
    _, session = open_table(tmp_path, names=("Ann", "Bob"))
    session.apply("lake far away", add_lake(1, (5, 5)))
    problem = session.checked.problems[0]
    assert problem.player == 1
    assert problem_route(session, problem) == f"/table/{session.table_id}/valley/1"
    assert problem_route(session, Problem("The table cannot be scored: ...")).endswith("/settings")
    _, girasoles = open_table(tmp_path / "g", "girasoles")
    objective = Problem("Areas of a colour: choose its colour")
    assert problem_route(girasoles, objective).endswith("/valley/0")
    assert problem_route(girasoles, Problem("The table cannot be scored: two players are "
                                            "called Ann")).endswith("/settings")


# The screen, without a browser ---------------------------------------------------------------


class FakeContext(ScreenContext, PrivateServerContext):
    """A phone's screen context that also follows links and keeps its toasts."""

    def __init__(self, code: str = "en"):
        super().__init__(390)
        self.words = app_language(code)
        self.toasts: list = []
        self.routes: list[str] = []

    def go(self, route):
        self.routes.append(route)

    def toast(self, text, action=None, on_action=None):
        self.toasts.append((text, action, on_action))


def screen(tmp_path, game="sunflower_valley", names=("Ann", "Bob", "Cat"), code="en"):
    _, session = open_table(tmp_path, game, names)
    context = FakeContext(code)
    view = TableSettingsView(context, session)
    context.view = view
    return session, context, view


def test_the_screen_removes_after_asking_and_its_toast_undoes(tmp_path):
    session, context, view = screen(tmp_path)
    identified(view.root, "remove-player-1").on_click(None)
    assert session.player_names == ["Ann", "Bob", "Cat"], "asks first"
    dialog = context.dialogs[-1]
    identified(dialog, "remove-confirm").on_click(None)
    assert session.player_names == ["Ann", "Cat"]
    text, action, undo = context.toasts[-1]
    assert (text, action) == ("Bob removed.", "Undo")
    undo()
    assert session.player_names == ["Ann", "Bob", "Cat"]


def test_the_screen_shows_a_refused_name_next_to_the_field(tmp_path):
    session, context, view = screen(tmp_path)
    field = identified(view.root, "rename-2")
    field.on_submit(SimpleNamespace(control=SimpleNamespace(value="ANN")))
    field = identified(view.root, "rename-2")
    assert field.value == "ANN" and "two players are called" in field.error
    assert session.player_names == ["Ann", "Bob", "Cat"]
    field.on_submit(SimpleNamespace(control=SimpleNamespace(value="Cy")))
    assert session.player_names == ["Ann", "Bob", "Cy"]
    assert identified(view.root, "rename-2").error is None


def test_a_new_players_name_typed_and_left_unadded_is_there_when_the_screen_opens_again(
        tmp_path):
    """Back with a name typed but not added: the settings' next opening on this device has it
    in the field (issue 32); once added, the field is empty again."""
    session, context, view = screen(tmp_path)
    field = identified(view.root, "new-player-name")
    field.value = "Dee"
    field.on_change(SimpleNamespace(control=field))
    again = TableSettingsView(context, session)  # Back, then the settings again
    field = identified(again.root, "new-player-name")
    assert field.value == "Dee"
    field.on_submit(SimpleNamespace(control=field))
    assert session.player_names == ["Ann", "Bob", "Cat", "Dee"]
    assert identified(TableSettingsView(context, session).root, "new-player-name").value == ""


@pytest.mark.parametrize("game", sorted(APP_GAMES))
def test_every_game_has_its_options_on_the_screen(tmp_path, game):
    _, _, view = screen(tmp_path, game, ("Ann", "Bob"))
    for option in table_options(APP_GAMES[game].options_model):
        assert identified(view.root, f"option-{option.name}") is not None


def test_the_screen_says_an_option_and_its_change_in_the_devices_language(tmp_path):
    session, context, view = screen(tmp_path, code="de")
    assert texts(identified(view.root, "option-vast_land")) == [
        "Weites Land zählt aufeinanderfolgende Karten (SV-9)",
        "Weites Land zählt aufeinanderfolgende Karten ohne Lücke („Aufeinanderfolgend“) oder "
        "jede Karte einer Reihe oder Spalte („Ganze Linie“).",
        "Aufeinanderfolgend (die Entscheidung SV-9)", "Ganze Linie (ersetzt SV-9)"]
    identified(view.root, "option-vast_land-whole_line").on_click(None)
    assert session.draft["options"] == {"vast_land": "whole_line"}
    assert context.words.render(session.undo_label) == (
        "Weites Land zählt aufeinanderfolgende Karten (Entscheidung SV-9) auf Ganze Linie setzen")
    _, _, spanish = screen(tmp_path / "es", "girasoles", ("Ana", "Beto"), "es")
    assert texts(identified(spanish.root, "option-objective_13"))[2:] == [
        "Tipo y color (la decisión GI-3)", "Color (sustituye a GI-3)"]


@pytest.mark.parametrize("game", sorted(APP_GAMES))
def test_every_word_of_the_options_passes_through_a_catalogue(tmp_path, game):
    """In the pseudo-language every word is bracketed: none is left outside (a ruling's id is
    inside a message's brackets too)."""
    _, _, view = screen(tmp_path, game, ("Ann", "Bob"), "pseudo")
    for option in table_options(APP_GAMES[game].options_model):
        for text in texts(identified(view.root, f"option-{option.name}")):
            assert re.fullmatch(r"\[.*\]", text), text


def test_the_screen_sets_goals_only_when_a_game_can_have_them(tmp_path):
    session, context, view = screen(tmp_path)
    view.game_form.picker.root.update = lambda: None  # a set-up form redraws itself on a page
    first_game = list(session.draft["goals"])
    identified(view.root, f"goal-{first_game[0]}").on_click(None)
    assert session.draft["goals"] == first_game, "two goals: the table keeps its three"
    assert "keeps 3 goals" in identified(view.root, "goals-note").value
    other = next(key for key in GOALS if key not in first_game)
    identified(view.root, f"goal-{other}").on_click(None)
    assert session.draft["goals"] == [*first_game[1:], other]
    assert session.checked.table.goals == (*first_game[1:], other)


def test_the_screen_resizes_girasoles_boards_and_switches_the_mode(tmp_path):
    session, context, view = screen(tmp_path, "girasoles", ("Ann", "Bob"))
    view.game_form.form.root.update = lambda: None  # a set-up form redraws itself on a page
    identified(view.root, "setup-rows-minus").on_click(None)
    assert [(p["board"]["rows"], p["board"]["cols"]) for p in session.draft["players"]] == \
        [(5, 6), (5, 6)]
    identified(view.root, "setup-mode-advanced").on_click(None)
    assert session.draft["mode"] == "advanced"
    identified(view.root, "settings-objectives").on_click(None)
    assert context.routes == [f"/table/{session.table_id}/valley/0"]


def test_the_screen_names_maple_festivities(tmp_path):
    session, context, view = screen(tmp_path, "maple_valley", ("Ann", "Bob"))
    field = identified(view.root, "festivity-setting-1")
    field.on_submit(SimpleNamespace(control=SimpleNamespace(value="Square Dance")))
    assert session.checked.table.festivities == ("Festivity 1", "Square Dance", "Festivity 3")
