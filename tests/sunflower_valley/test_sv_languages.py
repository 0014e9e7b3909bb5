"""Sunflower Valley said in Spanish and German: the lines, goals, competitions, warnings and
refusals, each expectation written by hand from the catalogues' wording."""

import json
from pathlib import Path

import pytest
from pydantic import ValidationError
from sv_builders import layout, valley

from scorer.files import TableFileError, load_table, table_from_json
from scorer.language import in_language, language
from scorer.sunflower_valley import score_table
from scorer.sunflower_valley.lines import mountains
from scorer.sunflower_valley.models import (
    COMBINATION_KIND_WORDS,
    COMBINATION_KINDS,
    CardDescription,
    Player,
    SunflowerValleyTable,
)

SPANISH, GERMAN = language("es"), language("de")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "sunflower_valley"


def said(line, words) -> str:
    return in_language(line, words).detail


def table(pictures: dict, goals=("valley_of_sheep", "lake_land", "ski_resort")):
    return score_table(SunflowerValleyTable(
        goals=goals,
        players=[Player(name=name, valley=valley(picture)) for name, picture in pictures.items()],
    ))


def test_a_mountain_line_in_both_counts():
    (four,) = mountains(layout("S F .\nF M F\n. F ."))
    (one,) = mountains(layout("S F M"))
    assert four.detail == "Mountain at row 2, column 2: 4 adjacent Fields -> 6"
    assert said(four, SPANISH) == "Montaña en fila 2, columna 2: 4 Campos adyacentes -> 6"
    assert said(four, GERMAN) == "Berg in Reihe 2, Spalte 2: 4 angrenzende Felder -> 6"
    assert said(one, SPANISH) == "Montaña en fila 1, columna 3: 1 Campo adyacente -> 1"
    assert said(one, GERMAN) == "Berg in Reihe 1, Spalte 3: 1 angrenzendes Feld -> 1"


def test_a_goal_won_by_one_player_with_plural_and_singular_counts():
    result = table({"Ann": "S H H", "Bob": "S H"})
    ann, bob = (player.row_lines("valley_of_sheep")[0] for player in result.players)
    assert said(ann, SPANISH) == (
        "Valle de ovejas: 2 cartas de Oveja (Oveja en fila 1, columna 2; Oveja en fila 1, "
        "columna 3); gana Ann con 2 y obtiene 6")
    assert said(bob, SPANISH) == (
        "Valle de ovejas: 1 carta de Oveja (Oveja en fila 1, columna 2); gana Ann con 2 y "
        "obtiene 6")
    assert said(ann, GERMAN) == (
        "Tal der Schafe: 2 Schafkarten (Schaf in Reihe 1, Spalte 2; Schaf in Reihe 1, Spalte 3); "
        "am besten ist Ann mit 2 und erhält 6")
    assert said(bob, GERMAN) == (
        "Tal der Schafe: 1 Schafkarte (Schaf in Reihe 1, Spalte 2); am besten ist Ann mit 2 und "
        "erhält 6")
    assert in_language(ann, GERMAN).label == "Tal der Schafe"


def test_a_shared_competition_and_one_nobody_wins():
    result = table({"Ann": "S H H", "Bob": "H S H", "Cy": "S H"})
    spanish, german = in_language(result, SPANISH), in_language(result, GERMAN)
    assert spanish.competitions[0].detail == (
        "el mejor valor es 2, empate entre 2 jugadores: 6 repartidos entre 2, redondeado hacia "
        "arriba -> 3 para cada uno")
    assert german.competitions[0].detail == (
        "am besten ist 2, gleichauf bei 2 Spielern: 6 durch 2 geteilt, aufgerundet -> je 3")
    assert german.players[0].row_lines("valley_of_sheep")[0].detail == (
        "Tal der Schafe: 2 Schafkarten (Schaf in Reihe 1, Spalte 2; Schaf in Reihe 1, Spalte 3); "
        "am besten ist 2, gleichauf bei 2 Spielern: 6 durch 2 geteilt, aufgerundet -> je 3")
    assert spanish.competitions[2].detail == (
        "nadie tiene nada que contar, así que nadie lo puntúa")
    assert german.competitions[2].detail == "niemand hat etwas davon, also erhält niemand Punkte"
    assert [row.label for row in german.rows] == [
        "Tal-Express", "Städte", "Bauern", "Berge", "Seen", "Tal der Schafe", "Seenland",
        "Skigebiet"]
    assert [player.total for player in german.players] == [
        player.total for player in result.players]


