"""Small Flet building blocks shared by the screens: tap targets of at least 48 px, labels."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import flet as ft

from scorer.language import DEFAULT, Language, language
from ui.live.session import NOT_SAVED

TOUCH = 48
"""Smallest side of anything tapped, in logical pixels (at least the 44 px guideline)."""
WARNING_BG = "#FFB300"
WARNING_INK = "#000000"
"""The warning colour (amber) and its ink: 10:1 contrast, the same in the light and dark themes."""
PROBLEM = ft.Colors.ERROR
"""The ink of what is not scored until fixed (the theme's, readable light or dark)."""


def tap_target(
    content: ft.Control | str,
    on_click: Callable | None,
    identifier: str | None = None,
    *,
    bgcolor: str | None = None,
    color: str | None = None,
    selected: bool = False,
    width: float | None = None,
    height: float | None = TOUCH,
    padding: int = 10,
    border_color: str | None = None,
    tooltip: str | None = None,
    action: ft.ClientAction | None = None,
) -> ft.Control:
    """A tappable box; ``identifier`` becomes ``flt-semantics-identifier`` for the browser tests;
    ``action`` is done by the browser within the tap (a file picker opens only then)."""
    if isinstance(content, str):
        content = ft.Text(content, size=15, color=color, no_wrap=True)
    if width is None and height is not None:
        # A column of the box's height centres the content without stretching the box sideways.
        content = ft.Column([content], alignment=ft.MainAxisAlignment.CENTER, spacing=0)
    box = ft.Container(
        content=content,
        on_click=on_click,
        bgcolor=bgcolor,
        width=width,
        height=height,
        padding=ft.Padding.symmetric(horizontal=padding, vertical=0 if height else 10),
        alignment=ft.Alignment.CENTER if width is not None else None,
        border_radius=8,
        border=target_border(selected, border_color),
        ink=on_click is not None,
        tooltip=tooltip,
        action=action,
    )
    return ft.Semantics(identifier=identifier, button=on_click is not None, content=box)


def target_border(selected: bool, colour: str | None = None) -> ft.Border:
    """A tap target's border: thick when it is the one chosen (a mode, a tool in use)."""
    return ft.Border.all(3 if selected else 1, colour or (
        ft.Colors.ON_SURFACE if selected else ft.Colors.OUTLINE_VARIANT))


def wrapping_target(icon: ft.IconData | None, text: str, on_click: Callable | None,
                    identifier: str, size: int = 15, **options) -> ft.Control:
    """A tap target showing an icon (or none) and a text that goes on a second line rather than
    past the screen's edge when it is too long (large text, long German words); at least 48 px
    tall (a row at least 24 px tall, 2 + 10 px above and below)."""
    lead = ft.Icon(icon) if icon is not None else ft.Container(width=0, height=24)
    return tap_target(
        ft.Container(ft.Row([lead, ft.Text(text, size=size, expand=True, expand_loose=True)],
                            tight=True, spacing=8 if icon is not None else 0),
                     padding=ft.Padding.symmetric(vertical=2)),
        on_click, identifier, height=None, **options)


def labelled(identifier: str, control: ft.Control) -> ft.Control:
    """A control with a stable handle for the browser tests."""
    return ft.Semantics(identifier=identifier, content=control)


WARNINGS_SHOWN = 2
"""Warnings shown before "N more" (six players' card counts would push the scorepad away)."""


def english() -> Language:
    """The words of a widget not told the device's language (until every caller tells it)."""
    return language(DEFAULT)


class WarningBox:
    """Warnings (a valley's card count...) in the warning colour, one line each; past the first
    few, a tap shows the rest (said in ``words``). Kept for the life of a screen: its lines'
    words change in place and lines come and go as the warnings do (:meth:`show`), so a card
    count that moves sends its line alone, and a warning that comes sends its line, not a new
    box (a new box cost every phone watching the scorepad more of the server's time than all
    the rest of its redraw, at each edit that changed how many warnings there were)."""

    def __init__(self, identifier: str, messages: tuple[str, ...] | list[str],
                 words: Language | None = None):
        self.words = words or english()
        self.lines: list[ft.Row] = []
        """One a warning: its icon, then its words."""
        self.expanded = False
        """Every line shown: the player asked for the rest with a tap."""
        self._shown = 0
        """How many lines are on the page (the first ones)."""
        self._more_text = ft.Text(size=13, color=WARNING_INK, weight=ft.FontWeight.BOLD)
        self._more = tap_target(self._more_text, self._show_all, f"{identifier}-more",
                                border_color=WARNING_INK)
        self._column = ft.Column(spacing=4)
        self.root = labelled(identifier, ft.Container(self._column, bgcolor=WARNING_BG,
                                                      border_radius=8, padding=8))
        self.show(messages)

    @property
    def texts(self) -> list[ft.Text]:
        """Each line's words."""
        return [line.controls[1] for line in self.lines]

    def show(self, messages: tuple[str, ...] | list[str]) -> list[ft.Control]:
        """Say ``messages``, one a line: the lines kept say their new words, a line is added
        for each new message and the last ones go when there are fewer. What to send: the
        lines on the page whose words changed and "N more" when its number did, or the list
        of lines when it changed (which sends them all)."""
        reworded = []
        for number, (text, message) in enumerate(zip(self.texts, messages)):
            if text.value != message:
                text.value = message
                reworded.append(number)
        del self.lines[len(messages):]
        self.lines += [ft.Row([ft.Icon(ft.Icons.WARNING_AMBER, size=18, color=WARNING_INK),
                               ft.Text(message, size=13, color=WARNING_INK, expand=True)],
                              vertical_alignment=ft.CrossAxisAlignment.START)
                       for message in messages[len(self.lines):]]
        more = self._more_text.value
        if self._arrange():
            return [self._column]
        texts = self.texts
        changed: list[ft.Control] = [texts[number] for number in reworded
                                     if number < self._shown]
        if self._more_text.value != more and self._shown < len(self.lines):
            changed.append(self._more_text)
        return changed

    def _arrange(self) -> bool:
        """Put the lines to show in the box, then "N more" when some are left out; whether
        the box's list of lines changed."""
        hidden = 0 if self.expanded else max(0, len(self.lines) - WARNINGS_SHOWN)
        self._shown = len(self.lines) - hidden
        shown: list[ft.Control] = list(self.lines[:self._shown])
        if hidden:
            self._more_text.value = self.words.say_n(
                "ui.widgets.more_warnings", "{count} more warning", "{count} more warnings",
                hidden)
            shown.append(self._more)
        if same_controls(self._column.controls, shown):
            return False
        self._column.controls = shown
        return True

    def _show_all(self, e=None) -> None:
        self.expanded = True
        self._arrange()


def warning_mark(text: str, words: Language | None = None) -> ft.Container:
    """A small mark in the warning colour, read out as "Warning: 17/18". Without a handle of its
    own, so that inside a tap target (a player's tab) its words join the target's name: a node of
    its own would be text inside the target that its name does not hold (axe-core:
    label-content-name-mismatch)."""
    return ft.Container(
        ft.Text(text, size=12, color=WARNING_INK, weight=ft.FontWeight.BOLD,
                semantics_label=warning_said(text, words)),
        bgcolor=WARNING_BG, border_radius=8, padding=ft.Padding.symmetric(horizontal=6))


def warning_said(text: str, words: Language | None = None) -> str:
    """What a screen reader says for a warning mark showing ``text``: "Warning: 17/18"."""
    return (words or english()).say("ui.widgets.warning", "Warning: {text}", text=text)


def selectable_text(text: str, **style) -> ft.Text:
    """A text a person can select and copy; named by itself for a screen reader (Flutter's
    tree shows it as a read-only text field, which has no name of its own)."""
    return ft.Text(text, selectable=True, semantics_label=text, **style)


def heading(text: str, size: int = 20) -> ft.Text:
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD)


