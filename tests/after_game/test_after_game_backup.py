"""Backup: every table (finished or not) to one JSON file and back, merging by uid; bad backups
get a located message, never a traceback; a CSV of the finished games."""

from __future__ import annotations

import base64
import csv
import io
import json
import re
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from PIL import Image

from scorer.maple_valley.models import Category, Favour
from scorer.sunflower_valley.models import CardDescription, Kind
from ui.cli import main
from scorer.games import score
from ui.store.backup import BackupError, backup_json, finished_csv, merge_backup, read_backup
from ui.store.deck import Deck
from ui.store.finished import finished_tables
from ui.store.photos import PhotoStore, safe_photo
from ui.games.registry import APP_GAMES
from ui.screens.import_model import import_table
from ui.store.sqlite_engine import SqliteEngine
from ui.store.storage import TableStore

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ["sunflower_valley/first_game_goals.json", "girasoles/full_table.json",
            "maple_valley/four_players.json"]
ZONE = timezone(timedelta(hours=1))


@pytest.fixture()
def store(db) -> TableStore:
    """Three games' tables, two of them finished, and one in progress."""
    store = TableStore(db("home"))
    ids = [import_table((ROOT / "examples" / name).read_text(), store, APP_GAMES).table_id
           for name in EXAMPLES]
    store.finish(ids[0], datetime(2026, 1, 5, 19, 0, tzinfo=ZONE), "Club", "first game", 2)
    store.finish(ids[2], datetime(2026, 1, 6, 20, 0, tzinfo=ZONE))
    return store


def scorepads(store: TableStore) -> dict[str, object]:
    return {table.uid: score(APP_GAMES[table.game].check(table.draft).table)
            for table in store.list()}


def metadata(store: TableStore) -> list[tuple]:
    return sorted((t.uid, t.game, t.format_version, t.draft, t.created, t.updated, t.finished,
                   t.location, t.note, t.start_player) for t in store.list())


def test_a_backup_imported_into_an_empty_database_gives_the_same_tables_and_scorepads(
        store, db):
    text = backup_json(store.list())
    empty = TableStore(db("other"))
    merged = merge_backup(read_backup(text, "backup.json"), empty)
    assert (len(merged.added), merged.already_here) == (3, 0)
    assert metadata(empty) == metadata(store)
    assert scorepads(empty) == scorepads(store)
    again = merge_backup(read_backup(text, "backup.json"), empty)
    assert (again.added, again.already_here) == ((), 3)
    assert len(empty.list()) == 3


def test_a_backup_never_reaches_a_table_the_importing_device_may_not_open(store):
    """A device whose old backup holds the uid of a table it may not open (revoked, or never
    shared) gets the backup's table as a new one; the table here is left as it is, deleted or
    not."""
    text = backup_json(store.list())
    hidden, deleted, own = store.list()
    store.save(hidden.id, {**hidden.draft, "note": "changed here"})
    store.delete(deleted.id)
    store.delete(own.id)
    before = {table.id: table for table in store.list() + store.list_deleted()}
    merged = merge_backup(read_backup(text, "backup.json"), store,
                          may_open=lambda table_id: table_id == own.id)
    assert own.id in merged.added and len(merged.added) == 3
    assert store.get(own.id) is not None  # the device's own deleted table comes back
    assert store.get(hidden.id).draft == before[hidden.id].draft
    assert [table.id for table in store.list_deleted()] == [deleted.id]
    copies = [table for table in store.list() if table.id not in before]
    assert sorted(table.draft["players"][0]["name"] for table in copies) == sorted(
        table.draft["players"][0]["name"] for table in (hidden, deleted))
    assert not {table.uid for table in copies} & {hidden.uid, deleted.uid}


def test_the_command_line_exports_and_imports_with_db(db, store, tmp_path, capsys):
    backup = tmp_path / "all.json"
    assert main(["export-all", str(backup), "--db", str(store.address)]) == 0
    other = db("other")
    assert main(["import-all", str(backup), "--db", str(other)]) == 0
    assert main(["import-all", str(backup), "--db", str(other)]) == 0
    out = capsys.readouterr().out
    assert "Added 3 tables; 0 already here." in out and "Added 0 tables; 3 already here." in out
    assert metadata(TableStore(other)) == metadata(store)