def test_the_express_line_and_a_combination():
    result = table({"Ann": "S R T\n. . L", "Bob": "S"}, goals=())
    express, town = (result.players[0].row_lines(row)[0] for row in ("express", "towns"))
    assert said(express, SPANISH) == (
        "no se indicaron paradas, así que se supone la ruta legal más larga: Pueblo inicial en "
        "fila 1, columna 1 -> Pueblo en fila 1, columna 3; 1 pueblo después del Pueblo inicial "
        "x 3 -> 3")
    assert said(town, GERMAN) == (
        "Stadt in Reihe 1, Spalte 3 verlangt See: vollständig mit See in Reihe 2, Spalte 3 -> 1")


def test_an_assumed_route_and_the_equally_long_one_in_german():
    result = table({"Ann": ". . . F .\nT R S R T\n. . . F .", "Bob": "S"},
                   goals=("suburban_trains", "flocks_of_sheep", "lake_land"))
    trains = result.players[0].row_lines("suburban_trains")[0]
    assert said(trains, GERMAN) == (
        "Vorortzüge: 2 Felder neben dem Express (1 Gleis): 1 Paar x 3 -> 3; die Route wird "
        "angenommen, da keine Halte angegeben sind: die gleich lange Route Startstadt in Reihe 2, "
        "Spalte 3 -> Stadt in Reihe 2, Spalte 1 brächte hier 0; die Express-Halte anzugeben klärt "
        "das")
    assert said(trains, SPANISH).startswith(
        "Trenes de cercanías: 2 Campos junto a 1 Ferrocarril del Expreso: 1 pareja x 3 -> 3; ")


def test_the_warning_of_an_unfinished_valley_counts_cards_in_each_language():
    result = table({"Ann": "S H H", "Bob": "S H"}, goals=())
    assert in_language(result, GERMAN).warnings == (
        "Das Tal von Ann hat 2 Talkarten; ein fertiges Tal hat 18 außer der Startstadt (gewertet "
        "wie eingegeben, Regelentscheidung SV-12).",
        "Das Tal von Bob hat 1 Talkarte; ein fertiges Tal hat 18 außer der Startstadt (gewertet "
        "wie eingegeben, Regelentscheidung SV-12).")
    assert in_language(result, SPANISH).warnings[1] == (
        "El valle de Bob tiene 1 carta de Valle; un valle terminado tiene 18 además del Pueblo "
        "inicial (puntuado tal como se introdujo, regla SV-12).")


@pytest.mark.parametrize("example, english, spanish, german", [
    ("full_table",
     "Ann and Dee tie on 27 and on towns in the Valley Express: they share the place.",
     "Ann y Dee empatan a 27 y también en el desempate (pueblos en el Expreso del Valle): "
     "comparten el puesto.",
     "Ann und Dee sind mit 27 gleichauf, auch nach der Gleichstandsregel (Städtezahl im "
     "Tal-Express): sie teilen sich den Platz."),
    ("first_game_goals",
     "Paul and Mary tie on 25; towns in the Valley Express decides (Paul 2, Mary 1).",
     "Paul y Mary empatan a 25; desempata: pueblos en el Expreso del Valle (Paul 2, Mary 1).",
     "Paul und Mary sind mit 25 gleichauf; es entscheidet: Städtezahl im Tal-Express (Paul 2, "
     "Mary 1)."),
])
def test_the_express_tie_break_in_each_language(example, english, spanish, german):
    result = score_table(load_table(str(EXAMPLES / f"{example}.json")))
    assert result.tie_break == english
    assert in_language(result, SPANISH).tie_break == spanish
    assert in_language(result, GERMAN).tie_break == german


def refusal(excinfo):
    """The message of the model's refusal, as pydantic keeps it."""
    return excinfo.value.errors()[0]["ctx"]["error"].message


