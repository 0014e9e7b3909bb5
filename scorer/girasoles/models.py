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
from scorer.core.players import SeatedPlayer, distinct_names

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

    @property
    def plural(self) -> str:
        return "leaves" if self is Symbol.LEAF else f"{self.value}s"


SYMBOL_LETTERS = {Symbol.SUNFLOWER: "s", Symbol.BEE: "b", Symbol.LEAF: "f", Symbol.LADYBUG: "d"}
"""Leaf and ladybug both start with l, so neither uses it: a typed l is an error, not a guess."""
EMPTY = "."
COLOUR_BY_LETTER = {colour.letter: colour for colour in Colour}
SYMBOL_BY_LETTER = {letter: symbol for symbol, letter in SYMBOL_LETTERS.items()}
LEGEND = (
    "a space is 2 characters: the colour (B blue, G green, R red, Y yellow, . empty), then the "
    "symbol (s sunflower, b bee, f leaf, d ladybug, . none), e.g. B. or Gs or .."
)


class Space(NamedTuple):
    """A covered space: its colour and its symbol, if any."""

    colour: Colour
    symbol: Symbol | None

    def describe(self) -> str:
        """E.g. "red bee" or "blue space"."""
        return f"{self.colour.value} {self.symbol.value if self.symbol else 'space'}"


def describe_cell(cell: Cell) -> str:
    """E.g. "row 3, column 5", as the board's grid is counted (from 1 at the top left)."""
    return f"row {cell[0]}, column {cell[1]}"


def parse_space(token: str) -> Space | None:
    """Read one token of the grid; None is an empty space. Raises ValueError with the reason."""
    if len(token) != 2:
        raise ValueError(f"{token!r} is not a space: {LEGEND}")
    colour_letter, symbol_letter = token
    if colour_letter != EMPTY and colour_letter not in COLOUR_BY_LETTER:
        hint = (
            f" (colours are capitals: {colour_letter.upper()})"
            if colour_letter.upper() in COLOUR_BY_LETTER
            else ""
        )
        raise ValueError(f"{colour_letter!r} is not a colour{hint}: {LEGEND}")
    if symbol_letter != EMPTY and symbol_letter not in SYMBOL_BY_LETTER:
        if symbol_letter == "l":
            hint = " (leaf and ladybug both start with l: write f for a leaf, d for a ladybug)"
        elif symbol_letter.lower() in SYMBOL_BY_LETTER:
            hint = f" (symbols are small letters: {symbol_letter.lower()})"
        else:
            hint = ""
        raise ValueError(f"{symbol_letter!r} is not a symbol{hint}: {LEGEND}")
    symbol = SYMBOL_BY_LETTER.get(symbol_letter)
    if colour_letter == EMPTY:
        if symbol is not None:
            raise ValueError(
                f"a {symbol.value} on an empty space (a symbol is printed on a tile: "
                f"give the space its colour, e.g. G{symbol_letter})"
            )
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
        + LEGEND,
    )

    @model_validator(mode="after")
    def _grid_fits_board(self) -> Board:
        if len(self.grid) > self.rows:
            raise ValueError(
                f"row {self.rows + 1} is outside the board: the grid has {len(self.grid)} rows, "
                f"the board {self.rows} (set \"rows\" for a larger board)"
            )
        if len(self.grid) < self.rows:
            raise ValueError(
                f"the grid has {len(self.grid)} rows, the board {self.rows}: type every row, "
                "with .. for an empty space (or set \"rows\" for a smaller board)"
            )
        for row, text in enumerate(self.grid, start=1):
            tokens = text.split()
            if len(tokens) > self.cols:
                raise ValueError(
                    f"row {row}, column {self.cols + 1} is outside the board: the row has "
                    f"{len(tokens)} spaces, the board {self.cols} columns"
                )
            if len(tokens) < self.cols:
                raise ValueError(
                    f"row {row} has {len(tokens)} spaces, the board {self.cols} columns: type "
                    "every space, with .. for an empty one"
                )
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
                except ValueError as error:
                    raise ValueError(f"row {row}, column {col}: {error}") from None
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
            raise ValueError(
                f"the rulebook describes additional objectives 1 to {DESCRIBED_OBJECTIVES} only, "
                f"so objective {self.card} cannot be scored (ruling GI-5)"
            )
        shows = OBJECTIVE_CARD_SHOWS[self.card]
        fields = (
            ("colour", shows is CardShows.COLOUR, "the colour"),
            ("objects", shows is CardShows.OBJECTS, "the two objects"),
        )
        for field, needed, what in fields:
            if needed and getattr(self, field) is None:
                raise ValueError(
                    f"objective {self.card} scores {what} shown on its card: "
                    f"give {what} as \"{field}\""
                )
        for field, needed, _ in fields:
            if not needed and getattr(self, field) is not None:
                raise ValueError(f"objective {self.card} shows no {field}: remove \"{field}\"")
        return self


Objective13Reading = Literal["kind_and_colour", "colour"]


class Options(Frozen):
    """Readings of the rulebook that a table may choose; the defaults are the project's rulings."""

    objective_13: Objective13Reading = Field(
        default="kind_and_colour",
        description="Ruling GI-3: objective 13 counts each different kind and colour of bee, leaf "
        "and ladybug once ('kind_and_colour', up to 12), or each colour that holds any of "
        "them ('colour', up to 4).",
    )


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
            raise ValueError('give the coins: their total as "coins", or "coins_by_round"')
        if self.coins is not None and self.coins_by_round is not None:
            rounds_total = sum(self.coins_by_round)
            if rounds_total != self.coins:
                rounds = " + ".join(str(coins) for coins in self.coins_by_round)
                raise ValueError(
                    f"coins are {self.coins} but the rounds add up to {rounds_total} ({rounds})"
                )
        return self

    @property
    def coin_total(self) -> int:
        return self.coins if self.coins is not None else sum(self.coins_by_round or ())


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
            raise ValueError(
                f"a game in {self.mode} mode ends with {allowed} additional objectives, "
                f"not {len(self.objectives)}"
            )
        cards = [objective.card for objective in self.objectives]
        repeated = sorted({card for card in cards if cards.count(card) > 1})
        if repeated:
            raise ValueError(f"objective {repeated[0]} is entered twice; there is one such card")
        return self


LIMITS: LimitWords = {
    "players": Limit("players", "the box has 4 personal boards and 4 brush tokens"),
    "coins_by_round": Limit("rounds", "a game has four rounds"),
    "coins": Limit("coins", "a bound that keeps files sane"),
    "rows": Limit("rows", "ruling GI-10: a board is 4 to 10 spaces a side"),
    "cols": Limit("columns", "ruling GI-10: a board is 4 to 10 spaces a side"),
    "card": Limit("", f"the rulebook's list of objectives, 1 to {DESCRIBED_OBJECTIVES}"),
    "objects": Limit("objects", "cards 7, 8 and 9 show 2 objects"),
}
"""How messages name Girasoles's limits (scorer.core.limits)."""
