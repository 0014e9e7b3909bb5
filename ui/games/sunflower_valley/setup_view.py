"""The goal cards of a new Sunflower Valley table: 3 of the 18, or none; first-game goals one tap
away."""

from __future__ import annotations

import flet as ft

from scorer.sunflower_valley.goals import GOALS
from scorer.sunflower_valley.models import FIRST_GAME_GOALS
from ui.parts.widgets import labelled, tap_target


class GoalPicker:
    def __init__(self, on_change, words):
        self.on_change = on_change
        self.words = words
        self.setup: dict = {"goals": list(FIRST_GAME_GOALS)}
        self.refused: str | None = None
        """A fourth card tapped while three are chosen: said until the next change."""
        self.root = ft.Column(spacing=8)

    @property
    def goals(self) -> list[str]:
        return self.setup.get("goals", [])

    def render(self) -> None:
        chosen = self.goals
        say = self.words.say
        first = tap_target(say("ui.sv.goals.first_game", "First game"), lambda e: self._set(list(FIRST_GAME_GOALS)),
                           "goals-first-game", selected=chosen == list(FIRST_GAME_GOALS))
        none = tap_target(say("ui.sv.goals.none", "No goals"), lambda e: self._set([]), "goals-none",
                          selected=not chosen)
        chips = []
        for competitive in (True, False):
            for key, goal in GOALS.items():
                if goal.competitive != competitive:
                    continue
                on = key in chosen
                chips.append(tap_target(
                    # Dark ink on the pale chip, in the dark theme too.
                    ft.Text(self.words.render(goal.title), size=14,
                            color="#000000" if on else None),
                    lambda e, k=key: self._toggle(k),
                    f"goal-{key}",
                    selected=on,
                    bgcolor=(ft.Colors.BLUE_100 if competitive else ft.Colors.ORANGE_100)
                    if on else None,
                    tooltip=self.words.render(goal.description),
                ))
        self.root.controls = [
            ft.Text(say("ui.sv.goals.title", "Goal cards"), size=16, weight=ft.FontWeight.BOLD),
            ft.Row([first, none], wrap=True),
            labelled("goals-chosen", ft.Text(
                say("ui.sv.goals.chosen", "{count} of 3 chosen: {goals}", count=len(chosen),
                    goals=tuple(GOALS[k].title for k in chosen)) if chosen else
                say("ui.sv.goals.chosen_none", "0 of 3 chosen: none (the children's game)"),
                size=14)),
            ft.Text(say("ui.sv.goals.colours", "Blue: competitive. Orange: accumulative."),
                    size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
            # Under the cards, not above: a message above them pushed the card just tapped
            # from under the finger (about 60 px on a phone).
            *([labelled("goals-full", ft.Text(self._refusal(self.refused), size=14,
                                              color=ft.Colors.ERROR))] if self.refused else []),
        ]

    def _toggle(self, key: str) -> None:
        goals = list(self.goals)
        if key in goals:
            goals.remove(key)
        elif len(goals) < 3:
            goals.append(key)
        else:  # a fourth: nothing changes, and the player is told why (a tap did nothing)
            self.refused = key
            self.render()
            self.root.update()
            self._tell(self._refusal(key))
            return
        self._set(goals)

    def _refusal(self, goal: str) -> str:
        return self.words.say("ui.sv.goals.full", "3 goal cards are chosen: to choose {goal}, "
                              "first tap one of the 3 to take it off.", goal=GOALS[goal].title)

    def _tell(self, text: str) -> None:
        """Said in a snack bar too: the message under the cards may be below the screen's fold
        when the tapped card is not."""
        try:
            page = self.root.page
        except RuntimeError:  # a picker on no page (a test's)
            return
        page.show_dialog(ft.SnackBar(content=ft.Text(text), duration=6000))

    def _set(self, goals: list[str]) -> None:
        self.refused = None
        self.setup = {"goals": goals}
        self.on_change(self.setup)
        self.render()
        self.root.update()
