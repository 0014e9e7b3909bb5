"""The Girasoles editor's behaviour, without Flet: what a tap does, what each space shows.

A player's board is entered by choosing a tool, then tapping spaces: a colour paints a space (or a
whole double or starting tile in one tap), a symbol sets a space's symbol, "No symbol" takes it off,
"Empty" clears a space. The tool stays until another is chosen. The Flet view
(:mod:`ui.games.girasoles.editor_view`) draws :meth:`BoardEditor.grid` and calls these methods.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from scorer.girasoles.models import (
    ADDITIONAL_OBJECTIVES,
    LARGEST_BOARD_SIZE,
    ROUNDS,
    SMALLEST_BOARD_SIZE,
    COLOUR_NAMES,
    MODE_NAMES,
    SYMBOL_NAMES,
    Colour,
    Symbol,
)
from scorer.girasoles.objectives import OBJECTIVES
from scorer.message import Message, msg, place
from ui.games.girasoles import draft as edits
from ui.games.girasoles.draft import objective_problem, objective_title, size_of, spaces_of
from ui.live.editing import PlayerEditor, SessionEditor
from scorer.core.breakdown import Cell
from ui.store.draft_check import Problem
from ui.live.session import TableSession


class Shape(Enum):
    """What one tap of a colour covers, from the space tapped (its top-left space)."""

    SPACE = ("space", ((0, 0),))
    ACROSS = ("double tile", ((0, 0), (0, 1)))
    DOWN = ("double tile", ((0, 0), (1, 0)))
    STARTING = ("starting tile", ((0, 0), (0, 1), (1, 0), (1, 1)))

    def __init__(self, tile: str, offsets: tuple[Cell, ...]):
        self.tile = tile
        self.offsets = offsets

    def cells(self, cell: Cell) -> tuple[Cell, ...]:
        return tuple((cell[0] + row, cell[1] + col) for row, col in self.offsets)

    @property
    def tile_word(self) -> Message:
        """What one tap lays: "space", "double tile", "starting tile"."""
        return TILE_WORDS[self.tile]

    @property
    def where_to_tap(self) -> Message:
        return WHERE_TO_TAP[self]

    @property
    def label(self) -> Message:
        """The shape's button: "1 space", "2 across", "2 down", "Start 2×2"."""
        return SHAPE_LABELS[self]


TILE_WORDS: dict[str, Message] = {
    "space": msg("ui.gi.tile.space", "space"),
    "double tile": msg("ui.gi.tile.double", "double tile"),
    "starting tile": msg("ui.gi.tile.starting", "starting tile"),
}
WHERE_TO_TAP: dict[Shape, Message] = {
    Shape.SPACE: msg("ui.gi.where.space", "tap a space to paint it"),
    Shape.ACROSS: msg("ui.gi.where.across", "tap the left space of the two"),
    Shape.DOWN: msg("ui.gi.where.down", "tap the top space of the two"),
    Shape.STARTING: msg("ui.gi.where.starting", "tap the top-left space of the four"),
}
CLEAR_A_SPACE = msg("ui.gi.where.clear", "tap a space to clear it")
SHAPE_LABELS: dict[Shape, Message] = {
    Shape.SPACE: msg("ui.gi.shape.space", "1 space"),
    Shape.ACROSS: msg("ui.gi.shape.across", "2 across"),
    Shape.DOWN: msg("ui.gi.shape.down", "2 down"),
    Shape.STARTING: msg("ui.gi.shape.starting", "Start 2×2"),
}


