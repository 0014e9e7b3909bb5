"""Finished tables as plays: the library scores each one again from its stored draft (the result
is never stored), and history lists them newest first, by game and by player."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from scorer.core.players import COLOUR_NAMES, name_key
from scorer.core.text import unprintable_message
from scorer.games import score
from scorer.language import DEFAULT, Language, language
from scorer.message import Message, MessageError, msg
from scorer.plays import Play
from ui.store.draft_check import DraftChecker
from ui.store.storage import StoredTable, TableStore

logger = logging.getLogger(__name__)

LOCATION_LENGTH = 200
NOTE_LENGTH = 5000
"""The longest location and note a table keeps (a backup is refused beyond them too)."""


@dataclass(frozen=True)
class FinishedTable:
    table: StoredTable
    play: Play


def play_of(stored: StoredTable, games: dict[str, DraftChecker]) -> Play | None:
    """The play of a finished table, or None when it is in progress, cannot be opened by this app
    or has nothing that validates yet."""
    game = games.get(stored.game)
    if stored.finished is None or game is None or not stored.readable or stored.oversized:
        return None
    try:
        checked = game.check(stored.draft)
        result = score(checked.table) if checked.table is not None else None
    except Exception:  # noqa: BLE001 - one unreadable table must not hide the others
        logger.exception("scoring finished table %s failed", stored.id)
        return None
    if result is None:
        return None
    return Play(uid=stored.uid, played=stored.finished, result=result,
                location=stored.location, note=stored.note,
                start_player=start_player_name(stored))


def start_player_name(stored: StoredTable) -> str | None:
    names = [player.get("name", "?") for player in stored.draft.get("players", [])]
    index = stored.start_player
    return names[index] if index is not None and 0 <= index < len(names) else None


def finished_tables(tables: Iterable[StoredTable],
                    games: dict[str, DraftChecker]) -> list[FinishedTable]:
    """The finished tables among ``tables`` that this app can score, newest first."""
    finished = [FinishedTable(stored, play) for stored in tables
                if (play := play_of(stored, games)) is not None]
    finished.sort(key=lambda item: item.play.played, reverse=True)
    return finished


def filtered(finished: Iterable[FinishedTable], game: str | None = None,
             player: str | None = None) -> list[FinishedTable]:
    """Those of ``game`` (a key) and those ``player`` played (a name, in any case)."""
    return [item for item in finished
            if (game is None or item.play.game == game)
            and (player is None or name_key(player) in {
                name_key(result.name) for result in item.play.result.players})]


def player_names(finished: Iterable[FinishedTable]) -> list[str]:
    """Everyone who played these games, once each (by the latest spelling), by name."""
    names: dict[str, str] = {}
    for item in sorted(finished, key=lambda item: item.play.played):
        for result in item.play.result.players:
            names[name_key(result.name)] = result.name
    return sorted(names.values(), key=name_key)


def player_colours(finished: Iterable[FinishedTable]) -> dict[str, str]:
    """A different colour name for each player (by :func:`name_key`), for charts: the colour they
    had at their latest table when no one else has it yet, else a free one."""
    wanted: dict[str, str] = {}
    for item in sorted(finished, key=lambda item: item.play.played):
        for player in item.table.draft.get("players", []):
            wanted[name_key(str(player.get("name", "")))] = player.get("colour", "grey")
    colours: dict[str, str] = {}
    for key in sorted(wanted):
        if wanted[key] not in colours.values():
            colours[key] = wanted[key]
    for key in sorted(set(wanted) - set(colours)):
        free = [colour for colour in COLOUR_NAMES if colour not in colours.values()]
        colours[key] = (free or list(COLOUR_NAMES))[0]
    return colours


EXAMPLE_DAY = date(2026, 1, 31)
"""The day a date's refusal shows written (the 31st: day and month cannot be mistaken)."""


