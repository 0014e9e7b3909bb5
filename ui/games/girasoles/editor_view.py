"""The Girasoles editor (Flet): one player's board (tools and grid), their coins, and the table's
objectives. Every handler calls :class:`BoardEditor` or :class:`ObjectivesEditor` and redraws;
nothing here decides what a tap means.
"""

from __future__ import annotations

from functools import partial
from weakref import WeakKeyDictionary

import flet as ft

from scorer.girasoles.models import (
    ADDITIONAL_OBJECTIVES, COLOUR_NAMES, ROUNDS, SYMBOL_NAMES, Colour, Symbol,
)
from scorer.girasoles.starting import STARTING_ROWS
from scorer.message import msg
from ui.games.girasoles.editor_model import BoardEditor, ObjectivesEditor, Shape, capitalised
from ui.games.girasoles.look import ICONS, axis_label, shade, space_control
from ui.parts.count_field import CountField
from ui.live.editing import (
    NamesChanges, ShowsTotal, UndoesTable, label_undo_buttons, set_props, show_tap, take_focus,
)
from ui.parts.shades import INK, SHADE, in_shade
from ui.parts.widgets import (
    PROBLEM_TEXT, TOUCH, KeptGrid, Memo, Slot, editor_header, labelled, problem_list,
    tap_target,
)

GAP = 2
"""Between spaces of the grid."""
AXIS = 14
"""Width of the row numbers."""
ABOVE_THE_BOARD = 432
"""Height taken above the board's spaces: the table's title and tabs, the total, the tools."""
STARTING_RULES = {
    "leaves": (Symbol.LEAF, msg("ui.gi.starting.leaves",
                                "1 point per 2 spaces of its area, rounded down")),
    "bees": (Symbol.BEE, msg("ui.gi.starting.bees", "1 point per sunflower around it")),
    "ladybugs": (Symbol.LADYBUG, msg("ui.gi.starting.ladybugs",
                                     "2 points with no other ladybug around it")),
}
READINGS = {
    "kind_and_colour": msg("ui.gi.reading.kind_and_colour",
                           "Count each kind and colour once (GI-3)"),
    "colour": msg("ui.gi.reading.colour", "Count each colour once"),
}
"""Objective 13's readings (ruling GI-3), as the table chooses."""
SYMBOL_TOOLS = {
    Symbol.SUNFLOWER: msg("ui.gi.tool.sunflower", "Sunflower"),
    Symbol.BEE: msg("ui.gi.tool.bee", "Bee"),
    Symbol.LEAF: msg("ui.gi.tool.leaf", "Leaf"),
    Symbol.LADYBUG: msg("ui.gi.tool.ladybug", "Ladybug"),
}
"""A symbol's name under its tool: short enough for a fifth of a phone's width (German
"Marienkäfer" is not); the tool's tooltip names it in full."""
MOST_COINS = 999
"""The largest count of coins a field takes: far above any game's, so a slip of the finger shows."""
PANELS: WeakKeyDictionary = WeakKeyDictionary()
"""The panel each browser tab (its app context) shows, kept from one player's tab to the next:
entering everyone's coins stays in the Coins panel."""


