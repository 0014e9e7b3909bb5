"""Girasoles as the app sees it: set-up (mode, board size), draft, check, board editor."""

from __future__ import annotations

from typing import Any

from scorer.girasoles.models import (
    ADDITIONAL_OBJECTIVES,
    DEFAULT_BOARD_SIZE,
    LARGEST_BOARD_SIZE,
    SMALLEST_BOARD_SIZE,
)
from ui.girasoles import draft
from ui.plugins import Checked, GamePlugin, PlayerSetup, colours_for


class GirasolesPlugin(GamePlugin):
    key = "girasoles"
    title = "Girasoles"
    min_players = 1  # ruling GI-11
    max_players = 4
    used_parts = "spaces"

    def default_setup(self) -> dict[str, Any]:
        return {"mode": "normal", "rows": DEFAULT_BOARD_SIZE, "cols": DEFAULT_BOARD_SIZE}

    def setup_problem(self, setup: dict[str, Any]) -> str | None:
        if setup.get("mode") not in ADDITIONAL_OBJECTIVES:
            return "choose the normal or the advanced mode"
        for way in ("rows", "cols"):
            size = setup.get(way)
            if not isinstance(size, int) or not SMALLEST_BOARD_SIZE <= size <= LARGEST_BOARD_SIZE:
                return (f"a board has {SMALLEST_BOARD_SIZE} to {LARGEST_BOARD_SIZE} {way}, "
                        f"not {size}")
        return None

    def new_draft(self, players: list[PlayerSetup], setup: dict[str, Any]) -> dict:
        return draft.new_draft(players, setup)

    def draft_from_table(self, table) -> dict:
        return draft.draft_from_table(table, colours_for(table.players))

    def check(self, table_draft: dict) -> Checked:
        return draft.check(table_draft)

    def setup_form(self, on_change):
        from ui.girasoles.setup_view import GirasolesSetup

        return GirasolesSetup(on_change)

    def editor(self, context, session, player: int):
        from ui.girasoles.editor_view import BoardEditorView

        return BoardEditorView(context, session, player)

    def preview(self, session, player: int, highlight, size: float):
        from ui.girasoles.look import preview

        return preview(session, player, highlight, size)
