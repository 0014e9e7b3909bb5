"""An open table: a tab per player's part (the game's editor) and the scorepad. On a wide
screen the scorepad stays beside the editor."""

from __future__ import annotations

import flet as ft

from ui.screens.deleted_tables import deleted_notice
from ui.games.plugin import player_colour
from ui.screens.scorepad_view import SIDE_PANEL, ScorepadView
from ui.screens.table_settings_view import TableSettingsView
from ui.parts.widgets import TOUCH, Memo, heading, labelled, tap_target, warning_badge


class TableView:
    responsive = True
    """Rebuilt when the page changes between narrow and wide."""

    def __init__(self, context, table_id: int, tab: str, player: int):
        self.context = context
        self.session = context.sessions.get(table_id)
        if self.session is None:
            raise LookupError(f"no table {table_id}")
        self.tab = tab
        names = self.session.player_names
        self.player = min(max(player, 0), len(names) - 1)
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=8)
        self._tabs_memo = Memo()
        self._frame = ft.Column(spacing=8)
        self._notice = Memo()
        self.root.controls = [ft.Container(height=0), ft.Container(self._frame, padding=12)]
        self.editor = (self.session.game.editor(context, self.session, self.player)
                       if tab == "valley" else None)
        if tab == "settings":
            self.editor = TableSettingsView(context, self.session)
        show_pad = tab == "scorepad" or context.wide
        self.scorepad = (ScorepadView(context, self.session, compact=tab != "scorepad")
                         if show_pad else None)
        self.render()

    def render(self) -> None:
        players = len(self.session.player_names)
        if self.tab == "valley" and self.player >= players:
            # The player shown was removed (on this or another device): show the last one. This
            # may run on another device's edit, outside the page's event loop: hand it over.
            page = self.context.page
            page.run_task(page.push_route, f"/table/{self.session.table_id}/valley/{players - 1}")
            return
        if self.editor is not None:
            self.editor.render()
        if self.scorepad is not None:
            self.scorepad.render()
        if not self._frame.controls:
            self._frame.controls = [self._top(), None, self._body()]
        session = self.session
        self.root.controls[0] = self._notice.get(
            session.deleted, lambda: deleted_notice(self.context, session, self.player))
        result = session.result
        totals = tuple((p.name, p.total) for p in result.players) if result else ()
        warnings = self._warnings()
        present = self.context.presence.players(session.table_id)
        self._frame.controls[1] = self._tabs_memo.get(
            (tuple(session.player_names), tuple(session.player_colours), totals, warnings,
             tuple(sorted(present.items(), key=str))),
            lambda: self._tabs(warnings, present))

    def _warnings(self) -> tuple[str | None, ...]:
        return tuple(self.session.game.tab_warning(self.session, player)
                     for player in range(len(self.session.player_names)))

    def _top(self) -> ft.Control:
        title = self.session.game.title
        if self.session.read_only:
            title += " (saved by a newer version: read only)"
        return ft.Row([
            tap_target(ft.Icon(ft.Icons.ARROW_BACK), lambda e: self.context.go("/"), "home",
                       width=TOUCH, padding=0, tooltip="Saved tables"),
            ft.Container(heading(title, 18), expand=True),
            *self._actions(),
        ])

    def _actions(self) -> list[ft.Control]:
        """The table's own actions at the top right (settings, invite, finish...): each feature
        adds its entry here, one tap target with an identifier, so a phone reaches it at once."""
        from ui.screens.finish_view import finish_action
        from ui.screens.invite_view import InviteDialog

        table_id = self.session.table_id
        return [
            finish_action(self.context, table_id),
            tap_target(ft.Icon(ft.Icons.QR_CODE_2),
                       lambda e: InviteDialog(self.context, table_id).open(),
                       "table-invite", width=TOUCH, padding=0, tooltip="Invite"),
            tap_target(ft.Icon(ft.Icons.SETTINGS), lambda e: self.context.go(
                f"/table/{table_id}/settings"), "table-settings", width=TOUCH, padding=0,
                selected=self.tab == "settings", tooltip="Players, goals and table options"),
        ]

    def _body(self) -> ft.Control:
        if self.editor is not None and self.scorepad is not None:
            return ft.Row([
                ft.Container(self.editor.root, expand=True),
                ft.Container(self.scorepad.root, width=SIDE_PANEL),
            ], vertical_alignment=ft.CrossAxisAlignment.START)
        return (self.editor or self.scorepad).root

    def _tabs(self, warnings: tuple[str | None, ...], present) -> ft.Control:
        session = self.session
        result = session.result
        totals = {p.name: p.total for p in result.players} if result else {}
        tabs = []
        for index, (name, colour) in enumerate(zip(session.player_names,
                                                   session.player_colours)):
            chosen = self.tab == "valley" and index == self.player
            total = totals.get(name)
            tabs.append(tap_target(
                ft.Row([
                    ft.Container(width=14, height=14, border_radius=7,
                                 bgcolor=player_colour(colour)[0]),
                    ft.Text(name, size=14, no_wrap=True),
                    ft.Text("" if total is None else str(total), size=14,
                            weight=ft.FontWeight.BOLD),
                    *warning_badge(f"tab-warning-{index}", warnings[index]),
                    *([labelled(f"presence-{index}", ft.Icon(
                        ft.Icons.PHONE_ANDROID, size=16, color=ft.Colors.GREEN_800,
                        tooltip="A device is on this board"))] if present[index] else []),
                ], tight=True, spacing=6),
                lambda e, i=index: self.context.go(f"/table/{session.table_id}/valley/{i}"),
                f"tab-player-{index}",
                selected=chosen,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None,
                padding=8,
            ))
        # First, so that a phone shows it without scrolling the tabs.
        tabs.insert(0, tap_target(
            ft.Row([ft.Icon(ft.Icons.TABLE_CHART, size=18), ft.Text("Scorepad", size=14)],
                   tight=True),
            lambda e: self.context.go(f"/table/{session.table_id}/scorepad"),
            "tab-scorepad",
            selected=self.tab == "scorepad",
            bgcolor=ft.Colors.PRIMARY_CONTAINER if self.tab == "scorepad" else None,
            padding=8,
        ))
        return ft.Row(tabs, scroll=ft.ScrollMode.AUTO, spacing=6)
