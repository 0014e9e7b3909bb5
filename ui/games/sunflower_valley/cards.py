"""How a Sunflower Valley card looks in the app: colour, Material icon, short name, symbols."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.sunflower_valley.models import Kind
from scorer.message import Message, msg
from ui.games.sunflower_valley.editor_model import CellView
from ui.games.words import highlighted_name
from ui.parts.shades import INK, SHADE, Shade, in_shade
from ui.parts.widgets import HIGHLIGHT_BORDER, badge, highlight_mark
from ui.parts.words import app_language

# kind: (short name, icon, background, text colour); the short name fits a 44 px cell
LOOK: dict[Kind, tuple[Message, ft.IconData, str, str]] = {
    Kind.STARTING_TOWN: (msg("ui.sv.short.starting_town", "Start"), ft.Icons.CASTLE, "#6A1B9A",
                         "#FFFFFF"),
    Kind.TOWN: (msg("ui.sv.short.town", "Town"), ft.Icons.HOUSE, "#C62828", "#FFFFFF"),
    Kind.FARMER: (msg("ui.sv.short.farmer", "Farmer"), ft.Icons.AGRICULTURE, "#827717",
                  "#FFFFFF"),
    Kind.MOUNTAIN: (msg("ui.sv.short.mountain", "Mount"), ft.Icons.TERRAIN, "#5D4037",
                    "#FFFFFF"),
    Kind.LAKE: (msg("ui.sv.short.lake", "Lake"), ft.Icons.WATER, "#1565C0", "#FFFFFF"),
    Kind.FIELD: (msg("ui.sv.short.field", "Field"), ft.Icons.GRASS, "#FBC02D", "#212121"),
    Kind.SHEEP: (msg("ui.sv.short.sheep", "Sheep"), ft.Icons.PETS, "#C5E1A5", "#212121"),
    Kind.RAILROAD: (msg("ui.sv.short.railroad", "Rail"), ft.Icons.TRAIN, "#424242", "#FFFFFF"),
}
DARK: dict[Kind, tuple[str, str]] = {
    Kind.STARTING_TOWN: ("#4A148C", "#FFFFFF"),
    Kind.TOWN: ("#8E1B1B", "#FFFFFF"),
    Kind.FARMER: ("#4F4B0C", "#FFFFFF"),
    Kind.MOUNTAIN: ("#4E342E", "#FFFFFF"),
    Kind.LAKE: ("#0D3F7A", "#FFFFFF"),
    Kind.FIELD: ("#6B4F00", "#FFF8E1"),
    Kind.SHEEP: ("#2F5A1A", "#F1F8E9"),
    Kind.RAILROAD: ("#37373D", "#E0E0E0"),
}
"""kind: (background, text colour) in the dark theme: deep versions of LOOK's, light ink."""
DRAGGED = "sunflower-valley-card"
"""The drag group of the editor's cards: a palette or known card dragged onto a place."""
ROUTE_COLOUR = "#FF6F00"
PROBLEM_COLOUR = "#D50000"
STAR = "★"
VILLAGER = "☺"


def shade_of(kind: Kind) -> Shade:
    """A kind's card colours, light and dark (draw it in SHADE and INK inside in_shade)."""
    return Shade(LOOK[kind][2], LOOK[kind][3], *DARK[kind])


def symbols(card: dict) -> str:
    """E.g. "3★ ☺☺": the points of the combination and the villager symbols."""
    parts = []
    if card.get("points"):
        parts.append(f"{card['points']}{STAR}")
    villagers = card.get("villagers") or 0
    if villagers:
        parts.append(VILLAGER * villagers if villagers <= 3 else f"{villagers}{VILLAGER}")
    return " ".join(parts)


def combination_text(card: dict, words=None) -> str:
    """E.g. "Sheep+Field", in ``words`` (English by default)."""
    words = words or app_language("en")
    return "+".join(words.render(Kind(kind).word) for kind in card.get("combination") or [])


def short_name(kind: Kind, words) -> str:
    """The kind's name on a cell and in the palette, in ``words``: "Mount", "Rail"."""
    return words.render(LOOK[kind][0])


