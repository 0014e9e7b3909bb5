"""A table's invitation (``/join/<code>``, the link of its QR code): "Which player are you?", then
that player's board. Choosing grants this device the table, if the code still opens it then: a page
left open across *New code* (or a revoke, which renews the code) no longer joins."""

from __future__ import annotations

import flet as ft

from ui.games.plugin import PLAYER_COLOURS
from ui.parts.saving import saves
from ui.parts.widgets import heading, labelled, tap_target
from ui.screens.screen_help import help_button


class JoinView:
    def __init__(self, context, code: str):
        self.context = context
        self.code = code
        self.refused = context.take_quota("join")
        """Why this invitation was not looked up (a public server's quota), or None."""
        table_id = None if self.refused is not None else context.access.table_for_code(code)
        self.session = context.sessions.get(table_id) if table_id is not None else None
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=12)
        self.help = help_button(context, "join")
        self.render()

    def render(self) -> None:
        words = self.context.words
        home = tap_target(ft.Row([ft.Icon(ft.Icons.HOME),
                                  ft.Text(words.say("ui.table.home", "Saved tables"), size=15)],
                                 tight=True), lambda e: self.context.go("/"), "join-home")
        if self.refused is not None:
            items = [titled(heading(words.say("ui.join.title", "Invitation"), 22), self.help),
                     labelled("join-refused", ft.Text(words.render(self.refused), size=15)), home]
        elif self.session is None:
            items = [titled(heading(words.say("ui.join.title", "Invitation"), 22), self.help),
                     labelled("join-invalid", ft.Text(words.say(
                         "ui.join.invalid", "This invitation is not valid any more: ask the "
                         "table for its new QR code."), size=15)), home]
        else:
            players = [
                tap_target(ft.Row([
                    ft.Container(width=18, height=18, border_radius=9,
                                 bgcolor=PLAYER_COLOURS.get(colour, "#616161")),
                    ft.Text(name, size=17),
                ], tight=True, spacing=10), lambda e, i=index: self.join(i),
                    f"join-player-{index}", bgcolor=ft.Colors.AMBER_100)
                for index, (name, colour) in enumerate(zip(self.session.player_names,
                                                           self.session.player_colours))
            ]
            items = [
                titled(heading(self.session.game.title, 22), self.help),
                ft.Text(words.say("ui.join.which", "Which player are you?"), size=18,
                        weight=ft.FontWeight.BOLD),
                *players,
                tap_target(ft.Row([ft.Icon(ft.Icons.VISIBILITY),
                                   ft.Text(words.say("ui.join.watching", "Just watching"),
                                           size=16)], tight=True),
                           lambda e: self.join(None), "join-spectator"),
            ]
        self.root.controls = [ft.Container(ft.Column(items, spacing=12), padding=16)]

    @saves
    def join(self, player: int | None) -> None:
        table_id = self.session.table_id
        if self.context.access.table_for_code(self.code) != table_id:
            self.session = None
            self.render()
            self.context.page.update()
            return
        self.context.access.grant(self.context.device, table_id,
                                  "spectator" if player is None else "player", player)
        self.context.go(f"/table/{table_id}/scorepad" if player is None
                        else f"/table/{table_id}/valley/{player}")


def titled(title: ft.Control, button: ft.Control) -> ft.Row:
    """A screen's title with its **?** at the right."""
    return ft.Row([ft.Container(title, expand=True), button])
