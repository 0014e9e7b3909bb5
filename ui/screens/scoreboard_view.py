"""The scoreboard (``/table/<id>/board``): a tablet's or a TV's view of a table in the middle of
the table, read from across it. Every player's total, rank and lines in large type, live, and the
last change highlighted with who made it; read-only: nothing on it edits (its only buttons change
this screen's language and theme).

A board is shown by every device that may watch the table (``Access.may_watch``): a player's,
the host's, and a scoreboard's own device, joined by the Invite's scoreboard link
(``ui/screens/watch_view.py``), which may watch and nothing else.

Boards are redrawn on every edit of the table, on the event loop every device shares: the board
is built once per shape (players, lines, screen size) and each redraw only sets the values of the
texts it keeps, sending the browser the controls that changed.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from scorer.language import Language
from ui.games.plugin import player_colour
from ui.live.session import LastChange, TableSession
from ui.parts.theme import theme_switch
from ui.parts.widgets import labelled
from ui.parts.words import language_switch, spoken
from ui.screens.scorepad_model import Scorepad, part_index
from ui.store.storage import NoSuchTable

HIGHLIGHT = "#FFB300"
HIGHLIGHT_INK = "#000000"
CARD = ft.Colors.SURFACE_CONTAINER_HIGHEST
"""A player's card (light or dark with the theme)."""
"""What the last change moved is drawn on (amber, the app's warning colour: 10:1 contrast)."""
NARROW_COLUMN = 100
"""A player's column narrower than this (a phone's, for four players or more) has thin borders
and paddings, and its rank as a number alone."""
FULL_HD = (1920, 1080)
"""The screen the largest type is made for: a TV read from across a table."""


@dataclass(frozen=True)
class BoardLayout:
    """Sizes of a board on a screen of a given size (logical pixels), for a number of players
    and lines: the totals as large as the screen allows, every line in sight when it can be."""

    padding: int
    label_width: int
    column_width: int
    total_size: int
    name_size: int
    rank_size: int
    line_size: int
    label_size: int
    row_height: int
    change_size: int

    @property
    def narrow(self) -> bool:
        return self.column_width < NARROW_COLUMN

    @property
    def card_border(self) -> int:
        """The border of a player's card: amber when the last change moved the player's
        score, else the card's own colour (one width either way: the cards keep one height)."""
        return 3 if self.narrow else 6


COMFORTABLE_ROW = 32
"""The least height of a line's row before the totals are made smaller to make room."""
AROUND_MARGIN = 40
"""Pixels kept free beside the estimate of what is not a line (the cards' padding and borders,
the text's line height), so the winners' line under the lines is in sight too."""


def board_layout(width: float, height: float, players: int, lines: int) -> BoardLayout:
    """The sizes that fit ``players`` columns and ``lines`` rows on a ``width`` x ``height``
    screen: a 1920x1080 TV gets type readable from across a table (totals of about a tenth of
    the screen's height), a 1024x768 tablet the same board smaller, a phone (390 wide) narrow
    columns; the rows scroll only when even the smallest row height does not fit them all."""
    players = max(players, 1)
    padding = 24 if width >= 900 else 12
    label_width = int(min(520, max(90, width * 0.24)))
    gaps = 8 * players
    column_width = int(min(460, max(34, (width - 2 * padding - label_width - gaps) / players)))
    scale = min(width / FULL_HD[0], height / FULL_HD[1])
    change_size = int(max(15, min(34, 34 * scale * 1.25)))
    # The totals as large as a tenth of the screen, smaller when the lines would not fit
    # in rows of a comfortable height under them.
    total_size = int(max(16, min(height * 0.10, column_width * 0.42, 120)))
    least_total = min(total_size, int(max(16, height * 0.06)))
    while True:
        name_size = int(max(12, min(total_size * 0.36, column_width * 0.16 + 8)))
        rank_size = int(max(12, total_size * 0.28))
        # What is not a line: the buttons' row, the last change and the winners under the
        # lines, the players' names, totals and ranks, the gaps between them.
        around = (2 * padding + 48 + change_size * 2.4 + 16 + 4 * 12
                  + name_size * 1.4 + total_size * 1.2 + rank_size * 1.4 + 40 + AROUND_MARGIN)
        row_height = int(max(28, min(76, (height - around) / max(lines, 1) - 4)))
        if row_height >= COMFORTABLE_ROW or total_size <= least_total:
            break
        total_size = max(least_total, total_size - 4)
    line_size = int(max(12, min(row_height * 0.6, column_width * 0.34, 44)))
    label_size = int(max(12, min(row_height * 0.42, 34, label_width / 14)))
    return BoardLayout(padding, label_width, column_width, total_size, name_size, rank_size,
                       line_size, label_size, row_height, change_size)