def face(card: dict, size: float, words, stop: int | None = None,
         highlighted: bool = False) -> ft.Control:
    """A card as the grid shows it. A Town or Farmer shows what its combination asks for, as
    small cards of those kinds, under its icon, points and villagers. An Express stop number and
    the mark of a card a scorepad line used take their own places in the top line, so they never
    hide any of that (in a corner the mark covered the name of a small card: "Feld" showed "d")."""
    kind = Kind(card["kind"])
    icon, ink = LOOK[kind][1], INK
    name = short_name(kind, words)
    small = max(9, round(size * 0.2))
    mark = max(12, min(16, round(size * 0.3)))
    top: list[ft.Control] = []
    if highlighted:
        top.append(highlight_mark(mark))
    if stop is not None:
        top.append(badge(str(stop), ROUTE_COLOUR, diameter=mark))
    top.append(ft.Icon(icon, size=round(size * (0.26 if card.get("combination") else 0.34)),
                       color=ink))
    combination = [Kind(asked) for asked in card.get("combination") or []]
    if not combination:
        rows: list[ft.Control] = [ft.Row(top, spacing=1, tight=True),
                                  ft.Text(name, size=small, color=ink, no_wrap=True)]
        extra = symbols(card)
        if extra:
            rows.append(ft.Text(extra, size=small, color=ink, no_wrap=True))
    else:
        if card.get("points"):
            top.append(ft.Text(f"{card['points']}{STAR}", size=small, color=ink, no_wrap=True,
                               weight=ft.FontWeight.BOLD))
        mini = max(11, round(size * 0.27))
        asked = [_mini_card(kind_asked, mini, words) for kind_asked in combination]
        villagers = card.get("villagers") or 0
        if villagers:
            asked.append(ft.Text(VILLAGER * villagers if villagers <= 2
                                 else f"{villagers}{VILLAGER}", size=small, color=ink,
                                 no_wrap=True))
        per_line = 2 if size < 56 else 3
        rows = [ft.Row(top, spacing=1, tight=True)] + [
            ft.Row(asked[start:start + per_line], spacing=1, tight=True)
            for start in range(0, len(asked), per_line)
        ]
    return ft.Column(rows, spacing=1, tight=True,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                     alignment=ft.MainAxisAlignment.CENTER)


def _mini_card(kind: Kind, size: int, words) -> ft.Control:
    """A kind a combination asks for: a small card of its colour with its icon."""
    return in_shade(shade_of(kind), ft.Container(
        ft.Icon(LOOK[kind][1], size=size - 3, color=INK), width=size, height=size, bgcolor=SHADE,
        border_radius=3, alignment=ft.Alignment.CENTER, border=ft.Border.all(1, INK),
        tooltip=words.render(kind.word)))


def cell_name(view: CellView, words, highlighted: bool = False) -> str:
    """What a screen reader says for a cell before the card's own words: its place and what lies
    there, e.g. "row 2, column 3: Sheep" or "row 1, column 4: free place", and ", highlighted"
    after a cell a scorepad line used."""
    if view.card is not None:
        name = words.say("ui.sv.cell.card", "{place}: {kind}", place=view.place,
                         kind=Kind(view.card["kind"]).word)
    elif view.can_place:
        name = words.say("ui.sv.cell.free", "{place}: free place", place=view.place)
    else:
        name = words.say("ui.sv.cell.empty", "{place}: empty", place=view.place)
    return highlighted_name(name, words) if highlighted else name


