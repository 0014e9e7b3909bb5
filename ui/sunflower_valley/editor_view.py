"""The valley editor (Flet): palette, grid, selection bar, Express mode, the Town/Farmer picker.

Every handler calls :class:`ValleyEditor` and redraws; nothing here decides what a tap means.
"""

from __future__ import annotations

import flet as ft

from scorer.sunflower_valley.models import CardDescription, Kind
from ui.sunflower_valley.cards import LOOK, cell_control, combination_text, grid_control, symbols
from ui.sunflower_valley.editor_model import PALETTE, DescriptionDraft, ValleyEditor
from ui.sunflower_valley import draft as edits
from ui.editing import label_undo_buttons, show_changed_player, show_tap
from ui.widgets import TOUCH, Memo, editor_header, labelled, problem_list, tap_target


class ValleyEditorView:
    def __init__(self, context, session, player: int):
        self.context = context
        self.session = session
        self.model = ValleyEditor(self.session, player)
        self.root = ft.Column(spacing=8)
        self._build()
        self.render()

    @property
    def cell_size(self) -> int:
        """As large as fits the screen's width (up to 64 px), never under the 44 px of a touch
        target: a wider valley scrolls sideways instead."""
        width = self.context.width - 24 - (450 if self.context.wide else 0)
        top, bottom, left, right = self.model.bounds()
        columns = right - left + 1
        return int(max(44, min(64, (width - 2 * (columns - 1)) / columns)))

    def render(self) -> None:
        """Redraw, reusing every part whose content did not change."""
        model = self.model
        session = self.session
        self._total.value = model.total_text()
        status = model.card_count_text()
        if session.save_error:
            status += f" · {session.save_error}"
        self._count.value = status
        self._message.value = model.message
        label_undo_buttons(self._header, session)
        catalogue = model.catalogue()
        panel = (self._panel.get(("express", model.route(), model.valley.get("express_stops")),
                                 self._express_panel)
                 if model.express_mode else
                 self._panel.get(("cards", model.brush, catalogue), self._palette))
        selected = model.selected_card
        self.root.controls = [
            self._header,
            self._modes_memo.get(model.express_mode, self._modes),
            panel,
            self._grid_scroller,
            self._selection.get((model.selected, selected, model.moving), self._selection_bar),
            self._message_handle,
            self._problem_list.get(tuple(p.message for p in model.problems), self._problems),
        ]
        self._draw_grid()

    def _build(self) -> None:
        """The parts that stay for the life of the editor."""
        self._total = ft.Text(size=17, weight=ft.FontWeight.BOLD)
        self._count = ft.Text(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self._message = ft.Text(size=14)
        self._message_handle = labelled("editor-message", self._message)
        self._header = editor_header(labelled("player-total", self._total),
                                     labelled("card-count", self._count), self._undo, self._redo)
        self._grid_rows = ft.Column(spacing=2, tight=True)
        self._grid_scroller = ft.Row([ft.Column([self._grid_rows], scroll=ft.ScrollMode.AUTO)],
                                     scroll=ft.ScrollMode.AUTO)
        self._rows: dict[int, ft.Row] = {}
        self._cells: dict = {}
        self._panel = Memo()
        self._modes_memo = Memo()
        self._selection = Memo()
        self._problem_list = Memo()

    def _draw_grid(self) -> None:
        size = self.cell_size
        cells = {}
        rows = []
        for line in self.model.grid():
            controls = []
            for view in line:
                key = (view, size)
                cached = self._cells.get(view.cell)
                control = cached[1] if cached and cached[0] == key else cell_control(
                    view, size, lambda e, cell=view.cell: self._tap(cell),
                    f"cell-{view.cell[0]}-{view.cell[1]}")
                cells[view.cell] = (key, control)
                controls.append(control)
            row = self._rows.setdefault(line[0].cell[0], ft.Row(spacing=2, tight=True))
            row.controls = controls
            rows.append(row)
        self._cells = cells
        self._grid_rows.controls = rows

    def _modes(self) -> ft.Control:
        express = self.model.express_mode
        return ft.Row([
            tap_target("Cards", lambda e: self._run(self.model.set_express_mode, False),
                       "mode-cards", selected=not express,
                       bgcolor=ft.Colors.PRIMARY_CONTAINER if not express else None),
            tap_target(ft.Row([ft.Icon(ft.Icons.TRAIN, size=18), ft.Text("Valley Express",
                                                                          size=15)], tight=True),
                       lambda e: self._run(self.model.set_express_mode, True),
                       "mode-express", selected=express,
                       bgcolor=ft.Colors.PRIMARY_CONTAINER if express else None),
        ], spacing=6)

    def _palette(self) -> ft.Control:
        brush = self.model.brush
        kinds = []
        for kind in PALETTE:
            name, icon, colour, ink = LOOK[kind]
            plain = brush is not None and brush.kind is kind and not brush.combination \
                and not brush.villagers
            label = name + ("…" if kind in (Kind.TOWN, Kind.FARMER) else "")
            kinds.append(tap_target(
                ft.Row([ft.Icon(icon, size=16, color=ink), ft.Text(label, size=13, color=ink)],
                       tight=True, spacing=3),
                lambda e, k=kind: self._choose_kind(k),
                f"palette-{kind.value}",
                bgcolor=colour,
                selected=plain,
                padding=6,
                tooltip=f"Describe a new {kind.label} card" if kind in (Kind.TOWN, Kind.FARMER)
                else f"Lay {kind.label} cards",
            ))
        described = []
        for index, (description, laid) in enumerate(self.model.catalogue()):
            card = edits.description_dict(description)
            _, icon, colour, ink = LOOK[description.kind]
            text = f"{combination_text(card)} {symbols(card)}".strip()
            if laid:
                text += f" (laid {laid})"
            described.append(tap_target(
                ft.Row([ft.Icon(icon, size=16, color=ink), ft.Text(text, size=13, color=ink)],
                       tight=True, spacing=4),
                lambda e, d=description: self._run(self.model.choose_description, d),
                f"described-{index}",
                bgcolor=colour,
                selected=brush == description,
                padding=8,
                tooltip=description.summary,
            ))
        rows: list[ft.Control] = [ft.Row(kinds, wrap=True, spacing=5, run_spacing=5)]
        if described:
            rows.append(ft.Text("Cards described at this table (tap one, then a place):",
                                size=12, color=ft.Colors.ON_SURFACE_VARIANT))
            rows.append(ft.Row(described, spacing=6, scroll=ft.ScrollMode.AUTO))
        return ft.Column(rows, spacing=6)

    def _express_panel(self) -> ft.Control:
        route = self.model.route()
        stops = edits.stops_of(self.model.valley)
        text = route.text() if route else "No route: the valley has a problem to fix first."
        buttons = [tap_target("Use the longest route", lambda e: self._run(
            self.model.use_longest_route), "express-longest", selected=stops is None)]
        return ft.Column([
            labelled("express-route", ft.Text(text, size=14)),
            ft.Row(buttons, wrap=True),
        ], spacing=6)

    def _selection_bar(self) -> ft.Control:
        model = self.model
        card = model.selected_card
        if card is None:
            return ft.Container(height=0)
        kind = Kind(card["kind"])
        buttons: list[ft.Control] = []
        if kind in (Kind.TOWN, Kind.FARMER, Kind.STARTING_TOWN):
            buttons.append(tap_target("Describe", lambda e: self._open_picker(
                kind, CardDescription.model_validate(edits.description_of(card)), edit=True),
                "selected-describe"))
        if kind is not Kind.STARTING_TOWN:
            buttons.append(tap_target("Move", lambda e: self._run(model.start_move),
                                      "selected-move", selected=model.moving))
            buttons.append(tap_target("Remove", lambda e: self._run(model.remove_selected),
                                      "selected-remove"))
        buttons.append(tap_target(ft.Icon(ft.Icons.CLOSE), lambda e: self._run(model.cancel),
                                  "selected-cancel", width=TOUCH, padding=0))
        return ft.Container(
            ft.Column([
                labelled("selected-card", ft.Text(
                    f"{edits.summary(card)} at ({model.selected[0]},{model.selected[1]})",
                    size=14)),
                ft.Row(buttons, wrap=True, spacing=6, run_spacing=6),
            ], spacing=6),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, padding=6, border_radius=8,
        )

    def _problems(self) -> ft.Control:
        return problem_list([problem.message for problem in self.model.problems])

    # Handlers ----------------------------------------------------------------------------------

    def _tap(self, cell) -> None:
        self._run(self.model.tap, cell)

    def _choose_kind(self, kind: Kind) -> None:
        if self.model.choose_kind(kind):
            self._open_picker(kind)
        else:
            self._redraw()

    def _undo(self, e=None) -> None:
        self._run(self.model.undo)
        show_changed_player(self.context, self.session, self.model, self.model.player)

    def _redo(self, e=None) -> None:
        self._run(self.model.redo)
        show_changed_player(self.context, self.session, self.model, self.model.player)

    def _run(self, action, *args) -> None:
        revision = self.session.revision
        try:
            action(*args)
        except Exception as error:  # noqa: BLE001 - say it, keep the draft, keep going
            self.model.message = f"That did not work: {error}"
        show_tap(self.context, self.session, revision, self._redraw)

    def _redraw(self) -> None:
        self.render()
        self.context.page.update()

    def _open_picker(self, kind: Kind, start: CardDescription | None = None,
                     edit: bool = False) -> None:
        DescriptionPicker(self, kind, start, edit).open()


class DescriptionPicker:
    """A compact dialog: the combination, its points and the villager symbols of a card."""

    def __init__(self, editor: ValleyEditorView, kind: Kind, start: CardDescription | None,
                 edit: bool):
        self.editor = editor
        self.edit = edit
        self.draft = DescriptionDraft(kind, start)
        self.body = ft.Column(tight=True, spacing=8, width=320)
        self.dialog = ft.AlertDialog(
            title=ft.Text(f"{'Describe' if edit else 'New'} {kind.label} card", size=18),
            content=self.body,
            actions=[
                tap_target("Cancel", self._cancel, "picker-cancel"),
                tap_target(ft.Text("Use", weight=ft.FontWeight.BOLD), self._use, "picker-use",
                           bgcolor=ft.Colors.PRIMARY_CONTAINER),
            ],
            scrollable=True,
        )

    def open(self) -> None:
        self.render()
        self.editor.context.page.show_dialog(self.dialog)

    def render(self) -> None:
        draft = self.draft
        _, message = draft.result()
        combination = " + ".join(kind.label for kind in draft.combination) or "nothing yet"
        adders = [
            tap_target(f"+ {kind.label}", lambda e, k=kind: self._change(draft.add, k),
                       f"picker-add-{kind.value}", bgcolor=LOOK[kind][2], color=LOOK[kind][3],
                       padding=8)
            for kind in draft.allowed
        ]
        self.body.controls = [
            ft.Text("Its combination asks for:", size=13),
            ft.Row([labelled("picker-combination", ft.Text(combination, size=15,
                                                           weight=ft.FontWeight.BOLD)),
                    tap_target("Clear", lambda e: self._change(draft.clear), "picker-clear",
                               padding=8)],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
            ft.Row(adders, wrap=True, spacing=6, run_spacing=6),
            self._stepper("Points ★", draft.points, draft.change_points, "points"),
            self._stepper("Villagers ☺", draft.villagers, draft.change_villagers, "villagers"),
            labelled("picker-message", ft.Text(message, size=13, color=ft.Colors.ERROR)),
        ]

    def _stepper(self, label: str, value: int, change, name: str) -> ft.Control:
        return ft.Row([
            ft.Text(label, size=15, expand=True),
            tap_target("−", lambda e: self._change(change, -1), f"picker-{name}-minus",
                       width=TOUCH, padding=0),
            labelled(f"picker-{name}", ft.Text(str(value), size=18, width=32,
                                               text_align=ft.TextAlign.CENTER)),
            tap_target("+", lambda e: self._change(change, 1), f"picker-{name}-plus",
                       width=TOUCH, padding=0),
        ])

    def _change(self, action, *args) -> None:
        action(*args)
        self.render()
        self.dialog.update()

    def _cancel(self, e=None) -> None:
        self.editor.context.page.pop_dialog()

    def _use(self, e=None) -> None:
        description, message = self.draft.result()
        if description is None:
            self.render()
            self.dialog.update()
            return
        self.editor.context.page.pop_dialog()
        if self.edit:
            self.editor._run(self.editor.model.redescribe_selected, description)
        else:
            self.editor._run(self.editor.model.choose_description, description)


def preview(session, player: int, highlight: frozenset, size: float) -> ft.Control:
    """The player's valley, read-only, with the cards a scorepad line used highlighted."""
    rows = ValleyEditor(session, player).grid()
    return grid_control(rows, size, None, highlight, prefix="preview")