def test_a_refused_route_is_said_in_each_language():
    with pytest.raises(ValidationError) as excinfo:
        valley("T R S", stops=[(0, 2), (0, 0), (0, 2)])
    assert SPANISH.render(refusal(excinfo)) == (
        "parada 3 del Expreso: el pueblo en fila 1, columna 3 ya está en la ruta; el Expreso del "
        "Valle no puede pasar dos veces por el mismo pueblo")
    assert GERMAN.render(refusal(excinfo)) == (
        "Express-Halt 3: die Stadt in Reihe 1, Spalte 3 liegt schon auf der Route; der "
        "Tal-Express kann nicht zweimal durch dieselbe Stadt fahren")


def test_a_refused_card_names_the_kinds_in_each_language():
    with pytest.raises(ValidationError) as excinfo:
        CardDescription(kind="farmer", combination=["mountain", "sheep"], points=2)
    assert str(refusal(excinfo)) == (
        "a Farmer card's combination cannot ask for Mountain (only Field, Lake, Sheep)")
    assert GERMAN.render(refusal(excinfo)) == (
        "die Kombination einer Karte vom Typ Bauer kann nicht Berg verlangen (nur Feld, Schaf, "
        "See)")


@pytest.mark.parametrize("code", ["en", "es", "de"])
@pytest.mark.parametrize("kind", sorted(COMBINATION_KIND_WORDS))
def test_the_kinds_a_combination_may_ask_for_are_listed_in_the_readers_alphabetical_order(
        code, kind):
    words = language(code)
    listed = words.render(COMBINATION_KIND_WORDS[kind]).split(", ")
    assert listed == sorted(listed, key=str.casefold)
    assert set(listed) == {words.render(allowed.word) for allowed in COMBINATION_KINDS[kind]}


def test_a_refused_town_card_lists_its_kinds_in_spanish_and_german():
    with pytest.raises(ValidationError) as excinfo:
        CardDescription(kind="town", combination=["railroad"], points=2)
    assert str(refusal(excinfo)) == (
        "a Town card's combination cannot ask for Railroad (only Field, Lake, Mountain, Sheep)")
    assert GERMAN.render(refusal(excinfo)).endswith("(nur Berg, Feld, Schaf, See)")
    assert SPANISH.render(refusal(excinfo)).endswith("(solo Campo, Lago, Montaña, Oveja)")


def test_a_card_reads_like_its_face_in_each_language():
    card = CardDescription(kind="town", combination=["sheep", "field"], points=3, villagers=1)
    assert card.summary == "Town (Sheep + Field -> 3, 1 villager)"
    assert SPANISH.render(card.summary_message) == "Pueblo (Oveja + Campo -> 3, 1 aldeano)"
    assert GERMAN.render(card.summary_message) == "Stadt (Schaf + Feld -> 3, 1 Dorfbewohner)"


def test_a_table_files_limits_are_said_in_each_language():
    data = json.loads((EXAMPLES / "full_table.json").read_text())
    data["players"][0]["valley"]["express_stops"] = [[0, 0]] * 31
    data["players"][1]["valley"]["cards"][1]["villagers"] = 1000
    with pytest.raises(TableFileError) as excinfo:
        table_from_json(json.dumps(data), source="t.json")
    assert str(excinfo.value).splitlines()[0] == (
        "t.json: at players[0] (Ann) > valley > express_stops: 31 stops; at most 30 (a valley "
        "holds at most 30 cards)")
    assert SPANISH.render(excinfo.value.message).splitlines() == [
        "t.json: en players[0] (Ann) > valley > express_stops: 31 paradas; como máximo 30 (un "
        "valle tiene como mucho 30 cartas)",
        "t.json: en players[1] (Bob) > valley > cards[1] > villagers: 1000; como máximo 99 (las "
        "cartas impresas muestran muchos menos; el límite mantiene los archivos razonables)"]
    assert GERMAN.render(excinfo.value.message).splitlines()[0] == (
        "t.json: in players[0] (Ann) > valley > express_stops: 31 Halte; höchstens 30 (ein Tal "
        "hat höchstens 30 Karten)")