def _pattern(language_code: str) -> str:
    """The language's short date pattern with the year in four digits (de: dd.MM.yyyy, es:
    d/M/yyyy, en: M/d/yyyy)."""
    from babel.dates import get_date_format

    pattern = get_date_format("short", locale=language(language_code).locale).pattern
    return pattern if "yyyy" in pattern else pattern.replace("yy", "yyyy")


def local_date(day: date, language_code: str) -> str:
    """``day`` as the language writes it in numbers (02.12.2026 in German)."""
    from babel.dates import format_date

    return format_date(day, _pattern(language_code), locale=language(language_code).locale)


def read_local_date(typed: str, language_code: str) -> datetime | None:
    """The day ``typed`` in the language's order of day, month and year (2.12.2026 in German,
    12/2/2026 in English), any separator, a two-digit year in this century; None if it is not
    one."""
    from babel.dates import parse_date

    if not typed or len(typed) > 20 or not any(ch.isdigit() for ch in typed):
        return None
    try:
        day = parse_date(typed, locale=language(language_code).locale,
                         format=_pattern(language_code))
    except (ValueError, IndexError, TypeError):
        return None
    return datetime(day.year, day.month, day.day)


@dataclass
class FinishForm:
    """Finishing a table (or changing how it finished): when it was played, where, a note, who
    started. Dates and times are the ones of the computer running scorepad."""

    day: str
    time: str
    location: str = ""
    note: str = ""
    start_player: int | None = None

    language: str = DEFAULT
    """The device's language: its own way of writing a date is taken (and ISO's), and shown."""

    @classmethod
    def of(cls, stored: StoredTable, now: datetime | None = None,
           language_code: str = DEFAULT) -> FinishForm:
        when = (stored.finished or now or datetime.now()).astimezone()
        return cls(local_date(when.date(), language_code), when.strftime("%H:%M"),
                   stored.location, stored.note, stored.start_player, language_code)

    def played(self) -> datetime:
        """When the game was played; a MessageError says what to write instead."""
        typed = self.day.strip()
        try:
            day = datetime.strptime(typed, "%Y-%m-%d")
        except ValueError:
            day = read_local_date(typed, self.language)
        if day is None:
            raise MessageError(msg("ui.finish.bad_local_date", "Date: write it as {example} or "
                                   "as year-month-day, e.g. 2026-01-31 (not “{typed}”)",
                                   example=local_date(EXAMPLE_DAY, self.language),
                                   typed=typed)) from None
        try:
            time = datetime.strptime(self.time.strip(), "%H:%M")
        except ValueError:
            raise MessageError(msg("ui.finish.bad_time", "Time: write it as hours:minutes, "
                                   "e.g. 20:30 (not “{typed}”)",
                                   typed=self.time.strip())) from None
        return day.replace(hour=time.hour, minute=time.minute).astimezone()

    def problem(self, words: Language | None = None) -> str | None:
        """What keeps the form from finishing the table, said in ``words`` (English when not
        given), or None."""
        message = self._problem()
        if message is None:
            return None
        said = (words or language(DEFAULT)).render(message)
        return said[:1].upper() + said[1:]  # the library's "a location cannot hold …" opens it

    def _problem(self) -> Message | None:
        try:
            self.played()
        except MessageError as error:
            return error.message
        if len(self.location.strip()) > LOCATION_LENGTH:
            return msg("ui.finish.long_location", "Location: at most {count} letters",
                       count=LOCATION_LENGTH)
        if len(self.note) > NOTE_LENGTH:
            return msg("ui.finish.long_note", "Note: at most {count} letters", count=NOTE_LENGTH)
        return (unprintable_message(self.location, msg("ui.finish.what.location", "a location"))
                or unprintable_message(self.note, msg("ui.finish.what.note", "a note"),
                                       lines=True))

    def finish(self, store: TableStore, table_id: int) -> None:
        problem = self.problem()
        if problem:
            raise ValueError(problem)
        store.finish(table_id, self.played(), self.location.strip(), self.note,
                     self.start_player)
