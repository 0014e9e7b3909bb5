"""The command line: the readable scorepad, the JSON contract, and bad input (exit 2, no
traceback, a message naming the file, the place and the problem)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.cli import main
from scorer.rulings import RULINGS, rulings_markdown

ROOT = Path(__file__).resolve().parents[2]
FULL_TABLE = ROOT / "examples" / "sunflower_valley" / "full_table.json"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_the_scorepad(capsys):
    code, out, err = run(capsys, "score", str(FULL_TABLE))
    assert code == 0 and err == ""
    assert "Valley Express" in out and "Walking Routes" in out
    total_row = next(line for line in out.splitlines() if line.startswith("Total"))
    assert total_row.split()[1:] == ["27", "18", "10", "27"]
    assert "Winners: Ann and Dee" in out
    assert "Tie-break: Ann and Dee tie on 27" in out


def test_score_json_keeps_the_contract(capsys):
    code, out, _ = run(capsys, "score", str(FULL_TABLE), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "sunflower_valley"
    ann = data["players"][0]
    assert (ann["name"], ann["total"], ann["rank"]) == ("Ann", 27, 1)
    assert ann["total"] == sum(line["points"] for line in ann["lines"])
    assert {"category", "points", "detail"} <= set(ann["lines"][0])


def test_score_prints_the_cited_rulings_after_the_scorepad(capsys):
    code, out, _ = run(capsys, "score", str(FULL_TABLE))
    assert code == 0
    scorepad, cited = out.split("\nRulings cited:\n")
    in_brackets = {ruling_id for brackets in re.findall(r"\[([^]]+)\]$", scorepad, re.M)
                   for ruling_id in brackets.split(", ")}
    listed = re.findall(r"^  (\S+) ", cited, re.M)
    # Each cited ruling once, in the document's order; Dee's Express route is assumed (SV-5).
    assert listed == [ruling_id for ruling_id in RULINGS if ruling_id in in_brackets]
    assert "SV-5" in listed and "SV-1" not in listed
    sv5 = RULINGS["SV-5"]
    assert f"  SV-5 {sv5.title}\n" in cited
    assert " ".join(sv5.summary.split()) in " ".join(cited.split())


def test_score_json_lists_the_cited_rulings(capsys):
    code, out, _ = run(capsys, "score", str(FULL_TABLE), "--json")
    data = json.loads(out)
    cited = {ruling_id for player in data["players"] for line in player["lines"]
             for ruling_id in line["rulings"]}
    assert [entry["id"] for entry in data["rulings"]] == [r for r in RULINGS if r in cited]
    for entry in data["rulings"]:
        ruling = RULINGS[entry["id"]]
        assert {key: entry[key] for key in ("id", "title", "summary")} == {
                "id": ruling.id, "title": ruling.title, "summary": ruling.summary}


def test_rulings_prints_the_rulings_document(capsys):
    code, out, _ = run(capsys, "rulings")
    assert code == 0 and out == rulings_markdown()


def test_schema_is_generated(capsys):
    code, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    assert code == 0 and "Card" in json.dumps(schema)


def test_deck_schema_is_generated(capsys):
    code, out, _ = run(capsys, "schema", "--deck")
    schema = json.loads(out)
    assert code == 0 and schema["title"] == "scorepad deck" and "Favour" in schema["$defs"]


def write(tmp_path, text) -> str:
    path = tmp_path / "table.json"
    path.write_text(text)
    return str(path)


BAD_INPUTS = {
    "not json": ("{\"game\": ", "line 1, column 10: not valid JSON"),
    "unknown game": ('{"game": "chess", "players": []}', "\"game\" is 'chess'"),
    "not an object": ("[1, 2]", "a table is a JSON object"),
    "card out of the valley": (
        json.dumps({"game": "sunflower_valley", "players": [
            {"name": "Ann", "valley": {"cards": [
                {"kind": "starting_town", "row": 0, "col": 0},
                {"kind": "lake", "row": 2, "col": 2}]}},
            {"name": "Bob", "valley": {"cards": [{"kind": "starting_town", "row": 0, "col": 0}]}},
        ]}),
        "at players[0] (Ann) > valley: every card must touch the valley side by side; "
        "not connected: Lake at row 3, column 3",
    ),
    "misspelt field": (
        json.dumps({"game": "sunflower_valley", "players": [
            {"name": "Ann", "valley": {"cards": [
                {"kind": "starting_town", "row": 0, "col": 0, "villager": 1}]}},
            {"name": "Bob", "valley": {"cards": [{"kind": "starting_town", "row": 0, "col": 0}]}},
        ]}),
        "at players[0] (Ann) > valley > cards[0] > villager: unknown field",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_exits_2_with_a_clear_message(capsys, tmp_path, case):
    text, message = BAD_INPUTS[case]
    path = write(tmp_path, text)
    code, out, err = run(capsys, "score", path)
    assert code == 2 and out == ""
    assert err.startswith(f"scorepad: {path}")
    assert message in err
    assert "Traceback" not in err


def test_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "score", str(tmp_path / "nope.json"))
    assert code == 2 and "no such file" in err


def test_console_script_and_module_do_the_same():
    module = subprocess.run(
        [sys.executable, "-m", "scorer", "score", str(FULL_TABLE), "--json"],
        capture_output=True, text=True, check=True,
    )
    script = Path(sys.executable).with_name("scorepad")  # installed beside the interpreter
    console = subprocess.run([str(script), "score", str(FULL_TABLE), "--json"],
                             capture_output=True, text=True, check=True)
    assert console.stdout == module.stdout
    assert json.loads(module.stdout)["players"][3]["total"] == 27


def test_json_output_is_only_json_when_the_storage_solver_runs():
    """The solver behind stored sets (HiGHS) prints a banner on stdout unless kept quiet: the
    subprocess sees what the C library writes, which capsys would not."""
    table = ROOT / "examples" / "maple_valley" / "four_players.json"
    done = subprocess.run([sys.executable, "-m", "scorer", "score", str(table), "--json"],
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["game"] == "maple_valley"
    assert done.stderr == ""


def test_the_library_command_points_to_the_app_for_the_apps_commands():
    done = subprocess.run([sys.executable, "-m", "scorer", "app", "--port", "9000"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("scorepad: 'app' is not a scoring command; the app's commands are "
                           "`scorepad app` or `python -m ui app`\n")


def test_the_composed_command_scores_like_the_library_without_loading_the_app():
    code = ("import sys; from ui.cli import main; code = main(['score', sys.argv[1], '--json']); "
            "loaded = [name for name in sys.modules if name.split('.')[0] in ('flet', 'uvicorn') "
            "or name.startswith(('ui.web', 'ui.store', 'ui.screens'))]; "
            "print(code, loaded, file=sys.stderr)")
    composed = subprocess.run([sys.executable, "-c", code, str(FULL_TABLE)], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
    library = subprocess.run([sys.executable, "-m", "scorer", "score", str(FULL_TABLE), "--json"],
                             cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert composed.stderr == "0 []\n"
    assert composed.stdout == library.stdout and library.returncode == 0


GAME_PACKAGES = {"sunflower_valley", "girasoles", "maple_valley"}
NEVER_FOR_A_SCORE = ("flet", "flet_web", "fastapi", "starlette", "uvicorn", "networkx", "psycopg",
                     "psycopg_pool", "hypothesis", "babel", "ui.web", "ui.store", "ui.live",
                     "ui.screens", "ui.parts", "ui.games")
"""What ``scorepad score`` must not import: the app, the server, the database and test tools
(issue "at the physical limit": the command line is Python's start plus the work); in English,
the source language, not Babel either (its catalogues and locale data are for ``--lang``)."""


def modules_imported_by(*args: str) -> set[str]:
    """Every module the process ``python -m ui ARGS`` imported, from ``-X importtime``."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "ui", *args], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:") and "|" in line} - {"package"}


@pytest.mark.parametrize("game", sorted(GAME_PACKAGES))
def test_score_imports_only_the_library_and_its_own_game(game):
    example = sorted((ROOT / "examples" / game).glob("*.json"))[0]
    imported = modules_imported_by("score", str(example))
    assert any(name.startswith(f"scorer.{game}.") for name in imported)  # the list is read right
    loaded_apart = sorted(name for name in imported
                          if name.split(".")[0] in NEVER_FOR_A_SCORE
                          or ".".join(name.split(".")[:2]) in NEVER_FOR_A_SCORE)
    assert loaded_apart == []
    other_games = sorted(name for name in imported if name.startswith("scorer.")
                         and name.split(".")[1] in GAME_PACKAGES - {game})
    assert other_games == []
