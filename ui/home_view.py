"""Home: the saved tables (game, players, date, leader), a new table, delete with undo."""

from __future__ import annotations

import flet as ft

from scorer.games import GAMES, score
from ui.storage import StoredTable
from ui.widgets import heading, labelled, tap_target


def leader_text(stored: StoredTable, context) -> str:
    """Who leads, from the library's score of what validates; never stored."""
    game = context.games.get(stored.game)
    if game is None or not stored.readable:
        return ""
    try:
        checked = game.check(stored.draft)
        if checked.table is None:
            return "not scored yet"
        result = score(checked.table)
    except Exception:  # noqa: BLE001 - one unreadable table must not hide the others
        return "cannot be scored"
    leaders = [player for player in result.players if player.rank == 1]
    names = " and ".join(player.name for player in leaders)
    return f"leader: {names} ({leaders[0].total})" if leaders else ""


class HomeView:
    def __init__(self, context, message: str = ""):
        self.context = context
        self.message = message
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=12)
        self.render()

    def render(self) -> None:
        tables = self.context.visible_tables()
        items: list[ft.Control] = [
            ft.Row(
                [
                    heading("scorepad", 24),
                    tap_target(
                        ft.Row([ft.Icon(ft.Icons.ADD), ft.Text("New table", size=16)], tight=True),
                        lambda e: self.context.go("/new"),
                        "new-table",
                        bgcolor=ft.Colors.AMBER_200,
                    ),
                ],
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            ),
            tap_target(
                ft.Row([ft.Icon(ft.Icons.UPLOAD_FILE), ft.Text("Import a table file", size=15)],
                       tight=True),
                self._import, "import-table",
            ),
        ]
        if self.message:
            items.append(labelled("home-message", ft.Text(self.message, color=ft.Colors.RED_700)))
        if not tables:
            items.append(ft.Text("No saved tables yet. Start one with “New table”.", size=15))
        for stored in tables:
            items.append(self._table_card(stored))
        if self.context.is_host:
            items.append(ft.Divider())
            items.append(labelled("db-path", ft.Text(
                f"Tables are saved as you go in {self.context.store.path}", size=12,
                color=ft.Colors.GREY_700,
            )))
        self.root.controls = [ft.Container(ft.Column(items, spacing=12), padding=16)]

    def _table_card(self, stored: StoredTable) -> ft.Control:
        title = GAMES[stored.game].title if stored.game in GAMES else stored.game
        names = ", ".join(p.get("name", "?") for p in stored.draft.get("players", []))
        when = stored.updated.astimezone().strftime("%d %b %Y %H:%M")
        lines = [
            ft.Text(f"{title} · {names}", size=16, weight=ft.FontWeight.BOLD),
            ft.Text(f"{when} · {leader_text(stored, self.context)}", size=13,
                    color=ft.Colors.GREY_800),
        ]
        if stored.game not in self.context.games:
            lines.append(ft.Text("This version of the app cannot open this game.", size=13))
        elif not stored.readable:
            lines.append(ft.Text("Saved by a newer version of scorepad: shown, not changed.",
                                 size=13))
        open_table = tap_target(
            ft.Column(lines, spacing=2, tight=True),
            (lambda e, table_id=stored.id: self.context.go(f"/table/{table_id}"))
            if stored.game in self.context.games else None,
            f"open-table-{stored.id}",
            height=None,
            bgcolor=ft.Colors.WHITE,
        )
        delete = tap_target(
            ft.Icon(ft.Icons.DELETE_OUTLINE),
            lambda e, table_id=stored.id: self.delete(table_id),
            f"delete-table-{stored.id}",
            width=56,
            height=64,
            padding=4,
            tooltip="Delete this table",
        )
        return ft.Row([ft.Container(open_table, expand=True), delete], spacing=8,
                      vertical_alignment=ft.CrossAxisAlignment.START)

    def _import(self, e=None) -> None:
        from ui.import_view import ImportDialog

        ImportDialog(self.context).open()

    def delete(self, table_id: int) -> None:
        if not self.context.may_open(table_id):
            return
        self.context.store.delete(table_id)
        self.context.sessions.forget(table_id)
        self.render()
        self.context.toast("Table deleted.", "Undo", lambda: self.restore(table_id))
        self.context.page.update()

    def restore(self, table_id: int) -> None:
        if not self.context.may_open(table_id):
            return
        self.context.store.restore(table_id)
        self.render()
        self.context.page.update()
