"""Girasoles said in Spanish and German: lines, labels, warnings and refusals, written out by hand
(a singular and a plural of each kind of sentence)."""

import json

import pytest
from pydantic import ValidationError

from girasoles_boards import EXAMPLES, layout
from scorer.files import TableFileError, load_table
from scorer.girasoles.layout import Layout
from scorer.girasoles.models import AdditionalObjective, Board, GirasolesTable, Options, Symbol
from scorer.girasoles.objectives import OBJECTIVES, pairs_of_objects, sunflower_areas
from scorer.girasoles.scoring import objective_line, score_table
from scorer.girasoles.starting import bees, ladybugs, leaves
from scorer.language import in_language, language

ES, DE = language("es"), language("de")

BOARD = layout(
    "Gf G. Ys Rb",
    "G. Ys Bd Rd",
    ".. .. .. ..",
    "Yb .. .. ..",
)
"""A green leaf in a green area of 3, a red bee beside 1 sunflower and a yellow bee beside
none, two blue and red ladybugs side by side."""


def said(line, words) -> str:
    return in_language(line, words).detail


def test_a_leaf_line_in_spanish_and_german():
    (leaf,) = leaves(BOARD)
    assert leaf.detail == ("green leaf at row 1, column 1 in a green area of 3 spaces, 1 per 2 "
                           "spaces -> 1")
    assert said(leaf, ES) == ("hoja verde en fila 1, columna 1 en una zona verde de 3 casillas, "
                              "1 por cada 2 casillas -> 1")
    assert said(leaf, DE) == ("grünes Blatt in Reihe 1, Spalte 1: grünes Gebiet aus 3 Feldern, "
                              "1 je 2 Felder -> 1")


def test_a_lone_leaf_space_is_said_in_the_singular():
    (leaf,) = leaves(layout("Rf G. G. G.", *["G. G. G. G."] * 3))
    assert said(leaf, ES) == ("hoja roja en fila 1, columna 1 en una zona roja de 1 casilla, "
                              "1 por cada 2 casillas -> 0")
    assert said(leaf, DE) == ("rotes Blatt in Reihe 1, Spalte 1: rotes Gebiet aus 1 Feld, "
                              "1 je 2 Felder -> 0")


def test_bee_lines_one_sunflower_and_none():
    red, yellow = bees(BOARD)
    assert said(red, ES) == ("abeja roja en fila 1, columna 4: 1 girasol alrededor, en fila 1, "
                             "columna 3 -> 1")
    assert said(red, DE) == ("rote Biene in Reihe 1, Spalte 4: 1 Sonnenblume ringsum, in Reihe 1, "
                             "Spalte 3 -> 1")
    assert said(yellow, ES) == "abeja amarilla en fila 4, columna 1: 0 girasoles alrededor -> 0"
    assert said(yellow, DE) == "gelbe Biene in Reihe 4, Spalte 1: 0 Sonnenblumen ringsum -> 0"


def test_ladybug_lines_with_a_neighbour_and_places_listed_with_semicolons():
    blue, red = ladybugs(BOARD)
    assert said(blue, ES) == ("mariquita azul en fila 2, columna 3: otra mariquita alrededor, "
                              "en fila 2, columna 4 -> 0")
    assert said(red, DE) == ("roter Marienkäfer in Reihe 2, Spalte 4: ein anderer Marienkäfer "
                             "ringsum, in Reihe 2, Spalte 3 -> 0")
    (none,) = ladybugs(layout(*["G. G. G. G."] * 4))
    assert (said(none, ES), said(none, DE)) == ("ninguna mariquita en el tablero -> 0",
                                                "keine Marienkäfer auf dem Tableau -> 0")


