"""The scorepad (any game): rows by players, totals, ranks, tie-break; a tapped line explains
itself and highlights the cards it used; share as text or as a table file."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from ui.plugins import PLAYER_COLOURS
from ui.scorepad_model import Scorepad, export_json, plain_text
from ui.widgets import Memo, labelled, tap_target

LABEL_WIDTH = 136
POINTS_WIDTH = 64
NARROW = 500
"""Below this page width (a phone) the columns are narrower, still at least 48 px to tap."""


class ScorepadView:
    def __init__(self, context, session, compact: bool = False):
        self.context = context
        self.session = session
        self.compact = compact
        self.selected: tuple[str, int] | None = None
        self.root = ft.Column(spacing=10)
        self._values: dict[tuple[str, int], ft.Text] = {}
        self._winners = ft.Text(size=16, weight=ft.FontWeight.BOLD)
        self._tie_break = ft.Text(size=13)
        self._table = Memo()
        self._explained = Memo()
        self._warnings = Memo()
        self._problems = Memo()
        self._notes = Memo()
        self._share = ft.Row([
            tap_target(ft.Row([ft.Icon(ft.Icons.CONTENT_COPY), ft.Text("Copy as text")],
                              tight=True), self._copy, "share-copy"),
            tap_target(ft.Row([ft.Icon(ft.Icons.DOWNLOAD), ft.Text("Export table file")],
                              tight=True), self._export, "share-export"),
        ], wrap=True)
        self._hint = ft.Text("Tap a number to see why.", size=13, color=ft.Colors.GREY_700)
        self.render()

    def render(self) -> None:
        """Redraw; the table is rebuilt only when its rows, players or selection change, else
        its numbers are updated in place."""
        session = self.session
        result = session.result
        items: list[ft.Control] = []
        # On a tablet the explanation of a tapped line sits beside the table, not under it.
        side_by_side = self.context.wide and not self.compact
        beside: ft.Control | None = None
        if result is None:
            items.append(labelled("scorepad-empty", ft.Text(
                "Not scored yet: fix the problems below.", size=15)))
        else:
            pad = Scorepad(result)
            shape = (pad.names, tuple((row.category, row.label) for row in pad.rows),
                     tuple(session.player_colours), self.selected)
            items.append(self._table.get(shape, lambda: self._build_table(pad)))
            for row in pad.rows:
                for player, points in enumerate(row.points):
                    self._values[(row.category, player)].value = str(points)
            for key, values in (("total", pad.totals), ("rank", pad.ranks)):
                for player, value in enumerate(values):
                    self._values[(key, player)].value = str(value)
            self._winners.value = pad.winners_text
            self._tie_break.value = f"Tie-break: {pad.tie_break}"
            items.append(labelled("winners", self._winners))
            items.append(labelled("tie-break", self._tie_break))
            notes = tuple((player.name, player.notes) for player in result.players)
            if any(player_notes for _, player_notes in notes):
                items.append(self._notes.get(notes, lambda: self._notes_block(notes)))
            explained = (self._explained.get((self.selected, session.revision),
                                             lambda: self._explanation(pad))
                         if self.selected is not None else self._hint)
            if side_by_side:
                beside = explained
            else:
                items.append(explained)
            items.append(self._warnings.get(pad.warnings, lambda: ft.Column(
                [ft.Text(warning, size=12, color=ft.Colors.GREY_700) for warning in pad.warnings],
                spacing=4)))
        problems = session.checked.problems
        if problems:
            items.append(self._problems.get(problems, self._problem_list))
        if not self.compact:
            items.append(self._share)
        if beside is None:
            self.root.controls = items
        else:
            self.root.controls = [ft.Row(
                [ft.Column(items, spacing=10, width=460),
                 ft.Container(beside, expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.START, spacing=16,
            )]

    def _problem_list(self) -> ft.Control:
        names = self.session.player_names
        return labelled("scorepad-problems", ft.Column(
            [ft.Text("Left out until fixed:", size=14, weight=ft.FontWeight.BOLD,
                     color="#B71C1C")]
            + [ft.Text(("" if p.player is None else f"{names[p.player]}: ") + p.message,
                       size=13, color="#B71C1C") for p in self.session.checked.problems],
            spacing=2,
        ))

    def _notes_block(self, notes: tuple[tuple[str, tuple[str, ...]], ...]) -> ft.Control:
        """What the library notes besides the lines (a solo title, where stored resources went)."""
        return ft.Column([
            labelled(f"notes-{index}", ft.Column(
                [ft.Text(name, size=14, weight=ft.FontWeight.BOLD)]
                + [ft.Text(note, size=13) for note in player_notes], spacing=2))
            for index, (name, player_notes) in enumerate(notes) if player_notes
        ], spacing=6)

    def _build_table(self, pad: Scorepad) -> ft.Control:
        narrow = self.context.width < NARROW
        label_width, points_width = (112, 52) if narrow else (LABEL_WIDTH, POINTS_WIDTH)
        colours = self.session.player_colours
        self._values = {}
        header = [ft.Container(width=label_width)] + [
            ft.Container(
                ft.Text(name, size=13, weight=ft.FontWeight.BOLD, no_wrap=True,
                        overflow=ft.TextOverflow.ELLIPSIS, color=ft.Colors.WHITE),
                width=points_width, height=36, alignment=ft.Alignment.CENTER,
                bgcolor=PLAYER_COLOURS.get(colours[index] if index < len(colours) else "grey"),
                border_radius=6, padding=2,
            )
            for index, name in enumerate(pad.names)
        ]
        rows = [ft.Row(header, spacing=4)]
        for row in pad.rows:
            cells = [ft.Container(ft.Text(row.label, size=14), width=label_width)]
            for player in range(len(pad.names)):
                chosen = self.selected == (row.category, player)
                value = self._values[(row.category, player)] = ft.Text(size=16)
                cells.append(tap_target(
                    value,
                    lambda e, c=row.category, p=player: self._select(c, p),
                    f"line-{row.category}-{player}",
                    width=points_width,
                    padding=0,
                    selected=chosen,
                    bgcolor=ft.Colors.AMBER_100 if chosen else ft.Colors.WHITE,
                ))
            rows.append(ft.Row(cells, spacing=4))
        for label, key in (("Total", "total"), ("Rank", "rank")):
            cells = [ft.Container(ft.Text(label, size=15, weight=ft.FontWeight.BOLD),
                                  width=label_width)]
            for player in range(len(pad.names)):
                value = self._values[(key, player)] = ft.Text(size=17, weight=ft.FontWeight.BOLD)
                cells.append(labelled(f"{key}-{player}", ft.Container(
                    value, width=points_width, height=40, alignment=ft.Alignment.CENTER,
                    bgcolor=ft.Colors.AMBER_50, border_radius=6,
                )))
            rows.append(ft.Row(cells, spacing=4))
        return ft.Row([ft.Column(rows, spacing=4)], scroll=ft.ScrollMode.AUTO)

    def _explanation(self, pad: Scorepad) -> ft.Control:
        category, player = self.selected
        try:
            explanation = pad.explain(category, player)
        except (StopIteration, IndexError):
            return ft.Container(height=0)
        lines = [
            ft.Text(f"{explanation.name} · {explanation.label}: {explanation.points}", size=16,
                    weight=ft.FontWeight.BOLD),
        ]
        for line in explanation.lines:
            rulings = f" [rulings {', '.join(line.rulings)}]" if line.rulings else ""
            lines.append(ft.Text(f"{line.points:+d} · {line.detail}{rulings}", size=13))
        size = 52 if self.context.wide else 40
        picture = self.session.game.preview(self.session, player, explanation.cells, size)
        if picture is not None:
            lines.append(ft.Text(f"Highlighted: the {self.session.game.used_parts} this line "
                                 "used.", size=12, color=ft.Colors.GREY_700))
            lines.append(ft.Row([picture], scroll=ft.ScrollMode.AUTO))
        return labelled("explanation", ft.Container(
            ft.Column(lines, spacing=4), padding=8, bgcolor=ft.Colors.AMBER_50, border_radius=8,
        ))

    def _select(self, category: str, player: int) -> None:
        self.selected = None if self.selected == (category, player) else (category, player)
        self.render()
        self.context.page.update()

    async def _copy(self, e=None) -> None:
        text = plain_text(self.session)
        try:
            await ft.Clipboard().set(text)
            note = "Copied. The same text is below if your browser did not allow it."
        except Exception:  # noqa: BLE001 - browsers refuse the clipboard on plain http
            note = "Your browser did not allow copying; select the text below."
        self.context.page.show_dialog(ft.AlertDialog(
            title=ft.Text("Scorepad as text", size=18),
            content=ft.Column([
                labelled("share-note", ft.Text(note, size=13)),
                ft.Text(text, selectable=True, size=11, font_family="DejaVuMono"),
            ], scroll=ft.ScrollMode.AUTO, tight=True, width=520),
            actions=[tap_target("Close", lambda e: self.context.page.pop_dialog(),
                                "share-close")],
        ))

    async def _export(self, e=None) -> None:
        if not self.context.may_open(self.session.table_id):
            return
        text = export_json(self.session)
        if text is None:
            self.context.toast("Nothing to export yet: the table does not validate.")
            return
        name = f"{self.session.game.key}-table-{self.session.table_id}.json"
        folder = Path(self.context.store.path).parent / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        path.write_text(text, encoding="utf-8")
        self.context.page.show_dialog(ft.AlertDialog(
            title=ft.Text("Table file", size=18),
            content=ft.Column([
                ft.Text("Saved on the computer running scorepad:", size=13),
                labelled("export-path", ft.Text(str(path), size=13)),
                ft.Text(f"Check it with: scorepad score {path}", size=12, selectable=True),
            ], tight=True, width=480),
            actions=[tap_target("Close", lambda e: self.context.page.pop_dialog(),
                                "export-close")],
        ))
        try:
            await ft.FilePicker().save_file(file_name=name, src_bytes=text.encode("utf-8"))
        except Exception:  # noqa: BLE001 - the path above still gives the file
            pass
