"""How a Girasoles board looks in the app: colours told apart by shade and by their letter (for
colour-blind players), symbols as Material icons (the web client draws them; no font needed)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.girasoles.models import SPACE_NAMES, SYMBOL_NAMES, Colour, Symbol
from scorer.message import place
from ui.games.girasoles.editor_model import BoardEditor, SpaceView
from ui.games.words import highlighted_name
from ui.parts.shades import INK, SHADE, Shade, in_shade
from ui.parts.widgets import HIGHLIGHT_BORDER, badge, highlight_mark

# Shades differ in lightness as well as hue (light and dark), so that red and green stay apart
# for red-green colour blindness; every space also shows its letter.
SHADES: dict[Colour, Shade] = {
    Colour.BLUE: Shade("#1565C0", "#FFFFFF", "#0D47A1", "#FFFFFF"),
    Colour.GREEN: Shade("#66BB6A", "#102A12", "#2E6B31", "#FFFFFF"),
    Colour.RED: Shade("#B71C1C", "#FFFFFF", "#7F0F0F", "#FFFFFF"),
    Colour.YELLOW: Shade("#FFD54F", "#3E2723", "#7A5A00", "#FFF8E1"),
}
EMPTY = Shade("#F5F5F5", "#616161", "#2B2930", "#BDBDBD")
"""A space with no colour (its ink names the palette's Empty and draws a symbol waiting for
its colour)."""
ICONS: dict[Symbol, ft.IconData] = {
    Symbol.SUNFLOWER: ft.Icons.LOCAL_FLORIST,
    Symbol.BEE: ft.Icons.EMOJI_NATURE,
    Symbol.LEAF: ft.Icons.ECO,
    Symbol.LADYBUG: ft.Icons.BUG_REPORT,
}
PROBLEM_COLOUR = "#D50000"


def shade(colour: Colour | None) -> Shade:
    return SHADES[colour] if colour else EMPTY


def describe(view: SpaceView, words) -> str:
    """Words for a space, with its place as the scorepad names it: e.g. "row 3, column 2:
    yellow bee" or "row 1, column 1: empty" (what a screen reader says for it), in ``words``."""
    where = place(*view.cell)
    if view.colour is not None:
        return words.say("ui.gi.space.named", "{place}: {space}", place=where,
                         space=SPACE_NAMES[(view.colour, view.symbol)])
    if view.symbol is not None:
        return words.say("ui.gi.space.no_colour", "{place}: no colour {symbol}", place=where,
                         symbol=SYMBOL_NAMES[view.symbol])
    return words.say("ui.gi.space.empty", "{place}: empty", place=where)


def space_control(view: SpaceView, size: float, words, on_click: Callable | None = None,
                  identifier: str | None = None, highlighted: bool = False,
                  dimmed: bool = False, text_scale: float = 1.0) -> ft.Control:
    """A board space of ``size`` px. ``text_scale`` is how large the browser draws text (see
    ``AppContext.text_scale``): the colour's letter is drawn at the same size whatever it is,
    as the space and its symbol are (at 200% it crowded the symbol)."""
    layers: list[ft.Control] = []
    if view.symbol is not None:
        layers.append(ft.Container(ft.Icon(ICONS[view.symbol], size=round(size * 0.55),
                                           color=INK),
                                   alignment=ft.Alignment.CENTER, width=size, height=size))
    if view.colour is not None:
        layers.append(ft.Container(
            ft.Text(view.colour.letter, size=max(9, round(size * 0.22)) / text_scale, color=INK,
                    weight=ft.FontWeight.BOLD),
            right=3, bottom=1,
        ))
    if view.problem:
        layers.append(badge("!", PROBLEM_COLOUR, right=1, top=1))
    if highlighted:
        layers.append(highlight_mark(left=1, bottom=1))
        border = ft.Border.all(4, HIGHLIGHT_BORDER)
    elif view.problem:
        border = ft.Border.all(3, PROBLEM_COLOUR)
    else:
        border = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT if view.colour is None
                               else ft.Colors.SURFACE)
    box = ft.Container(
        # The space's shade is drawn inside, in the device's theme.
        in_shade(shade(view.colour), ft.Container(ft.Stack(layers, width=size, height=size),
                                                  bgcolor=SHADE, border_radius=3)),
        width=size,
        height=size,
        border=border,
        border_radius=4,
        on_click=on_click,
        opacity=0.3 if dimmed else 1.0,
        tooltip=view.problem,
    )
    return ft.Semantics(identifier=identifier, button=on_click is not None,
                        label=highlighted_name(describe(view, words), words) if highlighted
                        else describe(view, words),
                        content=box)


def axis_label(text: str, width: float, height: float, text_scale: float = 1.0) -> ft.Control:
    """A row's or column's number in a box of the board's grid, drawn at the same size whatever
    the browser's ``text_scale`` (the box keeps its size: a larger number was cut)."""
    return ft.Container(ft.Text(text, size=11 / text_scale, color=ft.Colors.ON_SURFACE_VARIANT),
                        width=width, height=height, alignment=ft.Alignment.CENTER)


def board_control(rows: list[list[SpaceView]], size: float, words,
                  highlight: frozenset = frozenset(), prefix: str = "preview") -> ft.Control:
    """A read-only board with numbered rows and columns; ``highlight`` marks spaces, the others
    are dimmed."""
    gap = 2
    numbers = ft.Row([axis_label("", 14, 14)] + [axis_label(str(col), size, 14)
                                                 for col in range(1, len(rows[0]) + 1)],
                     spacing=gap, tight=True)
    lines: list[ft.Control] = [numbers]
    for line in rows:
        lines.append(ft.Row(
            [axis_label(str(line[0].cell[0]), 14, size)] + [
                space_control(view, size, words,
                              identifier=f"{prefix}-{view.cell[0]}-{view.cell[1]}",
                              highlighted=view.cell in highlight,
                              dimmed=bool(highlight) and view.cell not in highlight)
                for view in line
            ],
            spacing=gap, tight=True,
        ))
    return ft.Column(lines, spacing=gap, tight=True)


def preview(session, player: int, highlight: frozenset, size: float, words) -> ft.Control:
    """The player's board, read-only, with the spaces a scorepad line counted highlighted; its
    spaces a little larger than ``size`` when the board is small enough to fit a phone."""
    grid = BoardEditor(session, player, words).grid()
    return board_control(grid, max(size, min(44, 300 / len(grid[0]))), words, highlight)