def cell_control(
    view: CellView,
    size: float,
    words,
    on_click: Callable | None = None,
    identifier: str | None = None,
    dimmed: bool = False,
    highlighted: bool = False,
    on_drop: Callable | None = None,
) -> ft.Control:
    """A place of the grid; ``on_drop(event)`` when a card dragged from the editor's palette
    (group :data:`DRAGGED`) is let go on it."""
    card = view.card
    if card is None:
        # Every free place takes a card (a valley is entered as it lies, in any order); those
        # beside a card are shaded, as the valley grows there.
        content: ft.Control | None = ft.Icon(ft.Icons.ADD, size=round(size * 0.3)) \
            if on_click else None
    else:
        content = face(card, size, words, view.stop, highlighted)
    layers: list[ft.Control] = [ft.Container(content, alignment=ft.Alignment.CENTER,
                                             width=size, height=size)]
    if view.problem:
        layers.append(badge("!", PROBLEM_COLOUR, right=1, top=1))
    if highlighted and card is None:
        layers.append(highlight_mark(left=1, bottom=1))
    picture: ft.Control = ft.Stack(layers, width=size, height=size)
    if card is not None:
        picture = in_shade(shade_of(Kind(card["kind"])),
                           ft.Container(picture, bgcolor=SHADE, border_radius=5))
    if on_drop is not None:
        picture = ft.DragTarget(picture, group=DRAGGED, on_accept=on_drop)
    box = ft.Container(picture, width=size, height=size, border_radius=6, on_click=on_click)
    cell = ft.Semantics(identifier=identifier, button=on_click is not None, content=box,
                        data=_picture_of(view, size, on_click, highlighted))
    _frame(cell, view, words, dimmed, highlighted)
    return cell


def restyle_cell(cell: ft.Control, view: CellView, size: float, words,
                 on_click: Callable | None = None, dimmed: bool = False,
                 highlighted: bool = False) -> bool:
    """Bring a kept cell (made by :func:`cell_control`) to ``view`` by setting its properties,
    when only its frame changed (its border, shade, mark's colour, name: a card selected, a place
    beside a new card), so only those are sent; False when its picture changed and it must be
    made anew."""
    if cell.data != _picture_of(view, size, on_click, highlighted):
        return False
    _frame(cell, view, words, dimmed, highlighted)
    return True


def _picture_of(view: CellView, size: float, on_click, highlighted: bool) -> tuple:
    """What a cell's picture shows, kept in its ``data`` (never sent to the browser)."""
    card = None if view.card is None else repr(sorted(view.card.items()))
    return card, view.stop, size, bool(view.problem), highlighted, on_click is not None


def _frame(cell: ft.Control, view: CellView, words, dimmed: bool, highlighted: bool) -> None:
    """Set what lies around a cell's picture: its border, shade and name (and a free place's
    mark's colour), as :func:`restyle_cell` changes them in place."""
    card = view.card
    box = cell.content
    if view.selected or highlighted:
        border = ft.Border.all(4, ft.Colors.ON_SURFACE if view.selected else HIGHLIGHT_BORDER)
    elif view.problem:
        border = ft.Border.all(3, PROBLEM_COLOUR)
    elif view.on_route and card is not None:
        border = ft.Border.all(3, ROUTE_COLOUR)
    else:
        border = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)
    box.border = border
    box.opacity = 0.3 if dimmed else 1.0
    box.tooltip = view.problem
    if card is None:
        box.bgcolor = (ft.Colors.SURFACE_CONTAINER_HIGHEST if view.can_place
                       else ft.Colors.SURFACE_CONTAINER_LOW)
        picture = box.content
        if isinstance(picture, ft.DragTarget):
            picture = picture.content
        mark = picture.controls[0].content
        if mark is not None:
            mark.color = (ft.Colors.ON_SURFACE_VARIANT if view.can_place
                          else ft.Colors.OUTLINE_VARIANT)
    cell.label = cell_name(view, words, highlighted) if view.place else None


def grid_control(rows: list[list[CellView]], size: float, words, on_tap: Callable | None = None,
                 highlight: frozenset = frozenset(), prefix: str = "cell") -> ft.Control:
    """The valley as rows of cells; ``on_tap(cell)`` when the cells are tappable."""
    return ft.Column(
        [
            ft.Row(
                [
                    cell_control(
                        view,
                        size,
                        words,
                        (lambda e, cell=view.cell: on_tap(cell)) if on_tap else None,
                        f"{prefix}-{view.cell[0]}-{view.cell[1]}",
                        dimmed=bool(highlight) and view.card is not None
                        and view.cell not in highlight,
                        highlighted=view.cell in highlight,
                    )
                    for view in row
                ],
                spacing=2,
                tight=True,
            )
            for row in rows
        ],
        spacing=2,
        tight=True,
    )
