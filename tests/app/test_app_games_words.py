"""The game editors speak the device's language: two phones at one table, one in German and one
in Spanish, each read the same valley, its problems and its undo in their own words (hand-written
expectations); English stays as it was (the other tests)."""

from __future__ import annotations

import re

import pytest

import flet as ft

from scorer.girasoles.models import Colour, Symbol
from scorer.sunflower_valley.models import CardDescription, Kind
from scorer.language import PSEUDO, language
from test_app_girasoles_editor import open_table
from test_app_maple_valley_view import FakeContext
from test_app_maple_valley_editor import FIDDLE, table as maple_table
from test_app_sunflower_valley_editor import editors
from ui.games.girasoles.editor_model import BoardEditor, ObjectivesEditor, Shape
from ui.games.girasoles.editor_view import BoardEditorView
from ui.games.girasoles.look import describe
from ui.games.maple_valley.editor_view import SECTION, MapleEditorView
from ui.games.sunflower_valley.editor_view import ValleyEditorView
from ui.games.maple_valley.editor_model import CardForm, MapleEditor
from ui.games.registry import APP_GAMES
from ui.games.plugin import PlayerSetup, validate_players
from ui.games.sunflower_valley.cards import LOOK, cell_name
from ui.games.sunflower_valley.editor_model import DescriptionDraft, ValleyEditor
from ui.parts.words import app_language, spoken
from ui.screens.new_table_model import NewTableForm

GERMAN, SPANISH = app_language("de"), app_language("es")


def test_a_valley_editor_says_its_hints_in_the_devices_language(tmp_path):
    session, _ = editors(tmp_path)
    hans, ana = ValleyEditor(session, 0, GERMAN), ValleyEditor(session, 0, SPANISH)
    hans.tap((0, 1))
    assert hans.message == "Wähle unten eine Karte, dann tippe auf einen Platz."
    ana.tap((0, 1))
    assert ana.message == "Elige una carta abajo y luego toca un lugar."
    assert hans.card_count_text() == "0 von 18 Talkarten"
    assert ana.card_count_text() == "0 de 18 cartas de valle"
    hans.grow("left")
    assert hans.message == ("Das Raster hat links eine Spalte mehr: Tippe dort auf einen Platz, "
                            "um eine Karte zu legen.")


def test_an_edit_made_on_one_phone_is_undone_in_the_words_of_another(tmp_path):
    session, (ann, _) = editors(tmp_path)
    ann.choose_kind(Kind.LAKE)
    ann.tap((0, 1))
    ann.selected = (0, 1)
    ann.remove_selected()
    assert ann.message == "Remove the card at row 1, column 2 on Ann's valley."
    label = session.undo_label
    assert spoken(GERMAN, label) == "Karte auf Reihe 1, Spalte 2 entfernt (Tal von Ann)"
    assert spoken(SPANISH, label) == "quitar la carta de fila 1, columna 2 en el valle de Ann"


def test_places_and_problems_are_said_in_each_language(tmp_path):
    session, _ = editors(tmp_path)
    hans, ana = ValleyEditor(session, 0, GERMAN), ValleyEditor(session, 0, SPANISH)
    free = hans.grid()[1][2]
    assert cell_name(free, GERMAN) == "Reihe 1, Spalte 2: freier Platz"
    assert cell_name(ana.grid()[1][2], SPANISH, highlighted=True) == (
        "fila 1, columna 2: lugar libre, resaltada")
    twice = {"players": [{"cards": [
        {"kind": "starting_town", "row": 0, "col": 0},
        {"kind": "starting_town", "row": 0, "col": 1}]}]}
    problem = APP_GAMES["sunflower_valley"].check({**session.draft, **twice}).problems[0]
    assert problem.message == "a valley has exactly one Starting Town, this one has 2"
    assert problem.in_words(GERMAN) == "ein Tal hat genau eine Startstadt, dieses hat 2"
    assert problem.in_words(SPANISH) == "un valle tiene exactamente un Pueblo inicial; este tiene 2"


