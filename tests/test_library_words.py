"""The library's shared words in Spanish and German: tie-breaks, the refusals of text that is not
printable, limits, and every problem of a table file, located ("where: what"), as the reader's
language says them. The expectations are written by hand; English is proven unchanged by every
other test of the project."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import pytest
from pydantic import Field, ValidationError

from scorer.core.breakdown import Frozen
from scorer.core.counts import WholeNumber
from scorer.core.limits import Limit, counted
from scorer.core.players import name_clash_message, name_problem_message
from scorer.core.ranking import Standing, explain_tie_break
from scorer.core.text import printable, unprintable_message
from scorer.files import (
    InputError, TableFileError, problem_message, problems_message, read_limited, table_from_json,
)
from scorer.language import language
from scorer.deck import MAX_DECK_CARDS, deck_from_json
from scorer.games import GAMES
from scorer.message import Message, MessageError, msg, msg_n
from ui.store.draft_check import Problem

ROOT = Path(__file__).resolve().parents[1]
ES, DE = language("es"), language("de")
EXPRESS = msg("test.tie_break.express", "towns in the Valley Express")
"""A tie-break as a game names it (a test id: no catalogue has it, so it stays English)."""


def test_a_decided_tie_is_said_in_spanish_and_german():
    standings = [Standing("Ann", 40, (3,)), Standing("Bob", 40, (2,)), Standing("Cy", 12, (0,))]
    tie = explain_tie_break(standings, [EXPRESS])
    assert tie.text == "Ann and Bob tie on 40; towns in the Valley Express decides (Ann 3, Bob 2)."
    assert ES.render(tie) == ("Ann y Bob empatan a 40; desempata: towns in the Valley Express "
                              "(Ann 3, Bob 2).")
    assert DE.render(tie) == ("Ann und Bob sind mit 40 gleichauf; es entscheidet: towns in the "
                              "Valley Express (Ann 3, Bob 2).")


def test_three_players_sharing_a_place_and_a_second_tie_are_two_sentences():
    standings = [Standing("Ann", 40), Standing("Bob", 40), Standing("Cy", 40),
                 Standing("Dee", 12), Standing("Eve", 12)]
    tie = explain_tie_break(standings, [])
    assert tie.text == ("Ann, Bob and Cy tie on 40: they share the place. Dee and Eve tie on 12: "
                        "they share the place.")
    assert ES.render(tie) == ("Ann, Bob y Cy empatan a 40: comparten el puesto. Dee y Eve "
                              "empatan a 12: comparten el puesto.")
    assert DE.render(tie) == ("Ann, Bob und Cy sind mit 40 gleichauf: sie teilen sich den Platz. "
                              "Dee und Eve sind mit 12 gleichauf: sie teilen sich den Platz.")


def test_a_tie_the_tie_break_does_not_decide_is_shared_in_every_language():
    tie = explain_tie_break([Standing("Ann", 27, (1,)), Standing("Dee", 27, (1,))], [EXPRESS])
    assert tie.text == ("Ann and Dee tie on 27 and on towns in the Valley Express: they share "
                        "the place.")
    assert ES.render(tie) == ("Ann y Dee empatan a 27 y también en el desempate (towns in the "
                              "Valley Express): comparten el puesto.")
    assert DE.render(tie) == ("Ann und Dee sind mit 27 gleichauf, auch nach der "
                              "Gleichstandsregel (towns in the Valley Express): sie teilen sich "
                              "den Platz.")


def test_no_tie_is_said_in_every_language():
    tie = explain_tie_break([Standing("A", 2), Standing("B", 1)], [])
    assert (ES.render(tie), DE.render(tie)) == ("Sin empate: no hace falta desempate.",
                                                "Kein Gleichstand: keine Entscheidung nötig.")


def test_a_control_character_is_refused_in_spanish_and_german():
    refusal = unprintable_message("Bo\nb", msg("core.what.name", "a name"))
    assert refusal.text == ("a name cannot hold control characters: character 3 is a line break "
                            "(U+000A); write it on one line")
    assert ES.render(refusal) == ("un nombre no puede contener caracteres de control: el "
                                  "carácter 3 es un salto de línea (U+000A); escríbelo en una "
                                  "sola línea")
    assert DE.render(refusal) == ("ein Name darf keine Steuerzeichen enthalten: Zeichen 3 ist ein "
                                  "Zeilenumbruch (U+000A); schreib alles in eine Zeile")
    escape = unprintable_message("ok\x1b[0m", msg("core.what.name", "a name"), lines=True)
    assert DE.render(escape) == ("ein Name darf keine Steuerzeichen enthalten: Zeichen 3 ist ein "
                                 "Escape-Zeichen (U+001B), das Terminalbefehle einleitet; "
                                 "entferne es")


def test_names_are_refused_in_the_readers_language():
    assert ES.render(name_problem_message("  ")) == "un jugador necesita un nombre"
    assert DE.render(name_problem_message("x" * 41)) == ("ein Name hat höchstens 40 Buchstaben; "
                                                         "dieser hat 41")
    assert ES.render(name_clash_message(["Ana", "ana "])) == (
        "dos jugadores se llaman Ana; dale a cada uno un nombre distinto")


def test_a_counted_limit_has_its_singular_and_plural_in_each_language():
    players = msg_n("test.limit.players", "player", "players", 2)
    assert [counted(count, players).text for count in (0, 1, 7)] == [
        "no players", "1 player", "7 players"]
    # The test noun has no catalogue entry, so its words stay English; the count's words do not.
    assert DE.render(counted(0, players)) == "keine players"
    letters = msg_n("core.limit.letters", "letter", "letters", 2)
    assert [ES.render(counted(count, letters)) for count in (0, 1, 41)] == [
        "0 letras", "1 letra", "41 letras"]
    assert [DE.render(counted(count, letters)) for count in (0, 1, 41)] == [
        "keine Buchstaben", "1 Buchstabe", "41 Buchstaben"]
    assert counted(1, "rounds").text == "1 round"  # an English plural, as games used to give


class _Refuses(Frozen):
    """A model with a limit, a count, a refusal in words and a field pydantic checks alone."""

    name: str = Field(max_length=3)
    count: WholeNumber = Field(le=9)
    note: str = ""


def _errors(data: dict) -> list[dict]:
    with pytest.raises(ValidationError) as refused:
        _Refuses.model_validate(data)
    return refused.value.errors(include_url=False)


def test_pydantics_own_errors_get_words_of_ours_in_any_language():
    missing, = _errors({"name": "abc"})
    assert missing["type"] == "missing"
    assert (problem_message(missing).text, DE.render(problem_message(missing))) == ("missing",
                                                                                     "fehlt")
    too_long, too_many = _errors({"name": "abcd", "count": 10})
    limits = {"name": Limit(msg_n("core.limit.letters", "letter", "letters", 2),
                            msg("test.limit.why", "a bound"))}
    assert problem_message(too_long, limits).text == "4 letters; at most 3 (a bound)"
    assert ES.render(problem_message(too_long)) == "4 letras; como máximo 3"
    assert DE.render(problem_message(too_many)) == "10; höchstens 9"
    extra, = _errors({"name": "a", "count": 1, "colour": "red"})
    assert ES.render(problem_message(extra)) == "campo desconocido (revisa cómo está escrito)"


def test_a_models_refusal_keeps_its_message_and_a_plain_one_stays_english():
    text, = _errors({"name": "a", "count": "7"})
    assert ES.render(problem_message(text)) == ("'7' es texto, no un número: escribe el número "
                                                "sin comillas")
    plain = {"type": "value_error", "loc": ("x",), "msg": "Value error, a plain sentence",
             "input": 1, "ctx": {"error": ValueError("a plain sentence")}}
    assert DE.render(problem_message(plain)) == "a plain sentence"
    said = {**plain, "ctx": {"error": MessageError(msg("files.missing", "missing"))}}
    assert DE.render(problem_message(said)) == "fehlt"
    unknown = {"type": "url_parsing", "loc": ("x",), "msg": "Input should be a valid URL",
               "input": "x"}
    assert DE.render(problem_message(unknown)) == "Input should be a valid URL"


def test_a_free_text_validator_refuses_with_a_message():
    class Card(Frozen):
        name: Annotated[str, printable(msg("test.what.card_name", "a card name"))]

    with pytest.raises(ValidationError) as refused:
        Card(name="Fid\x00dle")
    error = refused.value.errors()[0]["ctx"]["error"]
    assert isinstance(error, MessageError)
    assert ES.render(error.message) == ("a card name no puede contener caracteres de control: el "
                                        "carácter 4 es un carácter nulo (U+0000); quítalo")


def _table_error(data) -> TableFileError:
    with pytest.raises(TableFileError) as refused:
        table_from_json(json.dumps(data), source="t.json")
    return refused.value


def test_a_located_problem_of_a_table_file_is_said_in_spanish_and_german():
    data = json.loads((ROOT / "examples" / "girasoles" / "full_table.json").read_text())
    data["players"][0]["name"] = "Ana\n"
    data["players"][1]["colour"] = "pink"
    del data["players"][1]["board"]
    error = _table_error(data)
    lines = str(error).splitlines()
    assert lines[0] == ("t.json: at players[0] (Ana\\u000a) > name: a name cannot hold control "
                        "characters: character 4 is a line break (U+000A); write it on one line")
    assert error.message.text == str(error)
    spanish = ES.render(error.message).splitlines()
    german = DE.render(error.message).splitlines()
    assert len(spanish) == len(german) == len(lines) == 3
    assert spanish[0] == ("t.json: en players[0] (Ana\\u000a) > name: un nombre no puede contener "
                          "caracteres de control: el carácter 4 es un salto de línea (U+000A); "
                          "escríbelo en una sola línea")
    name = data["players"][1]["name"]
    assert f"t.json: en players[1] ({name}) > board: falta" in spanish
    assert f"t.json: in players[1] ({name}) > board: fehlt" in german
    assert (f"t.json: in players[1] ({name}) > colour: hier wird eins von 'red', 'blue', "
            "'green', 'yellow', 'purple', 'orange', 'teal' oder 'grey' erwartet, nicht "
            '"pink"') in german


def test_the_tops_and_the_bounds_of_a_file_are_said_too():
    top = _table_error(["not", "a", "table"])
    assert top.message.text == 't.json: a table is a JSON object with a "game" field'
    assert DE.render(top.message) == 't.json: eine Partie ist ein JSON-Objekt mit einem Feld "game"'
    with pytest.raises(TableFileError) as deep:
        table_from_json("[" * 40 + "]" * 40, source="t.json")
    assert ES.render(deep.value.message) == (
        "t.json: listas y objetos anidados a más de 32 niveles; una partida anida unos 8 "
        "niveles (revisa los corchetes)")
    with pytest.raises(TableFileError) as digits:
        table_from_json('{"game": 1234567890123456789}', source="t.json")
    assert DE.render(digits.value.message) == (
        "t.json: Zeile 1, Spalte 10: eine Zahl mit 19 Ziffern; Zahlen in einer Partie haben "
        "höchstens 15")


@pytest.mark.parametrize("text, english, spanish", [
    ('{"game" 1}', "Expecting ':' delimiter", "faltan los dos puntos"),
    ('{"game": "x",}', "Expecting property name enclosed in double quotes",
     "se espera un nombre de campo entre comillas dobles"),
    ("{} []", "Extra data", "sobran datos tras el final"),
])
def test_broken_json_is_said_in_the_readers_language(text, english, spanish):
    with pytest.raises(TableFileError) as broken:
        table_from_json(text, source="t.json")
    assert str(broken.value).endswith(f": not valid JSON ({english})")
    assert ES.render(broken.value.message).endswith(f": no es JSON válido ({spanish})")


def test_a_read_that_is_refused_is_said_in_the_readers_language(tmp_path):
    with pytest.raises(InputError) as folder:
        read_limited(tmp_path, 10, what=msg("files.what.table_file", "a table file"))
    assert ES.render(folder.value.message) == (
        f"{tmp_path}: es una carpeta, no un archivo; indica la ruta de un archivo de partida")
    big = tmp_path / "big.json"
    big.write_bytes(b"0" * 1500)
    with pytest.raises(InputError) as too_big:
        read_limited(big, 1000, what=msg("files.what.table_file", "a table file"))
    assert str(too_big.value) == f"{big}: 1.5 kB; a table file is at most 1 kB"
    assert DE.render(too_big.value.message) == (
        f"{big}: 1,5 kB; eine Partiedatei ist höchstens 1 kB groß")
    one = tmp_path / "one.json"
    one.write_bytes(b"{}")
    with pytest.raises(InputError) as bytes_:
        read_limited(one, 1, what="a test file")
    assert ES.render(bytes_.value.message) == f"{one}: 2 bytes; a test file ocupa como máximo 1 byte"


def test_score_says_a_bad_files_problem_in_german(tmp_path):
    data = json.loads((ROOT / "examples" / "girasoles" / "full_table.json").read_text())
    data["players"][0]["coins"] = "12"
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, "-m", "scorer", "score", str(path), "--lang", "de"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    name = data["players"][0]["name"]
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"scorepad: {path}: in players[0] ({name}) > coins: '12' ist Text, "
                           "keine Zahl: schreib die Zahl ohne Anführungszeichen\n")


def test_a_drafts_problem_keeps_the_message_of_what_was_typed():
    with pytest.raises(ValidationError) as refused:
        _Refuses.model_validate({"name": "abcd", "count": 1.5})
    said = problems_message(refused.value)
    assert said.text == "4 letters; at most 3; 1.5 is not a whole number"
    problem = Problem(said, player=1)
    assert problem.message == said.text  # what every screen showed before, in English
    assert DE.render(problem.said) == "4 Buchstaben; höchstens 3; 1.5 ist keine ganze Zahl"
    assert Problem("typed words").said.text == "typed words"


@pytest.mark.parametrize("key", list(GAMES))
def test_every_limit_of_every_game_is_said_in_messages(key):
    """A limit named in a plain ``str`` would be said in English in every language."""
    assert [(field, part) for field, limit in GAMES[key].limits.items() for part in limit
            if part and not isinstance(part, Message)] == []


def test_thousands_of_problems_are_said_in_any_language_without_a_traceback():
    """One message per line, held together as halves: a deck of 1,000 bad cards nests a few
    messages deep, not 2,000."""
    cards = [{"name": f"F{number}", "bogus": 1} for number in range(MAX_DECK_CARDS)]
    text = json.dumps({"deck": 1, "maple_valley": {"favours": cards, "friends": cards}})
    with pytest.raises(TableFileError) as refused:
        deck_from_json(text, source="d.json")
    english = str(refused.value).splitlines()
    german = DE.render(refused.value.message).splitlines()
    assert len(english) == len(german) > 2 * MAX_DECK_CARDS
    assert "d.json: at maple_valley > favours[0] (F0) > bogus: unknown field (check its " \
           "spelling)" in english
    assert "d.json: in maple_valley > friends[499] (F499) > bogus: unbekanntes Feld (prüfe die " \
           "Schreibweise)" in german
