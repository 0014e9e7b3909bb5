"""An open table: a tab per player's part (the game's editor) and the scorepad. On a wide
screen the scorepad stays beside the editor."""

from __future__ import annotations

import flet as ft

from ui.live.editing import set_props
from ui.screens.deleted_tables import deleted_notice
from ui.screens.photos_view import PhotoPanel
from ui.games.plugin import player_colour
from ui.screens.scorepad_view import SIDE_PANEL, ScorepadView
from ui.screens.screen_help import editor_topic, help_button
from ui.screens.table_settings_view import TableSettingsView
from ui.parts.widgets import (
    SaveMark, TOUCH, Memo, heading, tap_target, warning_mark, warning_said,
)
from ui.store.storage import NoSuchTable


@ft.control
class TabStrip(ft.Row):
    """The players' tabs in a row that scrolls sideways (the scorepad's stays beside it, in
    sight), brought to ``own_tab`` (a tab's key) as soon as it is on the page: a phone that
    opens its player's part (a player who joined is often the third or fourth tab) sees that
    tab chosen, not a row of other players' tabs."""

    own_tab: str | None = None

    def did_mount(self):
        super().did_mount()
        if self.own_tab is not None:
            self.page.run_task(self._show_own_tab)

    async def _show_own_tab(self) -> None:
        await self.scroll_to(scroll_key=self.own_tab, duration=0)
        # Flutter brings a tab into sight by scrolling every scroller around it, the screen's
        # too: a screen taller than the phone was scrolled until the tabs were at its top, the
        # table's buttons out of sight and the grid moved up just after the first frame. The
        # screen goes back to where it was drawn, its top.
        screen = self.parent
        while screen is not None and not (isinstance(screen, ft.Column) and screen.scroll):
            screen = screen.parent
        if screen is not None:
            await screen.scroll_to(offset=0, duration=0)


