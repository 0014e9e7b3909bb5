"""Cards described before, offered again by name: at this table (for every player), then the
group's deck (every card described at any table, ui/store/deck.py), the most recently used first.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.maple_valley.models import Card
from ui.games.maple_valley.draft import described
from ui.store.deck import Deck
from ui.store.storage import TableStore

GAME = "maple_valley"


@dataclass(frozen=True)
class KnownCard:
    card: Card
    here: bool
    """Described at this table (a change to it changes it for every player of the table)."""


def known_cards(kind: str, draft: dict, store: TableStore | None = None) -> list[KnownCard]:
    """One description per name (ignoring case): this table's, else the deck's latest."""
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
        offer([entry.card for entry in Deck(store).offered(GAME, kind)], False)
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
