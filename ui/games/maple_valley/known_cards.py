"""Cards described before, offered again by name: at this table (for every player) and in every
saved Maple Valley game.

Nothing new is stored: the saved tables' drafts already hold each description as it was entered,
so the known cards are read from them (this table first, then the most recently changed tables).
Deleting a table forgets the cards only it described.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.maple_valley.models import Card
from ui.games.maple_valley.draft import described
from ui.store.storage import TableStore

GAME = "maple_valley"


@dataclass(frozen=True)
class KnownCard:
    card: Card
    here: bool
    """Described at this table (a change to it changes it for every player of the table)."""


def known_cards(kind: str, draft: dict, store: TableStore | None = None,
                table_id: int | None = None) -> list[KnownCard]:
    """One description per name (ignoring case): this table's, else the latest game's."""
    found: list[KnownCard] = []
    seen: set[str] = set()

    def offer(cards: list[Card], here: bool) -> None:
        for card in cards:
            key = card.name.strip().casefold()
            if key not in seen:
                seen.add(key)
                found.append(KnownCard(card, here))

    offer(described(draft, kind), True)
    if store is not None:
        for stored in store.list():
            if stored.game == GAME and stored.id != table_id and stored.readable:
                offer(described(stored.draft, kind), False)
    return found


def matching(known: list[KnownCard], text: str, limit: int = 8) -> list[KnownCard]:
    """The known cards whose name contains ``text`` (all when blank): names starting with it
    first, then this table's before earlier games'."""
    wanted = text.strip().casefold()
    hits = [entry for entry in known if wanted in entry.card.name.casefold()]
    hits.sort(key=lambda entry: (not entry.card.name.casefold().startswith(wanted),
                                 not entry.here))
    return hits[:limit]


def exact(known: list[KnownCard], name: str) -> KnownCard | None:
    wanted = name.strip().casefold()
    return next((entry for entry in known if entry.card.name.casefold() == wanted), None)