def capitalised(text: str) -> str:
    """A sentence's first letter in capitals ("red" starting a sentence: "Red")."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Tool:
    """The chosen tool: a colour (None: clear) with a shape, or a symbol (None: take off)."""

    paint: bool
    colour: Colour | None = None
    shape: Shape = Shape.SPACE
    symbol: Symbol | None = None

    def instructions(self, words) -> str:
        """What to tap with this tool, in ``words``: "Red: tap a space to paint it."."""
        shape = self.shape
        if self.paint and self.colour is None:
            return words.say("ui.gi.tool.empty", "Empty: {where}.",
                             where=CLEAR_A_SPACE if shape is Shape.SPACE else shape.where_to_tap)
        if self.paint:
            name = capitalised(words.render(COLOUR_NAMES[self.colour]))
            if shape is Shape.SPACE:
                return words.say("ui.gi.tool.paint", "{colour}: {where}.", colour=name,
                                 where=shape.where_to_tap)
            return words.say("ui.gi.tool.lay", "{colour} {tile}: {where}.", colour=name,
                             tile=shape.tile_word, where=shape.where_to_tap)
        if self.symbol is None:
            return words.say("ui.gi.tool.no_symbol",
                             "No symbol: tap a space to take its symbol off.")
        return words.say("ui.gi.tool.symbol", "{name}: tap a space to put a {symbol} on it.",
                         name=capitalised(words.render(SYMBOL_NAMES[self.symbol])),
                         symbol=SYMBOL_NAMES[self.symbol])


@dataclass(frozen=True)
class SpaceView:
    cell: Cell
    colour: Colour | None
    symbol: Symbol | None
    problem: str | None = None


class BoardEditor(PlayerEditor):
    """One player's board and coins on one screen, and the tool in hand."""

    def __init__(self, session: TableSession, player: int, words=None):
        super().__init__(session, player, words)
        self.tool: Tool | None = None
        self.shape = Shape.SPACE

    # What is shown --------------------------------------------------------------------------------

    @property
    def entered(self) -> dict:
        return self.session.draft["players"][self.player]

    @property
    def board(self) -> dict:
        return self.entered.get("board") or {}

    @property
    def size(self) -> tuple[int, int]:
        return size_of(self.board)

    @property
    def problems(self) -> list[Problem]:
        """This player's problems: on the board (at their spaces) and with the coins."""
        return list(self.session.checked.problems_of(self.player))

    def grid(self) -> list[list[SpaceView]]:
        problems = {problem.cell: problem.in_words(self.words) for problem in self.problems
                    if problem.cell}
        rows, cols = self.size
        spaces = spaces_of(self.board)
        return [
            [SpaceView((row, col), *spaces[(row, col)], problems.get((row, col)))
             for col in range(1, cols + 1)]
            for row in range(1, rows + 1)
        ]

    def count_text(self) -> str:
        """E.g. "30 of 36 spaces covered · 12 symbols"."""
        spaces = spaces_of(self.board).values()
        covered = sum(1 for colour, _ in spaces if colour is not None)
        symbols = sum(1 for _, symbol in spaces if symbol is not None)
        return self.words.say_n("ui.gi.count", "{covered} of {total} spaces covered · {count} "
                                "symbol", "{covered} of {total} spaces covered · {count} symbols",
                                symbols, covered=covered, total=len(spaces))

    # Tools ----------------------------------------------------------------------------------------

    def choose_colour(self, colour: Colour | None) -> None:
        """A colour to paint with (None: "Empty", to clear spaces), in the current shape."""
        self.tool = Tool(paint=True, colour=colour, shape=self.shape)
        self.message = self.tool.instructions(self.words)

    def choose_shape(self, shape: Shape) -> None:
        """What a tap of a colour covers: a space, a double tile across or down, a 2x2 starting
        tile. Stays chosen for every colour until changed."""
        self.shape = shape
        if self.tool is not None and self.tool.paint:
            self.tool = Tool(paint=True, colour=self.tool.colour, shape=shape)
            self.message = self.tool.instructions(self.words)
        else:
            self.tool = None
            self.message = self.words.say("ui.gi.shape.chosen", "{tile}: now choose its colour.",
                                          tile=capitalised(self.words.render(shape.tile_word)))

    def choose_symbol(self, symbol: Symbol | None) -> None:
        """A symbol to put on spaces (None: "No symbol", to take symbols off)."""
        self.tool = Tool(paint=False, symbol=symbol)
        self.message = self.tool.instructions(self.words)

    # What a tap does ------------------------------------------------------------------------------

    def tap(self, cell: Cell) -> None:
        tool = self.tool
        if tool is None:
            self.message = self.words.say("ui.gi.choose_first",
                                          "Choose a colour or a symbol first, then tap a space.")
            return
        if not self.on_board(cell):
            self.message = capitalised(self.words.say("ui.gi.off_board",
                                                      "{place} is not on the board.",
                                                      place=place(*cell)))
            return
        if tool.paint:
            cells = tool.shape.cells(cell)
            if not all(self.on_board(covered) for covered in cells):
                self.message = self.words.say(
                    "ui.gi.leaves_board", "A {tile} from {place} would leave the board: {where}.",
                    tile=tool.shape.tile_word, place=place(*cell), where=tool.shape.where_to_tap)
                return
            self._apply(*edits.paint(self.player, self.name, cells, tool.colour,
                                     tool.shape.tile_word))
            return
        self._apply(*edits.put_symbol(self.player, self.name, cell, tool.symbol))
        colour, symbol = spaces_of(self.board)[cell]
        if symbol is not None and colour is None:
            self.message += " " + self.words.say("ui.gi.symbol_waits", "It scores once its "
                                                 "space has a colour: paint it.")

    def on_board(self, cell: Cell) -> bool:
        rows, cols = self.size
        return 1 <= cell[0] <= rows and 1 <= cell[1] <= cols

    # Coins ----------------------------------------------------------------------------------------

    @property
    def coins_by_round(self) -> list[int] | None:
        return self.entered.get("coins_by_round")

    @property
    def coins(self) -> int | None:
        return self.entered.get("coins")

    def count_by_round(self, by_round: bool) -> None:
        self._apply(*edits.count_coins_by_round(self.player, self.name, by_round))

    def set_coins(self, value: int) -> None:
        if value < 0:
            self.message = self.words.say("ui.gi.coins.negative", "Coins cannot be fewer than 0.")
            return
        self._apply(*edits.set_coins(self.player, self.name, value))

    def set_round_coins(self, round_index: int, value: int) -> None:
        if value < 0:
            self.message = self.words.say("ui.gi.coins.negative", "Coins cannot be fewer than 0.")
            return
        if not 0 <= round_index < ROUNDS:
            return
        self._apply(*edits.set_round_coins(self.player, self.name, round_index, value))

    def coins_line(self):
        """The library's Coins line for this player (e.g. "coins of each round 3 + 5 -> 8"), or
        None while the table does not score."""
        result = self.player_result()
        return next((line for line in result.lines if line.category == "coins"), None) \
            if result else None


