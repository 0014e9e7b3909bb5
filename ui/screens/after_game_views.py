"""What the screens about past games share: History, Statistics and Backup, reached from home
(the router in ``ui.web.app`` shows them); each lists only the tables this device may see
(``AppContext.visible_tables``)."""

from __future__ import annotations

import flet as ft

from scorer.message import msg
from ui.parts.widgets import TOUCH, heading, tap_target
from ui.screens.screen_help import AFTER_GAME_TOPICS, help_button

SCREENS = {"/history": (msg("ui.after_game.history", "History"), ft.Icons.HISTORY),
           "/statistics": (msg("ui.after_game.statistics", "Statistics"), ft.Icons.BAR_CHART),
           "/deck": (msg("ui.after_game.deck", "Deck"), ft.Icons.STYLE),
           "/backup": (msg("ui.after_game.backup", "Backup"), ft.Icons.SAVE_ALT)}


def after_game_links(context, current: str | None = None) -> ft.Control:
    """A tap target per screen (the current one marked)."""
    words = context.words
    return ft.Row([
        tap_target(ft.Row([ft.Icon(icon, size=18), ft.Text(words.render(title), size=15)],
                          tight=True),
                   lambda e, route=route: context.go(route), f"go-{route.strip('/')}",
                   selected=route == current,
                   bgcolor=ft.Colors.PRIMARY_CONTAINER if route == current else None)
        for route, (title, icon) in SCREENS.items()
    ], wrap=True, spacing=6)


def screen_top(context, route: str) -> ft.Control:
    return ft.Column([
        ft.Row([
            tap_target(ft.Icon(ft.Icons.ARROW_BACK), lambda e: context.go("/"), "home",
                       width=TOUCH, padding=0,
                       tooltip=context.words.say("ui.after_game.saved_tables", "Saved tables")),
            ft.Container(heading(context.words.render(SCREENS[route][0]), 20), expand=True),
            help_button(context, AFTER_GAME_TOPICS[route]),
        ]),
        after_game_links(context, route),
    ], spacing=8)


def chips(options: list[tuple[str | None, str]], chosen: str | None, on_choose,
          identifier: str) -> ft.Control:
    """One choice among ``(value, text)`` options, as a row of tap targets that scrolls."""
    return ft.Row([
        tap_target(text, lambda e, value=value: on_choose(value),
                   f"{identifier}-{'all' if value is None else value}",
                   selected=value == chosen,
                   bgcolor=ft.Colors.PRIMARY_CONTAINER if value == chosen else None)
        for value, text in options
    ], scroll=ft.ScrollMode.AUTO, spacing=6)

