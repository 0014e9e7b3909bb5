"""How a Sunflower Valley card looks in the app: colour, Material icon, short name, symbols."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.sunflower_valley.models import Kind
from ui.sunflower_valley.editor_model import CellView
from ui.widgets import badge

# kind: (short name, icon, background, text colour)
LOOK: dict[Kind, tuple[str, ft.IconData, str, str]] = {
    Kind.STARTING_TOWN: ("Start", ft.Icons.CASTLE, "#6A1B9A", "#FFFFFF"),
    Kind.TOWN: ("Town", ft.Icons.HOUSE, "#C62828", "#FFFFFF"),
    Kind.FARMER: ("Farmer", ft.Icons.AGRICULTURE, "#827717", "#FFFFFF"),
    Kind.MOUNTAIN: ("Mount", ft.Icons.TERRAIN, "#5D4037", "#FFFFFF"),
    Kind.LAKE: ("Lake", ft.Icons.WATER, "#1565C0", "#FFFFFF"),
    Kind.FIELD: ("Field", ft.Icons.GRASS, "#FBC02D", "#212121"),
    Kind.SHEEP: ("Sheep", ft.Icons.PETS, "#C5E1A5", "#212121"),
    Kind.RAILROAD: ("Rail", ft.Icons.TRAIN, "#424242", "#FFFFFF"),
}
ROUTE_COLOUR = "#FF6F00"
PROBLEM_COLOUR = "#D50000"
STAR = "★"
VILLAGER = "☺"


def symbols(card: dict) -> str:
    """E.g. "3★ ☺☺": the points of the combination and the villager symbols."""
    parts = []
    if card.get("points"):
        parts.append(f"{card['points']}{STAR}")
    villagers = card.get("villagers") or 0
    if villagers:
        parts.append(VILLAGER * villagers if villagers <= 3 else f"{villagers}{VILLAGER}")
    return " ".join(parts)


def combination_text(card: dict) -> str:
    """E.g. "Sheep+Field"."""
    return "+".join(Kind(kind).label for kind in card.get("combination") or [])


def face(card: dict, size: float) -> ft.Control:
    name, icon, _, ink = LOOK[Kind(card["kind"])]
    small = max(9, round(size * 0.2))
    rows: list[ft.Control] = [ft.Icon(icon, size=round(size * 0.38), color=ink),
                              ft.Text(name, size=small, color=ink, no_wrap=True)]
    extra = symbols(card)
    if extra:
        rows.append(ft.Text(extra, size=small, color=ink, no_wrap=True))
    return ft.Column(rows, spacing=0, tight=True,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                     alignment=ft.MainAxisAlignment.CENTER)


def cell_control(
    view: CellView,
    size: float,
    on_click: Callable | None = None,
    identifier: str | None = None,
    dimmed: bool = False,
    highlighted: bool = False,
) -> ft.Control:
    card = view.card
    if card is None:
        content: ft.Control | None = (
            ft.Icon(ft.Icons.ADD, size=round(size * 0.3), color=ft.Colors.ON_SURFACE_VARIANT)
            if view.can_place and on_click else None
        )
        bgcolor = (ft.Colors.SURFACE_CONTAINER_HIGHEST if view.can_place
                   else ft.Colors.SURFACE_CONTAINER_LOW)
    else:
        content = face(card, size)
        bgcolor = LOOK[Kind(card["kind"])][2]
    if view.selected or highlighted:
        border = ft.Border.all(4, ft.Colors.ON_SURFACE if view.selected else "#00E5FF")
    elif view.problem:
        border = ft.Border.all(3, PROBLEM_COLOUR)
    elif view.on_route and card is not None:
        border = ft.Border.all(3, ROUTE_COLOUR)
    else:
        border = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)
    layers: list[ft.Control] = [ft.Container(content, alignment=ft.Alignment.CENTER,
                                             width=size, height=size)]
    if view.stop is not None:
        layers.append(badge(str(view.stop), ROUTE_COLOUR, left=1, top=1))
    if view.problem:
        layers.append(badge("!", PROBLEM_COLOUR, right=1, top=1))
    box = ft.Container(
        ft.Stack(layers, width=size, height=size),
        width=size,
        height=size,
        bgcolor=bgcolor,
        border=border,
        border_radius=6,
        on_click=on_click,
        opacity=0.3 if dimmed else 1.0,
        tooltip=view.problem,
    )
    return ft.Semantics(identifier=identifier, button=on_click is not None, content=box)


def grid_control(rows: list[list[CellView]], size: float, on_tap: Callable | None = None,
                 highlight: frozenset = frozenset(), prefix: str = "cell") -> ft.Control:
    """The valley as rows of cells; ``on_tap(cell)`` when the cells are tappable."""
    return ft.Column(
        [
            ft.Row(
                [
                    cell_control(
                        view,
                        size,
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
