"""The group's deck: every card described at any table, per game, kept apart from the tables.

A card joins the deck when a saved table describes it for the first time (an edit, an imported
table or backup), so deleting or emptying a table forgets nothing. A card is its description in the
library's model (Sunflower Valley's Town and Farmer :class:`CardDescription`, Maple Valley's
Favour, Friend and Patch), kept as canonical JSON: the same description entered twice is one
entry. The pickers offer the deck first; the deck screen lists, edits, removes, exports and imports
it (a deck file, :mod:`scorer.deck`).

What a draft describes is the game's to say (:meth:`GamePlugin.deck_cards`); the tables file is
given that reader when it opens (:class:`ui.store.storage.TableStore`), so every write of a draft,
whoever makes it, joins its new cards to the deck in the same transaction.
"""

from __future__ import annotations

import json
import logging
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from contextlib import AbstractContextManager
from typing import Protocol

from pydantic import BaseModel, ValidationError

from scorer.deck import DECK_KINDS, MAPLE_KEYS, DeckFile, MapleValleyDeck, SunflowerValleyDeck, cards_of
from scorer.maple_valley.models import Favour, Friend, Patch
from scorer.sunflower_valley.models import CardDescription
from ui.store.engine import Connection, StoreUnavailable

logger = logging.getLogger(__name__)

_last_offered: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Per store, the deck's cards last read for an editor (see :meth:`Deck.offered`)."""


DECK_SCHEMA = """CREATE TABLE IF NOT EXISTS deck (
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    card TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    used TEXT NOT NULL,{insertion_column}
    PRIMARY KEY (game, kind, card)
)"""
"""One row per distinct description: ``card`` is its canonical JSON, ``name`` a Maple Valley
card's name (for search and conflicts), ``used`` when a table last described it; the order cards
were first described in breaks ties (``Dialect.insertion_order``). Made by the schema's first
migration (ui/store/schema.py)."""

FILLED = "deck_filled"
"""The settings row saying the deck was filled once from the tables saved before it existed."""

MODELS: dict[str, type[BaseModel]] = {"town": CardDescription, "farmer": CardDescription,
                                      "Favour": Favour, "Friend": Friend, "Patch": Patch}

Described = tuple[str, BaseModel]
"""A card a draft describes: its kind (a key of :data:`MODELS`) and its description."""
CardReader = Callable[[str, dict], list[Described]]
"""What a game's draft describes: ``reader(game, draft)``."""


@dataclass(frozen=True)
class DeckCard:
    game: str
    kind: str
    card: BaseModel

    @property
    def key(self) -> str:
        return card_key(self.card)

    @property
    def name(self) -> str:
        """A Maple Valley card's name; blank for a Sunflower Valley card, which has none."""
        return getattr(self.card, "name", "")


def card_key(card: BaseModel) -> str:
    return json.dumps(card.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)


def join(connection: Connection, game: str, cards: Iterable[Described]) -> None:
    """Add cards to the deck (a description already there is only marked as used now)."""
    now = datetime.now(timezone.utc).isoformat(timespec="microseconds")
    connection.executemany(
        "INSERT INTO deck (game, kind, card, name, used) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game, kind, card) DO UPDATE SET used = excluded.used",
        [(game, kind, card_key(card), getattr(card, "name", ""), now) for kind, card in cards])


def join_new(connection: Connection, reader: CardReader | None, game: str,
             draft: dict, before: dict | None = None) -> None:
    """Join what ``draft`` describes that ``before`` (the draft it replaces) did not: a card
    taken out of the deck stays out until a table describes it anew."""
    if reader is None:
        return
    old = {(kind, card_key(card)) for kind, card in reader(game, before)} if before else set()
    join(connection, game, [(kind, card) for kind, card in reader(game, draft)
                            if (kind, card_key(card)) not in old])


def fill_once(connection: Connection, reader: CardReader | None) -> None:
    """A database from before the deck: every card its tables describe (deleted ones too) joins
    the deck, once (at every open until it was done with a reader of the cards)."""
    if reader is None or connection.execute(
            "SELECT 1 FROM settings WHERE name = ?", (FILLED,)).fetchone():
        return
    for game, text in connection.execute("SELECT game, draft FROM tables").fetchall():
        try:
            draft = json.loads(text)
        except json.JSONDecodeError:
            continue
        if isinstance(draft, dict):
            join(connection, game, reader(game, draft))
    connection.execute("INSERT INTO settings (name, value) VALUES (?, '1')", (FILLED,))


@dataclass
class Conflict:
    """An imported card whose name is here with another description: the person chooses."""

    kind: str
    incoming: BaseModel
    here: list[BaseModel]
    take: bool = False
    """Take the file's description (in place of those here); else keep what is here."""


@dataclass
class DeckImport:
    """What importing a deck file would do: the cards it adds, and the conflicts to choose."""

    game: str
    added: list[DeckCard] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    known: int = 0
    """Cards of the file already in the deck, as they are."""


class TablesFile(Protocol):
    """The tables file the deck lives in (``ui.store.storage.TableStore``, which imports this
    module to join cards as it writes drafts)."""

    def _reading(self) -> AbstractContextManager[Connection]: ...

    def _writing(self) -> AbstractContextManager[Connection]: ...


