"""The rulings as data (scorer.rulings): docs/RULINGS.md is generated from them word for word,
every ruling id the scorer cites exists, and every ruling is said in Spanish and German with the
same paragraphs and lists."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.files import load_table
from scorer.games import score
from scorer.language import in_language, language
from scorer.rulings import (
    DOCUMENT_WIDTH,
    GAMES,
    RULINGS,
    Ruling,
    _paragraphs,
    ruling,
    rulings_markdown,
)

ROOT = Path(__file__).resolve().parents[1]


def test_the_rulings_document_is_the_generated_text_word_for_word():
    document = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    assert document == rulings_markdown(), (
        "docs/RULINGS.md is out of date: run `scorepad rulings > docs/RULINGS.md`"
    )


def test_the_document_holds_every_ruling_with_its_summary_and_text():
    document = rulings_markdown()
    for each in RULINGS.values():
        assert f"### {each.id} {each.title}\n" in document
        for words in (each.summary, each.text):
            assert " ".join(words.split()) in " ".join(document.split())


def test_ids_are_numbered_from_1_within_each_game():
    for game in GAMES:
        assert [each.id for each in game.rulings] == [
            f"{game.code}-{number}" for number in range(1, len(game.rulings) + 1)
        ]


def test_every_ruling_has_a_title_a_one_sentence_summary_and_a_text():
    for each in RULINGS.values():
        assert each.title and each.text and "\n" not in each.title
        assert each.summary.endswith(".") and "\n" not in each.summary
        assert not re.search(r"[.!?] [A-Z]", each.summary), f"{each.id}: more than one sentence"


def test_ruling_finds_by_id():
    assert ruling("SV-5").title.startswith("With no stops entered")
    assert ruling("SV-99") is None


def test_every_ruling_the_scorer_cites_exists():
    cited = set()
    for path in (ROOT / "scorer").rglob("*.py"):
        if path.name != "rulings.py":
            cited |= set(re.findall(r'"((?:SV|GI|MV)-\d+)"', path.read_text(encoding="utf-8")))
    assert cited and cited <= set(RULINGS)


# In other languages ------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["es", "de"])
def test_every_ruling_is_said_with_the_shape_of_the_english(code):
    """Each translated ruling has a one-line title, a one-line summary ending in a full stop, and
    a text of as many paragraphs and list items as the English (read back by _paragraphs)."""
    for each in RULINGS.values():
        said = each.in_language(language(code))
        assert said.id == each.id and said != each
        assert said.title and "\n" not in said.title and "\n" not in said.summary
        assert said.summary.endswith(".")
        assert _shape(said.text) == _shape(each.text), each.id


def _shape(text: str) -> list[int]:
    """The number of lines (a first line and its list items) of each paragraph."""
    return [len(paragraph.split("\n")) for paragraph in text.split("\n\n")]


def test_a_translation_wrapped_freely_is_read_back_into_paragraphs_and_items():
    written = ("Dos pueblos están unidos\ncuando un grupo los toca:\n- lado con\n  lado.\n"
               "- nunca en diagonal.\n\nOtro\npárrafo.")
    assert _paragraphs(written) == ("Dos pueblos están unidos cuando un grupo los toca:\n"
                                    "- lado con lado.\n- nunca en diagonal.\n\nOtro párrafo.")


def test_a_ruling_made_of_plain_words_stays_as_it_is():
    plain = Ruling("XX-1", "XX-1", "", "")
    assert plain.in_language(language("de")) is plain


@pytest.mark.parametrize(("code", "heading", "ruling_11"), [
    ("es", "# Aclaraciones de reglas\n",
     "### GI-11 De uno a cuatro jugadores\n\n*En resumen:* Una mesa de Girasoles tiene de 1 a 4 "
     "jugadores.\n\nEl juego tiene 4 tableros personales y el reglamento no da un número de "
     "jugadores: una mesa tiene de\n1 a 4 jugadores."),
    ("de", "# Regelentscheidungen\n",
     "### GI-11 Ein bis vier Spieler\n\n*Kurz gesagt:* Ein Tisch Girasoles hat 1 bis 4 Spieler."
     "\n\nDas Spiel hat 4 Spielertableaus, und die Spielregel nennt keine Spielerzahl: ein Tisch "
     "hat 1 bis 4\nSpieler."),
])
def test_the_rulings_document_in_another_language(code, heading, ruling_11):
    document = rulings_markdown(language(code))
    assert document.startswith(heading)
    assert ruling_11 in document
    assert "## Girasoles (GI)\n" in document  # game titles stay as they are
    assert [line for line in document.splitlines() if line.startswith("#")] != [
        line for line in rulings_markdown().splitlines() if line.startswith("#")]
    assert all(len(line) <= DOCUMENT_WIDTH for line in document.splitlines()
               if not line.startswith("#"))  # a heading is one line, however long


def test_scorepad_rulings_says_the_document_in_the_language_asked_for():
    run = subprocess.run([sys.executable, "-m", "scorer", "rulings", "--lang", "de"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    assert run.stdout == rulings_markdown(language("de"))
    refused = subprocess.run([sys.executable, "-m", "scorer", "rulings", "--lang", "fr"],
                             capture_output=True, text=True, cwd=ROOT)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("scorepad: --lang: 'fr' is not a language")


def test_the_rulings_a_result_cites_are_said_in_the_results_language():
    example = ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json"
    result = score(load_table(str(example)))
    (cited,) = in_language(result, language("es")).rulings
    assert (cited.id, cited.title) == ("GI-1", "Una zona son las casillas de un color unidas lado "
                                               "con lado")
    assert cited.summary == ("Una zona es un grupo de casillas cubiertas de un mismo color unidas "
                             "por sus lados, nunca solo por una esquina.")
    (german,) = in_language(result, language("de")).rulings
    assert german.title == "Ein Gebiet sind seitlich verbundene Felder einer Farbe"
    assert result.rulings[0].title == RULINGS["GI-1"].title


@pytest.mark.parametrize("code", ["en", "es", "de"])
def test_no_wrapped_line_reads_as_a_list_or_a_quote_in_markdown(code):
    """Wrapping never starts a line with what Markdown reads as a list or a quote inside a
    paragraph ("1. ", "+ ", "> "): only the texts' own list items start with "- "."""
    document = rulings_markdown(language(code))
    assert not re.findall(r"^(?:1[.)] |[+*>] ).*", document, re.M)
