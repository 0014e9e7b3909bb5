"""The deck file: the cards a group has described, per game, to share them between databases.

A deck holds card descriptions only (what is printed on a card), in the library's own models:
Sunflower Valley's Town and Farmer cards (:class:`CardDescription`) and Maple Valley's Favours,
Friends and Patches. It never holds a table or a point. ``scorepad schema --deck`` prints its JSON
Schema, generated from these models; the app exports and imports it (home, *Deck*).
"""

from __future__ import annotations

import json
import os
from typing import IO, Annotated, Literal

from pydantic import AfterValidator, Field, ValidationError

from scorer.core.breakdown import Frozen
from scorer.files import TableFileError, bounded_json, describe_errors, read_json_text
from scorer.maple_valley.models import Favour, Friend, Patch
from scorer.message import Message, MessageError, msg
from scorer.sunflower_valley.models import CardDescription, Kind

MAX_DECK_CARDS = 500
"""Cards of one kind in a deck: a game has fewer than 100 distinct ones, variants included."""

DECK_KINDS = {"sunflower_valley": ("town", "farmer"),
              "maple_valley": ("Favour", "Friend", "Patch")}
"""The kinds of card a deck keeps, per game (Sunflower Valley's are the card kinds' values)."""


def _town_or_farmer(card: CardDescription) -> CardDescription:
    if card.kind not in (Kind.TOWN, Kind.FARMER):
        raise MessageError(msg("deck.town_or_farmer", "a deck keeps Town and Farmer cards, not "
                               "{kind}", kind=card.kind.label))
    return card


class SunflowerValleyDeck(Frozen):
    cards: tuple[Annotated[CardDescription, AfterValidator(_town_or_farmer)], ...] = Field(
        default=(), max_length=MAX_DECK_CARDS,
        description="Town and Farmer cards: their combination, points and villagers.")


class MapleValleyDeck(Frozen):
    favours: tuple[Favour, ...] = Field(default=(), max_length=MAX_DECK_CARDS)
    friends: tuple[Friend, ...] = Field(default=(), max_length=MAX_DECK_CARDS)
    patches: tuple[Patch, ...] = Field(default=(), max_length=MAX_DECK_CARDS)


class DeckFile(Frozen):
    """A group's deck: ``{"deck": 1, "sunflower_valley": {...}, "maple_valley": {...}}``."""

    deck: Literal[1] = Field(default=1, description="The deck file's format version.")
    sunflower_valley: SunflowerValleyDeck = SunflowerValleyDeck()
    maple_valley: MapleValleyDeck = MapleValleyDeck()


MAPLE_KEYS = {"Favour": "favours", "Friend": "friends", "Patch": "patches"}


def cards_of(deck: DeckFile, game: str, kind: str) -> tuple[Frozen, ...]:
    """The deck's cards of one kind (a kind of :data:`DECK_KINDS`)."""
    if game == "sunflower_valley":
        return tuple(card for card in deck.sunflower_valley.cards if card.kind.value == kind)
    return getattr(deck.maple_valley, MAPLE_KEYS[kind])


def deck_schema() -> dict:
    """The JSON Schema of a deck file, generated from the models."""
    schema = DeckFile.model_json_schema()
    schema["title"] = "scorepad deck"
    return schema


def load_deck(source: str | os.PathLike | IO[bytes]) -> DeckFile:
    """A deck from a path or an open binary file (an upload), read as a table file is (within
    MAX_TABLE_BYTES); every problem is a TableFileError naming the file."""
    return deck_from_json(*read_json_text(source, msg("deck.what", "a deck file")))


def deck_from_json(text: str, source: str | Message = "deck") -> DeckFile:
    """A deck file's text, bounded as a table file's before parsing; every problem is a
    :class:`TableFileError` naming the place."""
    data = bounded_json(text, source)
    try:
        return DeckFile.model_validate(data)
    except ValidationError as error:
        raise TableFileError(describe_errors(error, data, source,
                                             msg("deck.the_deck", "the deck"))) from None


def deck_json(deck: DeckFile) -> str:
    """The file's text: defaults left out, so a card reads as it was entered."""
    return json.dumps({"deck": 1} | deck.model_dump(mode="json", exclude_defaults=True),
                      indent=2, ensure_ascii=False) + "\n"
