"""Our database only: scorepad marks its SQLite file (application_id, user_version) and reads the
mark before writing anything. An unmarked file from an earlier scorepad is recognised and marked;
any other non-empty file is refused in one line and its bytes are left exactly as they were (not
even switched to WAL)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys

import pytest

from app_browser import ROOT, free_port
from ui.store.storage import APPLICATION_ID, LAYOUT_VERSION, StoreUnavailable, TableStore

FOREIGN = "it holds another program's data and was left as it is"


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def database(path, *statements: str):
    connection = sqlite3.connect(path)
    with connection:
        for statement in statements:
            connection.execute(statement)
    connection.close()
    return path


def foreign_files(folder):
    return {
        "another program's table": database(
            folder / "notes.sqlite3", "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)",
            "INSERT INTO notes (text) VALUES ('buy milk')"),
        "its own tables table": database(
            folder / "shop.sqlite3", "CREATE TABLE tables (name TEXT, legs INTEGER)",
            "INSERT INTO tables VALUES ('kitchen', 4)"),
        "another program's mark": database(folder / "marked.sqlite3",
                                           "PRAGMA application_id = 1234"),
        "another program in WAL mode": database(
            folder / "wal.sqlite3", "PRAGMA journal_mode=WAL", "CREATE TABLE t (x)"),
    }


def marks(path) -> tuple[int, int, str]:
    connection = sqlite3.connect(path)
    try:
        return (connection.execute("PRAGMA application_id").fetchone()[0],
                connection.execute("PRAGMA user_version").fetchone()[0],
                connection.execute("PRAGMA journal_mode").fetchone()[0])
    finally:
        connection.close()


def test_a_new_file_is_marked_as_scorepads(tmp_path):
    store = TableStore(tmp_path / "new.sqlite3")
    assert marks(store.path) == (APPLICATION_ID, LAYOUT_VERSION, "wal")
    TableStore(store.address)  # and opened again


def test_an_empty_file_becomes_a_scorepad_database(tmp_path):
    (tmp_path / "empty.sqlite3").write_bytes(b"")
    assert marks(TableStore(tmp_path / "empty.sqlite3").path)[:2] == (APPLICATION_ID,
                                                                      LAYOUT_VERSION)


def test_an_unmarked_database_of_an_earlier_scorepad_is_recognised_and_marked(tmp_path):
    """The first release's layout, with one table saved, and no mark."""
    path = database(
        tmp_path / "old.sqlite3",
        "CREATE TABLE tables (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, "
        "format_version INTEGER NOT NULL, draft TEXT NOT NULL, created TEXT NOT NULL, "
        "updated TEXT NOT NULL, deleted TEXT)",
        "INSERT INTO tables (game, format_version, draft, created, updated) VALUES ('girasoles', "
        "1, '{\"game\": \"girasoles\", \"players\": [{\"name\": \"Ann\"}]}', "
        "'2026-01-01T10:00:00+00:00', '2026-01-01T10:00:00+00:00')")
    store = TableStore(path)
    assert marks(path)[:2] == (APPLICATION_ID, LAYOUT_VERSION)
    [table] = store.list()
    assert (table.game, table.draft["players"][0]["name"]) == ("girasoles", "Ann")


@pytest.mark.parametrize("kind", ["another program's table", "its own tables table",
                                  "another program's mark", "another program in WAL mode"])
def test_another_programs_database_is_refused_and_its_bytes_are_unchanged(tmp_path, kind):
    path = foreign_files(tmp_path)[kind]
    before = digest(path)
    neighbours = sorted(item.name for item in tmp_path.iterdir())
    with pytest.raises(StoreUnavailable) as refused:
        TableStore(path)
    assert str(refused.value) == (f"the file is not a scorepad database (file {path}): {FOREIGN}; "
                                  "choose the right file, or start with another")
    assert digest(path) == before
    assert sorted(item.name for item in tmp_path.iterdir()) == neighbours  # no journal, no WAL


@pytest.mark.parametrize("command", [["app", "--no-browser", "--port", "{port}"],
                                     ["import-all", "{backup}"], ["export-all", "{backup}"]])
def test_the_commands_refuse_another_programs_database_in_one_line(tmp_path, command):
    path = foreign_files(tmp_path)["another program's table"]
    before = digest(path)
    backup = tmp_path / "backup.json"
    backup.write_text(json.dumps({"scorepad_backup": 1, "exported": "2026-01-01T10:00:00Z",
                                  "tables": []}))
    arguments = [part.format(port=free_port(), backup=backup) for part in command]
    ran = subprocess.run([sys.executable, "-m", "ui", *arguments, "--db", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert ran.returncode == 2
    assert ran.stdout == ""
    assert ran.stderr == (f"scorepad {command[0]}: cannot use the tables file: the file is not a "
                          f"scorepad database (file {path}): {FOREIGN}; choose the right file, "
                          "or start with another (--db FILE chooses it)\n")
    assert digest(path) == before
