"""What every game asks of its players: a name, different from every other player's at the table."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Annotated, Literal, Protocol, TypeVar, get_args

from pydantic import AfterValidator, Field

from scorer.core.breakdown import Frozen
from scorer.core.text import unprintable_message
from scorer.message import Message, MessageError, msg


LONGEST_NAME = 40
"""The most letters of a player's name: it fits a scorepad column on a phone."""


def name_problem(typed: str) -> str | None:
    """Why ``typed`` cannot be a player's name, in English words, or None (see
    :func:`name_problem_message`)."""
    problem = name_problem_message(typed)
    return problem.text if problem else None


def name_problem_message(typed: str) -> Message | None:
    """Why ``typed`` cannot be a player's name, as a message, or None: not blank, at most
    LONGEST_NAME letters (the blanks around it aside), printable (any script, any emoji: see
    scorer.core.text). The one rule of the library and the app's name fields."""
    name = typed.strip()
    if not name:
        return msg("core.name.blank", "a player needs a name")
    if len(name) > LONGEST_NAME:
        return msg("core.name.too_long", "a name has at most {most} letters; this one has "
                   "{count}", most=LONGEST_NAME, count=len(name))
    return unprintable_message(typed, msg("core.what.name", "a name"))


def _a_name(typed: str) -> str:
    problem = name_problem_message(typed)
    if problem:
        raise MessageError(problem)
    return typed.strip()


PlayerName = Annotated[str, Field(min_length=1, max_length=LONGEST_NAME), AfterValidator(_a_name)]
"""A player's name, without the blanks around it."""


PlayerColour = Literal["red", "blue", "green", "yellow", "purple", "orange", "teal", "grey"]
COLOUR_NAMES: tuple[str, ...] = get_args(PlayerColour)
"""The colours a player can be shown in (the app's choice); a colour never changes a score."""

COLOUR_FIELD_DESCRIPTION = (
    "The player's colour in the app (" + ", ".join(COLOUR_NAMES) + "); never affects the score."
)


class SeatedPlayer(Frozen):
    """What every game's player has: a name, and a colour the app shows them in."""

    name: PlayerName
    colour: PlayerColour | None = Field(default=None, description=COLOUR_FIELD_DESCRIPTION)


class Named(Protocol):
    name: str


Players = TypeVar("Players", bound=Sequence[Named])


def name_key(name: str) -> str:
    """What two names must differ in to be two players: not case, not the blanks around them,
    not how the letters are encoded ("Zoë" precomposed or with a combining mark)."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def name_clash(names: Iterable[str]) -> str | None:
    """Why these names cannot sit at one table, in English words, or None (see
    :func:`name_clash_message`)."""
    clash = name_clash_message(names)
    return clash.text if clash else None


def name_clash_message(names: Iterable[str]) -> Message | None:
    """Why these names cannot sit at one table, as a message, or None. The one rule for the
    library, the app's new table and every rename."""
    names = list(names)
    counts = Counter(name_key(name) for name in names)
    repeated = sorted({name.strip() for name in names if counts[name_key(name)] > 1})
    if repeated:
        return msg("core.name.clash", "two players are called {name}; give each a different "
                   "name", name=repeated[0])
    return None


def distinct_names(players: Players) -> Players:
    """Refuse a table where two players share a name (see :func:`name_key`): results are told
    apart by name."""
    clash = name_clash_message(player.name for player in players)
    if clash:
        raise MessageError(clash)
    return players
