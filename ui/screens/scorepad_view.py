"""The scorepad (any game): rows by players, totals, ranks, tie-break; a tapped line explains
itself and highlights the cards it used; share as text or as a table file."""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path

import flet as ft

from ui.parts.dialogs import close_dialog, open_dialog
from ui.screens.explanation_view import explanation_panel, show_sheet
from ui.screens.keeping import scorepad_notice
from ui.screens.exports import download, save_in_exports
from ui.games.plugin import player_colour
from ui.screens.scorepad_model import Scorepad, export_json, part_index, plain_text, short_names
from ui.screens.table_settings_view import problem_fixes
from ui.live.editing import NamesChanges, set_props
from ui.parts.widgets import (PROBLEM, TOUCH, Memo, Slot, labelled, same_controls,
                              selectable_text, tap_target, WarningBox)

LABEL_WIDTH = 136
POINTS_WIDTH = 64
GAP = 4
PANEL_KEY = "explanation"
"""The scroll key of the explanation's place."""
HEADER_HEIGHT = 36
SUM_HEIGHT = 40
SIDE_PANEL = 440
"""The width of the scorepad beside a tablet's editor (ui/screens/table_view.py)."""
TABLE_COLUMN = 460
"""The width of the table on a tablet's scorepad, the explanation beside it."""


LABEL_SIZE = 14
"""The line labels' text size."""
SUMS = ("total", "rank")
"""The rows under the lines."""
LARGE_TEXT = 1.05
"""From this text scale on (see ``AppContext.text_scale``) the labels go above their numbers: a
label beside them has two lines of 112 px by 48 px on a phone, and measured with the shipped font,
every line label of every example in English, Spanish and German fits there at the usual size,
one already needs three lines at 1.05 ("7. Bee and sunflower pairs"), five at 1.25 and half of
them are cut at 1.5."""
DIGIT_EM = 0.7
"""The width of a digit in the shipped font (DejaVu Sans Bold: 0.696 of its size)."""
LINE_EM = 1.17
"""The height of a line of the shipped font (DejaVu Sans: 1.164 of its size)."""


def column_widths(available: float, players: int) -> tuple[int, int]:
    """The widths of the line labels and of each player's column: comfortable when there is
    room, narrower to fit every player in ``available`` pixels, never under the touch size
    (then the players' columns scroll sideways behind the fixed labels)."""
    label = LABEL_WIDTH if available >= TABLE_COLUMN else 112
    fit = (available - label - GAP * players) // max(players, 1)
    return label, int(min(POINTS_WIDTH, max(TOUCH, fit)))


def text_height(size: int, scale: float, least: int) -> int:
    """The height of a box holding one line of text of ``size`` at the text ``scale``, with a
    little room, and never under ``least``."""
    return max(least, math.ceil(size * scale * LINE_EM) + 8)


def digits(pad: Scorepad) -> int:
    """The most characters a number of the table takes (at least two, so that a table passing
    10 points keeps its layout)."""
    numbers = [*pad.totals, *pad.ranks, *(points for row in pad.rows for points in row.points)]
    return max(2, *(len(str(number)) for number in numbers))