def test_places_kept_from_one_board_are_never_said_of_another():
    """A space's name, a listing of places and of pairs are made once and kept (by what covers
    the space and where, by the places): a board scored after another says its own."""
    first = layout("Gf Rb .. ..", "Ys .. .. ..", ".. .. .. ..", ".. .. .. ..")
    second = layout("Rf Yb .. ..", "Ys Ys .. ..", ".. .. .. ..", ".. .. .. ..")
    for board in (first, second, first):
        leaves(board), bees(board), pairs_of_objects(board, Symbol.BEE, Symbol.LEAF)
    (leaf,) = leaves(second)
    assert leaf.detail == "red leaf at row 1, column 1 in a red area of 1 space, 1 per 2 spaces -> 0"
    (bee,) = bees(second)
    assert bee.detail == ("yellow bee at row 1, column 2: 2 sunflowers around, at row 2, column 1; "
                          "row 2, column 2 -> 2")
    (bee,) = bees(first)
    assert bee.detail == ("red bee at row 1, column 2: 1 sunflower around, at row 2, column 1 -> 1")
    assert pairs_of_objects(second, Symbol.BEE, Symbol.LEAF).said.text == (
        "1 pair of bee and leaf x 2 -> 2 (row 1, column 1 and row 1, column 2)")
    assert pairs_of_objects(first, Symbol.BEE, Symbol.LEAF).said.text == (
        "1 pair of bee and leaf x 2 -> 2 (row 1, column 1 and row 1, column 2)")


def test_an_objective_line_its_label_and_its_listing_of_pairs():
    objective = AdditionalObjective(card=7, objects=("bee", "sunflower"))
    line = objective_line(BOARD, objective, Options())
    assert line.label == "7. Bee and sunflower pairs"
    spanish, german = in_language(line, ES), in_language(line, DE)
    assert spanish.label == "7. Pares de abeja y girasol"
    assert german.label == "7. Paare aus Biene und Sonnenblume"
    assert spanish.detail == ("1 par de abeja y girasol x 2 -> 2 (fila 1, columna 3 y fila 1, "
                              "columna 4)")
    assert german.detail == ("1 Paar aus Biene und Sonnenblume x 2 -> 2 (Reihe 1, Spalte 3 und "
                             "Reihe 1, Spalte 4)")


def test_pairs_of_one_object_and_areas_in_the_plural():
    two_pairs = pairs_of_objects(layout("Rb Rb .. ..", "Rb Rb .. ..", *[".. .. .. .."] * 2),
                                 Symbol.BEE, Symbol.BEE).said
    assert DE.render(two_pairs).startswith("2 Bienen-Paare x 2 -> 4 (")
    assert ES.render(two_pairs).startswith("2 pares de dos abejas x 2 -> 4 (")
    areas = sunflower_areas(layout("Ys .. Bs ..", ".. .. Gs ..", *[".. .. .. .."] * 2)).said
    assert ES.render(areas) == "2 zonas de girasoles (de 2, 1 girasoles) x 1 -> 2"
    assert DE.render(areas) == "2 Sonnenblumengebiete (aus 2, 1 Sonnenblumen) x 1 -> 2"


@pytest.mark.parametrize(("objective", "spanish", "german"), [
    (AdditionalObjective(card=5, colour="green"), "5. Zonas verdes", "5. Grüne Gebiete"),
    (AdditionalObjective(card=1, colour="yellow"), "1. Amarillo en los bordes", "1. Gelb am Rand"),
    (AdditionalObjective(card=12), "12. Filas y columnas con 4 colores",
     "12. Reihen und Spalten mit 4 Farben"),
])
def test_objective_titles(objective, spanish, german):
    title = OBJECTIVES[objective.card].label(objective)
    assert (ES.render(title), DE.render(title)) == (spanish, german)


def test_the_colours_of_objective_13_are_listed_in_the_language():
    objective = AdditionalObjective(card=13)
    line = objective_line(BOARD, objective, Options())
    assert said(line, ES) == ("5 combinaciones distintas de tipo y color de abeja, hoja o "
                              "mariquita x 1 -> 5 (abeja roja, abeja amarilla, hoja verde, "
                              "mariquita azul, mariquita roja)")
    assert said(line, DE) == ("5 verschiedene Kombinationen aus Art und Farbe (Biene, Blatt, "
                              "Marienkäfer) x 1 -> 5 (rote Biene, gelbe Biene, grünes Blatt, "
                              "blauer Marienkäfer, roter Marienkäfer)")