def test_the_express_route_counts_its_towns_in_singular_and_plural(tmp_path):
    session, _ = editors(tmp_path)
    hans = ValleyEditor(session, 0, GERMAN)
    route = hans.route()
    one = type(route)(stops=((0, 0), (0, 1)), rails=frozenset(), assumed=False)
    two = type(route)(stops=((0, 0), (0, 1), (0, 2)), rails=frozenset(), assumed=False)
    assert one.text(GERMAN, hans.namer()) == (
        "Route wie eingegeben: Reihe 1, Spalte 1 → Reihe 1, Spalte 2 (1 Stadt nach dem Start)")
    assert two.text(SPANISH, hans.namer()).endswith("(2 pueblos después del inicio)")


def test_a_new_tables_players_are_refused_in_the_devices_language():
    game = APP_GAMES["girasoles"]
    assert validate_players([PlayerSetup("Ana", "plum")], game, SPANISH) == (
        "Ana necesita un color")
    assert game.setup_problem({"mode": "normal", "rows": 11, "cols": 6}, GERMAN) == (
        "ein Tableau hat 4 bis 10 Reihen, nicht 11")
    assert APP_GAMES["sunflower_valley"].setup_problem({"goals": ["a"]}, SPANISH).startswith(
        "carta de objetivo desconocida")


def test_the_library_names_the_cards_in_each_language(tmp_path):
    session, _ = editors(tmp_path)
    hans, ana = ValleyEditor(session, 0, GERMAN), ValleyEditor(session, 0, SPANISH)
    hans.choose_kind(Kind.SHEEP)
    assert hans.message == "Tippe auf einen Platz, um Schaf zu legen."
    assert cell_name(hans.grid()[1][1], GERMAN) == "Reihe 1, Spalte 1: Startstadt"
    hans.tap((0, 1))
    assert hans.message == "Schaf auf Reihe 1, Spalte 2 gelegt (Tal von Ann)."
    assert spoken(SPANISH, session.undo_label) == (
        "colocar Oveja en fila 1, columna 2 en el valle de Ann")
    town = CardDescription(kind=Kind.TOWN, combination=(Kind.SHEEP, Kind.LAKE), points=3)
    ana.choose_description(town)
    assert ana.message == "Toca un lugar para colocar: Pueblo (Oveja + Lago -> 3)."
    ana.tap((1, 0))
    assert [offer.description for offer in hans.offers("schaf 3")] == [town]
    assert [offer.description for offer in ana.offers("oveja lago")] == [town]


SHORT_NAMES_OF_THEIR_OWN = {("es", Kind.RAILROAD): "Vía", ("es", Kind.STARTING_TOWN): "Inicio"}
"""The valley's short names (a cell, the palette) that are not the beginning of the kind's name,
each a name of the same card: 'Ferrocarril' does not fit a cell, and 'Inicio' names the
Starting Town ('Pueblo inicial') as 'Start' does in English."""


@pytest.mark.parametrize("code", ["en", "es", "de"])
def test_a_valley_card_is_named_one_way_in_each_language(code):
    """The Spanish evening met 'Monte' on the palette and the grid, 'Montaña' in the picker and
    the goals: two names for one card. A short name is the kind's name, or its beginning
    ('Mount', 'Startstadt' shown 'Start'), or one of the few named above."""
    words = app_language(code)
    for kind, (short, *_) in LOOK.items():
        name, shown = words.render(kind.word), words.render(short)
        if (code, kind) in SHORT_NAMES_OF_THEIR_OWN:
            assert shown == SHORT_NAMES_OF_THEIR_OWN[code, kind]
            continue
        beginning = shown.rstrip(".").lower()
        assert any(word.startswith(beginning) for word in [name.lower(), *name.lower().split()]), \
            f"{kind.value} is '{name}' and '{shown}' in {code}"