def stacked_columns(available: float, players: int, scale: float,
                    widest: int) -> tuple[int, list[range]]:
    """With the labels above their numbers: the width of a player's column and the players in
    groups side by side in ``available`` pixels (one group when they fit). A column holds
    ``widest`` characters of a total at the text ``scale`` and never less than the touch size;
    comfortable (the usual width, scaled) when there is room, narrower to fit."""
    least = max(TOUCH, math.ceil(widest * DIGIT_EM * 17 * scale) + 8)
    groups = player_groups(players, max(1, int((available + GAP) // (least + GAP))))
    across = len(groups[0])
    fit = (available - GAP * (across - 1)) // across
    return int(max(least, min(POINTS_WIDTH * scale, fit))), groups


def player_groups(players: int, across: int) -> list[range]:
    """The players in as few groups of at most ``across`` as there can be, as even as can be
    (six players, four across: three and three)."""
    count = -(-players // across)
    size = -(-players // count)
    return [range(start, min(start + size, players)) for start in range(0, players, size)]


class ScorepadView(NamesChanges):
    def __init__(self, context, session, compact: bool = False):
        self.context = context
        self.session = session
        self.compact = compact
        self.selected: tuple[str, int] | None = None
        self.large_text = context.text_scale >= LARGE_TEXT
        """Whether the labels go above their numbers (see :data:`LARGE_TEXT`)."""
        self.root = ft.Column(spacing=10)
        self._values: dict[tuple[str, int], ft.Text] = {}
        self._winners = ft.Text(size=16, weight=ft.FontWeight.BOLD)
        self._tie_break = ft.Text(size=13)
        self._winners_box = labelled("winners", self._winners)
        self._tie_break_box = labelled("tie-break", self._tie_break)
        self._table = Memo()
        self._changed: list[ft.Control] = []
        self._warnings_slot, self._table_slot, self._notes_slot, self._problems_slot = (
            Slot() for _ in range(4))
        self._empty = labelled("scorepad-empty", ft.Text(context.words.say(
            "ui.scorepad.empty", "Not scored yet: fix the problems below."), size=15))
        self._explained = Memo()
        self._warnings = Memo()
        self._problems = Memo()
        self._notes = Memo()
        words = context.words
        self._share = ft.Row([
            tap_target(ft.Row([ft.Icon(ft.Icons.CONTENT_COPY),
                               ft.Text(words.say("ui.scorepad.copy", "Copy as text"))],
                              tight=True), self._copy, "share-copy"),
            tap_target(ft.Row([ft.Icon(ft.Icons.DOWNLOAD),
                               ft.Text(words.say("ui.scorepad.export", "Export table file"))],
                              tight=True), self._export, "share-export"),
        ], wrap=True)
        self._hint = ft.Text(words.say("ui.scorepad.hint", "Tap a number to see why."), size=13,
                             color=ft.Colors.ON_SURFACE_VARIANT)
        # A public server's date for the table, read once: opening it just now set its clock.
        self._kept = (scorepad_notice(context, context.store.get(session.table_id))
                      if getattr(context, "public", None) is not None and not compact else None)
        # The explanation's place stays in the page with its key, so that the page can scroll to
        # it as soon as a number is tapped.
        self._panel = ft.Container(key=ft.ScrollKey(PANEL_KEY))
        # A tablet's table and the explanation beside it: kept, so that a redraw sends what
        # changed in them rather than both anew.
        self._table_side = ft.Column(spacing=10, width=TABLE_COLUMN)
        self._beside = ft.Container(expand=True)
        self._side_by_side = ft.Row([self._table_side, self._beside], spacing=16,
                                    vertical_alignment=ft.CrossAxisAlignment.START)
        self.render()
        self.changed_parts()  # the first drawing goes with its screen's

    def render(self) -> None:
        """Redraw; the table is rebuilt only when its rows, players or selection change, else
        its numbers are updated in place. Each part that changed is named for
        :meth:`changed_parts`, to be sent on its own: a watching device is sent the numbers
        that moved, never the whole scorepad diffed again (which cost a device on the scorepad
        several milliseconds of the server's time at every edit of the table)."""
        session = self.session
        changed = self._changed
        result = session.result_in(self.context.words)
        items: list[ft.Control] = []
        # On a tablet the explanation of a tapped line sits beside the table, not under it.
        side_by_side = self.context.wide and not self.compact
        beside: ft.Control | None = None
        if result is None:
            items.append(self._empty)
        else:
            pad = Scorepad(result, self.context.words)
            # At the top, where the eye starts; its place is kept when there are none.
            # One box for the screen's life (and its language), its lines kept or changed.
            warnings = self._warnings.get(self.context.words, lambda: WarningBox(
                "scorepad-warnings", pad.warnings, self.context.words))
            changed += warnings.show(pad.warnings)
            box = self._warnings_slot.put(warnings.root, changed)
            set_props(box, changed, visible=bool(pad.warnings))
            items.append(box)
            shape = (pad.names, tuple((row.category, row.label) for row in pad.rows),
                     tuple(session.player_colours), self.selected,
                     digits(pad) if self.large_text else None, self._available_width())
            items.append(self._table_slot.put(self._table.get(shape,
                                                              lambda: self._build_table(pad)),
                                              changed))
            for row in pad.rows:
                for player, points in enumerate(row.points):
                    set_props(self._values[(row.category, player)], changed, value=str(points))
            for key, values in zip(SUMS, (pad.totals, pad.ranks)):
                for player, value in enumerate(values):
                    set_props(self._values[(key, player)], changed, value=str(value))
            set_props(self._winners, changed, value=pad.winners_text)
            set_props(self._tie_break, changed, value=pad.tie_break_line)
            items.append(self._winners_box)
            items.append(self._tie_break_box)
            notes = tuple((player.name, player.notes) for player in result.players)
            items.append(self._optional(self._notes_slot, self._notes.get(
                notes, lambda: self._notes_block(notes)) if any(
                player_notes for _, player_notes in notes) else None))
            # A phone shows the explanation in a sheet over the scorepad (see _select).
            explained = (self._explained.get((self.selected, session.revision),
                                             lambda: self._explanation(pad))
                         if self.selected is not None and self.context.wide else self._hint)
            if self._panel.content is not explained:
                self._panel.content = explained
                changed.append(self._panel)
            if side_by_side:
                beside = self._panel
            else:
                items.append(self._panel)
        problems = session.checked.problems
        items.append(self._optional(self._problems_slot, self._problems.get(
            problems, self._problem_list) if problems else None))
        if not self.compact:
            items.append(self._share)
        if self._kept is not None:
            items.append(self._kept)
        if beside is None:
            self._hold(self.root, items)
        else:
            self._hold(self._table_side, items)
            if self._beside.content is not beside:
                self._beside.content = beside
                changed.append(self._beside)
            self._hold(self.root, [self._side_by_side])

    def _optional(self, slot: Slot, part: ft.Control | None) -> ft.Control:
        """``slot``'s place holding ``part``, hidden when there is none (the warnings, the
        notes, the problems): the scorepad's list of parts stays the same as they come and go."""
        box = slot.put(part, self._changed)
        set_props(box, self._changed, visible=part is not None)
        return box

    def _hold(self, column: ft.Column, items: list[ft.Control]) -> None:
        """``column`` shows ``items``: sent (named changed) only when they are other parts."""
        if not same_controls(column.controls, items):
            column.controls = items
            self._changed.append(column)

    def _problem_list(self) -> ft.Control:
        return problem_fixes(self.context, self.session, "scorepad-problems")

    def _notes_block(self, notes: tuple[tuple[str, tuple[str, ...]], ...]) -> ft.Control:
        """What the library notes besides the lines (a solo title, where stored resources went)."""
        return ft.Column([
            labelled(f"notes-{index}", ft.Column(
                [ft.Text(name, size=14, weight=ft.FontWeight.BOLD)]
                + [ft.Text(note, size=13) for note in player_notes], spacing=2))
            for index, (name, player_notes) in enumerate(notes) if player_notes
        ], spacing=6)

    def _build_table(self, pad: Scorepad) -> ft.Control:
        """The line labels stay put while the players' columns scroll sideways (six players on
        a phone); every row has a fixed height so the two sides stay level."""
        if self.large_text:
            return self._stacked_table(pad)
        label_width, points_width = column_widths(self._available_width(), len(pad.names))
        shorts = short_names(pad.names, max(2, (points_width - 6) // 9))
        self._values = {}
        labels = [ft.Container(height=HEADER_HEIGHT)]
        labels += [labelled(f"label-{row.category}", ft.Container(
            ft.Text(row.label, size=LABEL_SIZE), width=label_width, height=TOUCH,
            alignment=ft.Alignment.CENTER_LEFT)) for row in pad.rows]
        labels += [ft.Container(sum_label, height=SUM_HEIGHT, alignment=ft.Alignment.CENTER_LEFT)
                   for sum_label in self._sum_labels()]
        columns = []
        for player, name in enumerate(pad.names):
            cells = [self._header_cell(player, name, shorts[player], points_width,
                                       HEADER_HEIGHT)]
            cells += [self._line_cell(row.category, player, points_width, TOUCH)
                      for row in pad.rows]
            cells += [self._sum_cell(key, player, points_width, SUM_HEIGHT) for key in SUMS]
            columns.append(ft.Column(cells, spacing=GAP))
        return ft.Row([
            ft.Column(labels, spacing=GAP, width=label_width),
            ft.Container(labelled("player-columns", ft.Row(
                columns, spacing=GAP, scroll=ft.ScrollMode.AUTO)), expand=True),
        ], spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.START)

    def _stacked_table(self, pad: Scorepad) -> ft.Control:
        """Large text: each line label on a line of its own, as wide as the table, above its
        row of numbers, so that no label is cut; the players' columns as wide as their numbers
        at this text size, and when they do not all fit side by side, the players in groups
        one under the other, each with its header, labels, totals and ranks."""
        scale = self.context.text_scale
        width, groups = stacked_columns(self._available_width(), len(pad.names), scale,
                                        digits(pad))
        shorts = short_names(pad.names, max(2, (width - 6) // round(9 * scale)))
        header, line, total = (text_height(size, scale, least) for size, least in
                               ((13, HEADER_HEIGHT), (16, TOUCH), (17, SUM_HEIGHT)))
        self._values = {}
        blocks = []
        for players in groups:
            def numbers(cell, players=players) -> ft.Row:
                return ft.Row([cell(player) for player in players], spacing=GAP)

            def under(label: ft.Control, cell) -> ft.Column:
                """A label close above its numbers (the gap to the next label is wider)."""
                return ft.Column([label, numbers(cell)], spacing=2,
                                 horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

            lines = [numbers(lambda player: self._header_cell(player, pad.names[player],
                                                              shorts[player], width, header))]
            lines += [under(labelled(f"label-{row.category}",
                                     ft.Text(row.label, size=LABEL_SIZE)),
                            partial(self._line_cell, row.category, width=width, height=line))
                      for row in pad.rows]
            lines += [under(sum_label, partial(self._sum_cell, key, width=width, height=total))
                      for key, sum_label in zip(SUMS, self._sum_labels())]
            blocks.append(ft.Column(lines, spacing=10,
                                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
        return ft.Column(blocks, spacing=24, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _sum_labels(self) -> list[ft.Control]:
        words = self.context.words
        return [ft.Text(label, size=15, weight=ft.FontWeight.BOLD)
                for label in (words.say("ui.scorepad.total", "Total"),
                              words.say("ui.scorepad.rank", "Rank"))]

    def _header_cell(self, player: int, name: str, short: str, width: int,
                     height: int) -> ft.Control:
        """A player's column header: the short name in the player's colour; a tap says the
        whole name."""
        colours = self.session.player_colours
        part = part_index(self.session, name, player)
        shade, ink = player_colour(colours[part] if part < len(colours) else "grey")
        return tap_target(
            ft.Text(short, size=13, weight=ft.FontWeight.BOLD, no_wrap=True, color=ink),
            lambda e: self.context.toast(name), f"column-{player}",
            width=width, height=height, padding=2, bgcolor=shade, tooltip=name)

    def _line_cell(self, category: str, player: int, width: int, height: int) -> ft.Control:
        """A player's points of a line (kept in ``_values`` to be updated in place); a tap
        explains them."""
        chosen = self.selected == (category, player)
        value = self._values[(category, player)] = ft.Text(size=16)
        return tap_target(
            value, partial(self._select, category, player), f"line-{category}-{player}",
            width=width, height=height, padding=0, selected=chosen,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else ft.Colors.SURFACE)

    def _sum_cell(self, key: str, player: int, width: int, height: int) -> ft.Control:
        """A player's total or rank (kept in ``_values`` to be updated in place)."""
        value = self._values[(key, player)] = ft.Text(size=17, weight=ft.FontWeight.BOLD)
        return labelled(f"{key}-{player}", ft.Container(
            value, width=width, height=height, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=6))

    def _available_width(self) -> float:
        """The width the table has: the side panel beside an editor, the table's half of a
        tablet's scorepad, or the phone's width inside the page's padding."""
        if self.compact:
            return SIDE_PANEL
        if self.context.wide:
            return TABLE_COLUMN
        return self.context.width - 24

    def _explanation(self, pad: Scorepad) -> ft.Control:
        try:
            explanation = pad.explain(*self.selected)
        except (StopIteration, IndexError):
            return ft.Container(height=0)
        return explanation_panel(self.context, self.session, explanation, 44)

    async def _select(self, category: str, player: int, e=None) -> None:
        self.selected = None if self.selected == (category, player) else (category, player)
        self.render()
        self.context.page.update(*self.changed_parts())
        if self.selected is None:
            return
        result = self.session.result_in(self.context.words)
        if not self.context.wide and result is not None:
            show_sheet(self.context, self.session, Scorepad(result, self.context.words).explain(category, player),
                       self._unselect)
            return
        # Beside an editor the panel is under the table, maybe below the fold: bring its top
        # into view (on the scorepad's own tab it is beside the table, at the top already).
        scroller = getattr(self.context.view, "root", None)
        if self.compact and isinstance(scroller, ft.Column) and scroller.scroll is not None:
            await scroller.scroll_to(scroll_key=PANEL_KEY, duration=200)

    def _unselect(self) -> None:
        self.selected = None
        self.render()
        self.context.page.update(*self.changed_parts())

    async def _copy(self, e=None) -> None:
        words = self.context.words
        try:
            await ft.Clipboard().set(plain_text(self.session, words))
            note = words.say("ui.scorepad.copied", "Copied: the same text as `scorepad score`.")
        except Exception:  # noqa: BLE001 - browsers refuse the clipboard on plain http
            note = words.say("ui.scorepad.copy_refused",
                             "This browser did not allow copying here: open the text on its own "
                             "page, long-press it and Select all.")
        text_page = f"/table/{self.session.table_id}/text"

        def open_text(e=None) -> None:
            close_dialog(self.context.page)
            self.context.go(text_page)

        open_dialog(self.context.page, ft.AlertDialog(
            title=ft.Text(words.say("ui.scorepad.as_text", "Scorepad as text"), size=18),
            content=labelled("share-note", ft.Text(note, size=14)),
            actions=[
                tap_target(words.say("ui.scorepad.open_text", "Open as text"), open_text,
                           "share-text"),
                tap_target(words.say("ui.common.close", "Close"),
                           lambda e: close_dialog(self.context.page), "share-close"),
            ],
        ))

    async def _export(self, e=None) -> None:
        if not self.context.may_open(self.session.table_id):
            return
        text = export_json(self.session)
        if text is None:
            self.context.toast(self.context.words.say(
                "ui.scorepad.nothing_to_export",
                "Nothing to export yet: the table does not validate."))
            return
        name = f"{self.session.game.key}-table-{self.session.table_id}.json"
        path, problem = save_in_exports(self.context, name, text)
        open_dialog(self.context.page, export_dialog(self.context, name, path, problem))
        await download(name, text)


def export_dialog(context, name: str, path: Path, problem: str | None = None) -> ft.AlertDialog:
    """What an export did: the file's name as downloaded; where it was saved on the server only
    for the host (a phone at the table has no business with the server's folders); ``problem``
    says why it could not be saved there."""
    words = context.words
    if problem is not None:
        lines = [labelled("export-problem", ft.Text(
            words.say("ui.export.not_saved", "Not saved on the computer running scorepad: "
                      "{problem}.", problem=problem), size=13, color=PROBLEM))]
    elif context.is_host:
        lines = [ft.Text(words.say("ui.export.saved", "Saved on the computer running scorepad:"),
                         size=13),
                 labelled("export-path", ft.Text(str(path), size=13)),
                 selectable_text(words.say("ui.export.check",
                                           "Check it with: scorepad score {path}",
                                           path=str(path)), size=12)]
    else:
        lines = [labelled("export-name", ft.Text(
            words.say("ui.export.downloading", "{name} is downloading to this device; "
                      "`scorepad score {name}` checks it.", name=name), size=13))]
    return ft.AlertDialog(
        title=ft.Text(words.say("ui.export.title", "Table file"), size=18),
        content=ft.Column(lines, tight=True, width=480),
        actions=[tap_target(words.say("ui.common.close", "Close"),
                            lambda e: close_dialog(context.page), "export-close")],
    )
