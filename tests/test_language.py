"""Messages and languages: a message renders in English when made and in any language after; a
result said in another language keeps every number, line and ruling; the catalogues translate
every message of the code (``script/catalogs.py check``)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from scorer.core.breakdown import Line
from scorer.files import load_table
from scorer.games import score
from scorer.language import (
    LANGUAGES,
    PSEUDO,
    accepted_languages,
    best_language,
    in_language,
    language,
    pseudo,
)
from scorer.message import Message, MessageError, msg, msg_n, place, verbatim

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*/*.json"))

_spec = importlib.util.spec_from_file_location("catalogs", ROOT / "script" / "catalogs.py")
catalogs = importlib.util.module_from_spec(_spec)
sys.modules["catalogs"] = catalogs  # its dataclasses look their module up
_spec.loader.exec_module(catalogs)

def test_a_message_is_rendered_in_english_when_made():
    kind = msg("test.kind.sheep", "Sheep")
    message = msg_n("test.cards", "{count} {kind} card at {place}", "{count} {kind} cards at {place}",
                    2, kind=kind, place=("row 1", "row 2"))
    assert message.text == "2 Sheep cards at row 1, row 2"
    assert msg_n("test.cards", "{count} card", "{count} cards", 1).text == "1 card"
    assert str(message) == message.text
    assert message.params["kind"] == kind


_PARAM = st.one_of(st.integers(-5, 12_000), st.floats(allow_nan=False, allow_infinity=False),
                   st.text(max_size=5), st.builds(place, st.integers(1, 9), st.integers(1, 9)))


@settings(max_examples=150, deadline=None)
@given(params=st.dictionaries(st.sampled_from(["count", "name", "kind", "where"]),
                              st.one_of(_PARAM, st.lists(_PARAM, max_size=3)), max_size=4),
       counted=st.booleans())
def test_a_message_made_without_validation_equals_a_validated_one(params, counted):
    """``msg`` and ``msg_n`` make messages without pydantic (for speed): each equals the model
    pydantic validates from the same fields, field for field, and dumps the same JSON."""
    source = " ".join("{" + name + "}" for name in params) or "nothing"
    if counted:
        count = params.pop("count", 2)
        count = count if type(count) is int else 2
        made = msg_n("test.made", source + " one", source + " many", count, **params)
        params = {"count": count, **params}
    else:
        made = msg("test.made", source, **params)
    kept = {name: tuple(value) if isinstance(value, list) else value
            for name, value in params.items()}
    validated = Message.model_validate({
        "id": "test.made", "source": made.source, "plural": made.plural, "params": kept,
        "text": made.text})
    assert made == validated
    assert made.model_dump_json() == validated.model_dump_json()
    assert made.model_fields_set == validated.model_fields_set
    assert (made.__pydantic_extra__, made.__pydantic_private__) == (None, None)
    assert made.rendered(language("de")) == validated.rendered(language("de"))


def test_a_message_made_without_validation_stays_frozen_and_copies_as_a_model():
    made = msg("test.x", "{count} left", count=2)
    with pytest.raises(ValidationError):
        made.text = "changed"
    copied = made.model_copy(update={"text": "2 links"})
    assert (copied.text, made.text, copied.params) == ("2 links", "2 left", {"count": 2})
    typed = Message.model_validate({"id": "", "source": "Ana {x}", "text": "Ana {x}"})
    assert verbatim("Ana {x}") == typed
    assert verbatim("Ana {x}").model_fields_set == typed.model_fields_set


def test_a_message_renders_in_the_pseudo_language_nested_messages_too():
    message = msg_n("test.cards", "{count} {kind} card", "{count} {kind} cards", 3,
                    kind=msg("test.kind.sheep", "Sheep"))
    again = message.rendered(language(PSEUDO))
    assert again.text == "[3 [Şĥęęƥ] çǻřđş]"
    assert again.params["kind"].text == "[Şĥęęƥ]"
    assert (again.id, again.params["count"]) == ("test.cards", 3)


def test_the_pseudo_language_keeps_placeholders():
    assert pseudo("{name} at row {row}") == "[{name} ǻŧ řőŵ {row}]"


def test_a_typed_name_is_never_translated():
    name = verbatim("Ana {not a placeholder}")
    assert name.rendered(language(PSEUDO)).text == "Ana {not a placeholder}"
    assert language(PSEUDO).say("test.hello", "Hello {name}", name="Ana") == "[Ĥęľľő Ana]"


def test_a_catalogue_naming_an_unknown_placeholder_falls_back_to_english():
    class Broken:
        def template(self, message: Message) -> str:
            return "{nope}"

        def number(self, value):
            return str(value)

    assert msg("test.x", "{count} left", count=2).rendered(Broken()).text == "2 left"


def test_a_spoken_field_keeps_the_text_and_the_message():
    line = Line(category="c", label=msg("test.label", "Label"), points=3,
                detail=msg("test.detail", "{count} things", count=3))
    assert (line.label, line.detail) == ("Label", "3 things")
    assert line.said["detail"].params == {"count": 3}
    plain = Line(category="c", label="Label", points=0, detail="typed")
    assert plain.said == {}
    pseudo_line = in_language(line, language(PSEUDO))
    assert (pseudo_line.label, pseudo_line.detail, pseudo_line.points) == (
        "[Ľǻƀęľ]", "[3 ŧĥįŋğş]", 3)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.parent.name + "/" + path.stem)
@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
def test_every_example_scores_the_same_in_every_language(path, code):
    result = score(load_table(str(path)))
    said = in_language(result, language(code))
    assert said.winners == result.winners
    assert [ruling.id for ruling in said.rulings] == [ruling.id for ruling in result.rulings]
    for english, other in zip(result.players, said.players, strict=True):
        assert (other.name, other.total, other.rank) == (english.name, english.total, english.rank)
        assert [(line.category, line.points, line.cells, line.cards, line.rulings)
                for line in other.lines] == [
            (line.category, line.points, line.cells, line.cards, line.rulings)
            for line in english.lines]


def _plain_texts(result) -> list[str]:
    """The texts of a result made without a message: not translated in any language."""
    plain = []

    def walk(model, where):
        for name, field in type(model).model_fields.items():
            value = getattr(model, name)
            if name == "said":
                continue
            if isinstance(value, str) and field.annotation is str and name not in model.said:
                if name not in ("category", "name", "game", "id"):
                    plain.append(f"{where}.{name}: {value!r}")
            elif isinstance(value, tuple):
                for index, item in enumerate(value):
                    if isinstance(item, BaseModel):
                        walk(item, f"{where}.{name}[{index}]")
                    elif isinstance(item, str) and name not in model.said and name in (
                            "notes", "warnings"):
                        plain.append(f"{where}.{name}[{index}]: {item!r}")

    walk(result, "result")
    return plain


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.parent.name + "/" + path.stem)
def test_every_text_of_every_example_is_a_message(path):
    assert _plain_texts(score(load_table(str(path)))) == []


def test_the_catalogues_translate_every_message_of_the_code():
    """Every message is in every shipped catalogue, translated, not fuzzy, with the source's
    placeholders; no message is left that the code no longer says; an id has one text."""
    assert catalogs.problems() == []


def test_the_device_languages_pick_an_offered_language():
    assert accepted_languages("de-AT,de;q=0.9,en;q=0.8") == ["de-AT", "de", "en"]
    assert accepted_languages("fr;q=0.5, es;q=0.9, *;q=0.1") == ["es", "fr"]
    assert best_language(accepted_languages("fr-FR,es;q=0.8")) == "es"
    assert best_language(["pt-BR", "ja"]) == "en"
    assert best_language([]) == "en"


def test_an_unknown_language_is_refused_in_words():
    with pytest.raises(ValueError, match="'xx' is not a language scorepad speaks; it speaks "
                                         "en, es, de"):
        language("xx")


@pytest.mark.parametrize("code, total_word", [("es", "Total"), ("de", "Summe")])
def test_score_prints_the_scorepad_in_the_language_asked_for(code, total_word):
    example = ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json"
    out = subprocess.run([sys.executable, "-m", "scorer", "score", str(example), "--lang", code],
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert any(line.startswith(total_word) and line.endswith("18") for line in out.splitlines())


def test_score_json_carries_the_message_beside_the_sentence():
    example = ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json"
    out = subprocess.run([sys.executable, "-m", "scorer", "score", str(example), "--json",
                          "--lang", PSEUDO], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    data = json.loads(out)
    spoken = [line for player in data["players"] for line in player["lines"] if line["said"]]
    assert spoken
    for line in spoken:
        for name, message in line["said"].items():
            assert line[name] == message["text"] and message["id"]


def test_score_refuses_an_unknown_language_with_exit_2():
    example = ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json"
    run = subprocess.run([sys.executable, "-m", "scorer", "score", str(example), "--lang", "xx"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert run.stderr == ("scorepad: --lang: 'xx' is not a language scorepad speaks; it speaks "
                          "en, es, de\n")


def test_a_place_is_said_in_each_language():
    assert place(2, 3).text == "row 2, column 3"
    assert language("es").render(place(2, 3)) == "fila 2, columna 3"
    assert language("de").render(place(2, 3)) == "Reihe 2, Spalte 3"


def test_a_refusal_keeps_its_message_for_any_language():
    error = MessageError(place(1, 4))
    assert str(error) == "row 1, column 4" and error.message.params == {"row": 1, "column": 4}


def test_dates_are_written_as_each_language_writes_them():
    from datetime import datetime

    moment = datetime(2026, 12, 1, 17, 5)
    assert language("en").moment(moment) == "Dec 1, 2026 17:05"
    assert language("es").moment(moment) == "1 dic 2026 17:05"
    assert language("de").moment(moment) == "1. Dez. 2026 17:05"
    assert language("de").listing(["Ann", "Dee"]) == "Ann und Dee"


def test_a_number_of_any_size_is_written_never_an_error():
    """Babel rounds in Python's decimal context of 28 digits: 1e25 with its decimals used to
    fail (decimal.InvalidOperation) instead of being written."""
    assert language("de").number(1e25) == "10.000.000.000.000.000.000.000.000"
    assert language("en").decimal(2.5e30, 1) == "2500000000000000000000000000000.0"
    assert msg("test.big", "{count} points", count=-1e25).rendered(language("es")).text == (
        "-10.000.000.000.000.000.000.000.000 points")


@pytest.mark.parametrize("code", ["en", PSEUDO])
def test_english_lists_as_babel_says_without_loading_it(code):
    """English lists by a rule of its own (Babel's locale data takes longer to load than a table
    to score); the rule must say what Babel's English data says, for any count."""
    from babel.lists import format_list

    for count in range(7):
        items = [f"Name{index}" for index in range(count)]
        assert language(code).listing(items) == format_list(items, locale="en")
