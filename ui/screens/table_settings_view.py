"""The table settings screen (``/table/<id>/settings``), phone first: what does not validate and
where to fix it, the players (names, colours, added, removed), the game's own choices and every
table option the library has."""

from __future__ import annotations

import flet as ft

from ui.live.editing import run_action
from ui.games.plugin import PLAYER_COLOURS
from ui.parts.dialogs import close_dialog, open_dialog
from ui.screens.table_settings import TableOption, TableSettings, problem_route, table_options
from ui.parts.widgets import PROBLEM, TOUCH, Memo, heading, labelled, tap_target
from ui.parts.words import colour_name


def problem_fixes(context, session, identifier: str, here: str = "") -> ft.Control:
    """Every problem of the table in words, each with a button to the screen that fixes it
    (none for a problem fixed on the screen ``here``, the route showing the list)."""
    names = session.player_names
    words = context.words
    rows = []
    for number, problem in enumerate(session.checked.problems):
        owner = "" if problem.player is None or problem.player >= len(names) \
            else f"{names[problem.player]}: "
        route = problem_route(session, problem)
        place = (words.say("ui.settings.fix_settings", "Settings") if route.endswith("/settings")
                 else words.say("ui.settings.fix_open", "Open"))
        text = ft.Text(owner + words.render(problem.said), size=13, color=PROBLEM, expand=True)
        rows.append(text if route == here else ft.Row([
            text,
            tap_target(place, lambda e, r=route: context.go(r), f"fix-problem-{number}",
                       padding=8, tooltip=words.say("ui.settings.fix", "Go where this is fixed")),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return labelled(identifier, ft.Column(
        [ft.Text(words.say("ui.scorepad.left_out", "Left out until fixed:"), size=14,
                 weight=ft.FontWeight.BOLD, color=PROBLEM)] + rows, spacing=4))


class TableSettingsView:
    def __init__(self, context, session):
        self.context = context
        self.session = session
        self.model = TableSettings(session, context.words)
        self.words = context.words
        self.options = table_options(session.game.options_model)
        self.game_form = session.game.settings_form(context, session)
        self.root = ft.Column(spacing=12)
        self._message = ft.Text(size=14)
        self._message_handle = labelled("settings-message", self._message)
        self._undo = Memo()
        self._problems = Memo()
        self._players = Memo()
        self._options = Memo()
        self._kept_as = ("new-player-name", session.table_id)
        self._new_name = ft.TextField(label=self.words.say("ui.settings.new_name",
                                                           "New player's name"),
                                      # A name typed and left unadded (Back) is there again.
                                      value=context.kept.get(self._kept_as, ""),
                                      max_length=40, counter="",
                                      error_max_lines=3,
                                      border=ft.OutlineInputBorder(),
                                      on_change=lambda e: self._keep(e.control.value or ""),
                                      on_submit=lambda e: self._add())
        self.render()

    def render(self) -> None:
        model, session = self.model, self.session
        self._message.value = (self.words.render(session.save_problem) if session.save_problem
                               else model.message)
        self._message_handle.visible = bool(self._message.value)
        problems = session.checked.problems
        if self.game_form is not None:
            self.game_form.render()
        self.root.controls = [
            heading(self.words.say("ui.settings.title", "Table settings"), 18),
            self._message_handle,
            *([self._undo.get(session.undo_label, self._undo_row)]
              if session.undo_label else []),
            *([self._problems.get((problems, tuple(session.player_names)),
                                  lambda: problem_fixes(
                                      self.context, session, "settings-problems",
                                      f"/table/{session.table_id}/settings"))]
              if problems else []),
            self._players.get((tuple(session.player_names), tuple(session.player_colours),
                               tuple(sorted(model.refused.items())), model.new_name_problem),
                              self._player_rows),
            *([self.game_form.root] if self.game_form is not None else []),
            self._options.get(tuple(model.option_value(o) for o in self.options),
                              self._option_rows),
        ]

    def _run(self, action, *args):
        return run_action(self, action, *args)

    def _undo_row(self) -> ft.Control:
        label = self.session.undo_label
        return tap_target(ft.Row([ft.Icon(ft.Icons.UNDO), ft.Text(
            self.words.say("ui.edit.undo", "Undo: {edit}", edit=label), size=14, expand=True)],
            tight=True),
                          lambda e: self._run(self.model.undo), "settings-undo", padding=8)

    # Players ------------------------------------------------------------------------------------

    def _player_rows(self) -> ft.Control:
        model, words = self.model, self.words
        rows: list[ft.Control] = [ft.Text(words.say("ui.settings.players", "Players"), size=16,
                                          weight=ft.FontWeight.BOLD)]
        for index, (name, colour) in enumerate(zip(self.session.player_names,
                                                   self.session.player_colours)):
            typed, problem = model.refused.get(index, (name, None))
            field = ft.TextField(
                value=typed, label=words.say("ui.new.player", "Player {number}",
                                             number=index + 1), max_length=40, counter="",
                border=ft.OutlineInputBorder(), error=problem, error_max_lines=3,
                on_submit=lambda e, i=index: self._run(model.rename, i, e.control.value or ""),
                on_blur=lambda e, i=index: self._run(model.rename, i, e.control.value or ""),
            )
            rows.append(ft.Row([
                tap_target(ft.Container(width=24, height=24, border_radius=12,
                                        bgcolor=PLAYER_COLOURS.get(colour, "#616161")),
                           lambda e, i=index: self._pick_colour(i), f"player-colour-{index}",
                           width=TOUCH, padding=0,
                           tooltip=words.say("ui.settings.colour_of", "{name}'s colour: {colour}",
                                             name=name, colour=colour_name(words, colour))),
                # The handle is the Row's own child, so that expand gives the field its width.
                ft.Semantics(identifier=f"rename-{index}", content=field, expand=True),
                tap_target(ft.Icon(ft.Icons.PERSON_REMOVE), lambda e, i=index: self._ask_remove(i),
                           f"remove-player-{index}", width=TOUCH, padding=0,
                           tooltip=words.say("ui.settings.remove", "Remove {name}", name=name)),
            ], vertical_alignment=ft.CrossAxisAlignment.START))
        if model.may_add:
            self._new_name.error = model.new_name_problem or None
            # The name's field has the whole width (its label whole with large text), Add
            # under it.
            rows.append(ft.Row([ft.Semantics(identifier="new-player-name",
                                             content=self._new_name, expand=True)]))
            rows.append(ft.Row([
                tap_target(ft.Row([ft.Icon(ft.Icons.PERSON_ADD),
                                   ft.Text(words.say("ui.settings.add", "Add"))], tight=True),
                           lambda e: self._add(), "add-player-to-table"),
            ], alignment=ft.MainAxisAlignment.END))
        else:
            rows.append(ft.Text(words.say("ui.settings.full_note", "{rule}: this table is full.",
                                          rule=model.count_rule()), size=13))
        return ft.Column(rows, spacing=8)

    def _keep(self, typed: str) -> None:
        """The new player's name as typed, for this screen's next opening until it is added."""
        self.context.kept[self._kept_as] = typed

    def _add(self) -> None:
        if self._run(self.model.add_player, self._new_name.value or ""):
            self._new_name.value = ""
            self.context.kept.pop(self._kept_as, None)
            self.render()
            self.context.page.update()

    def _pick_colour(self, player: int) -> None:
        def choose(colour: str) -> None:
            close_dialog(self.context.page)
            self._run(self.model.recolour, player, colour)

        name = self.session.player_names[player]
        words = self.words
        open_dialog(self.context.page, ft.AlertDialog(
            title=ft.Text(words.say("ui.settings.colour_title", "{name}'s colour", name=name),
                          size=18),
            content=ft.Row([
                tap_target(ft.Container(width=28, height=28, border_radius=14, bgcolor=shade),
                           lambda e, c=colour: choose(c), f"colour-{colour}", width=TOUCH,
                           padding=0, tooltip=colour_name(words, colour))
                for colour, shade in PLAYER_COLOURS.items()
            ], wrap=True, spacing=8, run_spacing=8, width=260),
            actions=[tap_target(words.say("ui.common.cancel", "Cancel"),
                                lambda e: close_dialog(self.context.page), "colour-cancel")],
        ))

    def _ask_remove(self, player: int) -> None:
        model, words = self.model, self.words
        name = self.session.player_names[player]
        if not model.may_remove:
            self._run(model.remove_player, player)
            return

        def remove(e) -> None:
            close_dialog(self.context.page)
            if self._run(model.remove_player, player):
                revision = self.session.revision
                self.context.toast(words.say("ui.settings.removed_toast", "{name} removed.",
                                             name=name), words.say("ui.common.undo", "Undo"),
                                   lambda: self._undo_removal(revision, name))

        open_dialog(self.context.page, ft.AlertDialog(
            title=ft.Text(words.say("ui.settings.remove_ask", "Remove {name}?", name=name),
                          size=18),
            content=labelled("remove-question", ft.Text(words.say(
                "ui.settings.remove_what", "What {name} entered goes with them; what the others "
                "entered stays. Undo brings everything back.", name=name), size=14, width=300)),
            actions=[
                tap_target(words.say("ui.settings.keep", "Keep"),
                           lambda e: close_dialog(self.context.page), "remove-keep"),
                tap_target(words.say("ui.settings.remove", "Remove {name}", name=name), remove,
                           "remove-confirm", color=PROBLEM),
            ],
        ))

    def _undo_removal(self, revision: int, name: str) -> None:
        # The toast's Undo takes back the removal only while it is still the table's last edit.
        if self.session.revision == revision:
            self._run(self.model.undo)
        else:
            self.model.message = self.words.say(
                "ui.settings.undo_later", "Other edits came after removing {name}: undo them "
                "first with the Undo above.", name=name)
            self.render()
            self.context.page.update()

    # Options ------------------------------------------------------------------------------------

    def _option_rows(self) -> ft.Control:
        if not self.options:
            return ft.Container(height=0)
        words = self.words
        return ft.Column(
            [ft.Text(words.say("ui.settings.options", "Table options"), size=16,
                     weight=ft.FontWeight.BOLD),
             ft.Text(words.say("ui.settings.options_note", "How this table reads the rulebook "
                               "where it is unclear; the project's ruling is the default."),
                     size=13, color=ft.Colors.ON_SURFACE_VARIANT)]
            + [self._option(option) for option in self.options],
            spacing=8)

    def _option(self, option: TableOption) -> ft.Control:
        value = self.model.option_value(option)
        words = self.words
        ruling = option.ruling
        chips = []
        for choice in option.choices:
            chosen = choice.value == value
            chips.append(tap_target(
                words.say("ui.settings.the_ruling", "{choice} (the ruling {ruling})",
                          choice=choice.label, ruling=ruling) if choice.value == option.default
                else words.say("ui.settings.replaces", "{choice} (replaces {ruling})",
                               choice=choice.label, ruling=ruling),
                lambda e, v=choice.value: self._run(self.model.set_option, option, v),
                f"option-{option.name}-{str(choice.value).lower()}", selected=chosen,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None, padding=8))
        return labelled(f"option-{option.name}", ft.Column([
            ft.Text(words.say("ui.settings.option_title", "{title} ({ruling})",
                              title=option.title, ruling=ruling), size=14,
                    weight=ft.FontWeight.BOLD),
            ft.Text(words.render(option.sentence), size=13),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        ], spacing=4))
