"""Backup of the tables: one JSON file of every table's draft and metadata (and photos, unless
left out) and the group's deck, imported back by merging on each table's uid and each card's
description (importing twice adds nothing), and a CSV of the finished games for spreadsheets. No
Flet here: the command line uses it too."""

from __future__ import annotations

import base64
import binascii
import csv
import io
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AwareDatetime, BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator,
)

from scorer.core.text import printable
from scorer.deck import DeckFile, deck_json
from scorer.files import (MAX_DEPTH, MAX_TABLE_BYTES, InputError, JsonBounds, bounded_json,
                          describe_errors, read_json_text)
from scorer.games import GAMES
from ui.store.deck import Deck
from ui.store.finished import LOCATION_LENGTH, NOTE_LENGTH, FinishedTable
from ui.store.photos import MAX_PHOTO_BYTES, PhotoRefused, PhotoStore, SafePhoto, safe_photo
from ui.store.storage import StoredTable, TableStore, draft_size

BACKUP_VERSION = 1
MAX_BACKUP_BYTES = 200_000_000
"""A table is a few kilobytes, but a backup carries the tables' photos too (in base64)."""
MAX_BACKUP_TABLES = 2_000
"""A game a week for nearly forty years; bounds the import's work."""
BACKUP_FILE = JsonBounds("a backup", MAX_BACKUP_BYTES, MAX_DEPTH + 3,
                         "a backup nests about 11 deep")
"""A backup's JSON: each table's draft sits 3 levels down and nests like a table file."""
MAX_PHOTOS_PER_TABLE = 100
_BASE64_LIMIT = (MAX_PHOTO_BYTES + 2) // 3 * 4


class BackupPhoto(BaseModel):
    """A photo of a table in a backup: the stored JPEG in base64. Read back as any upload is,
    through :func:`~ui.store.photos.safe_photo`: a backup is input like any other."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    uid: str = Field(min_length=1, max_length=100)
    player: str | None = Field(default=None, max_length=100)
    added: AwareDatetime
    jpeg: str = Field(min_length=1, max_length=_BASE64_LIMIT)
    _kept: SafePhoto | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _a_picture(self) -> BackupPhoto:
        try:
            data = base64.b64decode(self.jpeg, validate=True)
        except binascii.Error:
            raise ValueError("the photo is not in base64") from None
        try:
            self._kept = safe_photo(data, "the photo")
        except PhotoRefused as refused:
            raise ValueError(str(refused)) from None
        return self

    @property
    def kept(self) -> SafePhoto:
        """The picture as it is stored (decoded and written anew when the backup was read)."""
        assert self._kept is not None
        return self._kept


class BackupTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    uid: str = Field(min_length=1, max_length=100)
    game: str
    format_version: int = Field(ge=1)
    created: AwareDatetime
    updated: AwareDatetime
    finished: AwareDatetime | None = None
    location: Annotated[str, printable("a location")] = Field(default="",
                                                              max_length=LOCATION_LENGTH)
    note: Annotated[str, printable("a note", lines=True)] = Field(default="",
                                                                  max_length=NOTE_LENGTH)
    start_player: int | None = Field(default=None, ge=0)
    draft: dict
    photos: list[BackupPhoto] = Field(default=[], max_length=MAX_PHOTOS_PER_TABLE)

    @model_validator(mode="after")
    def _consistent(self) -> BackupTable:
        if self.game not in GAMES:
            known = ", ".join(GAMES)
            raise ValueError(f"game {self.game!r} is not one of {known}")
        if self.draft.get("game") != self.game:
            raise ValueError(f"the draft's game is {self.draft.get('game')!r}, "
                             f"not {self.game!r}")
        size = draft_size(self.draft)
        if size > MAX_TABLE_BYTES:
            raise ValueError(f"the draft is {size / 1_000_000:.1f} MB; a table is at most "
                             f"{MAX_TABLE_BYTES // 1_000_000} MB (as a table file)")
        players = self.draft.get("players")
        if not isinstance(players, list) or not all(
                isinstance(player, dict) and isinstance(player.get("name"), str)
                for player in players):
            raise ValueError("the draft's players must be a list of players with a name")
        return self

    def stored(self) -> StoredTable:
        return StoredTable(id=0, game=self.game, format_version=self.format_version,
                           draft=self.draft, created=self.created, updated=self.updated,
                           uid=self.uid, finished=self.finished, location=self.location,
                           note=self.note, start_player=self.start_player)


class Backup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    scorepad_backup: Literal[1]
    exported: AwareDatetime
    tables: list[BackupTable]
    deck: DeckFile | None = None
    """The group's deck (a deck file's content); backups from before the deck was kept have
    none."""

    @model_validator(mode="after")
    def _distinct_uids(self) -> Backup:
        seen: set[str] = set()
        for number, table in enumerate(self.tables):
            if table.uid in seen:
                raise ValueError(f"tables[{number}] repeats the uid {table.uid!r}")
            seen.add(table.uid)
        return self


def backup_json(tables: Iterable[StoredTable], photos: PhotoStore | None = None,
                deck: DeckFile | None = None) -> str:
    """The backup of ``tables``, with their photos when ``photos`` is given (they make the file
    about a megabyte per photo larger), and the group's ``deck`` when given."""
    backup = {
        "scorepad_backup": BACKUP_VERSION,
        "exported": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "tables": [
            {
                "uid": table.uid,
                "game": table.game,
                "format_version": table.format_version,
                "created": table.created.isoformat(),
                "updated": table.updated.isoformat(),
                "finished": table.finished.isoformat() if table.finished else None,
                "location": table.location,
                "note": table.note,
                "start_player": table.start_player,
                "draft": table.draft,
                **({"photos": _photos_of(photos, table.id)} if photos is not None else {}),
            }
            for table in tables
        ],
        **({"deck": json.loads(deck_json(deck))} if deck is not None else {}),
    }
    return json.dumps(backup, indent=1, ensure_ascii=False) + "\n"


