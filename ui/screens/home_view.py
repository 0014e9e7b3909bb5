"""Home: the saved tables (game, players, date, leader), a new table, delete with undo, the
recently deleted tables; for the host, where the tables are saved and the host devices (remove
one)."""

from __future__ import annotations

import flet as ft

from scorer.games import GAMES, score
from ui.screens.after_game_views import after_game_links
from ui.screens.deleted_tables import delete, recently_deleted, restore
from ui.screens.keeping import keep_longer, kept_until_line
from ui.screens.screen_help import help_button
from ui.store.access import short_id
from ui.store.storage import StoredTable
from ui.parts.theme import theme_switch
from ui.parts.saving import saves
from ui.parts.words import language_switch
from ui.parts.widgets import heading, labelled, tap_target, wrapping_target


def table_title(stored: StoredTable) -> str:
    """The game and the players, as a table is named in lists."""
    title = GAMES[stored.game].title if stored.game in GAMES else stored.game
    return f"{title} · " + ", ".join(p.get("name", "?") for p in stored.draft.get("players", []))


def leader_text(stored: StoredTable, context) -> str:
    """Who leads, from the library's score of what validates; never stored."""
    words = context.words
    game = context.games.get(stored.game)
    if game is None or not stored.readable:
        return ""
    if stored.oversized:
        return words.say("ui.home.too_large", "too large to score (more than a table file holds)")
    try:
        checked = game.check(stored.draft)
        if checked.table is None:
            return words.say("ui.home.not_scored", "not scored yet")
        result = score(checked.table)
    except Exception:  # noqa: BLE001 - one unreadable table must not hide the others
        return words.say("ui.home.cannot_score", "cannot be scored")
    leaders = [player for player in result.players if player.rank == 1]
    if not leaders:
        return ""
    names = words.listing(player.name for player in leaders)
    if stored.finished:
        return words.say_n("ui.home.winner", "winner: {names} ({points})",
                           "winners: {names} ({points})", len(leaders), names=names,
                           points=leaders[0].total)
    return words.say_n("ui.home.leader", "leader: {names} ({points})",
                       "leaders: {names} ({points})", len(leaders), names=names,
                       points=leaders[0].total)