def change_words(words: Language, change: LastChange | None, deleted: bool = False) -> str:
    """What the board's banner says of the table's last change: who made it and what it did."""
    if deleted:
        return words.say("ui.board.deleted", "This table was deleted: the scores stay as they "
                         "were.")
    if change is None:
        return words.say("ui.board.waiting", "Live: each change made on a phone shows here.")
    edit = spoken(words, change.label)
    who = spoken(words, change.by)
    if change.kind == "undo":
        return (words.say("ui.board.undone_by", "{who} undid: {edit}", who=who, edit=edit) if who
                else words.say("ui.board.undone", "Undone: {edit}", edit=edit))
    if change.kind == "redo":
        return (words.say("ui.board.redone_by", "{who} redid: {edit}", who=who, edit=edit) if who
                else words.say("ui.board.redone", "Redone: {edit}", edit=edit))
    return (words.say("ui.board.changed_by", "{who}: {edit}", who=who, edit=edit) if who
            else words.say("ui.board.changed", "Last change: {edit}", edit=edit))


def signed(difference: int) -> str:
    """A change of points as the board shows it: +3, −2 (a true minus sign)."""
    return f"+{difference}" if difference >= 0 else f"\u2212{-difference}"


class PlayerCard:
    """One player's name, total, rank and change of total, in the player's colour; its texts
    are kept and set on each redraw."""

    def __init__(self, index: int, name: str, colour: str, layout: BoardLayout):
        shade, ink = player_colour(colour)
        # Made once: a redraw compares and sets these, never makes new ones.
        self.plain = ft.Border.all(layout.card_border, CARD)
        self.marked = ft.Border.all(layout.card_border, HIGHLIGHT)
        self.name = ft.Text(name, size=layout.name_size, weight=ft.FontWeight.BOLD, color=ink,
                            no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                            text_align=ft.TextAlign.CENTER)
        self.total = ft.Text("", size=layout.total_size, weight=ft.FontWeight.BOLD,
                             text_align=ft.TextAlign.CENTER)
        self.rank = ft.Text("", size=layout.rank_size, text_align=ft.TextAlign.CENTER)
        self.moved = ft.Text("", size=layout.rank_size, weight=ft.FontWeight.BOLD,
                             color=HIGHLIGHT_INK)
        # Hidden by its handle: Flutter refuses a Semantics whose content is invisible.
        self.moved_box = labelled(f"board-moved-{index}", ft.Container(
            self.moved, bgcolor=HIGHLIGHT, border_radius=6,
            padding=ft.Padding.symmetric(horizontal=8)))
        self.moved_box.visible = False
        self.box = ft.Container(
            ft.Column([
                ft.Container(self.name, bgcolor=shade, border_radius=8,
                             padding=ft.Padding.symmetric(horizontal=1 if layout.narrow else 8,
                                                          vertical=2),
                             alignment=ft.Alignment.CENTER),
                labelled(f"board-total-{index}", self.total),
                ft.Row([labelled(f"board-rank-{index}", self.rank),
                        self.moved_box],
                       alignment=ft.MainAxisAlignment.CENTER, spacing=8, wrap=True),
            ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            width=layout.column_width, padding=1 if layout.narrow else 6, border_radius=12,
            border=self.plain, bgcolor=CARD)
        self.root = labelled(f"board-player-{index}", self.box)


class ScoreboardView:
    def __init__(self, context, table_id: int):
        self.context = context
        session = context.sessions.get(table_id)
        if session is None:
            raise NoSuchTable(table_id)
        self.session: TableSession = session
        words = context.words
        self.change = ft.Text("", weight=ft.FontWeight.BOLD, color=HIGHLIGHT_INK)
        self.change_box = ft.Container(self.change, bgcolor=HIGHLIGHT, border_radius=10,
                                       padding=ft.Padding.symmetric(horizontal=16, vertical=8))
        self.title = ft.Text(self.session.game.title, weight=ft.FontWeight.BOLD)
        # Shown and hidden by its handle: Flutter refuses a Semantics with invisible content.
        self.empty = labelled("board-empty", ft.Text(words.say(
            "ui.board.not_scored", "Not scored yet: the table is still being entered."),
            size=22))
        self.empty.visible = False
        self.winners = ft.Text("", weight=ft.FontWeight.BOLD)
        # The only buttons: this screen's language and theme (nothing that edits the table).
        self.top = ft.Row([
            ft.Container(self.title, expand=True),
            language_switch(words, context.choose_language),
            theme_switch(context.page, words),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        self.body = ft.Container()
        self.frame = ft.Column([self.top, labelled("board-last-change", self.change_box),
                                self.empty, self.body, labelled("board-winners", self.winners)],
                               spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.root = ft.Column([ft.Container(self.frame, padding=24)], expand=True,
                              scroll=ft.ScrollMode.AUTO)
        self._shape: tuple | None = None
        self._cards: list[PlayerCard] = []
        self._cells: dict[tuple[str, int], tuple[ft.Container, ft.Text]] = {}
        self._drawn: tuple[int, tuple[int, ...], dict[tuple[str, int], int]] | None = None
        """The revision drawn, its totals and its lines' points (by category and player)."""
        self._moved: tuple[dict[int, int], frozenset[tuple[str, int]]] = ({}, frozenset())
        """What the last change moved: each player's change of total, the cells it changed."""
        self.render()

    # Redrawing ------------------------------------------------------------------------------

    def render(self) -> list[ft.Control]:
        """Bring the board up to the table's latest revision; the controls that changed (to
        send), or the board's frame when it was built again."""
        session = self.session
        words = self.context.words
        result = session.result_in(words)
        changed: list[ft.Control] = []
        # One scorepad per revision and language, however many boards show the table.
        pad = (session.per_revision(f"board scorepad {words.code}",
                                    lambda: Scorepad(result, words))
               if result is not None else None)
        rebuilt = self._build(pad)
        if pad is not None:
            self._find_moves(pad, session.revision)
        self._set(self.change, changed,
                  value=change_words(words, session.last_change, session.deleted))
        self._set(self.empty, changed, visible=pad is None)
        self._set(self.winners, changed, value=pad.winners_text if pad is not None else "")
        if pad is not None:
            self._fill(pad, session, changed)
        return [self.frame] if rebuilt else changed

    def show_changes(self, here: bool) -> None:
        """Another device's edit (a board makes none): send only what changed."""
        changed = self.render()
        if changed:
            self.context.page.update(*changed)

    def resized(self) -> None:
        """The screen changed size (a tablet turned, a window made full screen): fit the board
        to it again, built anew only when its sizes change (a window dragged wider sends many
        resizes)."""
        self.show_changes(here=False)

    @staticmethod
    def _set(control: ft.Control, changed: list, **values) -> None:
        if any(getattr(control, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(control, name, value)
            changed.append(control)

    def _layout(self, pad: Scorepad | None) -> BoardLayout:
        page = self.context.page
        width = page.width or 1024
        height = getattr(page, "height", None) or 768
        return board_layout(width, height, len(pad.names) if pad else 1,
                            len(pad.rows) if pad else 0)

    def _build(self, pad: Scorepad | None) -> bool:
        """Build the cards and the lines again when the players, the lines or the screen
        changed; whether it did."""
        layout = self._layout(pad)
        shape = (layout, None if pad is None else
                 (pad.names, tuple((row.category, row.label) for row in pad.rows),
                  tuple(self.session.player_colours)))
        if shape == self._shape:
            return False
        self._shape = shape
        self.title.size = layout.change_size
        self.change.size = layout.change_size
        self.winners.size = layout.change_size
        self.root.controls[0].padding = layout.padding
        if pad is None:
            self.body.content = None
            self._cards, self._cells = [], {}
            return True
        colours = self.session.player_colours
        self._cards = []
        for index, name in enumerate(pad.names):
            part = part_index(self.session, name, index)
            self._cards.append(PlayerCard(index, name, colours[part] if part < len(colours)
                                          else "grey", layout))
        self._cells = {}
        rows = [ft.Row([ft.Container(width=layout.label_width),
                        *(card.root for card in self._cards)], spacing=8,
                       vertical_alignment=ft.CrossAxisAlignment.START)]
        for row in pad.rows:
            cells = []
            for player in range(len(pad.names)):
                value = ft.Text("", size=layout.line_size, weight=ft.FontWeight.BOLD)
                box = ft.Container(value, width=layout.column_width, height=layout.row_height,
                                   alignment=ft.Alignment.CENTER, border_radius=8)
                self._cells[(row.category, player)] = (box, value)
                cells.append(labelled(f"board-line-{row.category}-{player}", box))
            rows.append(ft.Row([
                ft.Container(labelled(f"board-label-{row.category}", ft.Text(
                    row.label, size=layout.label_size, max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS)), width=layout.label_width,
                    height=layout.row_height, alignment=ft.Alignment.CENTER_LEFT),
                *cells], spacing=8))
        self.body.content = ft.Column(rows, spacing=4)
        return True

    def _find_moves(self, pad: Scorepad, revision: int) -> None:
        """When the revision moved since the last drawing: what moved, kept until it moves
        again (the board is drawn again, unchanged, when the edit is saved)."""
        points = {(row.category, player): value for row in pad.rows
                  for player, value in enumerate(row.points)}
        drawn, self._drawn = self._drawn, (revision, pad.totals, points)
        if drawn is None or drawn[0] == revision:
            return
        _, totals_before, points_before = drawn
        totals = {player: total - totals_before[player] for player, total in
                  enumerate(pad.totals) if player < len(totals_before)
                  and total != totals_before[player]}
        cells = frozenset(key for key, value in points.items()
                          if key in points_before and points_before[key] != value)
        self._moved = (totals, cells)

    def _fill(self, pad: Scorepad, session: TableSession, changed: list) -> None:
        totals_moved, cells_moved = self._moved
        change = session.last_change
        part = change.part if change is not None else None
        changed_name = (session.player_names[part] if part is not None
                        and part < len(session.player_names) else None)
        words = self.context.words
        layout: BoardLayout = self._shape[0]
        for index, card in enumerate(self._cards):
            self._set(card.total, changed, value=str(pad.totals[index]))
            self._set(card.rank, changed, value=(
                words.say("ui.board.rank_short", "#{rank}", rank=pad.ranks[index])
                if layout.narrow else
                words.say("ui.board.rank", "rank {rank}", rank=pad.ranks[index])))
            moved = totals_moved.get(index)
            self._set(card.moved, changed, value=signed(moved) if moved is not None else "")
            self._set(card.moved_box, changed, visible=moved is not None)
            marked = pad.names[index] == changed_name or moved is not None
            # One width marked or not, so that every card keeps its height.
            self._set(card.box, changed, border=card.marked if marked else card.plain)
        for row in pad.rows:
            for player, points in enumerate(row.points):
                box, value = self._cells[(row.category, player)]
                self._set(value, changed, value=str(points),
                          color=HIGHLIGHT_INK if (row.category, player) in cells_moved else None)
                self._set(box, changed, bgcolor=HIGHLIGHT if (row.category, player) in cells_moved
                          else ft.Colors.SURFACE_CONTAINER_LOW)
