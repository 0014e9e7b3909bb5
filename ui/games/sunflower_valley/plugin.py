"""Sunflower Valley as the app sees it: set-up (goal cards), draft, check and editor."""

from __future__ import annotations

import copy
from typing import Any

from scorer.sunflower_valley.goals import GOALS
from scorer.sunflower_valley.models import (
    FIRST_GAME_GOALS, VALLEY_CARDS_AT_GAME_END, Kind, Options,
)
from ui.games.plugin import GamePlugin, PlayerSetup, colours_for
from ui.parts.words import app_language
from ui.store.draft_check import Checked
from ui.games.sunflower_valley import draft


class SunflowerValleyPlugin(GamePlugin):
    key = "sunflower_valley"
    title = "Sunflower Valley"
    options_model = Options

    def default_setup(self) -> dict[str, Any]:
        return {"goals": list(FIRST_GAME_GOALS)}

    def setup_problem(self, setup: dict[str, Any], words=None) -> str | None:
        words = words or app_language("en")
        goals = setup.get("goals", [])
        unknown = [goal for goal in goals if goal not in GOALS]
        if unknown:
            return words.say("ui.sv.setup.unknown_goal", "unknown goal card {goal}",
                             goal=unknown[0])
        if len(goals) not in (0, 3) or len(set(goals)) != len(goals):
            return words.say("ui.sv.setup.three_goals",
                             "choose 3 different goal cards, or none (chosen: {count})",
                             count=len(set(goals)))
        return None

    def new_draft(self, players: list[PlayerSetup], setup: dict[str, Any]) -> dict:
        return draft.new_draft(players, setup.get("goals", []))

    def draft_from_table(self, table) -> dict:
        return draft.draft_from_table(table, colours_for(table.players))

    def setup_of(self, table_draft: dict) -> dict[str, Any]:
        return {"goals": list(table_draft.get("goals", []))}

    def rematch_draft(self, table_draft: dict) -> dict:
        # The Town and Farmer cards described at this table are offered again.
        return {**super().rematch_draft(table_draft),
                "described": copy.deepcopy(table_draft.get("described", []))}

    def deck_cards(self, table_draft: dict) -> list:
        """The Town and Farmer cards described at the table, and those laid on its valleys."""
        return [(card.kind.value, card) for card in draft.town_and_farmer_cards(table_draft)]

    def check(self, table_draft: dict) -> Checked:
        return draft.check(table_draft)

    def setup_form(self, on_change, words):
        from ui.games.sunflower_valley.setup_view import GoalPicker

        return GoalPicker(on_change, words)

    def settings_form(self, context, session):
        from ui.games.sunflower_valley.settings_view import GoalSettingsView

        return GoalSettingsView(context, session)

    def editor(self, context, session, player: int):
        from ui.games.sunflower_valley.editor_view import ValleyEditorView

        return ValleyEditorView(context, session, player)

    def tab_warning(self, session, player: int) -> str | None:
        """The valley's card count when it is not the 18 a finished valley has (ruling SV-12)."""
        cards = draft.cards_by_cell(session.draft["players"][player]).values()
        count = sum(1 for card in cards if card.get("kind") != Kind.STARTING_TOWN)
        return None if count == VALLEY_CARDS_AT_GAME_END else f"{count}/{VALLEY_CARDS_AT_GAME_END}"

    def preview(self, session, player: int, highlight, size: float, words):
        from ui.games.sunflower_valley.editor_view import preview

        return preview(session, player, highlight, size, words)
