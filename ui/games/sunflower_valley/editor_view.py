"""The valley editor (Flet): palette, grid, selection bar, Express mode, the Town/Farmer picker.

Every handler calls :class:`ValleyEditor` and redraws; nothing here decides what a tap means.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from scorer.sunflower_valley.lines import CARD_ROWS
from scorer.sunflower_valley.models import CardDescription, Kind, joined_by_plus
from ui.games.sunflower_valley.cards import (
    DRAGGED, LOOK, cell_control, combination_text, grid_control, restyle_cell, shade_of,
    short_name, symbols,
)
from ui.games.sunflower_valley.editor_model import (
    DESCRIBED_KINDS, PALETTE, DescriptionDraft, ValleyEditor,
)
from ui.games.sunflower_valley import draft as edits
from ui.live.editing import (
    NamesChanges, ShowsTotal, UndoesTable, label_undo_buttons, set_props, show_tap, take_focus,
)
from ui.parts.dialogs import close_dialog, open_dialog
from ui.parts.shades import INK, SHADE, in_shade
from ui.parts.widgets import (
    TOUCH, KeptGrid, Memo, Slot, editor_header, labelled, problem_list, same_controls,
    tap_target, target_border, wrapping_target,
)


GAP = 2
"""Between cells of the grid."""
AXIS = 18
"""Width of the row labels."""
FIT_SMALLEST = 14
"""The smallest cell when the player fits a wide valley on screen."""
OFFERS_HEIGHT = TOUCH + 12
"""The line of known cards: a chip's height and, under it, room for the bar of a row that
scrolls sideways (the bar drawn over a chip hid its words)."""


def edges(words) -> tuple[tuple[str, ft.IconData, str], ...]:
    """The grid's edges: where it grows, the arrow, and the button's name."""
    return (("top", ft.Icons.NORTH, words.say("ui.sv.grid.add_top", "Add a row above")),
            ("left", ft.Icons.WEST, words.say("ui.sv.grid.add_left", "Add a column on the left")),
            ("right", ft.Icons.EAST, words.say("ui.sv.grid.add_right",
                                               "Add a column on the right")),
            ("bottom", ft.Icons.SOUTH, words.say("ui.sv.grid.add_bottom", "Add a row below")))


class ValleyEditorView(NamesChanges, ShowsTotal, UndoesTable):
    def __init__(self, context, session, player: int):
        self.context = context
        self.session = session
        self.words = context.words
        self.model = ValleyEditor(self.session, player, self.words)
        self.focus = take_focus(context)
        """The cards a scorepad line used, highlighted until the next tap on the grid."""
        if self.focus:
            self.model.message = self.words.say("ui.sv.highlighted",
                                                "Highlighted: the cards the scorepad line used.")
        self.fit = False
        """The whole grid on screen in smaller cells, asked by the player."""
        self._left_picker: DescriptionPicker | None = None
        """The last new card's picker, whose draft the next one goes on with if it was left."""
        self.root = ft.Column(spacing=8)
        self._build()
        self.render()
        self.changed_parts()  # the first drawing goes with the page's

    @property
    def grid_width(self) -> float:
        """The width the grid's cells have on screen, beside the row labels."""
        return self.context.width - 24 - (450 if self.context.wide else 0) - AXIS - GAP

    @property
    def columns(self) -> int:
        top, bottom, left, right = self.model.bounds()
        return right - left + 1

    @property
    def cell_size(self) -> int:
        """As large as fits the screen's width (up to 64 px), never under the 44 px of a touch
        target: a wider valley scrolls sideways, unless the player asked to fit it on screen."""
        columns = self.columns
        fitted = (self.grid_width - GAP * (columns - 1)) / columns
        return int(max(FIT_SMALLEST if self.fit else 44, min(64, fitted)))

    def sight_text(self) -> str:
        """Whether the whole grid is in sight, and how to see the rest when it is not."""
        columns, size = self.columns, self.cell_size
        in_sight = min(columns, int((self.grid_width + GAP) // (size + GAP)))
        if in_sight < columns:
            if self.fit:
                return self.words.say("ui.sv.sight.part_fitted", "{count} of {total} columns in "
                                      "sight: swipe the grid sideways to see the rest.",
                                      count=in_sight, total=columns)
            return self.words.say("ui.sv.sight.part", "{count} of {total} columns in sight: "
                                  "swipe the grid sideways to see the rest, or tap Fit to see it "
                                  "whole.", count=in_sight, total=columns)
        if self.fit and size < 44:
            return self.words.say("ui.sv.sight.whole", "The whole grid is in sight, in small "
                                  "cells: tap Fit again for larger ones.")
        return ""

    def render(self) -> None:
        """Redraw, reusing every part whose content did not change; :meth:`changed_parts`
        then names the parts to send."""
        model = self.model
        session = self.session
        changed = self._changed
        status = model.card_count_text()
        if session.save_error:
            status += f" · {session.save_error}"
        set_props(self._total, changed, value=model.total_text())
        set_props(self._count, changed, value=status)
        set_props(self._message, changed, value=model.message)
        label_undo_buttons(self._header, session, self.words, changed)
        if model.express_mode:
            panel = self._panel.get(("express", model.route(), model.valley.get("express_stops")),
                                    self._express_panel)
        else:
            search = self._search.value or ""
            offers = model.offers(search)
            # The known cards keep their place and height whether any is known or not: a Town
            # described on another phone must not push this phone's grid down (issue 32).
            set_props(self._search, changed, disabled=not offers and not search)
            self._offers_slot.put(self._offers_memo.get(
                (model.brush, tuple(offers), tuple(model.catalogue()), bool(search)),
                lambda: self._offers(offers, bool(search))), changed)
            parts = [
                self._palette_memo.get(model.brush, self._palette),
                self._search_part,
                self._offers_slot.box,
            ]
            if not same_controls(self._cards_panel.controls, parts):
                self._cards_panel.controls = parts
                changed.append(self._cards_panel)
            panel = self._cards_panel
        selected = model.selected_card
        self._slots[0].put(self._modes_memo.get(model.express_mode, self._modes), changed)
        self._slots[1].put(panel, changed)
        self._slots[2].put(self._grid_tools.get((self.fit, self.sight_text()), self._grid_bar),
                           changed)
        self._show_selection(selected)
        if not model.express_mode:
            known = tuple(model.catalogue())
            self._slots[5].put(self._described_memo.get((model.brush, known),
                                                        self._described_tools), changed)
        else:
            self._slots[5].put(self._no_described, changed)
        self._slots[4].put(self._problem_list.get(tuple(p.in_words(self.words)
                                                        for p in model.problems),
                                                  self._problems), changed)
        self._draw_grid()

    def _build(self) -> None:
        """The parts that stay for the life of the editor."""
        self._total = ft.Text(size=17, weight=ft.FontWeight.BOLD)
        self._count = ft.Text(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self._message = ft.Text(size=14)
        self._message_handle = labelled("editor-message", self._message)
        self._header = editor_header(labelled("player-total", self._total),
                                     labelled("card-count", self._count), self._undo, self._redo)
        self._undo_button, self._redo_button = self._header.controls[1:]
        self._grid_tools = Memo()
        self._grid = KeptGrid(GAP)
        self._grid_scroller = ft.Row([ft.Column([self._grid.column], scroll=ft.ScrollMode.AUTO)],
                                     scroll=ft.ScrollMode.AUTO)
        self._row_labels: dict[int, Memo] = {}
        self._column_labels = Memo()
        self._panel = Memo()
        self._palette_memo = Memo()
        self._offers_memo = Memo()
        self._offers_slot = Slot()
        self._cards_panel = ft.Column(spacing=6)
        # Kept for the life of the editor, so typing in it is never interrupted by a redraw.
        self._search = ft.TextField(
            hint_text=self.words.say("ui.sv.search.hint", "sheep 3"), dense=True, text_size=14, width=150,
            prefix_icon=ft.Icons.SEARCH, border=ft.OutlineInputBorder(),
            on_change=lambda e: self._redraw())
        self._search_part = ft.Row([
            labelled("described-search", self._search),
            ft.Text(self.words.say("ui.sv.search.about", "Known cards, this table's then the "
                                   "deck's: tap one, then a place."),
                    size=12, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
        ], spacing=8)
        self._modes_memo = Memo()
        self._selection_bar = self._kept_selection_bar()
        self._problem_list = Memo()
        self._changed: list[ft.Control] = []
        self._described_memo = Memo()
        self._no_described = ft.Container()
        modes, panel, tools, selection, problems, described = self._slots = [
            Slot() for _ in range(6)]
        selection.put(self._selection_bar, [])
        self.root.controls = [self._header, modes.box, panel.box, tools.box,
                              self._grid_scroller, described.box, selection.box,
                              self._message_handle, problems.box]

    def _draw_grid(self) -> None:
        """Reuse every cell, label and row whose look did not change, so a redraw sends only the
        cells that changed."""
        size = self.cell_size
        row_labels, column_labels = self.model.labels()
        small = max(9, min(12, round(size * 0.25)))
        header = self._column_labels.get((tuple(column_labels), size, small), lambda: labelled(
            "grid-columns", ft.Row(
                [ft.Container(width=AXIS)] + [
                    ft.Container(ft.Text(label, size=small, color=ft.Colors.ON_SURFACE_VARIANT),
                                 width=size, alignment=ft.Alignment.CENTER)
                    for label in column_labels],
                spacing=GAP, tight=True)))
        self._grid.draw(header, [self._grid_line(line, label, size, small) for line, label
                                 in zip(self.model.grid(), row_labels)], self._changed)

    def _grid_line(self, line, label: str, size: int, small: int) -> tuple:
        """A row of the valley as :class:`KeptGrid` draws it: its key, its label, its places."""
        row_key = line[0].cell[0]
        axis = self._row_labels.setdefault(row_key, Memo()).get(
            (label, size, small), lambda: ft.Container(
                ft.Text(label, size=small, color=ft.Colors.ON_SURFACE_VARIANT), width=AXIS,
                height=size, alignment=ft.Alignment.CENTER))
        return row_key, axis, [(view.cell, (view, size, view.cell in self.focus),
                                partial(self._cell, view, size)) for view in line]

    def _cell(self, view, size: int, kept: ft.Control | None) -> ft.Control:
        """The place's cell: ``kept`` (its cell as last drawn) restyled when only its frame
        changed, else a new one."""
        highlighted = view.cell in self.focus

        def on_click(e) -> None:
            self._tap(view.cell)

        def on_drop(e) -> None:
            self._drop(view.cell, e)

        if kept is not None and restyle_cell(kept, view, size, self.words, on_click,
                                             highlighted=highlighted):
            return kept
        return cell_control(view, size, self.words, on_click,
                            f"cell-{view.cell[0]}-{view.cell[1]}", highlighted=highlighted,
                            on_drop=on_drop)

    def _grid_bar(self) -> ft.Control:
        """Fit the grid on screen, grow it at any edge (one tap), and whether it is all in
        sight."""
        buttons = [tap_target(ft.Row([ft.Icon(ft.Icons.FIT_SCREEN, size=18),
                                      ft.Text(self.words.say("ui.sv.grid.fit", "Fit"), size=14)],
                                     tight=True, spacing=3),
                              lambda e: self._toggle_fit(), "grid-fit", selected=self.fit,
                              bgcolor=ft.Colors.PRIMARY_CONTAINER if self.fit else None, padding=8,
                              tooltip=self.words.say("ui.sv.grid.fit_tip", "See the whole grid "
                                                     "on screen, in smaller cells"))]
        # The four arrows are one group: when the line is too short (German, large text) they go
        # to the next line together, never one arrow alone ("↓" wrapped on its own).
        buttons.append(ft.Row([tap_target(ft.Icon(icon, size=20), lambda e, edge=edge: self._run(
            self.model.grow, edge), f"grow-{edge}", width=TOUCH, padding=0, tooltip=tooltip)
            for edge, icon, tooltip in edges(self.words)], spacing=4, tight=True))
        parts: list[ft.Control] = [ft.Row(
            [ft.Text(self.words.say("ui.sv.grid.label", "Grid:"), size=13,
                     color=ft.Colors.ON_SURFACE_VARIANT)] + buttons, spacing=4,
            wrap=True, run_spacing=4)]
        sight = self.sight_text()
        if sight:
            parts.append(labelled("grid-sight", ft.Text(sight, size=13, color="#E65100")))
        return ft.Column(parts, spacing=4)

    def _modes(self) -> ft.Control:
        express = self.model.express_mode
        return ft.Row([
            tap_target(self.words.say("ui.sv.mode.cards", "Cards"), lambda e: self._run(self.model.set_express_mode, False),
                       "mode-cards", selected=not express,
                       bgcolor=ft.Colors.PRIMARY_CONTAINER if not express else None),
            tap_target(ft.Row([ft.Icon(ft.Icons.TRAIN, size=18),
                               ft.Text(self.words.render(CARD_ROWS["express"]),
                                       size=15)], tight=True),
                       lambda e: self._run(self.model.set_express_mode, True),
                       "mode-express", selected=express,
                       bgcolor=ft.Colors.PRIMARY_CONTAINER if express else None),
        ], spacing=6, wrap=True, run_spacing=6)  # large text: under each other, not cut off

    def _palette(self) -> ft.Control:
        brush = self.model.brush
        kinds = []
        for kind in PALETTE:
            icon, colour, ink = LOOK[kind][1], SHADE, INK
            name = short_name(kind, self.words)
            plain = brush is not None and brush.kind is kind and not brush.combination \
                and not brush.villagers
            label = name + ("…" if kind in (Kind.TOWN, Kind.FARMER) else "")
            chip = in_shade(shade_of(kind), tap_target(
                ft.Row([ft.Icon(icon, size=16, color=ink), ft.Text(label, size=13, color=ink)],
                       tight=True, spacing=3),
                lambda e, k=kind: self._choose_kind(k),
                f"palette-{kind.value}",
                bgcolor=colour,
                selected=plain,
                padding=6,
                tooltip=self.words.say("ui.sv.palette.describe", "Describe a new {kind} card",
                                       kind=kind.word) if kind in (Kind.TOWN, Kind.FARMER)
                else self.words.say("ui.sv.palette.lay", "Lay {kind} cards", kind=kind.word),
            ))
            # A kind laid as it is (not a Town or Farmer, described first) is also dragged onto
            # its place: one touch, whatever card was chosen before.
            kinds.append(chip if kind in DESCRIBED_KINDS else dragged(
                chip, CardDescription(kind=kind)))
        return ft.Row(kinds, wrap=True, spacing=5, run_spacing=5)

    def _offers(self, offers, searching: bool) -> ft.Control:
        """The known Town and Farmer cards, this table's first, then the group's deck: one tap
        chooses one, the next lays it. Always one line of :data:`OFFERS_HEIGHT`, whatever is
        known: when none is, a line saying what will be here (so the grid under it never moves
        when the first card is described, on this phone or another); a longer row scrolls
        sideways and its bar, always shown, says that it goes on."""
        brush = self.model.brush
        chips = []
        for index, offer in enumerate(offers):
            description = offer.description
            card = edits.description_dict(description)
            icon, colour, ink = LOOK[description.kind][1], SHADE, INK
            text = f"{combination_text(card, self.words)} {symbols(card)}".strip()
            if offer.laid:
                text += " " + self.words.say("ui.sv.offer.laid", "(laid {count})",
                                             count=offer.laid)
            chips.append(dragged(in_shade(shade_of(description.kind), tap_target(
                ft.Row([ft.Icon(icon if offer.here else ft.Icons.STYLE, size=16, color=ink),
                        ft.Text(text, size=13, color=ink)], tight=True, spacing=4),
                lambda e, d=description: self._run(self.model.choose_description, d),
                f"described-{index}",
                bgcolor=colour,
                selected=brush == description,
                padding=8,
                tooltip=self.words.render(description.summary_message) if offer.here else
                self.words.say("ui.sv.offer.from_deck", "{card} (from the deck)",
                               card=description.summary_message),
            )), description, sideways_scrolls=True))
        if chips:
            content: ft.Control = ft.Row(chips, spacing=6, scroll=ft.ScrollMode.ALWAYS,
                                         vertical_alignment=ft.CrossAxisAlignment.START)
        else:
            empty = self.words.say("ui.sv.offer.none_found", "No known card matches the "
                                   "search.") if searching else self.words.say(
                "ui.sv.offer.none", "Towns and Farmers described at this table are offered "
                "here.")
            content = labelled("described-none", ft.Text(
                empty, size=13, italic=True, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS))
        # Two lines of the empty line's words at the browser's text size fit, as a chip does.
        height = max(OFFERS_HEIGHT, round(40 * self.context.text_scale))
        return labelled("described-line", ft.Container(content, height=height,
                                                       alignment=ft.Alignment.TOP_LEFT))

    def _described_tools(self) -> ft.Control:
        """Edit or forget the known card chosen (nothing when none is). Below the grid: above
        it, the row coming and going as a known card is chosen moved the grid under the thumb
        (issue 32, row 5)."""
        brush = self.model.brush
        if brush is None or not any(brush == entry for entry, _ in self.model.catalogue()):
            return ft.Container()
        return ft.Row([
            wrapping_target(None, self.words.say("ui.sv.offer.edit", "Edit this card"),
                            lambda e, d=brush: self._open_picker(d.kind, d, mode="described"),
                            "described-edit", padding=8),
            wrapping_target(None, self.words.say("ui.sv.offer.forget",
                                                 "Take it off this table's list"),
                            lambda e, d=brush: self._run(self.model.forget_described, d),
                            "described-forget", padding=8),
        ], wrap=True, spacing=6, run_spacing=6)

    def _express_panel(self) -> ft.Control:
        route = self.model.route()
        stops = edits.stops_of(self.model.valley)
        text = route.text(self.words, self.model.namer()) if route else self.words.say(
            "ui.sv.route.none", "No route: the valley has a problem to fix first.")
        buttons = [tap_target(self.words.say("ui.sv.route.scorer", "Let the scorer choose"), lambda e: self._run(
            self.model.use_longest_route), "express-longest", selected=stops is None)]
        return ft.Column([
            labelled("express-route", ft.Text(text, size=14)),
            ft.Row(buttons, wrap=True),
        ], spacing=6)

    def _kept_selection_bar(self) -> ft.Control:
        """What to do with the selected card, kept for the life of the editor and hidden while
        no card is selected: selecting a card sends a few properties, not a new bar
        (:meth:`_show_selection`)."""
        say = self.words.say
        model = self.model
        self._selected_text = ft.Text(size=14)
        self._describe_button = tap_target(say("ui.sv.selected.describe", "Describe"),
                                           lambda e: self._describe_selected(),
                                           "selected-describe")
        self._move_button = tap_target(say("ui.sv.selected.move", "Move"),
                                       lambda e: self._run(model.start_move), "selected-move")
        self._remove_button = tap_target(say("ui.sv.selected.remove", "Remove"),
                                         lambda e: self._run(model.remove_selected),
                                         "selected-remove")
        cancel = tap_target(ft.Icon(ft.Icons.CLOSE), lambda e: self._run(model.cancel),
                            "selected-cancel", width=TOUCH, padding=0,
                            tooltip=say("ui.sv.selected.deselect", "Deselect the card"))
        return ft.Container(
            ft.Column([
                labelled("selected-card", self._selected_text),
                ft.Row([self._describe_button, self._move_button, self._remove_button, cancel],
                       wrap=True, spacing=6, run_spacing=6),
            ], spacing=6),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, padding=6, border_radius=8,
            visible=False,
        )

    def _show_selection(self, card: dict | None) -> None:
        """Show the selected ``card`` on the kept bar (or hide it): a Town or Farmer can be
        described again, any card but the Starting Town moved or removed."""
        model, changed = self.model, self._changed
        set_props(self._selection_bar, changed, visible=card is not None)
        if card is None:
            return
        kind = Kind(card["kind"])
        set_props(self._selected_text, changed, value=self.words.say(
            "ui.sv.selected.card", "{card} at {place}", card=edits.summary(card),
            place=model.namer()(model.selected)))
        set_props(self._describe_button, changed,
                  visible=kind in (Kind.TOWN, Kind.FARMER, Kind.STARTING_TOWN))
        set_props(self._move_button, changed, visible=kind is not Kind.STARTING_TOWN)
        set_props(self._move_button.content, changed, border=target_border(model.moving))
        set_props(self._remove_button, changed, visible=kind is not Kind.STARTING_TOWN)

    def _describe_selected(self) -> None:
        """Describe the selected Town, Farmer or Starting Town card again, in its kind's picker."""
        card = self.model.selected_card
        if card is not None:
            self._open_picker(Kind(card["kind"]), CardDescription.model_validate(
                edits.description_of(card)), mode="card")

    def _problems(self) -> ft.Control:
        return problem_list([problem.in_words(self.words) for problem in self.model.problems])

    # Handlers ----------------------------------------------------------------------------------

    def _tap(self, cell) -> None:
        self.focus = frozenset()
        self._run(self.model.tap, cell)

    def _drop(self, cell, event) -> None:
        """A card dragged from the palette or the known cards, let go on the place ``cell``."""
        description = getattr(getattr(event, "src", None), "data", None)
        if isinstance(description, CardDescription) and not self.model.express_mode:
            self.focus = frozenset()
            self._run(self.model.drop, cell, description)

    def _choose_kind(self, kind: Kind) -> None:
        if self.model.choose_kind(kind):
            self._open_picker(kind)
        else:
            self._redraw()

    def _toggle_fit(self) -> None:
        self.fit = not self.fit
        self._redraw()

    def _run(self, action, *args) -> None:
        revision = self.session.revision
        try:
            action(*args)
        except Exception as error:  # noqa: BLE001 - say it, keep the draft, keep going
            self.model.message = self.words.say("ui.sv.failed", "That did not work: {error}",
                                                error=str(error))
        show_tap(self.context, self.session, revision, self._redraw)

    def _redraw(self) -> None:
        self.render()
        self.context.page.update(*self.changed_parts())

    def _open_picker(self, kind: Kind, start: CardDescription | None = None,
                     mode: str = "new") -> None:
        model = self.model

        def use(description: CardDescription, everywhere: bool) -> None:
            if mode == "card":
                self._run(model.redescribe_selected, description)
            elif mode == "described":
                self._run(model.edit_described, start, description, everywhere)
            else:
                self._run(model.choose_description, description)

        carriers = model.carriers(start) if mode == "described" and start else {}
        # A new card half-described when its picker closed without Use or Cancel (Back, a tap
        # beside it) is there again when the picker of its kind opens next: nothing entered is
        # lost without the player's word.
        left = self._left_picker
        kept = left.draft if mode == "new" and left is not None and not left.finished \
            and left.draft.kind is kind else None
        picker = DescriptionPicker(self.context, kind, start, picker_title(mode, self.words),
                                   use, carriers, draft=kept)
        self._left_picker = picker if mode == "new" else None
        picker.open()


def dragged(chip: ft.Control, description: CardDescription,
            sideways_scrolls: bool = False) -> ft.Control:
    """A palette or known card that a finger also drags onto a place of the grid (which lays it
    there, :meth:`ValleyEditor.drop`); a tap still chooses it. In a line that scrolls sideways
    (the known cards), only a drag that starts up or down takes the card, so a swipe sideways
    still scrolls the line."""
    icon = LOOK[description.kind][1]
    feedback = in_shade(shade_of(description.kind), ft.Container(
        ft.Icon(icon, size=22, color=INK), width=44, height=44, bgcolor=SHADE, border_radius=6,
        alignment=ft.Alignment.CENTER, opacity=0.85, border=ft.Border.all(2, INK)))
    return ft.Draggable(chip, group=DRAGGED, content_feedback=feedback, data=description,
                        affinity=ft.Axis.VERTICAL if sideways_scrolls else None)


POINTS = range(12)
VILLAGERS = range(5)
"""The values offered as one-tap chips; a card carrying more keeps its value as an extra chip."""


class DescriptionPicker:
    """A compact dialog: the combination, its points and the villager symbols of a card, each
    value one tap. ``title`` names what is described ("New {}": the kind's card goes in the
    braces); *Use* calls ``on_use(description, everywhere)``, ``everywhere`` being the player's
    answer to changing the ``carriers`` too (the laid cards carrying ``start``, per player)."""

    def __init__(self, context, kind: Kind, start: CardDescription | None, title: str,
                 on_use: Callable[[CardDescription, bool], None],
                 carriers: dict[str, int] | None = None, draft: DescriptionDraft | None = None):
        self.context = context
        self.words = words = context.words
        self.on_use = on_use
        self.draft = draft or DescriptionDraft(kind, start, words)
        """The card being described: ``draft`` when a picker closed before goes on with it."""
        self.finished = False
        """Closed by Use (with a card described) or Cancel: the player's word on what it held."""
        self.carriers = carriers or {}
        self.everywhere = bool(self.carriers)
        self.refused = False
        """Use was tapped on a card not yet described: what it lacks is then said as an error
        (before, it is a hint: nothing was wrong yet)."""
        self.body = ft.Column(tight=True, spacing=8, width=320)
        self.dialog = ft.AlertDialog(
            title=ft.Text(title.format(words.say("ui.sv.picker.kind_card", "{kind} card",
                                                 kind=kind.word)), size=18),
            content=self.body,
            actions=[
                tap_target(words.say("ui.sv.picker.cancel", "Cancel"), self._cancel,
                           "picker-cancel"),
                tap_target(ft.Text(words.say("ui.sv.picker.use", "Use"), weight=ft.FontWeight.BOLD), self._use, "picker-use",
                           bgcolor=ft.Colors.PRIMARY_CONTAINER),
            ],
            scrollable=True,
            content_padding=ft.Padding.symmetric(horizontal=14, vertical=8),
            inset_padding=ft.Padding.symmetric(horizontal=10, vertical=16),
        )

    def open(self) -> None:
        self.render()
        open_dialog(self.context.page, self.dialog)

    def render(self) -> None:
        draft = self.draft
        _, message = draft.result()
        say = self.words.say
        combination = self.words.render(joined_by_plus(draft.combination)) \
            if draft.combination else say("ui.sv.picker.nothing", "nothing yet")
        adders = [
            in_shade(shade_of(kind), tap_target(
                f"+ {self.words.render(kind.word)}", lambda e, k=kind: self._change(draft.add, k),
                f"picker-add-{kind.value}", bgcolor=SHADE, color=INK, padding=8))
            for kind in draft.allowed
        ]
        self.body.controls = [
            ft.Text(say("ui.sv.picker.asks", "Its combination asks for:"), size=13),
            ft.Row([labelled("picker-combination", ft.Text(combination, size=15,
                                                           weight=ft.FontWeight.BOLD)),
                    tap_target(say("ui.sv.picker.clear", "Clear"), lambda e: self._change(draft.clear), "picker-clear",
                               padding=8)],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
            ft.Row(adders, wrap=True, spacing=6, run_spacing=6),
            self._chips(say("ui.sv.picker.points", "Points ★"), draft.points, POINTS, draft.set_points, "points"),
            self._chips(say("ui.sv.picker.villagers", "Villagers ☺"), draft.villagers, VILLAGERS, draft.set_villagers,
                        "villagers"),
        ]
        if self.carriers:
            who = ", ".join(f"{name} {count}" for name, count in self.carriers.items())
            total = sum(self.carriers.values())
            self.body.controls.append(tap_target(
                ft.Row([ft.Icon(ft.Icons.CHECK_BOX if self.everywhere
                                else ft.Icons.CHECK_BOX_OUTLINE_BLANK),
                        ft.Text(self.words.say_n(
                            "ui.sv.picker.everywhere",
                            "Also change the {count} card of the table that carries it ({who})",
                            "Also change the {count} cards of the table that carry it ({who})",
                            total, who=who), size=13, expand=True)], spacing=6),
                lambda e: self._change(self._toggle_everywhere), "picker-everywhere",
                height=None, padding=8, selected=self.everywhere))
        self.body.controls.append(labelled("picker-message", ft.Text(
            message, size=13,
            color=ft.Colors.ERROR if self.refused else ft.Colors.ON_SURFACE_VARIANT)))

    def _chips(self, label: str, value: int, offered: range, choose, name: str) -> ft.Control:
        """One chip per value: one tap sets it."""
        values = list(offered) + ([value] if value not in offered else [])
        return ft.Column([
            labelled(f"picker-{name}", ft.Text(f"{label}: {value}", size=14)),
            ft.Row([tap_target(str(number), lambda e, n=number: self._change(choose, n),
                               f"picker-{name}-{number}", width=44, padding=0,
                               selected=number == value,
                               bgcolor=ft.Colors.PRIMARY_CONTAINER if number == value else None)
                    for number in values], wrap=True, spacing=4, run_spacing=4),
        ], spacing=4)

    def _toggle_everywhere(self) -> None:
        self.everywhere = not self.everywhere

    def _change(self, action, *args) -> None:
        action(*args)
        self.render()
        self.dialog.update()

    def _cancel(self, e=None) -> None:
        self.finished = True
        close_dialog(self.context.page)

    def _use(self, e=None) -> None:
        description, message = self.draft.result()
        if description is None:
            self.refused = True
            self.render()
            self.dialog.update()
            return
        self.finished = True
        close_dialog(self.context.page)
        self.on_use(description, self.everywhere)


def picker_title(mode: str, words) -> str:
    """The picker's title for what the editor describes (a "new" card, the selected "card" or a
    "described" one corrected), the kind's card to go in the braces: "New {}"."""
    if mode == "card":
        return words.say("ui.sv.picker.title_card", "Describe {{}}")
    if mode == "described":
        return words.say("ui.sv.picker.title_described", "Correct {{}}")
    return words.say("ui.sv.picker.title_new", "New {{}}")


def preview(session, player: int, highlight: frozenset, size: float, words) -> ft.Control:
    """The player's valley, read-only, with the cards a scorepad line used highlighted."""
    rows = ValleyEditor(session, player, words).grid()
    return grid_control(rows, size, words, None, highlight, prefix="preview")

