"""The goal cards of a table under way: the set-up's picker, applied to the table once the choice
is one a game can have (3 different cards, or none); until then the table keeps its goals."""

from __future__ import annotations

import flet as ft

from scorer.sunflower_valley.goals import GOALS
from scorer.message import msg
from ui.live.editing import SessionEditor, run_action
from ui.games.sunflower_valley.setup_view import GoalPicker
from ui.parts.widgets import labelled


class GoalSettings(SessionEditor):
    def set_goals(self, goals: list[str]) -> None:
        def change(draft: dict) -> None:
            draft["goals"] = list(goals)

        if goals:
            self._apply(msg("ui.sv.edit.goals", "play with {goals}",
                            goals=tuple(GOALS[goal].title for goal in goals)), change)
        else:
            self._apply(msg("ui.sv.edit.no_goals", "play with no goals"), change)


class GoalSettingsView:
    def __init__(self, context, session):
        self.context = context
        self.session = session
        self.words = context.words
        self.model = GoalSettings(session, self.words)
        self.pending: list[str] | None = None
        """Goals chosen that a game cannot have yet (one or two cards)."""
        self.picker = GoalPicker(self._chosen, self.words)
        self._note = ft.Text(size=13)
        self._note_handle = labelled("goals-note", self._note)
        self.root = ft.Column([self.picker.root, self._note_handle], spacing=6)

    def render(self) -> None:
        goals = list(self.session.draft.get("goals", []))
        self.picker.setup = {"goals": goals if self.pending is None else self.pending}
        self._note.value = (self.model.message if self.pending is None else self.words.say(
            "ui.sv.goals.kept", "The table keeps {count} goals until you choose 3 (or none).",
            count=len(goals)))
        self._note_handle.visible = bool(self._note.value)
        self.picker.render()

    def _chosen(self, setup: dict) -> None:
        goals = setup["goals"]
        if self.session.game.setup_problem(setup) is None:
            self.pending = None
            run_action(self, self.model.set_goals, goals)
        else:
            self.pending = goals
            self.render()
            self.context.page.update()