class Memo:
    """Keeps a built control while its key is unchanged, so a redraw sends the browser only what
    changed (Flet sends the differences between the old and the new tree)."""

    def __init__(self):
        self._key: object = object()
        self._control: ft.Control | None = None

    def get(self, key: object, build: Callable[[], ft.Control]) -> ft.Control:
        if self._control is None or key != self._key:
            self._control = build()
            self._key = key
        return self._control


class Slot:
    """A fixed place in a screen for a part that is built anew now and then (a Memo's
    control): the screen's list of controls never changes, and a new part is sent to the
    browser by updating this place alone."""

    def __init__(self):
        self.box = ft.Container()
        self._given: ft.Control | None = None
        """The control last put here, which the box may not hold (see :meth:`put`)."""

    def put(self, control: ft.Control | None, changed: list[ft.Control]) -> ft.Control:
        """Hold ``control`` (None: nothing); when it is a new one, add this place to
        ``changed``. A new control equal in every property to the one shown is not taken: Flet
        keeps the control it holds when the new value compares equal, and the screen already
        shows the same; nothing is sent, now or at the next redraw (a memo's new part would
        otherwise be sent again at every redraw)."""
        if control is not self._given:
            self._given = control
            if self.box.content is not control:
                self.box.content = control
                if self.box.content is control:
                    changed.append(self.box)
        return self.box


