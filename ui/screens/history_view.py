"""History (route ``/history``): finished games, newest first, filterable by game and by player:
date, game, players with their totals, winner; tapping one opens its scorepad."""

from __future__ import annotations

import flet as ft

from scorer.games import GAMES
from scorer.report import winners_line
from ui.screens.after_game_views import chips, screen_top
from ui.store.finished import FinishedTable, filtered, finished_tables, player_names
from ui.parts.widgets import labelled, tap_target
from ui.screens.photos_view import glimpse


class HistoryView:
    def __init__(self, context):
        self.context = context
        self.game: str | None = None
        self.player: str | None = None
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO)
        self.render()

    def render(self) -> None:
        games = self.context.games
        words = self.context.words
        every = finished_tables(self.context.visible_tables(), games)
        shown = filtered(every, self.game, self.player)
        items: list[ft.Control] = [screen_top(self.context, "/history")]
        if not every:
            items.append(ft.Text(words.say(
                "ui.history.none", "No finished games yet. Finish a table with the flag at the "
                "top of its screen."), size=15))
        else:
            played = sorted({item.table.game for item in every})
            items.append(chips([(None, words.say("ui.history.all_games", "All games"))]
                               + [(key, GAMES[key].title) for key in played],
                               self.game, self._choose_game, "history-game"))
            items.append(chips([(None, words.say("ui.history.everyone", "Everyone"))]
                               + [(name, name)
                                                        for name in player_names(every)],
                               self.player, self._choose_player, "history-player"))
            count = len(shown)
            items.append(labelled("history-count", ft.Text(
                words.say_n("ui.history.count", "{count} finished game", "{count} finished games",
                            count), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT)))
            items += [self._card(item) for item in shown]
        self.root.controls = [ft.Container(ft.Column(items, spacing=12), padding=12)]

    def _card(self, item: FinishedTable) -> ft.Control:
        words = self.context.words
        play, result = item.play, item.play.result
        when = words.moment(play.played)
        place = f" · {play.location}" if play.location else ""
        lines = [
            ft.Text(f"{GAMES[result.game].title} · {when}{place}", size=15,
                    weight=ft.FontWeight.BOLD),
            ft.Text(" · ".join(f"{p.name} {p.total}" for p in result.players), size=14),
            ft.Text(winners_line(result.winners, words), size=14),
        ]
        if play.note:
            lines.append(ft.Text(play.note, size=13, italic=True, color=ft.Colors.ON_SURFACE_VARIANT,
                                 max_lines=2, overflow=ft.TextOverflow.ELLIPSIS))
        lines.append(glimpse(self.context, item.table.id, f"history-photos-{item.table.id}"))
        return tap_target(ft.Column(lines, spacing=2, tight=True),
                          lambda e, table_id=item.table.id:
                          self.context.go(f"/table/{table_id}/scorepad"),
                          f"history-{item.table.id}", height=None, bgcolor=ft.Colors.SURFACE)

    def _choose_game(self, game: str | None) -> None:
        self.game = game
        self._redraw()

    def _choose_player(self, player: str | None) -> None:
        self.player = player
        self._redraw()

    def _redraw(self) -> None:
        self.render()
        self.context.page.update()