def _photos_of(photos: PhotoStore, table_id: int) -> list[dict]:
    return [{"uid": photo.uid, "player": photo.player,
             "added": photo.added.isoformat(),
             "jpeg": base64.b64encode(photos.jpeg(table_id, photo.id) or b"").decode("ascii")}
            for photo in photos.of_table(table_id)]


class BackupError(InputError):
    """A backup that cannot be read; ``str()`` names the file, the place and the problem."""


def read_backup_file(path: Path) -> Backup:
    """A backup file, read within MAX_BACKUP_BYTES (``scorer.files.read_json_text``), then as
    :func:`read_backup`; every problem is an InputError of one located line."""
    return read_backup(*read_json_text(path, "a backup", MAX_BACKUP_BYTES, BackupError))


def read_backup(text: str, source: str) -> Backup:
    """A backup's text, checked as an input boundary: its size, nesting and numbers before it is
    decoded (``BACKUP_FILE``), the number of tables before any is validated, then each table
    (its draft within a table file's size)."""
    data = bounded_json(text, source, BACKUP_FILE, BackupError)
    if not isinstance(data, dict) or "scorepad_backup" not in data:
        raise BackupError(f"{source}: not a scorepad backup (it has no \"scorepad_backup\" "
                          "field; a single table file is imported with “Import a table file”)")
    tables = data.get("tables")
    if isinstance(tables, list) and len(tables) > MAX_BACKUP_TABLES:
        raise BackupError(f"{source}: at tables: {len(tables)} tables; a backup holds at most "
                          f"{MAX_BACKUP_TABLES}")
    try:
        return Backup.model_validate(data)
    except ValidationError as error:
        raise BackupError(describe_errors(error, data, source)) from None


@dataclass(frozen=True)
class Merged:
    added: tuple[int, ...]
    """The ids of the tables added (or brought back from deleted)."""
    already_here: int
    cards_added: int = 0
    """The deck's cards added (described by no card here)."""
    cards_named_twice: int = 0
    """Of those, the cards named like a card here with another description (both kept)."""

    @property
    def message(self) -> str:
        """What was added, in English (``scorepad import-all``; the app says it in words)."""
        tables = (f"Added {len(self.added)} table{'s' if len(self.added) != 1 else ''}; "
                  f"{self.already_here} already here.")
        if not self.cards_added:
            return tables
        cards = f"{self.cards_added} card{'s' if self.cards_added != 1 else ''}"
        twice = (f" ({self.cards_named_twice} named like a card here: both kept, see Deck)"
                 if self.cards_named_twice else "")
        return f"{tables} Added {cards} to the deck{twice}."


def merge_backup(backup: Backup, store: TableStore,
                 may_open: Callable[[int], bool] = lambda table_id: True,
                 progress: Callable[[int, int], None] = lambda done, total: None,
                 creator: str | None = None) -> Merged:
    """Merge by uid (see ``TableStore.merge``; ``may_open``: the importing device's rights, and
    the tables added are ``creator``'s); a table added comes with its photos, then the deck's
    new cards are added (``Deck.merge``). ``progress(done, total)`` follows each table merged."""
    photos = PhotoStore(store)
    added = []
    for done, table in enumerate(backup.tables):
        progress(done, len(backup.tables))
        table_id = store.merge(table.stored(), may_open, creator)
        if table_id is None:
            continue
        added.append(table_id)
        for photo in table.photos:
            owner = photos.table_of(photo.uid)
            if owner != table_id:
                # Under its own uid, unless that is a photo of a table this one was kept apart
                # from (see TableStore.merge).
                photos.add(table_id, photo.player, photo.kept,
                           photo.uid if owner is None else None, photo.added)
    cards = Deck(store).merge(backup.deck) if backup.deck is not None else (0, 0)
    progress(len(backup.tables), len(backup.tables))
    return Merged(tuple(added), len(backup.tables) - len(added), *cards)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's list for CSV injection)."""


def spreadsheet_safe(value: object) -> object:
    """A text cell a spreadsheet would run as a formula gets a leading ``'`` (shown as text, the
    rest unchanged); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def finished_csv(finished: Iterable[FinishedTable]) -> str:
    """One row per player per finished game, oldest game first; a column per scorepad line (the
    union of every game's lines, blank where a game has no such line). Any invited device can
    name a player, so no text cell starts a formula (see :func:`spreadsheet_safe`)."""
    finished = sorted(finished, key=lambda item: item.play.played)
    labels: list[str] = []
    for item in finished:
        labels += [row.label for row in item.play.result.rows if row.label not in labels]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([spreadsheet_safe(cell) for cell in [
        "date", "game", "location", "note", "player", "started", "total", "rank", "winner",
        *labels]])
    for item in finished:
        play, result = item.play, item.play.result
        for player in result.players:
            points = {row.label: player.row_points(row.category) for row in result.rows}
            writer.writerow([spreadsheet_safe(cell) for cell in [
                play.played.strftime("%Y-%m-%d %H:%M"), GAMES[result.game].title, play.location,
                play.note, player.name, "yes" if player.name == play.start_player else "",
                player.total, player.rank, "yes" if player.name in result.winners else "",
                *(points.get(label, "") for label in labels),
            ]])
    return out.getvalue()
