"""The Girasoles table a player enters: each player's board and coins, the additional objectives.

A personal board is a grid of spaces, ``rows`` by ``cols`` (the rulebook does not give its size:
6 by 6 unless the table says otherwise, 4 to 10 each way, ruling GI-10). A space is empty or
covered by a tile; a covered space has one of 4 colours and at most one symbol, which takes the
colour of its space.

The board is typed as a grid of text, one string per row, one 2-character token per space,
separated by blanks: the colour's capital letter (``B`` blue, ``G`` green, ``R`` red, ``Y`` yellow)
or ``.`` for an empty space, then the symbol's small letter (``s`` sunflower, ``b`` bee, ``f`` leaf,
``d`` ladybug) or ``.`` for none. ``"Rd Y. Gs .."`` is a red ladybug, a yellow space with no
symbol, a green sunflower and an empty space. Positions are (row, column), counted from 1 at the
top left.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from typing import Annotated, Literal, NamedTuple

from pydantic import AfterValidator, Field, model_validator

from scorer.core.breakdown import Cell, Frozen
from scorer.core.counts import WholeNumber
from scorer.core.limits import Limit, LimitWords
from scorer.core.options import TableOptions
from scorer.core.players import SeatedPlayer, distinct_names
from scorer.message import Message, MessageError, msg, msg_n, place

DEFAULT_BOARD_SIZE = 6
SMALLEST_BOARD_SIZE = 4
LARGEST_BOARD_SIZE = 10
ROUNDS = 4
ADDITIONAL_OBJECTIVES = {"normal": 3, "advanced": 4}
"""Active additional objectives at the end of a game, by mode."""
MAX_COINS = 999
"""A sanity bound on coins, in total or in a round (the game has 30 coin tokens)."""


class Colour(StrEnum):
    BLUE = "blue"
    GREEN = "green"
    RED = "red"
    YELLOW = "yellow"

    @property
    def letter(self) -> str:
        return self.value[0].upper()


class Symbol(StrEnum):
    SUNFLOWER = "sunflower"
    BEE = "bee"
    LEAF = "leaf"
    LADYBUG = "ladybug"

    @property
    def letter(self) -> str:
        return SYMBOL_LETTERS[self]


COLOUR_NAMES: dict[Colour, Message] = {
    Colour.BLUE: msg("gi.colour.blue", "blue"),
    Colour.GREEN: msg("gi.colour.green", "green"),
    Colour.RED: msg("gi.colour.red", "red"),
    Colour.YELLOW: msg("gi.colour.yellow", "yellow"),
}
"""A colour named on its own (a listing of colours, "blue 2")."""
SYMBOL_NAMES: dict[Symbol, Message] = {
    Symbol.SUNFLOWER: msg("gi.symbol.sunflower", "sunflower"),
    Symbol.BEE: msg("gi.symbol.bee", "bee"),
    Symbol.LEAF: msg("gi.symbol.leaf", "leaf"),
    Symbol.LADYBUG: msg("gi.symbol.ladybug", "ladybug"),
}
SYMBOL_PLURALS: dict[Symbol, Message] = {
    Symbol.SUNFLOWER: msg("gi.symbols.sunflower", "sunflowers"),
    Symbol.BEE: msg("gi.symbols.bee", "bees"),
    Symbol.LEAF: msg("gi.symbols.leaf", "leaves"),
    Symbol.LADYBUG: msg("gi.symbols.ladybug", "ladybugs"),
}
SPACE_NAMES: dict[tuple[Colour, Symbol | None], Message] = {
    # One message for each colour and symbol: the colour agrees with the noun in many languages.
    (Colour.BLUE, None): msg("gi.space.blue", "blue space"),
    (Colour.BLUE, Symbol.SUNFLOWER): msg("gi.space.blue.sunflower", "blue sunflower"),
    (Colour.BLUE, Symbol.BEE): msg("gi.space.blue.bee", "blue bee"),
    (Colour.BLUE, Symbol.LEAF): msg("gi.space.blue.leaf", "blue leaf"),
    (Colour.BLUE, Symbol.LADYBUG): msg("gi.space.blue.ladybug", "blue ladybug"),
    (Colour.GREEN, None): msg("gi.space.green", "green space"),
    (Colour.GREEN, Symbol.SUNFLOWER): msg("gi.space.green.sunflower", "green sunflower"),
    (Colour.GREEN, Symbol.BEE): msg("gi.space.green.bee", "green bee"),
    (Colour.GREEN, Symbol.LEAF): msg("gi.space.green.leaf", "green leaf"),
    (Colour.GREEN, Symbol.LADYBUG): msg("gi.space.green.ladybug", "green ladybug"),
    (Colour.RED, None): msg("gi.space.red", "red space"),
    (Colour.RED, Symbol.SUNFLOWER): msg("gi.space.red.sunflower", "red sunflower"),
    (Colour.RED, Symbol.BEE): msg("gi.space.red.bee", "red bee"),
    (Colour.RED, Symbol.LEAF): msg("gi.space.red.leaf", "red leaf"),
    (Colour.RED, Symbol.LADYBUG): msg("gi.space.red.ladybug", "red ladybug"),
    (Colour.YELLOW, None): msg("gi.space.yellow", "yellow space"),
    (Colour.YELLOW, Symbol.SUNFLOWER): msg("gi.space.yellow.sunflower", "yellow sunflower"),
    (Colour.YELLOW, Symbol.BEE): msg("gi.space.yellow.bee", "yellow bee"),
    (Colour.YELLOW, Symbol.LEAF): msg("gi.space.yellow.leaf", "yellow leaf"),
    (Colour.YELLOW, Symbol.LADYBUG): msg("gi.space.yellow.ladybug", "yellow ladybug"),
}
"""A covered space named by its colour and symbol: "red bee", "blue space"."""
MODE_NAMES: dict[str, Message] = {
    "normal": msg("gi.mode.normal", "normal mode"),
    "advanced": msg("gi.mode.advanced", "advanced mode"),
}


SYMBOL_LETTERS = {Symbol.SUNFLOWER: "s", Symbol.BEE: "b", Symbol.LEAF: "f", Symbol.LADYBUG: "d"}
"""Leaf and ladybug both start with l, so neither uses it: a typed l is an error, not a guess."""
EMPTY = "."
COLOUR_BY_LETTER = {colour.letter: colour for colour in Colour}
SYMBOL_BY_LETTER = {letter: symbol for symbol, letter in SYMBOL_LETTERS.items()}
LEGEND = msg(
    "gi.grid.legend",
    "a space is 2 characters: the colour (B blue, G green, R red, Y yellow, . empty), then the "
    "symbol (s sunflower, b bee, f leaf, d ladybug, . none), e.g. B. or Gs or ..",
)


class Space(NamedTuple):
    """A covered space: its colour and its symbol, if any."""

    colour: Colour
    symbol: Symbol | None

    def describe(self) -> Message:
        """E.g. "red bee" or "blue space"."""
        return SPACE_NAMES[self]


def describe_cell(cell: Cell) -> str:
    """E.g. "row 3, column 5", as the board's grid is counted (from 1 at the top left), in
    English (:func:`scorer.message.place` is the message)."""
    return place(*cell).text


def parse_space(token: str) -> Space | None:
    """Read one token of the grid; None is an empty space. Raises MessageError with the reason."""
    if len(token) != 2:
        raise MessageError(msg("gi.grid.not_a_space", "{token} is not a space: {legend}",
                               token=repr(token), legend=LEGEND))
    colour_letter, symbol_letter = token
    if colour_letter != EMPTY and colour_letter not in COLOUR_BY_LETTER:
        if colour_letter.upper() in COLOUR_BY_LETTER:
            raise MessageError(msg(
                "gi.grid.colour_capital",
                "{letter} is not a colour (colours are capitals: {capital}): {legend}",
                letter=repr(colour_letter), capital=colour_letter.upper(), legend=LEGEND))
        raise MessageError(msg("gi.grid.not_a_colour", "{letter} is not a colour: {legend}",
                               letter=repr(colour_letter), legend=LEGEND))
    if symbol_letter != EMPTY and symbol_letter not in SYMBOL_BY_LETTER:
        letter = repr(symbol_letter)
        if symbol_letter == "l":
            raise MessageError(msg(
                "gi.grid.symbol_l",
                "{letter} is not a symbol (leaf and ladybug both start with l: write f for a "
                "leaf, d for a ladybug): {legend}", letter=letter, legend=LEGEND))
        if symbol_letter.lower() in SYMBOL_BY_LETTER:
            raise MessageError(msg(
                "gi.grid.symbol_small",
                "{letter} is not a symbol (symbols are small letters: {small}): {legend}",
                letter=letter, small=symbol_letter.lower(), legend=LEGEND))
        raise MessageError(msg("gi.grid.not_a_symbol", "{letter} is not a symbol: {legend}",
                               letter=letter, legend=LEGEND))
    symbol = SYMBOL_BY_LETTER.get(symbol_letter)
    if colour_letter == EMPTY:
        if symbol is not None:
            raise MessageError(msg(
                "gi.grid.symbol_without_tile",
                "a {symbol} on an empty space (a symbol is printed on a tile: give the space its "
                "colour, e.g. {example})", symbol=SYMBOL_NAMES[symbol],
                example="G" + symbol_letter))
        return None
    return Space(COLOUR_BY_LETTER[colour_letter], symbol)


class Board(Frozen):
    """A personal board at the end of the game, typed as a grid of text (see the module's doc)."""

    rows: WholeNumber = Field(
        default=DEFAULT_BOARD_SIZE, ge=SMALLEST_BOARD_SIZE, le=LARGEST_BOARD_SIZE,
        description="Rows of the board (ruling GI-10).",
    )
    cols: WholeNumber = Field(
        default=DEFAULT_BOARD_SIZE, ge=SMALLEST_BOARD_SIZE, le=LARGEST_BOARD_SIZE,
        description="Columns of the board (ruling GI-10).",
    )
    grid: tuple[str, ...] = Field(
        description="One string per row, top first; one token per space separated by blanks: "
        + LEGEND.text,
    )

    @model_validator(mode="after")
    def _grid_fits_board(self) -> Board:
        if len(self.grid) > self.rows:
            raise MessageError(msg(
                "gi.board.too_many_rows",
                'row {row} is outside the board: the grid has {count} rows, the board {rows} '
                '(set "rows" for a larger board)',
                row=self.rows + 1, count=len(self.grid), rows=self.rows))
        if len(self.grid) < self.rows:
            raise MessageError(msg_n(
                # English says "1 rows" as it always did; other languages have their singular.
                "gi.board.too_few_rows",
                'the grid has {count} rows, the board {rows}: type every row, with .. for an '
                'empty space (or set "rows" for a smaller board)',
                'the grid has {count} rows, the board {rows}: type every row, with .. for an '
                'empty space (or set "rows" for a smaller board)',
                len(self.grid), rows=self.rows))
        for row, text in enumerate(self.grid, start=1):
            tokens = text.split()
            if len(tokens) > self.cols:
                raise MessageError(msg(
                    "gi.board.too_many_spaces",
                    "{place} is outside the board: the row has {count} spaces, the board "
                    "{columns} columns",
                    place=place(row, self.cols + 1), count=len(tokens), columns=self.cols))
            if len(tokens) < self.cols:
                raise MessageError(msg_n(
                    "gi.board.too_few_spaces",
                    "row {row} has {count} spaces, the board {columns} columns: type every "
                    "space, with .. for an empty one",
                    "row {row} has {count} spaces, the board {columns} columns: type every "
                    "space, with .. for an empty one",
                    len(tokens), row=row, columns=self.cols))
        self.spaces  # reads every space, stops at the first wrong one; the result is kept
        return self

    @cached_property
    def spaces(self) -> dict[Cell, Space]:
        """The covered spaces by (row, column), in reading order; empty spaces are absent."""
        found = {}
        for row, text in enumerate(self.grid, start=1):
            for col, token in enumerate(text.split(), start=1):
                try:
                    space = parse_space(token)
                except MessageError as error:
                    raise MessageError(msg("gi.board.space_problem", "{place}: {problem}",
                                           place=place(row, col), problem=error.message)) from None
                if space is not None:
                    found[(row, col)] = space
        return found

    def is_on_edge(self, cell: Cell) -> bool:
        """On the first or last row or column (ruling GI-7)."""
        row, col = cell
        return row in (1, self.rows) or col in (1, self.cols)


class CardShows(StrEnum):
    """What an additional objective's card shows besides its rule, which a table must give."""

    NOTHING = "nothing"
    COLOUR = "colour"
    OBJECTS = "objects"


OBJECTIVE_CARD_SHOWS: dict[int, CardShows] = {
    number: CardShows.COLOUR if number in (1, 2, 5, 6)
    else CardShows.OBJECTS if number in (7, 8, 9) else CardShows.NOTHING
    for number in range(1, 16)
}
"""What each card of the rulebook's list shows, by number: a colour (cards 1, 2, 5, 6), two
objects (cards 7, 8, 9) or nothing. The list's rules are in ``objectives``, which reads this."""
DESCRIBED_OBJECTIVES = len(OBJECTIVE_CARD_SHOWS)
"""The rulebook announces 16 additional objectives but describes 15 (ruling GI-5)."""


class AdditionalObjective(Frozen):
    """An active additional objective: its card number in the rulebook's list, and what the card
    shows when its rule needs it: a colour (cards 1, 2, 5, 6) or two objects (cards 7, 8, 9)."""

    card: WholeNumber = Field(
        ge=1, description="The objective's number in the rulebook's list, 1 to 15."
    )
    colour: Colour | None = Field(
        default=None, description="The colour shown on cards 1, 2, 5 and 6."
    )
    objects: tuple[Symbol, Symbol] | None = Field(
        default=None, description="The two objects shown on cards 7, 8 and 9."
    )

    @model_validator(mode="after")
    def _shows_what_its_rule_needs(self) -> AdditionalObjective:
        if self.card > DESCRIBED_OBJECTIVES:
            raise MessageError(msg(
                "gi.objective.not_described",
                "the rulebook describes additional objectives 1 to {last} only, so objective "
                "{card} cannot be scored (ruling GI-5)", last=DESCRIBED_OBJECTIVES, card=self.card))
        shows = OBJECTIVE_CARD_SHOWS[self.card]
        if shows is CardShows.COLOUR and self.colour is None:
            raise MessageError(msg(
                "gi.objective.needs_colour",
                'objective {card} scores the colour shown on its card: give the colour as '
                '"colour"', card=self.card))
        if shows is CardShows.OBJECTS and self.objects is None:
            raise MessageError(msg(
                "gi.objective.needs_objects",
                'objective {card} scores the two objects shown on its card: give the two objects '
                'as "objects"', card=self.card))
        if shows is not CardShows.COLOUR and self.colour is not None:
            raise MessageError(msg("gi.objective.shows_no_colour",
                                   'objective {card} shows no colour: remove "colour"',
                                   card=self.card))
        if shows is not CardShows.OBJECTS and self.objects is not None:
            raise MessageError(msg("gi.objective.shows_no_objects",
                                   'objective {card} shows no objects: remove "objects"',
                                   card=self.card))
        return self


Objective13Reading = Literal["kind_and_colour", "colour"]


class Options(TableOptions):
    """Readings of the rulebook that a table may choose; the defaults are the project's rulings."""

    objective_13: Objective13Reading = Field(
        default="kind_and_colour",
        description="Ruling GI-3: objective 13 counts each different kind and colour of bee, leaf "
        "and ladybug once ('kind_and_colour', up to 12), or each colour that holds any of "
        "them ('colour', up to 4).",
    )

    choices = {"objective_13": {
        "kind_and_colour": msg("gi.option.objective_13.kind_and_colour", "Kind and colour"),
        "colour": msg("gi.option.objective_13.colour", "Colour"),
    }}
    sentences = {"objective_13": msg(
        "gi.option.objective_13",
        'Objective 13 counts each different kind and colour of bee, leaf and ladybug once '
        '("{kind_and_colour}", up to 12), or each colour that holds any of them ("{colour}", '
        'up to 4).', **choices["objective_13"])}


class Player(SeatedPlayer):
    """A player's board and coins: the coins' total value, or the coins of each round, or both."""

    coins: WholeNumber | None = Field(
        default=None, ge=0, le=MAX_COINS, description="The total value of the coins."
    )
    coins_by_round: tuple[Annotated[WholeNumber, Field(ge=0, le=MAX_COINS)], ...] | None = Field(
        default=None, max_length=ROUNDS, description="The coins taken at the end of each round."
    )
    board: Board

    @model_validator(mode="after")
    def _coins_given_once(self) -> Player:
        if self.coins is None and self.coins_by_round is None:
            raise MessageError(msg("gi.coins.missing",
                                   'give the coins: their total as "coins", or "coins_by_round"'))
        if self.coins is not None and self.coins_by_round is not None:
            rounds_total = sum(self.coins_by_round)
            if rounds_total != self.coins:
                raise MessageError(msg(
                    "gi.coins.rounds_differ",
                    "coins are {coins} but the rounds add up to {total} ({rounds})",
                    coins=self.coins, total=rounds_total, rounds=rounds_sum(self.coins_by_round)))
        return self

    @property
    def coin_total(self) -> int:
        return self.coins if self.coins is not None else sum(self.coins_by_round or ())


def rounds_sum(coins_by_round: tuple[int, ...]) -> str:
    """The coins of each round as a sum: "3 + 4 + 4 + 5" (digits in every language)."""
    return " + ".join(str(coins) for coins in coins_by_round)


Mode = Literal["normal", "advanced"]


class GirasolesTable(Frozen):
    """A game of Girasoles: 1 to 4 players (ruling GI-11), the mode, the active additional
    objectives (3 in normal mode, 4 in advanced mode; fewer are scored with a warning, GI-12)."""

    game: Literal["girasoles"] = "girasoles"
    mode: Mode = "normal"
    objectives: tuple[AdditionalObjective, ...] = Field(
        default=(), description="The active additional objectives, in the order they came."
    )
    options: Options = Options()
    players: Annotated[tuple[Player, ...], AfterValidator(distinct_names)] = Field(
        min_length=1, max_length=4
    )

    @model_validator(mode="after")
    def _objectives_fit_mode(self) -> GirasolesTable:
        allowed = ADDITIONAL_OBJECTIVES[self.mode]
        if len(self.objectives) > allowed:
            raise MessageError(msg(
                "gi.table.too_many_objectives",
                "a game in {mode} ends with {allowed} additional objectives, not {count}",
                mode=MODE_NAMES[self.mode], allowed=allowed, count=len(self.objectives)))
        cards = [objective.card for objective in self.objectives]
        repeated = sorted({card for card in cards if cards.count(card) > 1})
        if repeated:
            raise MessageError(msg("gi.table.objective_twice",
                                   "objective {card} is entered twice; there is one such card",
                                   card=repeated[0]))
        return self


_BOARD_SIDES = msg("gi.limit.board.why",
                   "ruling GI-10: a board is {least} to {most} spaces a side",
                   least=SMALLEST_BOARD_SIZE, most=LARGEST_BOARD_SIZE)
_COINS = msg("gi.limit.coins.why", "a bound that keeps files sane")

LIMITS: LimitWords = {
    "players": Limit(msg_n("gi.limit.players", "player", "players", 2),
                     msg("gi.limit.players.why", "the box has 4 personal boards and 4 brush "
                         "tokens")),
    "coins_by_round": Limit(msg_n("gi.limit.rounds", "round", "rounds", 2),
                            msg("gi.limit.rounds.why", "a game has four rounds")),
    "coins": Limit(why=_COINS),
    "rows": Limit(why=_BOARD_SIDES),
    "cols": Limit(why=_BOARD_SIDES),
    "card": Limit(why=msg("gi.limit.card.why", "the rulebook's list of objectives, 1 to {last}",
                          last=DESCRIBED_OBJECTIVES)),
    "objects": Limit(msg_n("gi.limit.objects", "object", "objects", 2),
                     msg("gi.limit.objects.why", "cards 7, 8 and 9 show 2 objects")),
}
"""How messages name Girasoles's limits (scorer.core.limits)."""