def test_a_girasoles_board_is_entered_in_the_devices_language(tmp_path):
    session, _ = open_table(tmp_path)
    hans, ana = BoardEditor(session, 0, GERMAN), BoardEditor(session, 0, SPANISH)
    hans.tap((1, 1))
    assert hans.message == "Wähle zuerst eine Farbe oder ein Symbol, dann tippe auf ein Feld."
    hans.choose_shape(Shape.ACROSS)
    hans.choose_colour(Colour.RED)
    assert hans.message == "Rot, Doppelplättchen: tippe auf das linke der zwei Felder."
    hans.tap((1, 6))
    assert hans.message == ("Ein Doppelplättchen ab Reihe 1, Spalte 6 ragt über das Tableau "
                            "hinaus: tippe auf das linke der zwei Felder.")
    hans.tap((1, 1))
    assert hans.message == ("Ana: Doppelplättchen in Rot auf Reihe 1, Spalte 1 und Reihe 1, "
                            "Spalte 2 gelegt.")
    assert spoken(SPANISH, session.undo_label) == (
        "Ana: colocar una loseta doble (rojo) en fila 1, columna 1 y fila 1, columna 2")
    ana.choose_symbol(Symbol.BEE)
    assert ana.message == "Abeja: toca una casilla para ponerle abeja."
    ana.tap((1, 2))
    assert ana.count_text() == "2 de 36 casillas cubiertas · 1 símbolo"
    assert hans.count_text() == "2 von 36 Feldern belegt · 1 Symbol"
    ana.tap((1, 1))
    assert ana.count_text() == "2 de 36 casillas cubiertas · 2 símbolos"
    assert describe(hans.grid()[0][1], GERMAN) == "Reihe 1, Spalte 2: rote Biene"
    assert describe(ana.grid()[0][2], SPANISH) == "fila 1, columna 3: vacía"


def test_the_girasoles_objectives_say_their_rules_and_problems_in_each_language(tmp_path):
    session, _ = open_table(tmp_path)
    objectives = ObjectivesEditor(session, SPANISH)
    objectives.add(5)
    view = objectives.chosen()[0]
    assert (view.title, view.rule, view.problem) == (
        "5. Zonas de un color", "1 punto por zona del color de la carta",
        "elige el color que muestra su carta")
    german = ObjectivesEditor(session, GERMAN)
    assert german.count_text() == "1 von 3 zusätzlichen Zielen (Normalmodus)"
    german.set_colour(5, Colour.GREEN)
    assert german.chosen()[0].title == "5. Grüne Gebiete"


def test_a_maple_valley_pack_and_cards_are_said_in_each_language(tmp_path):
    session, _ = maple_table(tmp_path)
    ann, ana = MapleEditor(session, 0, GERMAN), MapleEditor(session, 0, SPANISH)
    ann.step("Acorns", -1)
    assert ann.message == "Ann hat keine Eicheln zum Wegnehmen."
    ann.step("Acorns", 1)
    assert ann.message == "Eicheln von Ann auf 1 gesetzt."
    assert spoken(SPANISH, session.undo_label) == "poner Bellotas de Ann a 1"
    ann.add("Favour", FIDDLE)
    assert [card.text for card in ann.held("Favour")] == ["Unterhaltung, 7 Punkte"]
    assert [card.text for card in ana.held("Favour")] == ["Entretenimiento, 7 puntos"]
    form = CardForm("Friend", words=SPANISH)
    form.step_score(1)
    assert form.preview() == "¿nombre?: 1 punto, ¿tipo de viaje?"
    assert form.missing() == "Escribe el nombre del Amigo."
    ann.step_cubes(0, 0, -1)
    assert ann.message == "Ann hat keine Würfel auf Fest 1."


