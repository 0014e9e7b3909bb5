"""Maple Valley as the app sees it: 1 to 5 players (1 is the solo game), draft, check, editor."""

from __future__ import annotations

import copy
from typing import Any

from scorer.maple_valley.models import MAX_PLAYERS, Options
from scorer.message import msg
from ui.games.maple_valley import draft
from ui.games.plugin import GamePlugin, PlayerSetup, colours_for
from ui.store.draft_check import Checked


class MapleValleyPlugin(GamePlugin):
    key = "maple_valley"
    title = "Maple Valley"
    min_players = 1
    max_players = MAX_PLAYERS
    options_model = Options
    part_name = msg("ui.mv.part", "cards and cubes")

    def default_setup(self) -> dict[str, Any]:
        return {}

    def setup_problem(self, setup: dict[str, Any], words=None) -> str | None:
        return None

    def new_draft(self, players: list[PlayerSetup], setup: dict[str, Any]) -> dict:
        return draft.new_draft(players)

    def draft_from_table(self, table) -> dict:
        return draft.draft_from_table(table, colours_for(table.players))

    def rematch_draft(self, table_draft: dict) -> dict:
        # The Festivities and the cards described in the catalogue are offered again.
        fresh = super().rematch_draft(table_draft)
        fresh["catalogue"] = copy.deepcopy(table_draft.get("catalogue", fresh["catalogue"]))
        if fresh["festivities"]:
            fresh["festivities"] = list(table_draft.get("festivities", fresh["festivities"]))
            for player in fresh["players"]:
                player["cubes"] = [0] * len(fresh["festivities"])
        return fresh

    def deck_cards(self, table_draft: dict) -> list:
        """The Favours, Friends and Patches of the table's catalogue."""
        return [(kind, card) for kind in draft.KINDS for card in draft.described(table_draft, kind)]

    def check(self, table_draft: dict) -> Checked:
        return draft.check(table_draft)

    def setup_form(self, on_change, words):
        from ui.games.maple_valley.setup_view import SetupNote

        return SetupNote(on_change, words)

    def settings_form(self, context, session):
        from ui.games.maple_valley.settings_view import FestivitySettingsView

        return FestivitySettingsView(context, session)

    def editor(self, context, session, player: int):
        from ui.games.maple_valley.editor_view import MapleEditorView

        return MapleEditorView(context, session, player)

    def preview(self, session, player: int, highlight, size: float, words):
        """None: a Maple Valley line names the cards it used in its own words."""
        return None
