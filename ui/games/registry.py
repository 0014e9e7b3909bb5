"""The games the app can edit: one entry per game, keyed like ``scorer.games.GAMES``."""

from __future__ import annotations

from pathlib import Path

from ui.games.girasoles.plugin import GirasolesPlugin
from ui.games.maple_valley.plugin import MapleValleyPlugin
from ui.games.plugin import GamePlugin
from ui.games.sunflower_valley.plugin import SunflowerValleyPlugin
from ui.store.storage import TableStore

APP_GAMES: dict[str, GamePlugin] = {
    plugin.key: plugin
    for plugin in (SunflowerValleyPlugin(), GirasolesPlugin(), MapleValleyPlugin())
}


def deck_cards(game: str, draft: dict) -> list:
    """What a saved draft describes, for the group's deck: the tables file's reader."""
    plugin = APP_GAMES.get(game)
    return plugin.deck_cards(draft) if plugin is not None else []


def app_store(address: str | Path) -> TableStore:
    """The tables as the app opens them (a SQLite file's path, or a ``postgresql://`` address):
    every draft written joins the cards it describes to the group's deck, as the app's games read
    them (a bare ``TableStore`` knows no game)."""
    return TableStore(address, deck_cards)