def same_controls(first: list, second: list) -> bool:
    """Whether two lists hold the very same control objects (controls compare by value)."""
    return len(first) == len(second) and all(a is b for a, b in zip(first, second))


Place = tuple[object, object, Callable[[ft.Control | None], ft.Control]]
"""A cell of a :class:`KeptGrid`: its place, its look (what it shows, compared) and how to draw
it, given its control as last drawn (None: the first time): that control with properties set
to the new look, or a new control."""


class KeptGrid:
    """A grid of places in rows, each row a label and its places, that keeps every row and every
    place's box: a place whose look changed has its control's properties set or gets a new
    control in its box, and a redraw sends only those controls or boxes (each on its own), or a
    row whose places or label changed; an unchanged grid sends nothing."""

    def __init__(self, gap: int):
        self.gap = gap
        self.column = ft.Column(spacing=gap, tight=True)
        """The grid on screen: the header, then the rows."""
        self.rows: dict[object, ft.Row] = {}
        self.cells: dict[object, tuple[object, ft.Control]] = {}
        """Each place's look and control, as last drawn."""
        self.boxes: dict[object, ft.Container] = {}
        """Each place's box on screen, which holds its control."""

    def draw(self, header: ft.Control, rows: Iterable[tuple[object, ft.Control, list[Place]]],
             changed: list[ft.Control]) -> None:
        """Draw the ``header`` then the ``rows`` (each its key, its label and its places),
        drawing again only the places whose look changed; add to ``changed`` their controls
        (when set in place) or boxes (when new), or their row when it changed too or most of its
        places did (one message rather than many, as when the cells change size), and the grid
        when its rows changed."""
        cells, boxes = {}, {}
        drawn: list[ft.Control] = [header]
        for key, label, places in rows:
            controls = [label]
            renewed = []
            for place, look, build in places:
                kept = self.cells.get(place)
                box = self.boxes.get(place)
                if box is None:
                    box = ft.Container(build(None))
                elif kept[0] != look:
                    control = build(kept[1])
                    if control is not kept[1]:
                        box.content = control
                    renewed.append(box if control is not kept[1] else control)
                cells[place] = (look, box.content)
                boxes[place] = box
                controls.append(box)
            row = self.rows.get(key)
            if row is None:
                row = self.rows[key] = ft.Row(controls, spacing=self.gap, tight=True)
            elif not same_controls(row.controls, controls):
                row.controls = controls
                changed.append(row)
            elif 2 * len(renewed) > len(places):
                changed.append(row)
            else:
                changed += renewed
            drawn.append(row)
        self.cells, self.boxes = cells, boxes
        if not same_controls(self.column.controls, drawn):
            self.column.controls = drawn
            changed.append(self.column)