def test_a_players_total_is_said_in_singular_and_plural(tmp_path):
    session, _ = editors(tmp_path)
    hans = ValleyEditor(session, 0, GERMAN)
    hans.choose_kind(Kind.LAKE)
    hans.tap((0, 1))
    assert hans.total_text() == "Ann: 1 Punkt, Platz 1"
    hans.tap((0, -1))
    assert ValleyEditor(session, 0, SPANISH).total_text() == "Ann: 2 puntos, puesto 1"


def _texts(control) -> list[str]:
    """Every text a control shows or names (values, tooltips, labels, hints), nested ones too."""
    found = [value for attr in ("value", "tooltip", "label", "hint_text")
             if isinstance(value := getattr(control, attr, None), str) and value]
    for attr in ("content", "controls", "title", "actions"):
        child = getattr(control, attr, None)
        for item in child if isinstance(child, list) else [child]:
            if isinstance(item, ft.Control):
                found += _texts(item)
    return found


def _not_through_a_catalogue(control, names: tuple[str, ...]) -> list[str]:
    """The texts with a word outside the pseudo-language's brackets (names typed are allowed)."""
    left = []
    for text in _texts(control):
        bare = text
        for _ in range(3):  # a message within a message: brackets nest
            bare = re.sub(r"\[[^\[\]]*\]", "", bare)
        for name in names:
            bare = bare.replace(name, "")
        if re.search(r"[A-Za-z]{2,}", bare):
            left.append(text)
    return left


def _folder(tmp_path, name: str):
    folder = tmp_path / name
    folder.mkdir()
    return folder


def test_every_word_of_every_editor_panel_passes_through_a_catalogue(tmp_path):
    """In the pseudo-language every word is accented and bracketed: an English word left over
    was never said through the device's language."""
    pseudo = language(PSEUDO)
    valley = FakeContext(390)
    valley.words = pseudo
    session, _ = editors(_folder(tmp_path, "valley"))
    view = ValleyEditorView(valley, session, 0)
    assert _not_through_a_catalogue(view.root, ("Ann", "Bob")) == []
    view.model.set_express_mode(True)
    view.render()
    assert _not_through_a_catalogue(view.root, ("Ann", "Bob")) == []

    board = FakeContext(390)
    board.words = pseudo
    board.page.height = 844
    session, _ = open_table(_folder(tmp_path, "board"))
    view = BoardEditorView(board, session, 0)
    for panel in ("board", "coins", "objectives"):
        view.panel = panel
        view.render()
        assert _not_through_a_catalogue(view.root, ("Ana", "Bruno")) == [], panel

    maple = FakeContext(390)
    maple.words = pseudo
    session, _ = maple_table(_folder(tmp_path, "maple"))
    view = MapleEditorView(maple, session, 0)
    for section in ("cards", "pack", "festivities"):
        setattr(maple, SECTION, section)
        view.render()
        assert _not_through_a_catalogue(view.root, ("Ann", "Bob", "Cid")) == [], section


def test_the_card_picker_says_why_a_card_is_not_one_yet_in_the_devices_language():
    assert DescriptionDraft(Kind.TOWN).result() == (
        None, "A Town card's combination asks for 1 to 4 adjacent cards, not 0.")
    assert DescriptionDraft(Kind.TOWN, words=GERMAN).result() == (
        None, "Die Kombination einer Karte vom Typ Stadt verlangt 1 bis 4 angrenzende Karten, "
              "nicht 0.")
    assert DescriptionDraft(Kind.TOWN, words=SPANISH).result()[1] == (
        "La combinación de una carta de Pueblo pide de 1 a 4 cartas adyacentes, no 0.")


def test_a_new_table_form_refuses_in_the_devices_language():
    form = NewTableForm(APP_GAMES)
    form.choose_game("girasoles")
    form.names, form.colours = ["Solo"], ["red"]
    form.setup = {"mode": "normal", "rows": 11, "cols": 6}
    assert form.problem() == "a board has 4 to 10 rows, not 11"
    assert form.problem(GERMAN) == "ein Tableau hat 4 bis 10 Reihen, nicht 11"
