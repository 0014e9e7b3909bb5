"""A tapped scorepad number explained where the eye is: the player and the line, each sentence,
the player's part with what the line used highlighted, every cited ruling in words, and a way to
the player's editor. On a phone it is a sheet over the scorepad; on a tablet it fills the side
panel."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import flet as ft

from scorer.core.breakdown import Line
from scorer.language import Language
from scorer.message import Message
from scorer.rulings import Ruling, ruling
from ui.parts.dialogs import close_dialog
from ui.screens.scorepad_model import Explanation, part_index
from ui.parts.widgets import labelled, tap_target


def cited_rulings(lines: Iterable[Line]) -> list[Ruling]:
    """The rulings the lines cite, each once, in the order first cited; an id the library does not
    know is shown as its id alone rather than dropped."""
    seen: dict[str, Ruling] = {}
    for line in lines:
        for ruling_id in line.rulings:
            if ruling_id not in seen:
                seen[ruling_id] = ruling(ruling_id) or Ruling(ruling_id, ruling_id, "", "")
    return list(seen.values())


def used_words(words: Language, used_parts: str) -> str:
    """What the highlight shows, for a game's ``used_parts`` ("cards", "spaces")."""
    if used_parts == "spaces":
        return words.say("ui.explanation.used_spaces",
                         "Highlighted: the spaces this line used.")
    return words.say("ui.explanation.used_cards", "Highlighted: the cards this line used.")


def open_part_words(words: Language, part_name: Message | str, name: str) -> str:
    """The way to a player's part of the table, for a game's ``part_name`` (its English word
    says which: a game names it with a message)."""
    if isinstance(part_name, Message):
        part_name = part_name.source
    if part_name == "board":
        return words.say("ui.explanation.open_board", "Open {name}'s board", name=name)
    if part_name == "cards and cubes":
        return words.say("ui.explanation.open_cards", "Open {name}'s cards and cubes", name=name)
    return words.say("ui.explanation.open_valley", "Open {name}'s valley", name=name)


def explanation_panel(context, session, explanation: Explanation, cell_size: float,
                      on_open: Callable[[], None] | None = None) -> ft.Control:
    """The explanation's content (the same on a phone's sheet and a tablet's panel)."""
    words = context.words
    game = session.game
    part = part_index(session, explanation.name, explanation.player)
    muted = ft.Colors.ON_SURFACE_VARIANT
    items: list[ft.Control] = [
        labelled("explanation-title", ft.Text(
            f"{explanation.name} · {explanation.label}: {explanation.points}", size=17,
            weight=ft.FontWeight.BOLD)),
    ]
    for index, line in enumerate(explanation.lines):
        cites = f" [{', '.join(line.rulings)}]" if line.rulings else ""
        items.append(labelled(f"explanation-line-{index}", ft.Text(
            f"{line.points:+d} · {line.detail}{cites}", size=14)))
    picture = game.preview(session, part, explanation.cells, cell_size,
                           context.words)
    if picture is not None:
        items.append(ft.Text(used_words(words, game.used_parts), size=12, color=muted))
        items.append(labelled("explanation-board",
                              ft.Row([picture], scroll=ft.ScrollMode.AUTO)))
    for cited in (found.in_language(words) for found in cited_rulings(explanation.lines)):
        items.append(labelled(f"explanation-ruling-{cited.id}", ft.Column([
            ft.Text(f"{cited.id} · {cited.title}", size=13, weight=ft.FontWeight.BOLD),
            ft.Text(cited.summary, size=13, color=muted),
        ], spacing=0)))

    def open_editor(e=None) -> None:
        if on_open is not None:
            on_open()
        context.focus = frozenset(explanation.cells)
        context.go(f"/table/{session.table_id}/valley/{part}")

    items.append(tap_target(
        ft.Row([ft.Icon(ft.Icons.EDIT, size=18),
                ft.Text(open_part_words(words, game.part_name, explanation.name), size=14)],
               tight=True),
        open_editor, "explanation-open"))
    return labelled("explanation", ft.Container(
        ft.Column(items, spacing=6), padding=10, border_radius=8,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    ))


def show_sheet(context, session, explanation: Explanation,
               on_dismiss: Callable[[], None]) -> None:
    """On a phone: the explanation in a sheet over the scorepad (dismissed by a tap outside it,
    a swipe down or its close button)."""
    def close(e=None) -> None:
        close_dialog(context.page)

    panel = explanation_panel(context, session, explanation, 34, on_open=close)
    sheet = ft.BottomSheet(
        content=ft.Container(ft.Column([
            ft.Row([tap_target(ft.Icon(ft.Icons.CLOSE), close, "explanation-close", width=48,
                               padding=0, tooltip=context.words.say("ui.common.close", "Close"))],
                   alignment=ft.MainAxisAlignment.END),
            panel,
        ], spacing=0, scroll=ft.ScrollMode.AUTO, tight=True), padding=8),
        scrollable=True, draggable=True, show_drag_handle=False,
        on_dismiss=lambda e: on_dismiss(),
    )
    context.page.show_dialog(sheet)