@dataclass(frozen=True)
class ObjectiveView:
    card: int
    title: str
    rule: str
    needs_colour: bool
    needs_objects: bool
    colour: str | None
    objects: tuple[str | None, str | None]
    problem: str | None
    counted: bool
    """Scored: complete and within the mode's number of additional objectives."""


class ObjectivesEditor(SessionEditor):
    """The table's objectives, mode and board size: shared by every player."""

    @property
    def draft(self) -> dict:
        return self.session.draft

    @property
    def mode(self) -> str:
        return self.draft.get("mode", "normal")

    @property
    def allowed(self) -> int:
        return ADDITIONAL_OBJECTIVES.get(self.mode, ADDITIONAL_OBJECTIVES["normal"])

    @property
    def entered(self) -> list[dict]:
        return list(self.draft.get("objectives", []))

    def chosen(self) -> list[ObjectiveView]:
        table = self.session.checked.table
        scored = {o.card for o in table.objectives} if table is not None else set()
        views = []
        for raw in self.entered:
            card = OBJECTIVES.get(raw.get("card"))
            objects = tuple(raw.get("objects") or (None, None))
            problem = objective_problem(raw)
            counted = raw.get("card") in scored
            if problem is None and not counted and table is not None:
                problem = msg("ui.gi.objective.not_scored", "a game in {mode} ends with {count} "
                              "additional objectives: this one is not scored",
                              mode=self.mode_name, count=self.allowed)
            rule = edits.RULES.get(raw.get("card"))
            views.append(ObjectiveView(
                card=raw.get("card"),
                title=self.words.render(objective_title(raw)),
                rule=self.words.render(rule) if rule else "",
                needs_colour=bool(card and card.needs_colour),
                needs_objects=bool(card and card.needs_objects),
                colour=raw.get("colour"),
                objects=(objects + (None, None))[:2],
                problem=self.words.render(problem) if problem else None,
                counted=counted,
            ))
        return views

    def offered(self) -> list[tuple[int, str, str]]:
        """The cards not chosen yet: number, title, rule."""
        taken = {raw.get("card") for raw in self.entered}
        return [(number, self.words.render(objective_title({"card": number})),
                 self.words.render(edits.RULES[number]))
                for number in OBJECTIVES if number not in taken]

    @property
    def mode_name(self) -> Message:
        """The table's mode in words ("normal mode"); normal when the draft's is unknown."""
        return MODE_NAMES.get(self.mode, MODE_NAMES["normal"])

    def count_text(self) -> str:
        return self.words.say("ui.gi.objectives.count",
                              "{count} of {allowed} additional objectives ({mode})",
                              count=len(self.entered), allowed=self.allowed, mode=self.mode_name)

    @property
    def objective_13_reading(self) -> str:
        return (self.draft.get("options") or {}).get("objective_13", "kind_and_colour")

    def set_mode(self, mode: str) -> None:
        self._apply(*edits.set_mode(mode))

    def add(self, card: int) -> None:
        if len(self.entered) >= self.allowed:
            self.message = self.words.say(
                "ui.gi.objectives.full", "A game in {mode} ends with {count} additional "
                "objectives: remove one first.", mode=self.mode_name, count=self.allowed)
            return
        self._apply(*edits.add_objective(card))

    def remove(self, card: int) -> None:
        self._apply(*edits.remove_objective(card))

    def set_colour(self, card: int, colour: Colour) -> None:
        self._apply(*edits.objective_colour(card, colour))

    def set_object(self, card: int, slot: int, symbol: Symbol) -> None:
        self._apply(*edits.objective_object(card, slot, symbol))

    def set_objective_13_reading(self, reading: str) -> None:
        self._apply(*edits.set_objective_13_reading(reading))

    @property
    def board_size(self) -> tuple[int, int]:
        players = self.draft.get("players") or [{}]
        return size_of(players[0].get("board") or {})

    def resize(self, rows: int, cols: int) -> None:
        if not all(SMALLEST_BOARD_SIZE <= n <= LARGEST_BOARD_SIZE for n in (rows, cols)):
            self.message = self.words.say("ui.gi.resize.limits", "A board is {least} to {most} "
                                          "spaces each way.", least=SMALLEST_BOARD_SIZE,
                                          most=LARGEST_BOARD_SIZE)
            return
        lost = sum(
            1
            for player in self.draft.get("players", [])
            for (row, col), (colour, symbol) in spaces_of(player.get("board") or {}).items()
            if (row > rows or col > cols) and (colour or symbol)
        )
        self._apply(*edits.resize(rows, cols))
        if lost:
            self.message += " " + self.words.say_n(
                "ui.gi.resize.lost", "{count} covered space outside the new size were taken off; "
                "Undo brings them back.", "{count} covered spaces outside the new size were taken "
                "off; Undo brings them back.", lost)