class BoardEditorView(NamesChanges, ShowsTotal, UndoesTable):
    def __init__(self, context, session, player: int):
        self.context = context
        self.session = session
        self.words = context.words
        self.model = BoardEditor(session, player, self.words)
        self.objectives = ObjectivesEditor(session, self.words)
        self.panel = PANELS.get(context, "board")
        self.focus = take_focus(context)
        """The spaces a scorepad line used, highlighted until the next tap on the board."""
        self.message = self.words.say("ui.gi.highlighted", "Highlighted: the spaces the "
                                      "scorepad line used.") if self.focus else ""
        """What the last tap did, whichever part of the editor it was in."""
        self.root = ft.Column(spacing=8)
        self._build()
        self.render()
        self.changed_parts()  # the first drawing goes with the page's

    @property
    def space_size(self) -> int:
        """As large as fits the screen (up to 64 px), so that the tools and the whole board are in
        sight together where they can be; never under the 44 px of a touch target: a larger board
        scrolls instead."""
        rows, cols = self.model.size
        width = self.context.width - 24 - (450 if self.context.wide else 0) - AXIS - GAP
        height = (self.context.page.height or 740) - ABOVE_THE_BOARD
        return int(max(44, min(64, (width - GAP * (cols - 1)) / cols,
                               (height - GAP * (rows - 1)) / rows)))

    @property
    def tool_width(self) -> float:
        """Five tools side by side in the editor's width."""
        width = min(self.context.width - 24 - (450 if self.context.wide else 0), 520)
        return max(TOUCH, (width - 4 * 5) / 5)

    def render(self) -> None:
        """Redraw, reusing every part whose content did not change and setting the properties
        of the kept ones; :meth:`changed_parts` then names the parts to send."""
        model = self.model
        changed = self._changed
        status = model.count_text()
        if self.session.save_error:
            status += f" · {self.session.save_error}"
        set_props(self._total, changed, value=model.total_text())
        set_props(self._count, changed, value=status)
        set_props(self._message, changed, value=self.message)
        label_undo_buttons(self._header, self.session, self.words, changed)
        self._tabs_slot.put(self._tabs.get(
            (self.panel, model.coins_line(), self.objectives.count_text()), self._panel_tabs),
            changed)
        if self.panel == "board":
            self._tools_slot.put(self._tools.get((model.tool, model.shape, self.tool_width),
                                                 self._palette), changed)
            self._problems_slot.put(self._problems.get(
                tuple(p.in_words(self.words) for p in model.problems), self._problem_list),
                changed)
            self._draw_grid()
            panel = self._board
        elif self.panel == "coins":
            panel = self._coins.get(model.coins_by_round is not None, self._coins_panel)
            self._show_coins()
        else:
            objectives = self.objectives
            key = (tuple(objectives.chosen()), objectives.mode, objectives.objective_13_reading,
                   objectives.board_size)
            panel = self._objectives.get(key, self._objectives_panel)
        self._panel_slot.put(panel, changed)

    def _build(self) -> None:
        """The parts that stay for the life of the editor."""
        self._total = ft.Text(size=17, weight=ft.FontWeight.BOLD)
        self._count = ft.Text(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self._message = ft.Text(size=13)
        self._count_handle = labelled("board-count", self._count)
        # The message stays in sight above the tools and the board, on a phone too.
        self._header = editor_header(labelled("player-total", self._total),
                                     labelled("editor-message", self._message), self._undo,
                                     self._redo)
        self._undo_button, self._redo_button = self._header.controls[1:]
        self._grid = KeptGrid(GAP)
        self._grid_scroller = ft.Row([ft.Column([self._grid.column], scroll=ft.ScrollMode.AUTO)],
                                     scroll=ft.ScrollMode.AUTO)
        self._row_labels: dict[int, Memo] = {}
        self._column_labels = Memo()
        self._tabs = Memo()
        self._tools = Memo()
        self._problems = Memo()
        self._coins = Memo()
        self._objectives = Memo()
        self._coin_fields: dict[str, CountField] = {}
        self._coins_line = ft.Text(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self._changed: list[ft.Control] = []
        self._tabs_slot, self._panel_slot, self._tools_slot, self._problems_slot = (
            Slot() for _ in range(4))
        self._board = ft.Column([self._tools_slot.box, self._grid_scroller, self._count_handle,
                                 self._problems_slot.box], spacing=8)
        self.root.controls = [self._header, self._tabs_slot.box, self._panel_slot.box]

    # The board ------------------------------------------------------------------------------------

    def _panel_tabs(self) -> ft.Control:
        coins = self.model.coins_line()
        objectives = self.objectives
        say = self.words.say
        labels = {
            "board": say("ui.gi.panel.board", "Board"),
            "coins": say("ui.gi.panel.coins", "Coins") if coins is None else say(
                "ui.gi.panel.coins_scored", "Coins {points}", points=coins.points),
            "objectives": say("ui.gi.panel.objectives", "Objectives {count}/{allowed}",
                              count=len(objectives.entered), allowed=objectives.allowed),
        }
        tabs = []
        for panel, text in labels.items():
            chosen = panel == self.panel
            tabs.append(tap_target(
                ft.Text(text, size=14, no_wrap=True), lambda e, p=panel: self._show(p),
                f"panel-{panel}", selected=chosen,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None, padding=10,
            ))
        return ft.Row(tabs, spacing=6, scroll=ft.ScrollMode.AUTO)

    def _palette(self) -> ft.Control:
        model = self.model
        tool = model.tool
        width = self.tool_width
        say = self.words.say
        colours = []
        for colour in (*Colour, None):
            background, ink = SHADE, INK
            chosen = tool is not None and tool.paint and tool.colour is colour
            name = capitalised(self.words.render(COLOUR_NAMES[colour])) if colour else say(
                "ui.gi.tool.empty_name", "Empty")
            colours.append(in_shade(shade(colour), tap_target(
                at_least(width, ft.Text(name, size=13, color=ink, weight=ft.FontWeight.BOLD,
                                        no_wrap=True)),
                lambda e, c=colour: self._run(model.choose_colour, c),
                f"tool-colour-{colour.value if colour else 'empty'}",
                bgcolor=background, selected=chosen, padding=2,
                tooltip=say("ui.gi.tool.empty_tip", "Clear spaces (colour and symbol)")
                if colour is None else say("ui.gi.tool.paint_tip", "Paint spaces {colour}",
                                           colour=COLOUR_NAMES[colour]),
            )))
        shapes = []
        for shape in Shape:
            chosen = model.shape is shape
            shapes.append(tap_target(
                at_least((width * 5 + 4 * 5 - 3 * 5) / 4, ft.Column(
                    [_shape_picture(shape), ft.Text(self.words.render(shape.label), size=11,
                                                    no_wrap=True)],
                    spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)),
                lambda e, s=shape: self._run(model.choose_shape, s),
                f"tool-shape-{shape.name.lower()}",
                selected=chosen, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if chosen else None,
                padding=2,
                tooltip=say("ui.gi.shape.tip", "One tap of a colour lays a {tile}",
                            tile=shape.tile_word),
            ))
        symbols = []
        for symbol in (*Symbol, None):
            chosen = tool is not None and not tool.paint and tool.symbol is symbol
            icon = ft.Icon(ICONS[symbol] if symbol else ft.Icons.BLOCK, size=20)
            name = self.words.render(SYMBOL_TOOLS[symbol]) if symbol else say(
                "ui.gi.tool.no_symbol_name", "None")
            symbols.append(tap_target(
                at_least(width, ft.Column([icon, ft.Text(name, size=11, no_wrap=True)],
                                          spacing=0, tight=True,
                                          horizontal_alignment=ft.CrossAxisAlignment.CENTER)),
                lambda e, s=symbol: self._run(model.choose_symbol, s),
                f"tool-symbol-{symbol.value if symbol else 'none'}",
                selected=chosen, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if chosen else None,
                padding=2,
                tooltip=say("ui.gi.tool.no_symbol_tip", "Take symbols off") if symbol is None
                else say("ui.gi.tool.symbol_tip", "Put a {symbol} on spaces",
                         symbol=SYMBOL_NAMES[symbol]),
            ))
        # Large text: a name wider than its button widens it, and the row goes on below.
        return ft.Column([ft.Row(tools, spacing=5, wrap=True, run_spacing=5)
                          for tools in (colours, shapes, symbols)], spacing=5)

    def _draw_grid(self) -> None:
        """Reuse every space, number and row whose look did not change, so a redraw sends only
        the rows whose spaces changed."""
        size = self.space_size
        grid = self.model.grid()
        columns = len(grid[0])
        header = self._column_labels.get((columns, size), lambda: ft.Row(
            [axis_label("", AXIS, 14)] + [axis_label(str(col), size, 14,
                                                     self.context.text_scale)
                                          for col in range(1, columns + 1)],
            spacing=GAP, tight=True))
        self._grid.draw(header, [self._grid_line(line, size) for line in grid], self._changed)

    def _grid_line(self, line, size: int) -> tuple:
        """A row of the board as :class:`KeptGrid` draws it: its number, its label, its spaces."""
        number = line[0].cell[0]
        label = self._row_labels.setdefault(number, Memo()).get(
            size, lambda: axis_label(str(number), AXIS, size, self.context.text_scale))
        return number, label, [(view.cell, (view, size, view.cell in self.focus),
                                partial(self._space, view, size)) for view in line]

    def _space(self, view, size: int, kept: ft.Control | None) -> ft.Control:
        """A new space whenever its look changes (``kept`` is not reused: a painted space's
        picture changes whole)."""
        return space_control(view, size, self.words, lambda e: self._tap(view.cell),
                             f"space-{view.cell[0]}-{view.cell[1]}",
                             highlighted=view.cell in self.focus,
                             text_scale=self.context.text_scale)

    def _tap(self, cell) -> None:
        self.focus = frozenset()
        self._run(self.model.tap, cell)

    def _problem_list(self) -> ft.Control:
        return problem_list([problem.in_words(self.words) for problem in self.model.problems])

    # Coins ----------------------------------------------------------------------------------------

    def _coins_panel(self) -> ft.Control:
        model = self.model
        by_round = model.coins_by_round is not None
        self._coin_fields = {}
        say = self.words.say
        rows: list[ft.Control] = [
            ft.Text(say("ui.gi.coins.about", "{name}'s coins: their total, or the coins of each "
                        "round.", name=model.name), size=14),
            ft.Row([
                tap_target(say("ui.gi.coins.total", "Total"), lambda e: self._run(model.count_by_round, False),
                           "coins-mode-total", selected=not by_round,
                           bgcolor=ft.Colors.PRIMARY_CONTAINER if not by_round else None),
                tap_target(say("ui.gi.coins.by_round", "Round by round"), lambda e: self._run(model.count_by_round, True),
                           "coins-mode-rounds", selected=by_round,
                           bgcolor=ft.Colors.PRIMARY_CONTAINER if by_round else None),
            ], spacing=6, wrap=True),
        ]
        if by_round:
            for index in range(ROUNDS):
                rows.append(self._stepper(
                    say("ui.gi.coins.round", "Round {number}", number=index + 1),
                    f"coins-round-{index}",
                    lambda i=index: (model.coins_by_round or [])[i:i + 1] or [0],
                    lambda value, i=index: model.set_round_coins(i, value)))
        else:
            rows.append(self._stepper(say("ui.gi.coins.label", "Coins"), "coins-total",
                                      lambda: [model.coins or 0], model.set_coins))
        rows.append(labelled("coins-line", self._coins_line))
        return ft.Column(rows, spacing=8)

    def _stepper(self, label: str, identifier: str, entered, change) -> ft.Control:
        """A count of coins with − and + beside it; ``entered()`` gives it (in a list) from the
        draft."""
        count = CountField(identifier, self.words.say("ui.gi.coins.noun", "coins"), MOST_COINS, lambda value: self._run(change, value),
                           width=84)
        self._coin_fields[identifier] = count

        def step(by: int) -> None:
            self._run(change, max(0, entered()[0] + by))

        return ft.Column([ft.Row([
            ft.Text(label, size=15, width=84),
            tap_target("−", lambda e: step(-1), f"{identifier}-minus", width=TOUCH, padding=0),
            count.field,
            tap_target("+", lambda e: step(1), f"{identifier}-plus", width=TOUCH, padding=0),
        ], spacing=6), count.message], spacing=2, tight=True)

    def _show_coins(self) -> None:
        """Put the entered coins in their fields (a field being typed in keeps its text)."""
        model = self.model
        values = ({f"coins-round-{i}": v for i, v in enumerate(model.coins_by_round)}
                  if model.coins_by_round is not None else {"coins-total": model.coins})
        for identifier, count in self._coin_fields.items():
            count.show(values.get(identifier) or 0)
            self._changed += [count.text_field, count.error]
        line = model.coins_line()
        self._coins_line.value = self.words.say(
            "ui.gi.coins.scored", "Scored: {line}", line=line.said.get("detail", line.detail)
        ) if line else self.words.say("ui.gi.coins.not_scored", "Not scored yet.")
        self._changed.append(self._coins_line)

    # Objectives -----------------------------------------------------------------------------------

    def _objectives_panel(self) -> ft.Control:
        objectives = self.objectives
        say = self.words.say
        items: list[ft.Control] = [ft.Text(say("ui.gi.starting.title",
                                               "Starting objectives (always active):"), size=15,
                                           weight=ft.FontWeight.BOLD)]
        for category, (symbol, rule) in STARTING_RULES.items():
            items.append(labelled(f"starting-{category}", ft.Row([
                ft.Icon(ICONS[symbol], size=20, color="#2E7D32"),
                ft.Column([ft.Text(say("ui.gi.starting.active", "{objective} · active",
                                       objective=STARTING_ROWS[category]), size=14,
                                   weight=ft.FontWeight.BOLD),
                           ft.Text(self.words.render(rule), size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                          spacing=0, tight=True, expand=True),
            ], spacing=8)))
        mode = objectives.mode
        items.append(ft.Text(say("ui.gi.mode.title", "Mode: additional objectives at the end"),
                             size=15,
                             weight=ft.FontWeight.BOLD))
        items.append(ft.Row([
            tap_target(say("ui.gi.mode.advanced", "Advanced: {count}", count=count)
                       if name == "advanced" else
                       say("ui.gi.mode.normal", "Normal: {count}", count=count),
                       lambda e, m=name: self._run(objectives.set_mode, m),
                       f"mode-{name}", selected=mode == name,
                       bgcolor=ft.Colors.PRIMARY_CONTAINER if mode == name else None)
            for name, count in ADDITIONAL_OBJECTIVES.items()
        ], spacing=6, wrap=True, run_spacing=6))
        items.append(labelled("objectives-count", ft.Text(objectives.count_text() + ":",
                                                          size=15, weight=ft.FontWeight.BOLD)))
        for view in objectives.chosen():
            items.append(self._chosen_objective(view))
        items.append(ft.Text(say("ui.gi.objectives.add", "Add an additional objective:"),
                             size=15, weight=ft.FontWeight.BOLD))
        for number, title, rule in objectives.offered():
            items.append(tap_target(
                ft.Column([ft.Text(title, size=14, weight=ft.FontWeight.BOLD),
                           ft.Text(rule, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                          spacing=0, tight=True),
                lambda e, n=number: self._run(objectives.add, n),
                f"add-objective-{number}", height=None, padding=8,
            ))
        items.append(self._board_size())
        return ft.Column(items, spacing=8)

    def _chosen_objective(self, view) -> ft.Control:
        objectives = self.objectives
        card = view.card
        lines: list[ft.Control] = [ft.Row([
            ft.Column([ft.Text(view.title, size=15, weight=ft.FontWeight.BOLD),
                       ft.Text(view.rule, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                      spacing=0, tight=True, expand=True),
            tap_target(ft.Icon(ft.Icons.CLOSE), lambda e: self._run(
                objectives.remove, card), f"remove-objective-{card}", width=TOUCH, padding=0,
                tooltip=self.words.say("ui.gi.objectives.remove", "Remove this objective")),
        ])]
        if view.needs_colour:
            lines.append(ft.Row([
                in_shade(shade(colour), tap_target(
                    ft.Text(capitalised(self.words.render(COLOUR_NAMES[colour])), size=13,
                            color=INK),
                    lambda e, c=colour: self._run(objectives.set_colour, card, c),
                    f"objective-{card}-colour-{colour.value}",
                    bgcolor=SHADE, selected=view.colour == colour.value, padding=8))
                for colour in Colour
            ], spacing=5, wrap=True, run_spacing=5))
        if view.needs_objects:
            for slot, which in enumerate(("first", "second")):
                lines.append(ft.Row([ft.Text(self.words.say("ui.gi.objectives.first", "First:")
                                             if slot == 0 else self.words.say(
                                                 "ui.gi.objectives.second", "Second:"),
                                             size=13, width=52)] + [
                    tap_target(ft.Icon(ICONS[symbol], size=20),
                               lambda e, s=symbol, i=slot: self._run(
                                   objectives.set_object, card, i, s),
                               f"objective-{card}-{which}-{symbol.value}",
                               selected=view.objects[slot] == symbol.value, width=TOUCH,
                               padding=0, tooltip=self.words.render(SYMBOL_NAMES[symbol]),
                               bgcolor=ft.Colors.PRIMARY_CONTAINER
                               if view.objects[slot] == symbol.value
                               else None)
                    for symbol in Symbol
                ], spacing=5))
        if card == 13:
            reading = objectives.objective_13_reading
            lines.append(ft.Row([
                tap_target(self.words.render(text), lambda e, r=key: self._run(
                    objectives.set_objective_13_reading, r), f"objective-13-{key}",
                    selected=reading == key, padding=8)
                for key, text in READINGS.items()
            ], wrap=True, spacing=5, run_spacing=5))
        if view.problem:
            lines.append(ft.Text(f"! {view.problem}", size=13, color=PROBLEM_TEXT))
        return labelled(f"objective-{card}", ft.Container(
            ft.Column(lines, spacing=6), padding=8, border_radius=8,
            bgcolor=(ft.Colors.SURFACE_CONTAINER_HIGHEST if view.counted
                     else ft.Colors.ERROR_CONTAINER),
        ))

    def _board_size(self) -> ft.Control:
        objectives = self.objectives
        rows, cols = objectives.board_size

        def resize(d_rows: int, d_cols: int):
            return lambda e: self._run(objectives.resize, rows + d_rows,
                                                  cols + d_cols)

        say = self.words.say
        return ft.Column([
            ft.Text(say("ui.gi.boards.title", "Boards (every player's):"), size=15,
                    weight=ft.FontWeight.BOLD),
            ft.Row([
                labelled("board-size", ft.Text(say("ui.gi.setup.size", "{rows} rows × {cols} "
                                                   "columns", rows=rows, cols=cols), size=14,
                                               width=150)),
                tap_target(say("ui.gi.setup.row_minus", "− row"), resize(-1, 0), "rows-minus",
                           padding=6),
                tap_target(say("ui.gi.setup.row_plus", "+ row"), resize(1, 0), "rows-plus",
                           padding=6),
                tap_target(say("ui.gi.setup.column_minus", "− column"), resize(0, -1),
                           "cols-minus", padding=6),
                tap_target(say("ui.gi.setup.column_plus", "+ column"), resize(0, 1),
                           "cols-plus", padding=6),
            ], wrap=True, spacing=5, run_spacing=5),
        ], spacing=6)

    # Handlers -------------------------------------------------------------------------------------

    def _show(self, panel: str) -> None:
        self.panel = PANELS[self.context] = panel
        self._redraw()

    def _run(self, action, *args) -> None:
        """Do what a tap asks of the board or the objectives, then show what it did."""
        revision = self.session.revision
        editor = getattr(action, "__self__", self.model)
        try:
            action(*args)
            self.message = editor.message
        except Exception as error:  # noqa: BLE001 - say it, keep the draft, keep going
            self.message = self.words.say("ui.gi.failed", "That did not work: {error}",
                                          error=str(error))
        show_tap(self.context, self.session, revision, self._redraw)

    def _redraw(self) -> None:
        self.render()
        self.context.page.update(*self.changed_parts())


def at_least(width: float, content: ft.Control) -> ft.Control:
    """``content`` centred in a box ``width`` wide, or wider when the content is (a tool's name
    at 200% text): the palette keeps its columns at any usual text size and cuts no name."""
    inside = width - 2 * 2 - 2 * 3  # the button's padding and its chosen border, on each side
    return ft.Stack([ft.Container(width=inside), content], alignment=ft.Alignment.CENTER)


def _shape_picture(shape: Shape) -> ft.Control:
    """The shape as small squares, e.g. two side by side for a double tile across."""
    rows = max(row for row, _ in shape.offsets) + 1
    cols = max(col for _, col in shape.offsets) + 1
    return ft.Column([
        ft.Row([ft.Container(width=9, height=9, bgcolor="#616161", border_radius=1)
                for _ in range(cols)], spacing=1, tight=True)
        for _ in range(rows)
    ], spacing=1, tight=True)
