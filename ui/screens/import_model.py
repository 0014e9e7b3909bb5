"""Importing a table file (the JSON ``scorepad score`` reads) as a saved table, for any game."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.files import TableFileError, table_from_json
from scorer.games import GAMES, score
from ui.games.plugin import GamePlugin
from ui.store.storage import TableStore


@dataclass(frozen=True)
class Imported:
    table_id: int | None
    """The saved table, or None when nothing was imported."""
    message: str
    """What happened, or why not: the library's message, naming the place in the file."""


def import_table(text: str, store: TableStore, games: dict[str, GamePlugin],
                 source: str = "the pasted text") -> Imported:
    """Validate ``text`` with the library, as ``scorepad score`` does, and save it as a table the
    app edits. Nothing is saved unless the app's draft scores exactly as the file."""
    if not text.strip():
        return Imported(None, "Paste the text of a table file, or pick the file.")
    try:
        table = table_from_json(text, source=source)
    except TableFileError as error:
        return Imported(None, str(error))
    title = GAMES[table.game].title
    game = games.get(table.game)
    if game is None:
        return Imported(None, f"{source}: this version of the app cannot edit {title} tables yet")
    draft = game.draft_from_table(table)
    checked = game.check(draft)
    if checked.table is None or checked.problems or score(checked.table) != score(table):
        # A defect of the app, not of the file: say so rather than keep a different table.
        return Imported(None, f"{source}: the app could not keep this {title} table exactly as "
                              "written; `scorepad score` still reads it")
    table_id = store.create(table.game, draft)
    names = ", ".join(player.name for player in table.players)
    return Imported(table_id, f"Imported a {title} table: {names}.")


def text_of_file(name: str, content: bytes | None) -> tuple[str | None, str]:
    """A picked file's text, or None and why it cannot be read."""
    if content is None:
        return None, f"{name}: the browser did not give the file's content; paste its text instead"
    try:
        return content.decode("utf-8-sig"), ""
    except UnicodeDecodeError:
        return None, f"{name}: not a text file (a table file is JSON text)"