def _table(objectives, mode="normal") -> GirasolesTable:
    return GirasolesTable(mode=mode, objectives=objectives, players=[
        {"name": "Ana", "coins": 4, "board": {"rows": 4, "cols": 4, "grid": BOARD.board.grid}}])


def test_the_warning_of_too_few_objectives_singular_and_plural():
    one = in_language(score_table(_table([{"card": 3}], mode="advanced")), ES)
    assert one.warnings == ("1 objetivo adicional introducido; una partida en modo avanzado "
                            "termina con 4 (se puntúa tal como se introdujo, regla GI-12).",)
    none = in_language(score_table(_table([])), DE)
    assert none.warnings == ("0 Zusatzziele eingetragen; eine Partie im Normalmodus endet mit 3 "
                             "(gewertet wie eingetragen, Regelentscheidung GI-12).",)
    assert [row.label for row in none.rows] == ["Münzen", "I. Blätter", "II. Bienen",
                                                 "III. Marienkäfer"]


def refusal(error: pytest.ExceptionInfo):
    (item,) = error.value.errors()
    return item["ctx"]["error"].message


def test_a_board_refusal_is_said_in_the_language_with_its_place():
    with pytest.raises(ValidationError) as error:
        Board(rows=4, cols=4, grid=["G. G. G. G.", "G. G. .s G.", *[".. .. .. .."] * 2])
    message = refusal(error)
    assert message.text.startswith("row 2, column 3: a sunflower on an empty space")
    assert ES.render(message) == ("fila 2, columna 3: girasol en una casilla vacía (un símbolo "
                                  "va impreso en una loseta: da a la casilla su color, p. ej., "
                                  "Gs)")
    assert DE.render(message) == ("Reihe 2, Spalte 3: Sonnenblume auf einem leeren Feld (ein "
                                  "Symbol ist auf ein Plättchen gedruckt: gib dem Feld seine "
                                  "Farbe, z. B. Gs)")


def test_a_short_row_is_refused_in_the_singular_where_a_language_has_one():
    with pytest.raises(ValidationError) as error:
        Board(rows=4, cols=4, grid=["G.", *["G. G. G. G."] * 3])
    message = refusal(error)
    assert message.text.startswith("row 1 has 1 spaces, the board 4 columns")  # as it always was
    assert ES.render(message).startswith("la fila 1 tiene 1 casilla y el tablero 4 columnas")
    assert DE.render(message).startswith("Reihe 1 hat 1 Feld, das Tableau 4 Spalten")


def test_a_table_refusal_names_the_mode_in_the_language():
    with pytest.raises(ValidationError) as error:
        _table([{"card": 3}, {"card": 4}, {"card": 10}, {"card": 11}])
    message = refusal(error)
    assert ES.render(message) == ("una partida en modo normal termina con 3 objetivos adicionales, "
                                  "no con 4")
    assert DE.render(message) == "eine Partie im Normalmodus endet mit 3 Zusatzzielen, nicht mit 4"


def test_a_line_said_again_keeps_its_parameters():
    (leaf,) = leaves(Layout(BOARD.board))
    assert leaf.said["detail"].params["count"] == 3
    assert in_language(leaf, DE).said["detail"].params["leaf"].params["place"].params == {
        "row": 1, "column": 1}


def test_a_limit_of_a_table_file_is_said_with_girasoles_words(tmp_path):
    data = json.loads((EXAMPLES / "full_table.json").read_text())
    data["players"].append(dict(data["players"][0], name="Eva"))
    path = tmp_path / "five.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TableFileError) as error:
        load_table(str(path))
    where = f"{path}: "
    assert error.value.message.text == (
        where + "at players: 5 players; at most 4 (the box has 4 personal boards and 4 brush "
        "tokens)")
    assert ES.render(error.value.message) == (
        where + "en players: 5 jugadores; como máximo 4 (la caja trae 4 tableros personales y 4 "
        "fichas de pincel)")
    assert DE.render(error.value.message) == (
        where + "in players: 5 Spieler; höchstens 4 (die Schachtel enthält 4 Spielertableaus und 4 "
        "Pinselmarker)")
