"""The example tables score as computed by hand; the command line explains and refuses well."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.cli import EXIT_BAD_INPUT, main
from scorer.files import load_table
from scorer.games import score

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "maple_valley"


def rows(result, name):
    player = next(p for p in result.players if p.name == name)
    return {row.label: player.row_points(row.category) for row in result.rows}, player.total


def test_every_example_is_checked_here():
    assert sorted(path.name for path in EXAMPLES.glob("*.json")) == [
        "four_players.json", "rulebook_final_scoring.json", "solo.json"]


def test_rulebook_final_scoring_red_is_64():
    """Rulebook: Bug Jar 5 + 2 x 2 sets = 9; Tambourines 6 + 6; Fiddle 7; Friends 10; Patches 3
    + Water Safety 6; Leftovers 5; Festivities 7, 4, 1 -> 64."""
    result = score(load_table(EXAMPLES / "rulebook_final_scoring.json"))
    red = result.players[0]
    assert [line.points for line in red.row_lines("favours")] == [9, 6, 6, 7]
    assert rows(result, "Red") == ({
        "Favours": 28, "Friends": 10, "Patches": 9, "Leftovers": 5,
        "Square Dance": 7, "Second Festivity": 4, "Third Festivity": 1}, 64)
    # Yellow: Fiddle 7 + Tambourine 6 + Bug Jar 5 + 2 (1 set), Friend 3, 2 Honey, 7 + 1 + 7
    assert rows(result, "Yellow")[1] == 20 + 3 + 0 + 2 + 15 == 40
    # Blue: Fiddle 7 + Food Favour 3 + 2 typed, Chipmunk 4, Water Safety 3 + 2 (the Starter),
    # 2 Maps + 1 batch, 4 + 8 + 4
    assert rows(result, "Blue")[1] == 12 + 4 + 5 + 3 + 16 == 40
    assert result.winners == ("Red",)


def test_four_players_table():
    result = score(load_table(EXAMPLES / "four_players.json"))
    # Ann: Tambourine 4 (no Fiddle), Decoration 3, Honey Favour 2 + 3 x 2; Friends 3 + 2;
    # Water Safety 3 + 2 x 2 (Starter, Water Friend) + Patch A 2; 1 Honey + 1 Map;
    # Festivities: three tied most with 2 -> 6, alone most with 3 -> 7, none -> 0
    assert rows(result, "Ann") == ({
        "Favours": 15, "Friends": 5, "Patches": 9, "Leftovers": 2,
        "Festivity 1": 6, "Festivity 2": 7, "Festivity 3": 0}, 44)
    # Ben: 7 + 6 + 6; 4; typed 4; 4 Maps + 2 batches; 6, tied second 1 + 2, tied most 4 + 4
    assert rows(result, "Ben")[1] == 19 + 4 + 4 + 6 + 17 == 50
    # Cat: Bug Jars 5 + 2 x 3 and 5, Fiddle 7; 3; Rock Patch 1 + 2, Water Safety 3 + 2,
    # Patch A 2, Patch B 4; 1 Honey; 6 + 3 + 0
    assert rows(result, "Cat")[1] == 23 + 3 + 14 + 1 + 9 == 50
    # Dan: 3 + 2 (no Berries) + Bug Jar 5 + 2; 3 + 3 + 4; no Patches; 1 Honey + 3 Maps; 3 + 0 + 8
    assert rows(result, "Dan")[1] == 12 + 10 + 0 + 4 + 11 == 37
    assert result.winners == ("Ben", "Cat")
    assert [p.rank for p in result.players] == [3, 1, 1, 4]
    assert "tied players all win" in result.tie_break


def test_solo_example_and_its_title():
    result = score(load_table(EXAMPLES / "solo.json"))
    (sam,) = result.players
    assert rows(result, "Sam") == ({"Favours": 28, "Friends": 10, "Patches": 9,
                                    "Leftovers": 6}, 53)
    assert sam.notes[0] == "Solo title: Delightfully Enthusiastic Rambler of the Running Rivers"
    assert result.competitions == ()


def test_cli_shows_64_with_every_line_explained(capsys):
    assert main(["score", str(EXAMPLES / "rulebook_final_scoring.json")]) == 0
    out = capsys.readouterr().out
    assert "Red: 64 (rank 1)" in out
    red_part = out.split("Red: 64 (rank 1)")[1].split("\n\n")[0]
    explained = [line for line in red_part.splitlines() if line.startswith("  ") and "->" in line]
    assert len(explained) == 4 + 1 + 1 + 1 + 3  # Favours, Friends, Patch, Leftovers, Festivities
    assert "Bug Jar holds 2 sets of Bugs + Herbs" in red_part


def test_cli_json_contract(capsys):
    assert main(["score", str(EXAMPLES / "rulebook_final_scoring.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "maple_valley"
    red = data["players"][0]
    assert (red["name"], red["total"], red["rank"]) == ("Red", 64, 1)
    assert {"category", "points", "detail", "rulings"} <= set(red["lines"][0])
    assert sum(line["points"] for line in red["lines"]) == 64


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["players"][0]["resources"].update(Honey=-1), "cannot be negative"),
        (lambda d: d["players"][0]["cubes"].update({"Square Dance": 9}), "owns only 10"),
        (lambda d: d["players"][0].update(patches=["Water Safety", "Water Safety"]), "twice"),
        (lambda d: d["catalogue"]["favours"][0]["bonus"].update(set=["Bugs", "Mud"]),
         "'Mud' is not a resource"),
    ],
)
def test_cli_bad_input_exits_2_with_the_place(tmp_path, capsys, change, message):
    data = json.loads((EXAMPLES / "rulebook_final_scoring.json").read_text())
    change(data)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    assert main(["score", str(path)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_schema_includes_maple_valley(capsys):
    assert main(["schema"]) == 0
    assert "MapleValleyTable" in capsys.readouterr().out