class HomeView:
    def __init__(self, context, message: str = ""):
        self.context = context
        self.message = message
        self.help = help_button(context, "home")
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=12)
        self.render()

    def render(self) -> None:
        tables = self.context.visible_tables()
        words = self.context.words
        items: list[ft.Control] = [
            ft.Row(
                [
                    heading("scorepad", 24),
                    ft.Row([self.help, language_switch(self.context.words, self.context.choose_language),
                            theme_switch(self.context.page, words), tap_target(
                        ft.Row([ft.Icon(ft.Icons.ADD), ft.Text(words.say("ui.home.new_table", "New table"), size=16)], tight=True),
                        lambda e: self.context.go("/new"),
                        "new-table",
                        bgcolor=ft.Colors.PRIMARY_CONTAINER,
                    )], tight=True),
                ],
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                wrap=True,  # large text: the buttons go under the title, never off screen
                run_spacing=8,
            ),
            wrapping_target(ft.Icons.UPLOAD_FILE, words.say("ui.home.import", "Import a table file"),
                            self._import, "import-table"),
        ]
        if self.message:
            items.append(labelled("home-message", ft.Text(self.message, color=ft.Colors.ERROR)))
        items.append(after_game_links(self.context))
        if not tables:
            items.append(ft.Text(words.say("ui.home.empty",
                                           "No saved tables yet. Start one with “New table”."),
                                 size=15))
        in_progress = [stored for stored in tables if stored.finished is None]
        finished = [stored for stored in tables if stored.finished is not None]
        if in_progress and finished:
            items.append(heading(words.say("ui.home.in_progress", "In progress"), 18))
        items += [self._table_card(stored) for stored in in_progress]
        if finished:
            items.append(labelled("finished-games", heading(words.say("ui.home.finished", "Finished games"), 18)))
            items += [self._table_card(stored) for stored in
                      sorted(finished, key=lambda stored: stored.finished, reverse=True)]
        items += keep_longer(self.context)  # a public server's retention, and My data
        items.extend(recently_deleted(self.context, table_title, self._redraw))
        if self.context.is_host:
            items.append(ft.Divider())
            items.append(labelled("db-path", ft.Text(
                words.say("ui.home.saved_in", "Tables are saved as you go in {path}",
                          path=self.context.store.where), size=12,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )))
            items += self._host_devices()
        self.root.controls = [ft.Container(ft.Column(items, spacing=12), padding=16)]

    def _table_card(self, stored: StoredTable) -> ft.Control:
        words = self.context.words
        when = words.moment((stored.finished or stored.updated).astimezone())
        lines = [
            ft.Text(table_title(stored), size=16, weight=ft.FontWeight.BOLD),
            ft.Text(f"{when} · {leader_text(stored, self.context)}", size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT),
        ]
        kept = kept_until_line(self.context, stored)
        if kept is not None:
            lines.append(kept)
        if stored.game not in self.context.games:
            lines.append(ft.Text(words.say("ui.home.unknown_game",
                                           "This version of the app cannot open this game."),
                                 size=13))
        elif not stored.readable:
            lines.append(ft.Text(words.say(
                "ui.home.newer", "Saved by a newer version of scorepad: shown, not changed."),
                size=13))
        open_table = tap_target(
            ft.Column(lines, spacing=2, tight=True),
            (lambda e, table_id=stored.id: self.context.go(f"/table/{table_id}"))
            if stored.game in self.context.games else None,
            f"open-table-{stored.id}",
            height=None,
            bgcolor=ft.Colors.SURFACE,
        )
        delete = tap_target(
            ft.Icon(ft.Icons.DELETE_OUTLINE),
            lambda e, table_id=stored.id: self.delete(table_id),
            f"delete-table-{stored.id}",
            width=56,
            height=64,
            padding=4,
            tooltip=words.say("ui.home.delete", "Delete this table"),
        )
        return ft.Row([ft.Container(open_table, expand=True), delete], spacing=8,
                      vertical_alignment=ft.CrossAxisAlignment.START)

    def _host_devices(self) -> list[ft.Control]:
        words = self.context.words
        rows: list[ft.Control] = [ft.Text(words.say("ui.home.hosts", "Host devices"), size=15,
                                          weight=ft.FontWeight.BOLD)]
        for device, since in self.context.access.hosts():
            this = device == self.context.device
            when = words.moment(since.astimezone())
            text = (words.say("ui.home.host_this", "Device {device} (this device) · host since "
                              "{when}", device=short_id(device), when=when) if this else
                    words.say("ui.home.host", "Device {device} · host since {when}",
                              device=short_id(device), when=when))
            row: list[ft.Control] = [ft.Container(labelled(f"host-{short_id(device)}", ft.Text(
                text, size=13)), expand=True)]
            if not this:
                row.append(tap_target(
                    ft.Icon(ft.Icons.BLOCK), lambda e, gone=device: self._remove_host(gone),
                    f"remove-host-{short_id(device)}", width=48, padding=4,
                    tooltip=words.say("ui.home.remove_host",
                                      "Stop this device being the host's")))
            rows.append(ft.Row(row))
        rows.append(ft.Text(words.say(
            "ui.home.hosts_note", "A removed device sees only the tables shared with it. To end "
            "every host device and the printed address, start scorepad app --new-host-key."),
            size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        return rows

    @saves
    def _remove_host(self, device: str) -> None:
        if not self.context.is_host:
            return
        self.context.access.remove_host(device)
        self._redraw()

    def _import(self, e=None) -> None:
        from ui.screens.import_view import ImportDialog

        ImportDialog(self.context).open()

    def delete(self, table_id: int) -> None:
        if not delete(self.context, table_id):
            return
        self.render()
        words = self.context.words
        self.context.toast(words.say("ui.home.deleted", "Table deleted."),
                           words.say("ui.common.undo", "Undo"), lambda: self.restore(table_id))
        self.context.page.update()

    def restore(self, table_id: int) -> None:
        restore(self.context, table_id)
        self._redraw()

    def _redraw(self) -> None:
        self.render()
        self.context.page.update()