PROBLEM_TEXT = PROBLEM


def editor_header(total: ft.Control, under: ft.Control, on_undo: Callable,
                  on_redo: Callable, words: Language | None = None) -> ft.Control:
    """The top of a player's editor: their total, a line under it, undo and redo."""
    words = words or english()
    return ft.Row(
        [
            ft.Column([total, under], spacing=0, expand=True),
            tap_target(ft.Icon(ft.Icons.UNDO), on_undo, "undo", width=TOUCH, padding=0,
                       tooltip=words.say("ui.widgets.undo", "Undo the last edit of this table")),
            tap_target(ft.Icon(ft.Icons.REDO), on_redo, "redo", width=TOUCH, padding=0,
                       tooltip=words.say("ui.widgets.redo", "Redo")),
        ],
        spacing=6,
    )


def problem_list(messages: list[str], words: Language | None = None) -> ft.Control:
    """What an editor leaves out of the score until it is fixed, in words (nothing if none)."""
    if not messages:
        return ft.Container(height=0)
    words = words or english()
    return labelled("problems", ft.Column(
        [ft.Text(words.say("ui.widgets.not_scored", "Not scored until fixed:"), size=14,
                 weight=ft.FontWeight.BOLD,
                 color=PROBLEM_TEXT)]
        + [ft.Text(f"! {message}", size=14, color=PROBLEM_TEXT) for message in messages],
        spacing=2,
    ))


HIGHLIGHT_MARK = "✓"
HIGHLIGHT_MARK_BG = "#006064"
"""A highlighted cell's mark (white on dark cyan, 7:1): the cells a line used differ from the
dimmed ones by a shape as well as by colour, border and brightness."""
HIGHLIGHT_BORDER = "#00E5FF"
"""A highlighted cell's border (4 px, at least 3:1 against every card and space in the dark
theme)."""


def highlight_mark(diameter: int = 16, **place) -> ft.Control:
    """The mark of a highlighted cell (``place``: its corner in a Stack, as for :func:`badge`;
    none when it sits in a row of the cell's face)."""
    return badge(HIGHLIGHT_MARK, HIGHLIGHT_MARK_BG, diameter, **place)


def badge(text: str, colour: str, diameter: int = 16, **place) -> ft.Control:
    """A small round mark, ``diameter`` px, in a corner of a cell (``place``: left/right/top/
    bottom of a Stack) or in a row."""
    return ft.Container(
        ft.Text(text, size=round(diameter * 0.62), color=ft.Colors.WHITE,
                weight=ft.FontWeight.BOLD),
        bgcolor=colour, width=diameter, height=diameter, border_radius=diameter / 2,
        alignment=ft.Alignment.CENTER, **place,
    )


class SaveMark:
    """Under a screen's title, whether the table's values shown are all on disk: "Saving…"
    while an edit is not yet, "Not saved" after a save failed (the editors say why), else
    nothing. A line of fixed height, so the screen never moves when it comes and goes."""

    def __init__(self, session, words: Language | None = None):
        self.session = session
        self.words = words or english()
        self.text = ft.Text("", size=11, no_wrap=True)
        self.root = labelled("save-state", ft.Container(self.text, height=14))

    def show(self) -> list[ft.Control]:
        """Bring it up to the session; the Text when it changed (to send), else nothing."""
        state = self.session.save_state
        if state:
            self.session.marked = True
        said = (self.words.say("ui.save.not_saved", "Not saved") if state == NOT_SAVED else
                self.words.say("ui.save.saving", "Saving…") if state else "")
        if self.text.value == said:
            return []
        self.text.value = said
        self.text.color = PROBLEM if state == NOT_SAVED else ft.Colors.ON_SURFACE_VARIANT
        return [self.text]
