"""The scorepad model, the plain-text copy and the exported table file, which `scorepad score`
reads back to the same result; the new-table form; the `scorepad app` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ui.cli import build_parser, main
from scorer.files import table_from_json
from scorer.games import score
from scorer.report import scorepad_text
from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games.registry import APP_GAMES
from ui.screens.new_table_model import NewTableForm
from ui.screens.scorepad_model import Scorepad, export_json, plain_text
from ui.live.session import Sessions
from ui.store.storage import TableStore
from ui.games.sunflower_valley.editor_model import ValleyEditor

ROOT = Path(__file__).resolve().parents[2]
FARMER = CardDescription(kind=Kind.FARMER, combination=(Kind.SHEEP, Kind.FIELD), points=3,
                         villagers=2)


def played_table(db):
    store = TableStore(db("t"))
    form = NewTableForm(APP_GAMES)
    form.names = ["Ann", "Bob"]
    table_id = form.create(store)
    session = Sessions(store, APP_GAMES).get(table_id)
    ann, bob = ValleyEditor(session, 0), ValleyEditor(session, 1)
    for editor, fields in ((ann, [(0, 1), (-1, 1)]), (bob, [(0, 1)])):
        editor.choose_kind(Kind.FIELD)
        for cell in fields:
            editor.tap(cell)
        editor.choose_kind(Kind.SHEEP)
        editor.tap((1, 0))
        editor.tap((2, 0))
        editor.choose_description(FARMER)
        editor.tap((1, 1))
    return session


def test_the_scorepad_shows_the_librarys_rows_totals_and_ranks(db):
    session = played_table(db)
    result = score(session.checked.table)
    pad = Scorepad(result)
    assert pad.names == ("Ann", "Bob")
    assert [row.label for row in pad.rows] == [
        "Valley Express", "Towns", "Farmers", "Mountains", "Lakes",
        "Boundless Field", "Flocks of Sheep", "Long Way"]
    farmers = next(row for row in pad.rows if row.category == "farmers")
    assert farmers.points == (3, 3)
    # Boundless Field: Ann's fields (0,1), (-1,1) and her Farmer (1,1) touch: 3; Bob's 2.
    assert next(row for row in pad.rows if row.category == "boundless_field").points == (3, 2)
    assert pad.totals == tuple(player.total for player in result.players) == (3 + 3 + 4, 3 + 2 + 4)
    assert pad.ranks == (1, 2)


def test_a_tapped_line_explains_itself_with_the_cards_it_used(db):
    session = played_table(db)
    explanation = Scorepad(session.result).explain("farmers", 0)
    assert explanation.points == 3
    assert explanation.lines[0].detail.startswith("Farmer at row 3, column 2 asks for Sheep + Field")
    assert explanation.cells == {(1, 1), (1, 0), (0, 1)}


def test_the_text_copy_is_the_command_lines_scorepad(db):
    session = played_table(db)
    assert plain_text(session) == scorepad_text(session.result, "Sunflower Valley")


def test_the_text_copy_lists_what_was_left_out(db):
    session = played_table(db)
    editor = ValleyEditor(session, 1)
    editor.choose_kind(Kind.LAKE)
    editor.tap((-1, -1))
    assert plain_text(session).endswith(
        "Left out until fixed:\n- Bob: Lake at row 1, column 1 does not touch the valley side by side: "
        "it is not scored until it does\n")


def test_the_exported_file_scores_the_same_with_the_command_line(db, tmp_path, capsys):
    session = played_table(db)
    exported = tmp_path / "table.json"
    exported.write_text(export_json(session))
    assert score(table_from_json(exported.read_text())) == session.result
    assert main(["score", str(exported), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [player["total"] for player in printed["players"]] == [10, 9]


def test_the_new_table_form_checks_players_and_goals(db):
    form = NewTableForm(APP_GAMES)
    assert form.setup == {"goals": ["boundless_field", "flocks_of_sheep", "long_way"]}
    assert form.problem() == "player 1: a player needs a name"
    form.names = ["Ann", "Ann"]
    assert form.problem() == "two players are called Ann; give each a different name"
    form.names = ["Ann", "Bob"]
    form.setup = {"goals": ["long_way"]}
    assert form.problem() == "choose 3 different goal cards, or none (chosen: 1)"
    form.setup = {"goals": []}
    assert form.problem() is None
    for _ in range(6):
        form.add_player()
    assert len(form.names) == 6 and len(set(form.colours)) == 6
    form.next_colour(0)
    assert len(set(form.colours)) == 6
    for _ in range(6):
        form.remove_player(0)
    assert len(form.names) == 2
    with pytest.raises(ValueError):
        form.create(TableStore(db("t")))


def test_the_app_command_has_its_options():
    args = build_parser().parse_args(["app"])
    assert (args.host, args.port, args.lan, args.db, args.no_browser) == (
        "127.0.0.1", 8550, False, None, False)
    args = build_parser().parse_args(["app", "--lan", "--port", "9000", "--db", "x.db",
                                      "--no-browser"])
    assert (args.port, args.lan, args.db, args.no_browser) == (9000, True, "x.db", True)
    assert not args.new_host_key
    assert build_parser().parse_args(["app", "--new-host-key"]).new_host_key


def test_scoring_never_imports_flet():
    code = ("import sys, scorer.cli; from scorer.cli import main; "
            "print(any(name == 'flet' or name.startswith('flet.') for name in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == "False", done.stderr


def test_the_lan_addresses_are_the_adapters_ipv4_ones_then_the_host_names(monkeypatch):
    import ifaddr

    from ui.web import server

    adapters = [ifaddr.Adapter("lo", "lo", [ifaddr.IP("127.0.0.1", 8, "lo"),
                                            ifaddr.IP(("::1", 0, 0), 128, "lo")]),
                ifaddr.Adapter("wlan0", "wlan0", [ifaddr.IP("192.168.1.20", 24, "wlan0"),
                                                  ifaddr.IP(("fe80::1", 0, 2), 64, "wlan0")])]
    monkeypatch.setattr(server.ifaddr, "get_adapters", lambda: adapters)
    monkeypatch.setattr(server, "_resolved_addresses",
                        lambda: ["127.0.1.1", "192.168.1.20", "10.0.0.5"])
    assert server.lan_addresses() == ["192.168.1.20", "10.0.0.5"]

    def refused():
        raise OSError("no adapters here")

    monkeypatch.setattr(server.ifaddr, "get_adapters", refused)
    assert server.lan_addresses() == ["192.168.1.20", "10.0.0.5"]
