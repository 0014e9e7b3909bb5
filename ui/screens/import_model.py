"""Importing a table file (the JSON ``scorepad score`` reads) as a saved table, for any game."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.files import TableFileError, table_from_json
from scorer.games import GAMES, score
from scorer.language import DEFAULT, Language, language
from ui.games.plugin import GamePlugin
from ui.store.storage import TableStore


@dataclass(frozen=True)
class Imported:
    table_id: int | None
    """The saved table, or None when nothing was imported."""
    message: str
    """What happened, or why not: the library's message, naming the place in the file."""


def import_table(text: str, store: TableStore, games: dict[str, GamePlugin],
                 source: str | None = None, words: Language | None = None,
                 creator: str | None = None) -> Imported:
    """Validate ``text`` with the library, as ``scorepad score`` does, and save it as a table the
    app edits. Nothing is saved unless the app's draft scores exactly as the file. ``source``
    names the text (a file's name; the pasted text when None); the message is said in ``words``
    (English when not given)."""
    words = words or language(DEFAULT)
    if source is None:
        source = words.say("ui.import.pasted", "the pasted text")
    if not text.strip():
        return Imported(None, words.say("ui.import.empty",
                                        "Paste the text of a table file, or pick the file."))
    try:
        table = table_from_json(text, source=source)
    except TableFileError as error:
        return Imported(None, str(error))
    title = GAMES[table.game].title
    game = games.get(table.game)
    if game is None:
        return Imported(None, words.say("ui.import.unknown_game", "{source}: this version of "
                                        "the app cannot edit {game} tables yet", source=source,
                                        game=title))
    draft = game.draft_from_table(table)
    checked = game.check(draft)
    if checked.table is None or checked.problems or score(checked.table) != score(table):
        # A defect of the app, not of the file: say so rather than keep a different table.
        return Imported(None, words.say("ui.import.not_kept", "{source}: the app could not keep "
                                        "this {game} table exactly as written; `scorepad score` "
                                        "still reads it", source=source, game=title))
    table_id = store.create(table.game, draft, creator)
    names = ", ".join(player.name for player in table.players)
    return Imported(table_id, words.say("ui.import.done", "Imported a {game} table: {names}.",
                                        game=title, names=names))


def text_of_file(name: str, content: bytes | None,
                 words: Language | None = None) -> tuple[str | None, str]:
    """A picked file's text, or None and why it cannot be read (in ``words``)."""
    words = words or language(DEFAULT)
    if content is None:
        return None, words.say("ui.import.no_content", "{name}: the browser did not give the "
                               "file's content; paste its text instead", name=name)
    try:
        return content.decode("utf-8-sig"), ""
    except UnicodeDecodeError:
        return None, words.say("ui.import.not_text", "{name}: not a text file (a table file is "
                               "JSON text)", name=name)