class TableView:
    def __init__(self, context, table_id: int, tab: str, player: int):
        self.context = context
        self.session = context.sessions.get(table_id)
        if self.session is None:
            raise NoSuchTable(table_id)
        self.tab = tab
        names = self.session.player_names
        self.player = min(max(player, 0), len(names) - 1)
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=8)
        self._frame = ft.Column(spacing=8)
        self._notice = Memo()
        self._notice_place = ft.Container()
        self._tabs_place = ft.Container()
        self._tabs_key: tuple = ()
        self._tab_marks: list[tuple[ft.Text, ft.Control, ft.Control]] = []
        """Per player: the total's Text, the warning badge and the presence mark."""
        self._tabs_shown: list[tuple] = []
        """What each tab's marks show (total, warning, presence), as :meth:`_show_tabs` last set
        them: a tab that shows the same is passed by without reading its controls."""
        self._drawn = -1
        """The table's revision this screen shows."""
        self._save_mark = SaveMark(self.session, context.words)
        self._save_error = self.session.save_error
        """The failed save the editor says (it is drawn again when that changes)."""
        self.root.controls = [self._notice_place, ft.Container(self._frame, padding=12)]
        self.editor = (self.session.game.editor(context, self.session, self.player)
                       if tab == "valley" else None)
        if tab == "settings":
            self.editor = TableSettingsView(context, self.session)
        show_pad = tab == "scorepad" or context.wide
        self.scorepad = (ScorepadView(context, self.session, compact=tab != "scorepad")
                         if show_pad else None)
        # A player's tab shows their part's photos to enter from; the scorepad, the table's.
        self.photos = (PhotoPanel(context, self.session, names[self.player], preview=True)
                       if tab == "valley" else
                       PhotoPanel(context, self.session, None, preview=False)
                       if tab == "scorepad" else None)
        self.render()

    def render(self) -> None:
        """Bring every part of the screen up to the table's latest revision (the caller sends
        the whole screen: what the parts name as changed goes with it)."""
        if self._player_gone():
            return
        if self.editor is not None:
            self.editor.render()
            changed_parts(self.editor)
        if self.scorepad is not None:
            self.scorepad.render()
            changed_parts(self.scorepad)
        if self.photos is not None:
            self.photos.render()
        if not self._frame.controls:
            self._frame.controls = [self._top(), self._tabs_place, self._body()]
        self._show_notice()
        self._show_tabs()
        self._save_mark.show()
        self._drawn = self.session.revision
        self._save_error = self.session.save_error

    def relayout(self) -> None:
        """The page's width changed (a phone or a tablet turned, a window resized): the same
        editor, with the kind chosen, the card selected, Fit and any dialog open over it (a card
        half described), drawn again in the new width; only the scorepad beside the editor is
        made (narrow to wide) or dropped (wide to narrow). Building the screen again instead
        lost all of that in a turn of the phone."""
        if self._player_gone():
            return
        if self.tab != "scorepad":
            if self.context.wide and self.scorepad is None:
                self.scorepad = ScorepadView(self.context, self.session, compact=True)
            elif not self.context.wide:
                self.scorepad = None
        self._frame.controls = []
        self.render()
        self.context.page.update(self._frame)

    def show_changes(self, here: bool) -> None:
        """After an edit (``here``: made on this device; else on another) or another device
        arriving or leaving: redraw and send the browser only the parts that changed, each
        diffed on its own, never the whole page. Another device's edit of a part this screen
        does not show changes at most the totals (on the tabs, and this editor's rank)."""
        if self._player_gone():
            return
        changed = self.session.parts_changed_since(self._drawn)
        moved = self.session.revision != self._drawn
        self._drawn = self.session.revision
        told = self.session.save_error != self._save_error  # a save failed, or one succeeded
        self._save_error = self.session.save_error
        parts: list[ft.Control] = [*self._show_notice(), *self._show_tabs(),
                                   *self._save_mark.show()]
        if self.editor is not None and (here or moved or told):
            if here or told or changed is None or self.player in changed or self.tab != "valley":
                self.editor.render()
                parts += changed_parts(self.editor)
            else:
                parts += self.editor.show_total()
        if self.scorepad is not None and (here or moved):
            self.scorepad.render()
            parts += changed_parts(self.scorepad)
        if parts:
            self.context.page.update(*parts)

    def _player_gone(self) -> bool:
        players = len(self.session.player_names)
        if self.tab == "valley" and self.player >= players:
            # The player shown was removed (on this or another device): show the last one. This
            # may run on another device's edit, outside the page's event loop: hand it over.
            self.context.push_from_elsewhere(
                f"/table/{self.session.table_id}/valley/{players - 1}")
            return True
        return False

    def _show_notice(self) -> list[ft.Control]:
        """The deleted-table notice when the table is deleted, else the finished-game notice
        when it is finished; the notice's place when it changed (to update), else nothing."""
        session = self.session
        notice = self._notice.get(
            (session.deleted, session.finished is not None),
            lambda: deleted_notice(self.context, session, self.player) if session.deleted
            else self._finished_notice())
        if self._notice_place.content is notice:
            return []
        self._notice_place.content = notice
        return [self._notice_place]

    def _finished_notice(self) -> ft.Control:
        from ui.screens.finish_view import finished_notice  # as finish_action: imported late

        return finished_notice(self.context, self.session)

    def _show_tabs(self) -> list[ft.Control]:
        """Each tab's total, warning and presence mark set in place (the tabs are built again
        only when the players' names or colours change); the marks that changed, or the tabs
        when they were built again."""
        session = self.session
        key = (tuple(session.player_names), tuple(session.player_colours))
        rebuilt = key != self._tabs_key
        if rebuilt:
            self._tabs_key = key
            self._tabs_place.content = self._tabs()
            self._tabs_shown = [()] * len(self._tab_marks)
        totals = self._totals()
        warnings = self._warnings()
        present = self.context.presence.players(session.table_id)
        changed: list[ft.Control] = []
        for index, (name, (total, warning, presence)) in enumerate(
                zip(session.player_names, self._tab_marks)):
            shows = (totals.get(name, ""), warnings[index], bool(present[index]))
            if self._tabs_shown[index] == shows:
                continue
            self._tabs_shown[index] = shows
            shown_total, said, here = shows
            set_props(total, changed, value=shown_total)
            mark_changed: list[ft.Control] = []
            set_props(warning, mark_changed, visible=said is not None)
            if said is not None and warning.content.value != said:  # "Warning: 17/18"
                set_props(warning.content, mark_changed, value=said,
                          semantics_label=warning_said(said, self.context.words))
            # The mark and its words as one patch (the mark's diff holds its text's); a hidden
            # mark keeps its words, so a count that leaves 18 and comes back sends one property.
            changed += [warning] if mark_changed else []
            set_props(presence, changed, visible=here)
        return [self._tabs_place] if rebuilt else changed

    def _totals(self) -> dict[str, str]:
        """Each scored player's total as a tab shows it, worked out once per revision for every
        device."""
        session = self.session

        def totals() -> dict[str, str]:
            result = session.result
            return {player.name: str(player.total) for player in result.players} if result else {}

        return session.per_revision("tab totals", totals)

    def _warnings(self) -> tuple[str | None, ...]:
        session = self.session
        return session.per_revision("tab warnings", lambda: tuple(
            session.game.tab_warning(session, player)
            for player in range(len(session.player_names))))

    def _top(self) -> ft.Control:
        words = self.context.words
        title = self.session.game.title
        if self.session.read_only:
            title = words.say("ui.table.read_only", "{game} (saved by a newer version: read only)",
                              game=title)
        back = tap_target(ft.Icon(ft.Icons.ARROW_BACK), lambda e: self.context.go("/"), "home",
                          width=TOUCH, padding=0,
                          tooltip=words.say("ui.table.home", "Saved tables"))
        named = ft.Column([heading(title, 18), self._save_mark.root], spacing=0, tight=True)
        if not self.context.wide:
            # A phone's title has the whole width under the buttons: at 200% text a word of it
            # would not fit beside them and would break in the middle.
            return ft.Column([ft.Row([back, ft.Container(expand=True), *self._actions()]),
                              named], spacing=4)
        return ft.Row([back, ft.Container(named, expand=True), *self._actions()])

    def _actions(self) -> list[ft.Control]:
        """The table's own actions at the top right (settings, invite, finish...): each feature
        adds its entry here, one tap target with an identifier, so a phone reaches it at once."""
        from ui.screens.finish_view import finish_action
        from ui.screens.invite_view import InviteDialog

        table_id = self.session.table_id
        words = self.context.words
        return [
            help_button(self.context, self.help_topic),
            finish_action(self.context, table_id),
            tap_target(ft.Icon(ft.Icons.QR_CODE_2),
                       lambda e: InviteDialog(self.context, table_id).open(),
                       "table-invite", width=TOUCH, padding=0,
                       tooltip=words.say("ui.table.invite", "Invite")),
            tap_target(ft.Icon(ft.Icons.SETTINGS), lambda e: self.context.go(
                f"/table/{table_id}/settings"), "table-settings", width=TOUCH, padding=0,
                selected=self.tab == "settings",
                tooltip=words.say("ui.table.settings", "Players, goals and table options")),
        ]

    @property
    def help_topic(self) -> str:
        """What the **?** explains: the tab shown (on a tablet a player's tab shows the
        scorepad beside it; its help is the editor's)."""
        return self.tab if self.tab in ("scorepad", "settings") \
            else editor_topic(self.session.game.key)

    def _body(self) -> ft.Control:
        photos = [self.photos.root] if self.photos is not None else []
        if self.editor is not None and self.scorepad is not None:
            # On a tablet the photo is beside the grid, above the scorepad.
            return ft.Row([
                ft.Container(self.editor.root, expand=True),
                ft.Container(ft.Column([*photos, self.scorepad.root], spacing=12),
                             width=SIDE_PANEL),
            ], vertical_alignment=ft.CrossAxisAlignment.START)
        if self.editor is not None:
            # On a phone, above the grid (settings have no photos).
            return ft.Column([*photos, self.editor.root], spacing=12) if photos \
                else self.editor.root
        return ft.Column([self.scorepad.root, *photos], spacing=12)

    def _tabs(self) -> ft.Control:
        """The scorepad's tab and a tab per player, whose marks :meth:`_show_tabs` fills."""
        session = self.session
        words = self.context.words
        tabs = []
        self._tab_marks = []
        for index, (name, colour) in enumerate(zip(session.player_names,
                                                   session.player_colours)):
            chosen = self.tab == "valley" and index == self.player
            total = ft.Text("", size=14, weight=ft.FontWeight.BOLD)
            # The marks have no handles of their own: their words join the tab's name ("A
            # device is on this board, Ann, 25, Warning: 17/18"). A handle, or a tooltip, makes
            # a mark a node of its own, a text inside the tab that the tab's name does not hold
            # (axe-core: label-content-name-mismatch). The presence mark goes before the name,
            # beside the colour: its words, said and not written, come first, and the tab's
            # last line is the text it shows (what the large-text walk measures).
            warning = warning_mark("", words)
            warning.visible = False
            presence = ft.Icon(
                ft.Icons.PHONE_ANDROID, size=16, color=ft.Colors.GREEN_800,
                semantics_label=words.say("ui.table.present", "A device is on this board"))
            presence.visible = False
            self._tab_marks.append((total, warning, presence))
            tab = tap_target(
                ft.Row([
                    ft.Container(width=14, height=14, border_radius=7,
                                 bgcolor=player_colour(colour)[0]),
                    presence, ft.Text(name, size=14, no_wrap=True), total, warning,
                ], tight=True, spacing=6),
                lambda e, i=index: self.context.go(f"/table/{session.table_id}/valley/{i}"),
                f"tab-player-{index}",
                selected=chosen,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None,
                padding=8,
            )
            tab.key = ft.ScrollKey(f"tab-player-{index}")
            tabs.append(tab)
        # Outside the strip that scrolls, always in sight: a phone brings its own player's tab
        # into sight, and the scorepad's went off the edge (a newcomer did not see where the
        # scores are: issue 32).
        scorepad = tap_target(
            ft.Row([ft.Icon(ft.Icons.TABLE_CHART, size=18),
                    ft.Text(words.say("ui.table.scorepad", "Scorepad"), size=14)], tight=True),
            lambda e: self.context.go(f"/table/{session.table_id}/scorepad"),
            "tab-scorepad",
            selected=self.tab == "scorepad",
            bgcolor=ft.Colors.PRIMARY_CONTAINER if self.tab == "scorepad" else None,
            padding=8,
        )
        return ft.Row([scorepad, ft.Container(TabStrip(
            tabs, scroll=ft.ScrollMode.AUTO, spacing=6,
            own_tab=f"tab-player-{self.player}" if self.tab == "valley" else None), expand=True)],
            spacing=6, vertical_alignment=ft.CrossAxisAlignment.START)


def changed_parts(view) -> list[ft.Control]:
    """What a render of ``view`` changed: the parts it names when it keeps track (each sent on
    its own), else its whole root."""
    named = getattr(view, "changed_parts", None)
    return named() if named is not None else [view.root]