def test_a_file_that_stops_taking_writes_during_import_all_is_one_line_and_exit_2(
        store, tmp_path, capsys, monkeypatch):
    backup = tmp_path / "all.json"
    assert main(["export-all", str(backup), "--db", str(store.address)]) == 0
    other = tmp_path / "other.sqlite3"  # SQLite's own limit fills it
    TableStore(other)  # made, then it stops taking writes (a full disk, say)
    opened = SqliteEngine._connection

    @contextmanager
    def full(self, create: bool = False):
        with opened(self, create) as connection:
            connection.execute("PRAGMA max_page_count = 1")  # fewer pages than the file has
            yield connection

    monkeypatch.setattr(SqliteEngine, "_connection", full)
    assert main(["import-all", str(backup), "--db", str(other)]) == 2
    assert capsys.readouterr().err == (
        f"scorepad import-all: cannot use the tables file: the disk is full (file {other}): "
        "free some space (--db FILE chooses it)\n")


@pytest.mark.parametrize("change, message", [
    (lambda b: b["tables"][1].update(finished="yesterday"),
     "at tables[1] > finished: Input should be a valid datetime"),
    (lambda b: b["tables"][0].update(game="chess"), "at tables[0]: game 'chess' is not one of"),
    (lambda b: b["tables"][2].pop("uid"), "at tables[2] > uid: missing"),
    (lambda b: b["tables"][0].update(colour="red"),
     "at tables[0] > colour: unknown field (check its spelling)"),
    (lambda b: b["tables"].append(dict(b["tables"][0])), "repeats the uid"),
    (lambda b: b["tables"][1]["draft"].update(players="Ann"),
     "at tables[1]: the draft's players must be a list of players with a name"),
])
def test_a_bad_backup_is_refused_with_its_place_and_nothing_is_added(db, store, tmp_path, capsys,
                                                                      change, message):
    data = json.loads(backup_json(store.list()))
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    other = db("other")
    assert main(["import-all", str(path), "--db", str(other)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: " in err and message in err and "Traceback" not in err
    assert TableStore(other).list() == []


def test_not_json_or_not_a_backup_is_refused_in_words():
    with pytest.raises(BackupError, match=r"b.json: line 1, column 2: not valid JSON"):
        read_backup("{,", "b.json")
    with pytest.raises(BackupError, match="not a scorepad backup"):
        read_backup('{"game": "girasoles", "players": []}', "b.json")


def test_the_csv_has_a_row_per_player_per_finished_game_and_a_column_per_line(store):
    rows = list(csv.DictReader(io.StringIO(finished_csv(finished_tables(store.list(),
                                                                        APP_GAMES)))))
    assert [(row["game"], row["player"]) for row in rows] == [
        ("Sunflower Valley", "Paul"), ("Sunflower Valley", "Mary"),
        ("Sunflower Valley", "George"),
        ("Maple Valley", "Ann"), ("Maple Valley", "Ben"), ("Maple Valley", "Cat"),
        ("Maple Valley", "Dan"),
    ]
    paul, mary, george = rows[:3]
    assert (paul["date"], paul["location"], paul["note"]) == ("2026-01-05 19:00", "Club",
                                                              "first game")
    assert (paul["total"], paul["rank"], paul["winner"]) == ("25", "1", "yes")
    assert (george["started"], paul["started"]) == ("yes", "")
    assert mary["winner"] == "" and mary["total"] == "25"
    ben = rows[4]
    assert (ben["total"], ben["winner"], ben["Towns"], ben["Favours"] != "") == (
        "50", "yes", "", True)
    # Each row's lines add up to its total (the library's lines, as scored).
    for row in rows:
        lines = [int(row[label]) for label in list(row)[9:] if row[label] != ""]
        assert sum(lines) == int(row["total"])


FORMULAS = ["=1+1", "@SUM(A1)", "+cmd|'/C calc'!A0", "-2+3", "\tTab", "\rReturn"]


def test_no_text_cell_of_the_csv_starts_a_formula_and_numbers_stay_numbers(store, tmp_path):
    """Player names, a location and a note that a spreadsheet would run, written by
    ``scorepad export-all --csv``, read back with a CSV reader: every text cell is shown as
    typed after a leading ', every number is a number."""
    [first] = [table for table in store.list() if table.game == "girasoles"]
    draft = json.loads(json.dumps(first.draft))
    for player, name in zip(draft["players"], FORMULAS):
        player["name"] = name
    store.save(first.id, draft)
    store.finish(first.id, datetime(2026, 1, 5, 19, 0, tzinfo=ZONE), "=HYPERLINK(\"x\")",
                 "-1 point for Bob")
    path = tmp_path / "games.csv"
    assert main(["export-all", str(path), "--csv", "--db", str(store.address)]) == 0
    with open(path, newline="", encoding="utf-8") as file:
        header, *rows = list(csv.reader(file))
    numeric = {"total", "rank"} | set(header[9:])
    names = []
    for row in rows:
        for label, cell in zip(header, row):
            if label in numeric:
                assert cell == "" or re.fullmatch(r"-?\d+", cell), (label, cell)
            else:
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), (label, cell)
        if row[header.index("game")] == "Girasoles":
            names.append(row[header.index("player")])
        if row[header.index("game")] == "Girasoles":
            assert row[2:4] == ["'=HYPERLINK(\"x\")", "'-1 point for Bob"]
    assert names == ["'" + name for name in FORMULAS[:len(first.draft["players"])]]
    assert len(rows) == 7 + len(names)


def jpeg_of(size: tuple[int, int], colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "JPEG")
    return out.getvalue()


def photos_by_uid(store: TableStore) -> dict[str, tuple]:
    """Every photo of the store as (its table's uid, player, when, JPEG) by its uid."""
    photos = PhotoStore(store)
    return {photo.uid: (table.uid, photo.player, photo.added, photos.jpeg(table.id, photo.id))
            for table in store.list() for photo in photos.of_table(table.id)}


def test_a_backup_carries_the_photos_unless_left_out(store, db):
    photos = PhotoStore(store)
    first, second = store.list()[:2]
    photos.add(first.id, "Ann", safe_photo(jpeg_of((300, 200), "red"), "a.jpg"))
    photos.add(first.id, None, safe_photo(jpeg_of((200, 300), "blue"), "b.jpg"))
    photos.add(second.id, "Bo", safe_photo(jpeg_of((64, 64), "green"), "c.jpg"))

    with_photos = TableStore(db("with"))
    merge_backup(read_backup(backup_json(store.list(), photos), "b.json"), with_photos)
    copied = photos_by_uid(with_photos)
    original = photos_by_uid(store)
    assert len(copied) == 3
    assert {uid: entry[:3] for uid, entry in copied.items()} == \
        {uid: entry[:3] for uid, entry in original.items()}
    for uid, (*_, jpeg) in copied.items():  # read back as any upload: same size, no metadata
        assert Image.open(io.BytesIO(jpeg)).size == Image.open(io.BytesIO(original[uid][3])).size
    # Imported twice: the tables are here, nothing is added twice.
    merge_backup(read_backup(backup_json(store.list(), photos), "b.json"), with_photos)
    assert len(photos_by_uid(with_photos)) == 3

    without = TableStore(db("without"))
    text = backup_json(store.list())
    assert '"photos"' not in text
    merge_backup(read_backup(text, "b.json"), without)
    assert len(without.list()) == 3 and photos_by_uid(without) == {}


@pytest.mark.parametrize("jpeg, message", [
    ("not base64!", "at tables[0] > photos[0]: the photo is not in base64"),
    (base64.b64encode(jpeg_of((300, 200), "red")[:300]).decode(),
     "at tables[0] > photos[0]: the photo: the picture is damaged"),
    (base64.b64encode(b"plain words").decode(),
     "at tables[0] > photos[0]: the photo: not a picture"),
])
def test_a_backup_photo_that_is_not_a_picture_is_refused_with_its_place(store, jpeg, message):
    data = json.loads(backup_json(store.list()))
    data["tables"][0]["photos"] = [{"uid": "p1", "added": "2026-01-05T19:00:00+00:00",
                                    "jpeg": jpeg}]
    with pytest.raises(BackupError) as refused:
        read_backup(json.dumps(data), "b.json")
    assert message in str(refused.value)


def test_the_command_line_leaves_the_photos_out_when_asked(store, tmp_path):
    PhotoStore(store).add(store.list()[0].id, "Ann",
                          safe_photo(jpeg_of((30, 20), "red"), "a.jpg"))
    backup, light = tmp_path / "all.json", tmp_path / "light.json"
    assert main(["export-all", str(backup), "--db", str(store.address)]) == 0
    assert main(["export-all", str(light), "--no-photos", "--db", str(store.address)]) == 0
    assert len(json.loads(backup.read_text())["tables"][0]["photos"]) == 1
    assert "photos" not in json.loads(light.read_text())["tables"][0]


KAZOO = Favour(name="Kazoo", category=Category.ENTERTAINMENT, score=7)
"""A Favour at no table of the fixture (its Maple Valley table has a Fiddle)."""
SHEEP_TOWN = CardDescription(kind=Kind.TOWN, combination=(Kind.SHEEP, Kind.FIELD), points=3,
                             villagers=1)


def deck_backup(store: TableStore, *cards: tuple[str, str, object]) -> str:
    """The store's backup after adding ``(game, kind, card)`` to its deck only (at no table)."""
    deck = Deck(store)
    for game, kind, card in cards:
        deck.add(game, kind, card)
    return backup_json(store.list(), deck=deck.export())


def test_the_decks_cards_come_back_with_a_backup_even_those_at_no_table(store, db):
    text = deck_backup(store, ("maple_valley", "Favour", KAZOO),
                       ("sunflower_valley", "town", SHEEP_TOWN))
    empty = TableStore(db("other"))
    merged = merge_backup(read_backup(text, "backup.json"), empty)
    assert [entry.card for entry in Deck(empty).cards("maple_valley", "Favour")
            if entry.name == "Kazoo"] == [KAZOO]
    assert SHEEP_TOWN in [entry.card for entry in Deck(empty).cards("sunflower_valley", "town")]
    # The two cards are at no table: the deck of the backup brought them.
    assert (merged.cards_added, merged.cards_named_twice) == (2, 0)
    assert merged.message == "Added 3 tables; 0 already here. Added 2 cards to the deck."
    again = merge_backup(read_backup(text, "backup.json"), empty)
    assert (again.cards_added, again.message) == (0, "Added 0 tables; 3 already here.")


def test_a_backup_card_named_like_another_here_is_kept_beside_it(store, db):
    text = deck_backup(store, ("maple_valley", "Favour", KAZOO))
    other = TableStore(db("other"))
    here = KAZOO.model_copy(update={"score": 5})
    Deck(other).add("maple_valley", "Favour", here)
    merged = merge_backup(read_backup(text, "backup.json"), other)
    kazoos = [entry.card for entry in Deck(other).cards("maple_valley", "Favour")
               if entry.name == "Kazoo"]
    assert sorted(card.score for card in kazoos) == [5, 7]  # nothing overwritten
    assert (merged.cards_added, merged.cards_named_twice) == (1, 1)
    assert merged.message.endswith(
        "Added 1 card to the deck (1 named like a card here: both kept, see Deck).")


def test_a_bad_card_in_a_backups_deck_is_refused_with_its_place_and_nothing_is_added(
        db, store, tmp_path, capsys):
    data = json.loads(deck_backup(store, ("maple_valley", "Favour", KAZOO)))
    data["deck"]["maple_valley"]["favours"][0]["score"] = "seven"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    other = db("other")
    assert main(["import-all", str(path), "--db", str(other)]) == 2
    err = capsys.readouterr().err
    assert "deck > maple_valley > favours[0]" in err and "score" in err, err
    assert "Traceback" not in err
    assert TableStore(other).list() == [] and Deck(TableStore(other)).cards("maple_valley") == []


def test_the_command_lines_backup_carries_the_deck(db, store, tmp_path, capsys):
    Deck(store).add("maple_valley", "Favour", KAZOO)
    backup = tmp_path / "all.json"
    assert main(["export-all", str(backup), "--db", str(store.address)]) == 0
    assert {"name": "Kazoo", "category": "Entertainment", "score": 7} in json.loads(
        backup.read_text())["deck"]["maple_valley"]["favours"]
    assert main(["import-all", str(backup), "--db", str(db("other"))]) == 0
    assert "Added 1 card to the deck." in capsys.readouterr().out
