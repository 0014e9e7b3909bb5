"""Importing a table file, for every game the app edits: the library validates it and names the
place of a problem; a good file becomes a saved table that scores as `scorepad score` does, and
exporting it gives a file that scores the same again."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import pytest
from fake_page import FakePage, PrivateServerContext
from held_off_loop import HeldOffLoop

from scorer.cli import main
from scorer.files import TableFileError, load_table, table_from_json
from scorer.games import score
from ui.games.registry import APP_GAMES
from ui.parts.words import app_language
from ui.screens import import_view
from ui.screens.import_view import ImportDialog
from ui.screens.import_model import import_table, text_of_file
from ui.screens.scorepad_model import export_json
from ui.live.session import Sessions
from ui.store.access import Access
from ui.store.storage import TableStore

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(path for game in APP_GAMES for path in (ROOT / "examples" / game).glob("*.json"))


def test_every_game_of_the_app_has_example_files_to_import():
    assert {path.parent.name for path in EXAMPLES} == set(APP_GAMES)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_an_imported_file_scores_as_the_command_line_and_exports_to_the_same_result(
        db, tmp_path, path, capsys):
    store = TableStore(db("t"))
    imported = import_table(path.read_text(), store, APP_GAMES, source=path.name)
    assert imported.table_id is not None, imported.message
    expected = score(load_table(path))
    session = Sessions(store, APP_GAMES).get(imported.table_id)
    assert session.checked.problems == ()
    assert session.result == expected
    assert len(set(session.player_colours)) == len(session.player_colours)

    exported = tmp_path / "exported.json"
    exported.write_text(export_json(session))
    assert score(load_table(exported)) == expected
    assert main(["score", str(exported), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected.model_dump(mode="json")


def test_the_import_says_what_it_made(db):
    store = TableStore(db("t"))
    text = (ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json").read_text()
    imported = import_table(text, store, APP_GAMES)
    assert imported.message == "Imported a Girasoles table: Rulebook."
    stored = store.get(imported.table_id)
    assert stored.game == "girasoles"
    assert stored.draft["players"][0]["colour"] == "red"


def test_a_file_with_a_problem_is_refused_with_the_librarys_place_and_nothing_is_saved(db):
    store = TableStore(db("t"))
    data = json.loads((ROOT / "examples" / "girasoles" / "full_table.json").read_text())
    data["players"][1]["board"]["grid"][2] = "Rs R. Y. Gd R. Rl"
    imported = import_table(json.dumps(data), store, APP_GAMES, source="table.json")
    assert imported.table_id is None
    assert imported.message.startswith(
        "table.json: at players[1] (Bruno) > board: row 3, column 6: 'l' is not a symbol (leaf "
        "and ladybug both start with l: write f for a leaf, d for a ladybug)")
    with pytest.raises(TableFileError) as refused:  # the same words as `scorepad score`
        table_from_json(json.dumps(data), source="table.json")
    assert str(refused.value) == imported.message
    assert store.list() == []


@pytest.mark.parametrize("text, message", [
    ("", "Paste the text of a table file, or pick the file."),
    ("  \n", "Paste the text of a table file, or pick the file."),
    ('{"game": "girasoles",', "the pasted text: line 1, column 22: not valid JSON"),
    ('{"game": "chess"}', "the pasted text: \"game\" is 'chess'; it must be one of"),
    ("[1, 2]", 'the pasted text: a table is a JSON object with a "game" field'),
])
def test_text_that_is_not_a_table_is_refused_in_words(db, text, message):
    store = TableStore(db("t"))
    imported = import_table(text, store, APP_GAMES)
    assert imported.table_id is None
    assert imported.message.startswith(message)
    assert store.list() == []


def test_a_game_the_app_cannot_edit_is_refused_by_name(db):
    store = TableStore(db("t"))
    text = (ROOT / "examples" / "girasoles" / "full_table.json").read_text()
    only_sunflower_valley = {"sunflower_valley": APP_GAMES["sunflower_valley"]}
    imported = import_table(text, store, only_sunflower_valley, source="t.json")
    assert imported.table_id is None
    assert imported.message == "t.json: this version of the app cannot edit Girasoles tables yet"
    assert store.list() == []


def test_a_picked_file_is_read_as_text():
    assert text_of_file("t.json", '{"game": "girasoles"}'.encode("utf-8-sig")) == (
        '{"game": "girasoles"}', "")
    assert text_of_file("t.png", b"\x89PNG\xff\xfe") == (
        None, "t.png: not a text file (a table file is JSON text)")
    assert text_of_file("t.json", None)[0] is None


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_export_then_import_keeps_every_players_colour(db, path):
    store = TableStore(db("t"))
    data = json.loads(path.read_text())
    chosen = ["teal", "purple", "grey", "orange", "yellow", "green"][: len(data["players"])]
    for player, colour in zip(data["players"], chosen):
        player["colour"] = colour
    first = import_table(json.dumps(data), store, APP_GAMES)
    session = Sessions(store, APP_GAMES).get(first.table_id)
    assert list(session.player_colours) == chosen

    exported = json.loads(export_json(session))
    assert [player["colour"] for player in exported["players"]] == chosen
    again = import_table(json.dumps(exported), store, APP_GAMES)
    assert list(Sessions(store, APP_GAMES).get(again.table_id).player_colours) == chosen
    assert score(table_from_json(json.dumps(exported))) == score(load_table(path))


def test_an_imported_player_without_a_colour_gets_one_no_other_player_has(db):
    store = TableStore(db("t"))
    data = json.loads((ROOT / "examples" / "girasoles" / "full_table.json").read_text())
    data["players"][1]["colour"] = "red"
    imported = import_table(json.dumps(data), store, APP_GAMES)
    colours = list(Sessions(store, APP_GAMES).get(imported.table_id).player_colours)
    assert colours[1] == "red"
    assert len(set(colours)) == len(colours)


class ImportContext(PrivateServerContext):
    """What the import dialog needs from the app, without a page in a browser."""

    def __init__(self, store: TableStore):
        self.store = store
        self.games = APP_GAMES
        self.words = app_language("en")
        self.device = "device-1"
        self.toasts: list[str] = []
        self.routes: list[str] = []
        self.page = FakePage()

    def toast(self, text: str, action=None, on_action=None) -> None:
        self.toasts.append(text)

    def go(self, route: str) -> None:
        self.routes.append(route)


def test_a_table_file_is_read_checked_and_saved_off_the_event_loop(db, monkeypatch):
    """The import runs on a worker thread while the event loop goes on (the loop itself lets
    the held import go on); a second tap of Import meanwhile imports nothing more; the result is
    said as before."""
    context = ImportContext(TableStore(db("t")))
    dialog = ImportDialog(context)
    text = (ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json").read_text()
    held = HeldOffLoop(import_table)
    monkeypatch.setattr(import_view, "import_table", held)
    # Tapped again while the first import runs: nothing more.
    asyncio.run(held.run(dialog._import(text, "rulebook.json"),
                         meanwhile=lambda: dialog._import(text, "rulebook.json")))
    assert held.threads[0] is not threading.main_thread() and len(held.threads) == 1
    (table,) = context.store.list()
    assert Access(context.store).table_ids("device-1") == {table.id} and not dialog.importing
    assert context.toasts == ["Imported a Girasoles table: Rulebook."]
    assert context.routes == [f"/table/{table.id}/scorepad"]
