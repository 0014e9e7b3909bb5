"""Backups are an input boundary, like table files: size, nesting, numbers and the number of tables
are checked before any table is read, and each table's draft is held to a table file's size. A
hostile backup is one located line and exit code 2 on the command line, and the same words on
the Backup screen; nothing is added. Backup and CSV downloads into an exports folder that cannot
be written still download, and say why they were not saved."""

from __future__ import annotations

import asyncio
import json

import flet as ft
import pytest

from scorer.files import MAX_TABLE_BYTES
from test_after_game_views import FakeContext, find
from ui.cli import main
from ui.screens.backup_view import BackupView
from ui.store.backup import MAX_BACKUP_BYTES, MAX_BACKUP_TABLES
from ui.store.storage import TableStore

HEAD = '{"scorepad_backup": 1, "exported": "2026-01-01T10:00:00+00:00", "tables": '


def table(number: int, draft: dict | None = None) -> dict:
    return {"uid": f"t{number}", "game": "girasoles", "format_version": 1,
            "created": "2026-01-01T10:00:00+00:00", "updated": "2026-01-01T10:00:00+00:00",
            "draft": draft or {"game": "girasoles", "players": [{"name": "Ann"}]}}


def backups() -> dict[str, tuple[str, str]]:
    """Each hostile backup's text, and the message after ``<file>: ``."""
    deep = 100_000
    big_draft = {"game": "girasoles", "players": [{"name": "A" * (MAX_TABLE_BYTES + 10)}]}
    return {
        "deep": (HEAD + "[" * deep + "]" * deep + "}",
                 "arrays and objects nested more than 35 deep; a backup nests about 11 deep "
                 "(check the brackets)"),
        "long number": (HEAD + "[], \"x\": " + "7" * 5_000 + "}",
                        f"line 1, column {len(HEAD) + 10}: a number of 5000 digits; numbers in "
                        "a table have at most 15"),
        "long decimal": (HEAD + "[], \"x\": 0." + "7" * 5_000 + "}",
                         f"line 1, column {len(HEAD) + 10}: a number of 5001 digits; numbers "
                         "in a table have at most 15"),
        "exponent": (HEAD + "[], \"x\": 1e400}",
                     f"line 1, column {len(HEAD) + 10}: a number of 401 digits; numbers in a "
                     "table have at most 15"),
        "many tables": (HEAD + json.dumps([table(n) for n in range(MAX_BACKUP_TABLES + 1)])
                        + "}", f"at tables: {MAX_BACKUP_TABLES + 1} tables; a backup holds at "
                        f"most {MAX_BACKUP_TABLES}"),
        "large draft": (HEAD + json.dumps([table(0), table(1, big_draft)]) + "}",
                        "at tables[1]: the draft is 2.0 MB; a table is at most 2 MB (as a table "
                        "file)"),
    }


@pytest.mark.parametrize("kind", ["deep", "long number", "long decimal", "exponent",
                                  "many tables", "large draft"])
def test_a_hostile_backup_is_one_located_line_and_exit_code_2(db, tmp_path, capsys, kind):
    text, message = backups()[kind]
    path = tmp_path / "hostile.json"
    path.write_text(text)
    address = db("tables")
    assert main(["import-all", str(path), "--db", str(address)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"scorepad: {path}: {message}\n"
    assert captured.out == ""
    assert TableStore(address).list() == []


def test_a_backup_larger_than_the_limit_is_not_read(db, tmp_path, capsys):
    path = tmp_path / "huge.json"
    with open(path, "wb") as out:
        out.truncate(MAX_BACKUP_BYTES + 1)  # sparse: nothing to read, only its size told
    assert main(["import-all", str(path), "--db", str(db("t"))]) == 2
    assert capsys.readouterr().err == (f"scorepad: {path}: 200 MB; a backup is at most 200 MB\n")


def test_a_backup_that_is_not_utf8_says_where(db, tmp_path, capsys):
    path = tmp_path / "latin.json"
    path.write_bytes(HEAD.encode() + b'[], "note": "caf\xe9"}')
    assert main(["import-all", str(path), "--db", str(db("t"))]) == 2
    assert capsys.readouterr().err == (
        f"scorepad: {path}: not UTF-8 text at byte {len(HEAD) + 17} (a backup is JSON text); "
        "save it as UTF-8\n")


@pytest.mark.parametrize("kind", ["deep", "long number", "long decimal", "exponent",
                                  "many tables", "large draft"])
def test_the_backup_screen_says_the_same_in_words_and_adds_nothing(db, kind):
    text, message = backups()[kind]
    store = TableStore(db("tables"))
    view = BackupView(FakeContext(store))
    asyncio.run(view.import_text(text, "picked.json"))
    assert find(view.root, "backup-status").value == f"picked.json: {message}"
    assert store.list() == []


def test_a_saved_table_larger_than_a_table_file_is_listed_but_never_checked(db,
                                                                             monkeypatch):
    """A table imported before backups were bounded: the home line says so without the game's
    check (which took seconds on such a table at every redraw)."""
    from ui.screens.home_view import leader_text
    from ui.store.finished import play_of

    store = TableStore(db("tables"))
    huge = store.create("girasoles", {"game": "girasoles",
                                      "players": [{"name": "A" * MAX_TABLE_BYTES}]})
    store.finish(huge, store.get(huge).created)
    context = FakeContext(store)
    monkeypatch.setattr(context.games["girasoles"], "check",
                        lambda draft: pytest.fail("a table past the limits was checked"))
    assert leader_text(store.get(huge), context) == ("too large to score (more than a table "
                                                     "file holds)")
    assert play_of(store.get(huge), context.games) is None


@pytest.mark.parametrize("button, name", [("_backup", "scorepad-backup"),
                                          ("_csv", "scorepad-finished-games")])
def test_backup_and_csv_into_an_unwritable_exports_folder_still_download_and_say_why(
        db, tmp_path, monkeypatch, button, name):
    store = TableStore(db("tables"))
    store.exports_folder.parent.mkdir(parents=True, exist_ok=True)
    store.exports_folder.write_text("a file where the folder should be")
    downloads = []

    async def save_file(picker, file_name, src_bytes):
        downloads.append((file_name, src_bytes))

    monkeypatch.setattr(ft.FilePicker, "save_file", save_file)
    view = BackupView(FakeContext(store))
    asyncio.run(getattr(view, button)())
    [(file_name, content)] = downloads
    assert file_name.startswith(name) and content  # the download goes ahead
    said = find(view.root, "backup-saved").value
    assert said == (f"Not saved on the computer running scorepad: the file cannot be opened "
                    f"(file {store.exports_folder / file_name}): check that the folders on its "
                    f"path exist and are folders, or choose another place. {file_name} is "
                    "downloading to this device.")
