"""Girasoles as the app sees it: set-up (mode, board size), draft, check, board editor."""

from __future__ import annotations

import copy
from typing import Any

from scorer.girasoles.models import (
    ADDITIONAL_OBJECTIVES,
    DEFAULT_BOARD_SIZE,
    LARGEST_BOARD_SIZE,
    SMALLEST_BOARD_SIZE,
    Options,
)
from ui.games.girasoles import draft
from scorer.message import msg
from ui.games.plugin import GamePlugin, PlayerSetup, colours_for
from ui.parts.words import app_language
from ui.store.draft_check import Checked


class GirasolesPlugin(GamePlugin):
    key = "girasoles"
    title = "Girasoles"
    min_players = 1  # ruling GI-11
    max_players = 4
    used_parts = msg("ui.gi.used", "spaces")
    options_model = Options
    table_parts_in_editor = True  # the objectives and the mode
    part_name = msg("ui.gi.part", "board")

    def default_setup(self) -> dict[str, Any]:
        return {"mode": "normal", "rows": DEFAULT_BOARD_SIZE, "cols": DEFAULT_BOARD_SIZE}

    def setup_problem(self, setup: dict[str, Any], words=None) -> str | None:
        words = words or app_language("en")
        if setup.get("mode") not in ADDITIONAL_OBJECTIVES:
            return words.say("ui.gi.setup.mode", "choose the normal or the advanced mode")
        sizes = {way: setup.get(way) for way in ("rows", "cols")}
        fits = {way: isinstance(size, int) and SMALLEST_BOARD_SIZE <= size <= LARGEST_BOARD_SIZE
                for way, size in sizes.items()}
        if not fits["rows"]:
            return words.say("ui.gi.setup.rows", "a board has {least} to {most} rows, not {size}",
                             least=SMALLEST_BOARD_SIZE, most=LARGEST_BOARD_SIZE,
                             size=str(sizes["rows"]))
        if not fits["cols"]:
            return words.say("ui.gi.setup.cols",
                             "a board has {least} to {most} columns, not {size}",
                             least=SMALLEST_BOARD_SIZE, most=LARGEST_BOARD_SIZE,
                             size=str(sizes["cols"]))
        return None

    def new_draft(self, players: list[PlayerSetup], setup: dict[str, Any]) -> dict:
        return draft.new_draft(players, setup)

    def setup_of(self, table_draft: dict) -> dict[str, Any]:
        players = table_draft.get("players") or [{}]
        rows, cols = draft.size_of(players[0].get("board", {}))
        return {"mode": table_draft.get("mode", "normal"), "rows": rows, "cols": cols}

    def rematch_draft(self, table_draft: dict) -> dict:
        # The additional objectives (with their colours and objects) are kept; boards are empty.
        return {**super().rematch_draft(table_draft),
                "objectives": copy.deepcopy(table_draft.get("objectives", []))}

    def draft_from_table(self, table) -> dict:
        return draft.draft_from_table(table, colours_for(table.players))

    def new_player(self, table_draft: dict, player: PlayerSetup) -> dict:
        """An empty board of the table's size."""
        rows, cols = draft.size_of(table_draft["players"][0]["board"]) \
            if table_draft.get("players") else (DEFAULT_BOARD_SIZE, DEFAULT_BOARD_SIZE)
        setup = {**self.default_setup(), "rows": rows, "cols": cols}
        return self.new_draft([player], setup)["players"][0]

    def check(self, table_draft: dict) -> Checked:
        return draft.check(table_draft)

    def setup_form(self, on_change, words):
        from ui.games.girasoles.setup_view import GirasolesSetup

        return GirasolesSetup(on_change, words)

    def settings_form(self, context, session):
        from ui.games.girasoles.settings_view import BoardSettingsView

        return BoardSettingsView(context, session)

    def editor(self, context, session, player: int):
        from ui.games.girasoles.editor_view import BoardEditorView

        return BoardEditorView(context, session, player)

    def preview(self, session, player: int, highlight, size: float, words):
        from ui.games.girasoles.look import preview

        return preview(session, player, highlight, size, words)
