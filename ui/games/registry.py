"""The games the app can edit: one entry per game, keyed like ``scorer.games.GAMES``."""

from __future__ import annotations

from ui.games.girasoles.plugin import GirasolesPlugin
from ui.games.maple_valley.plugin import MapleValleyPlugin
from ui.games.plugin import GamePlugin
from ui.games.sunflower_valley.plugin import SunflowerValleyPlugin

APP_GAMES: dict[str, GamePlugin] = {
    plugin.key: plugin
    for plugin in (SunflowerValleyPlugin(), GirasolesPlugin(), MapleValleyPlugin())
}


def deck_cards(game: str, draft: dict) -> list:
    """What a saved draft describes, for the group's deck: the tables file's reader."""
    plugin = APP_GAMES.get(game)
    return plugin.deck_cards(draft) if plugin is not None else []
