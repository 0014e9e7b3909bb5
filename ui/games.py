"""The games the app can edit: one entry per game, keyed like ``scorer.games.GAMES``."""

from __future__ import annotations

from ui.girasoles.plugin import GirasolesPlugin
from ui.maple_valley.plugin import MapleValleyPlugin
from ui.plugins import GamePlugin
from ui.sunflower_valley.plugin import SunflowerValleyPlugin

APP_GAMES: dict[str, GamePlugin] = {
    plugin.key: plugin
    for plugin in (SunflowerValleyPlugin(), GirasolesPlugin(), MapleValleyPlugin())
}
