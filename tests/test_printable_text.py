"""Free text is printable: control characters, direction overrides and broken characters are
refused in words with their place, wherever a table or the app takes free text; every script and
every emoji (joined ones included) is kept exactly as typed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.core.text import shown, unprintable
from scorer.files import table_from_json
from scorer.games import GAMES, score
from scorer.report import scorepad_text
from ui.games.registry import APP_GAMES
from ui.screens.new_table_model import NewTableForm
from ui.screens.table_settings import rename_problem
from test_table_limits import example, refusal
from ui.store.finished import FinishForm

ROOT = Path(__file__).resolve().parents[1]

KEPT = {
    "Arabic": "\u0623\u062d\u0645\u062f",  # Ahmad: right to left without any control
    "Devanagari": "\u0905\u0928\u0940\u0924\u093e",  # Anita, with its vowel signs
    "CJK": "\u674e\u5c0f\u9f99",
    "an emoji family joined by ZWJ": "\U0001f468\u200d\U0001f469\u200d\U0001f467 Kim",
    "Persian with a ZWNJ": "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645",
    "a subdivision flag (tag characters)":
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Ewan",
    "a left-to-right mark": "Noa \u200e(3)",
}

REFUSED = {
    "a newline": ("Bo\nb", "a name cannot hold control characters: character 3 is a line "
                           "break (U+000A); write it on one line"),
    "an ANSI colour sequence": ("\x1b[31mRed", "a name cannot hold control characters: "
                                "character 1 is an escape (U+001B), which starts terminal "
                                "commands; remove it"),
    "a terminal title sequence": ("Ann\x1b]0;owned\x07", "character 4 is an escape (U+001B)"),
    "a carriage return": ("Ann\rEve", "character 4 is a carriage return (U+000D)"),
    "a right-to-left override": ("Ann\u202e01", "a name cannot hold direction controls: "
                                 "character 4 is U+202E RIGHT-TO-LEFT OVERRIDE, which reorders "
                                 "the text after it (right-to-left letters need none); remove "
                                 "it"),
    "a directional isolate": ("\u2067Ann", "character 1 is U+2067 RIGHT-TO-LEFT ISOLATE"),
    "a line separator": ("Ann\u2028Eve", "character 4 is a line separator (U+2028)"),
    "a lone surrogate": ("Ann\ud800", "half of a character, a lone surrogate"),
    "a trailing newline": ("Ann\n", "character 4 is a line break (U+000A)"),
}


@pytest.mark.parametrize("script", sorted(KEPT))
@pytest.mark.parametrize("game", ["sunflower_valley", "girasoles", "maple_valley"])
def test_names_in_every_script_are_kept_as_typed_and_printed(game, script):
    data = example(f"{game}/four_players.json" if game == "maple_valley"
                   else f"{game}/full_table.json")
    data["players"][0]["name"] = KEPT[script]
    table = table_from_json(json.dumps(data))
    assert table.players[0].name == KEPT[script]
    result = score(table)
    assert result.players[0].name == KEPT[script] or KEPT[script] in {
        player.name for player in result.players}
    assert KEPT[script] in scorepad_text(result, GAMES[game].title)


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_name_that_is_not_printable_is_refused_in_words_with_its_place(case):
    typed, words = REFUSED[case]
    data = example("sunflower_valley/full_table.json")
    data["players"][1]["name"] = typed
    message = refusal(data)
    assert message.startswith("t.json: at players[1] (")
    assert "> name: " in message and words in message
    assert message.isprintable()  # the place shows the name with its codes, on one line


def test_card_names_and_reasons_are_printable_too():
    data = example("maple_valley/four_players.json")
    favour = dict(data["catalogue"]["favours"][0], name="Fiddle\x1b[2J")
    data["catalogue"]["favours"].append(favour)
    assert ("> name: a card name cannot hold control characters: character 7 is an escape "
            "(U+001B)") in refusal(data)
    data = example("maple_valley/four_players.json")
    data["festivities"] = ["Square\nDance", "Harvest", "Lanterns"]
    assert ("at festivities[0]: a card name cannot hold control characters: character 7 is a "
            "line break (U+000A); write it on one line") in refusal(data)


def test_a_note_may_hold_lines_and_tabs_but_a_location_is_one_line():
    form = FinishForm("2026-02-14", "21:05", location="Caf\u00e9 \U0001f33b", note="Round 1:\tok\n"
                      "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645")
    assert form.problem() is None
    form.location = "Home\nKitchen"
    assert form.problem() == ("A location cannot hold control characters: character 5 is a line "
                              "break (U+000A); write it on one line")
    form.location = "Home"
    form.note = "fine\x1b[0m"
    assert form.problem() == ("A note cannot hold control characters: character 5 is an escape "
                              "(U+001B), which starts terminal commands; remove it")


def test_the_finish_forms_refusal_of_a_character_is_said_in_the_devices_language():
    """Said in Spanish or German on such a device, never the library's English (a newcomer on a
    Spanish phone met it in English)."""
    from ui.parts.words import app_language

    form = FinishForm("2026-02-14", "21:05", location="Casa\nCocina")
    assert form.problem(app_language("es")).startswith(
        "Un lugar no puede contener caracteres de control: el carácter 5 es ")
    form = FinishForm("2026-02-14", "21:05", note="gut\x1b[0m")
    assert form.problem(app_language("de")).startswith(
        "Eine Notiz darf keine Steuerzeichen enthalten: Zeichen 4 ist ")


def test_the_apps_name_fields_show_the_librarys_message():
    words = REFUSED["a newline"][1]
    assert rename_problem(["Ann", "Eve"], 1, "Bo\nb") == words
    form = NewTableForm(APP_GAMES)
    form.names = ["Ann", "Bo\nb"]
    assert form.problem() == f"player 2: {words}"
    form.names = ["Ann", KEPT["an emoji family joined by ZWJ"]]
    assert form.problem() is None


def test_the_command_refuses_a_name_with_a_newline_in_one_line(tmp_path):
    data = example("girasoles/full_table.json")
    data["players"][0]["name"] = "Ana\n\x1b[2J"
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, "-m", "scorer", "score", str(path)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"scorepad: {path}: at players[0] (Ana\\u000a\\u001b[2J) > name: a name "
                           "cannot hold control characters: character 4 is a line break "
                           "(U+000A); write it on one line\n")


def test_every_character_of_each_refused_kind_is_refused_and_no_letter_is():
    for code in list(range(0x20)) + list(range(0x7f, 0xa0)) + [0x202a, 0x202e, 0x2066, 0x2069]:
        assert unprintable(f"a{chr(code)}b", "a name") is not None, hex(code)
    for code in range(0x20, 0x7f):
        assert unprintable(chr(code), "a name") is None
    assert unprintable("".join(KEPT.values()), "a name") is None


def test_a_printable_text_is_never_refused_whatever_its_characters():
    """``unprintable_message`` passes a text Python prints without looking at each character:
    no character Python prints is one it refuses (checked over every code point)."""
    # ``shown`` writes each refused character as its code, one character at a time.
    refused_yet_printable = [hex(code) for code in range(0x110000)
                             if chr(code).isprintable() and shown(chr(code)) != chr(code)]
    assert refused_yet_printable == []
    assert unprintable("Ana \u00e9\u4e2d\U0001f33b", "a name") is None