class Deck:
    """The deck of one tables file."""

    def __init__(self, store: TablesFile):
        self.store = store

    def cards(self, game: str, kind: str | None = None) -> list[DeckCard]:
        """The game's cards (of one kind), the most recently used first."""
        query = "SELECT kind, card FROM deck WHERE game = ?"
        values: tuple = (game,)
        if kind is not None:
            query += " AND kind = ?"
            values += (kind,)
        with self.store._reading() as connection:
            rows = connection.execute(
                f"{query} ORDER BY used DESC, {connection.dialect.insertion_order} DESC",
                values).fetchall()
        cards = []
        for row_kind, text in rows:
            try:
                cards.append(DeckCard(game, row_kind, MODELS[row_kind].model_validate_json(text)))
            except (KeyError, ValidationError):
                continue  # written by a newer version of the app: kept, not offered here
        return cards

    def offered(self, game: str, kind: str | None = None) -> list[DeckCard]:
        """:meth:`cards` for an editor's offers: while the store cannot be read (a database
        server stopped), the cards last read (none before), so that a tap on a table already
        open still works and its edit is kept (issue 34); the deck itself is not changed."""
        seen = _last_offered.setdefault(self.store, {})
        try:
            cards = self.cards(game, kind)
        except StoreUnavailable as problem:
            logger.warning("the deck cannot be read just now, the cards last read are offered: "
                           "%s", problem)
            return seen.get((game, kind), [])
        seen[(game, kind)] = cards
        return cards

    def add(self, game: str, kind: str, card: BaseModel) -> None:
        with self.store._writing() as connection:
            join(connection, game, [(kind, card)])

    def remove(self, card: DeckCard) -> None:
        with self.store._writing() as connection:
            connection.execute("DELETE FROM deck WHERE game = ? AND kind = ? AND card = ?",
                               (card.game, card.kind, card.key))

    def replace(self, old: DeckCard, new: BaseModel) -> None:
        """An edit on the deck screen: the old description gives way to the new one."""
        with self.store._writing() as connection:
            connection.execute("DELETE FROM deck WHERE game = ? AND kind = ? AND card = ?",
                               (old.game, old.kind, old.key))
            kind = new.kind.value if isinstance(new, CardDescription) else old.kind
            join(connection, old.game, [(kind, new)])

    # The deck file ------------------------------------------------------------------------------

    def export(self) -> DeckFile:
        """Every game's cards, oldest first (as they were described)."""
        valley = [entry.card for entry in reversed(self.cards("sunflower_valley"))]
        maple = {key: [entry.card for entry in reversed(self.cards("maple_valley", kind))]
                 for kind, key in MAPLE_KEYS.items()}
        return DeckFile(sunflower_valley=SunflowerValleyDeck(cards=tuple(valley)),
                        maple_valley=MapleValleyDeck(**maple))

    def plan_import(self, deck: DeckFile) -> list[DeckImport]:
        """Per game, what the file adds; a card whose name is here with another description is a
        conflict, never a silent overwrite (Sunflower Valley's cards have no name: each
        description is its own card)."""
        plans = []
        for game, kinds in DECK_KINDS.items():
            plan = DeckImport(game)
            for kind in kinds:
                here = self.cards(game, kind)
                keys = {entry.key for entry in here}
                for card in cards_of(deck, game, kind):
                    if card_key(card) in keys:
                        plan.known += 1
                        continue
                    named = [entry.card for entry in here if entry.name and
                             entry.name.casefold() == card.name.casefold()] \
                        if game == "maple_valley" else []
                    if named:
                        plan.conflicts.append(Conflict(kind, card, named))
                    else:
                        plan.added.append(DeckCard(game, kind, card))
            plans.append(plan)
        return plans

    def merge(self, deck: DeckFile) -> tuple[int, int]:
        """A backup's deck: every card not here is added, in one write. A card named like one
        here with another description is added beside it (a backup overwrites nothing, and the
        pickers offer both: see the deck screen to keep one). Returns (cards added, of which
        named like a card here)."""
        plans = self.plan_import(deck)
        with self.store._writing() as connection:
            for plan in plans:
                join(connection, plan.game,
                     [(entry.kind, entry.card) for entry in plan.added]
                     + [(conflict.kind, conflict.incoming) for conflict in plan.conflicts])
        return (sum(len(plan.added) + len(plan.conflicts) for plan in plans),
                sum(len(plan.conflicts) for plan in plans))

    def apply_import(self, plans: list[DeckImport]) -> int:
        """Add the new cards, and for each conflict what the person chose; returns how many
        cards changed."""
        changed = 0
        with self.store._writing() as connection:
            for plan in plans:
                join(connection, plan.game, [(entry.kind, entry.card) for entry in plan.added])
                changed += len(plan.added)
                for conflict in plan.conflicts:
                    if not conflict.take:
                        continue
                    connection.executemany(
                        "DELETE FROM deck WHERE game = ? AND kind = ? AND card = ?",
                        [(plan.game, conflict.kind, card_key(card)) for card in conflict.here])
                    join(connection, plan.game, [(conflict.kind, conflict.incoming)])
                    changed += 1
        return changed
