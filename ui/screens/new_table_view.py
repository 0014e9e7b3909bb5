"""New table: game, players (name and colour), the game's set-up, then start."""

from __future__ import annotations

import flet as ft

from ui.screens.new_table_model import NewTableForm
from ui.screens.screen_help import help_button
from ui.games.plugin import PLAYER_COLOURS, PLAYER_TEXT
from ui.parts.saving import saves
from ui.parts.widgets import heading, labelled, tap_target
from ui.parts.words import colour_name


class NewTableView:
    def __init__(self, context):
        self.context = context
        self.form = NewTableForm(context.games)
        self.error = ""
        self.error_at: int | None = None
        """The player whose name field shows the error too (beside where it is to be fixed)."""
        self._fields: list[ft.TextField] = []
        self._error_handle: ft.Control | None = None
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO)
        self._setup_form = None
        self.help = help_button(context, "new-table")
        self.render()

    def render(self) -> None:
        form = self.form
        words = self.context.words
        if self._setup_form is None or self._setup_key != form.game_key:
            self._setup_form = form.game.setup_form(self._on_setup, self.context.words)
            self._setup_form.setup = dict(form.setup)
            self._setup_key = form.game_key
        self._setup_form.render()
        items: list[ft.Control] = [
            ft.Row([
                tap_target(ft.Icon(ft.Icons.ARROW_BACK), lambda e: self.context.go("/"), "back",
                           width=48, padding=0,
                           tooltip=words.say("ui.new.back", "Back to the saved tables")),
                ft.Container(heading(words.say("ui.home.new_table", "New table")), expand=True),
                self.help,
            ]),
            ft.Text(words.say("ui.new.game", "Game"), size=16, weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    tap_target(game.title, lambda e, key=key: self._choose_game(key),
                               f"game-{key}", selected=key == form.game_key,
                               bgcolor=(ft.Colors.PRIMARY_CONTAINER if key == form.game_key
                                        else None))
                    for key, game in self.context.games.items()
                ],
                wrap=True,
            ),
            ft.Text(words.say("ui.new.players", "Players ({least} to {most})",
                              least=form.game.min_players, most=form.game.max_players), size=16,
                    weight=ft.FontWeight.BOLD),
        ]
        self._fields = []
        for index, (name, colour) in enumerate(zip(form.names, form.colours)):
            items.append(self._player_row(index, name, colour))
        if len(form.names) < form.game.max_players:
            items.append(tap_target(
                ft.Row([ft.Icon(ft.Icons.PERSON_ADD),
                        ft.Text(words.say("ui.new.add_player", "Add a player"), size=15)],
                       tight=True),
                lambda e: self._change(form.add_player), "add-player",
            ))
        items.append(self._setup_form.root)
        self._error_handle = None
        if self.error:
            self._error_handle = labelled("new-table-error",
                                          ft.Text(self.error, color=ft.Colors.ERROR, size=15))
            items.append(self._error_handle)
        items.append(tap_target(
            ft.Text(words.say("ui.new.start", "Start the table"), size=16,
                    weight=ft.FontWeight.BOLD),
            self._start, "start-table", bgcolor=ft.Colors.PRIMARY_CONTAINER,
        ))
        self.root.controls = [ft.Container(ft.Column(items, spacing=12), padding=16)]

    def _player_row(self, index: int, name: str, colour: str) -> ft.Control:
        words = self.context.words
        field = ft.TextField(
            value=name,
            # "Player 2" in an empty field read as a name already typed.
            label=words.say("ui.new.player_name", "Name of player {number}", number=index + 1),
            border=ft.OutlineInputBorder(),
            max_length=40,
            counter="",
            on_change=lambda e, i=index: self._rename(i, e.control.value),
            error=self.error if self.error and index == self.error_at else None,
            # On a phone the refusal is wider than the field: whole on up to three lines (on
            # one, Spanish showed "Jugador 2: un jugador nece…").
            error_max_lines=3,
        )
        self._fields.append(field)
        swatch = tap_target(
            ft.Text(colour_name(words, colour), size=13, color=PLAYER_TEXT[colour]),
            lambda e, i=index: self._change(lambda: self.form.next_colour(i)),
            f"colour-{index}",
            bgcolor=PLAYER_COLOURS[colour],
            width=76,
            padding=2,
            tooltip=words.say("ui.new.colour", "Tap for another colour"),
        )
        # The handle must be the Row's own child for expand to give the field its width.
        controls = [ft.Semantics(identifier=f"player-name-{index}", content=field, expand=True),
                    swatch]
        if len(self.form.names) > self.form.game.min_players:
            controls.append(tap_target(
                ft.Icon(ft.Icons.CLOSE), lambda e, i=index: self._change(
                    lambda: self.form.remove_player(i)),
                f"remove-player-{index}", width=48, padding=0,
                tooltip=words.say("ui.new.remove", "Remove this player"),
            ))
        return ft.Row(controls, spacing=8)

    def _rename(self, index: int, value: str) -> None:
        """A name typed: the error goes, and the fields stay the controls being typed in (drawn
        anew, a field lost the keys typed meanwhile: "Ben" became "B")."""
        self.form.names[index] = value
        if self.error:
            self.error = ""
            self.error_at = None
            for field in self._fields:
                field.error = None
            if self._error_handle is not None:
                self._error_handle.visible = False
            self.context.page.update()

    def _choose_game(self, key: str) -> None:
        self._change(lambda: self.form.choose_game(key))

    def _on_setup(self, setup: dict) -> None:
        self.form.setup = setup
        self.error = ""

    def _change(self, action) -> None:
        action()
        self.error = ""
        self.error_at = None
        self.render()
        self.context.page.update()

    def say_not_saved(self, message: str) -> None:
        self.error = message
        self.render()

    @saves
    def _start(self, e=None) -> None:
        problem = self.form.problem(self.context.words)
        if problem:
            self.error = problem[0].upper() + problem[1:] + "."
            self.error_at = self.form.unnamed()
            self.render()
            self.context.page.update()
            return
        refused = self.context.refuse_new_table()
        if refused is not None:
            self.error = self.context.words.render(refused)
            self.render()
            self.context.page.update()
            return
        table_id = self.form.create(self.context.store, self.context.device)
        self.context.go(f"/table/{table_id}/valley/0")
