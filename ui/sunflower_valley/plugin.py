"""Sunflower Valley as the app sees it: set-up (goal cards), draft, check and editor."""

from __future__ import annotations

from typing import Any

from scorer.sunflower_valley.goals import GOALS
from scorer.sunflower_valley.models import FIRST_GAME_GOALS
from ui.plugins import Checked, GamePlugin, PlayerSetup, colours_for
from ui.sunflower_valley import draft


class SunflowerValleyPlugin(GamePlugin):
    key = "sunflower_valley"
    title = "Sunflower Valley"

    def default_setup(self) -> dict[str, Any]:
        return {"goals": list(FIRST_GAME_GOALS)}

    def setup_problem(self, setup: dict[str, Any]) -> str | None:
        goals = setup.get("goals", [])
        unknown = [goal for goal in goals if goal not in GOALS]
        if unknown:
            return f"unknown goal card {unknown[0]}"
        if len(goals) not in (0, 3) or len(set(goals)) != len(goals):
            return f"choose 3 different goal cards, or none (chosen: {len(set(goals))})"
        return None

    def new_draft(self, players: list[PlayerSetup], setup: dict[str, Any]) -> dict:
        return draft.new_draft(players, setup.get("goals", []))

    def draft_from_table(self, table) -> dict:
        return draft.draft_from_table(table, colours_for(table.players))

    def check(self, table_draft: dict) -> Checked:
        return draft.check(table_draft)

    def setup_form(self, on_change):
        from ui.sunflower_valley.setup_view import GoalPicker

        return GoalPicker(on_change)

    def editor(self, context, session, player: int):
        from ui.sunflower_valley.editor_view import ValleyEditorView

        return ValleyEditorView(context, session, player)

    def preview(self, session, player: int, highlight, size: float):
        from ui.sunflower_valley.editor_view import preview

        return preview(session, player, highlight, size)
