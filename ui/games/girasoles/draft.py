"""The Girasoles draft: what the app keeps for a table, valid or not, and its edits.

A draft is the table file (see README, "Girasoles") plus a colour per player, and it may hold what
does not validate yet: a symbol on a space with no colour, an objective whose colour is not chosen::

    {"game": "girasoles", "mode": "normal", "options": {...},
     "objectives": [{"card": 5, "colour": "green" | null, "objects": null | [a, b]}],
     "players": [{"name", "colour", "coins": 8 | null, "coins_by_round": null | [3, 5],
                  "board": {"rows": 6, "cols": 6, "grid": ["Rd Y. Ys R. Bf B.", ...]}}]}

:func:`check` scores what validates and says, in words and at its place, what does not.
Positions are the library's: (row, column) from 1 at the top left.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ValidationError

from scorer.girasoles.models import (
    ADDITIONAL_OBJECTIVES,
    COLOUR_BY_LETTER,
    DEFAULT_BOARD_SIZE,
    EMPTY,
    LARGEST_BOARD_SIZE,
    SMALLEST_BOARD_SIZE,
    SYMBOL_BY_LETTER,
    AdditionalObjective,
    Board,
    Colour,
    GirasolesTable,
    Options,
    Player,
    Symbol,
    COLOUR_NAMES,
    MODE_NAMES,
    SYMBOL_NAMES,
    parse_space,
)
from scorer.girasoles.objectives import OBJECTIVES
from scorer.core.breakdown import Cell
from scorer.files import problems_message
from scorer.message import Message, msg, place
from ui.games.plugin import PlayerSetup
from ui.store.draft_check import Checked, Problem

Change = Callable[[dict], None]
Label = Message
"""An edit's label, said on each device in its language (see ``ui.live.session.Label``)."""
EMPTY_SPACE = EMPTY + EMPTY

_EDGES_RULE = msg("ui.gi.rule.edges", "1 point per space of the card's colour on the edges")
_AREAS_RULE = msg("ui.gi.rule.areas", "1 point per area of the card's colour")
_PAIRS_RULE = msg("ui.gi.rule.pairs", "2 points per pair of the card's two objects side by side")
RULES: dict[int, Message] = {
    1: _EDGES_RULE,
    2: _EDGES_RULE,
    3: msg("ui.gi.rule.3", "1 point per sunflower on the edges"),
    4: msg("ui.gi.rule.4", "1 point per sunflower area (sunflowers side by side, any colours)"),
    5: _AREAS_RULE,
    6: _AREAS_RULE,
    7: _PAIRS_RULE,
    8: _PAIRS_RULE,
    9: _PAIRS_RULE,
    10: msg("ui.gi.rule.10", "2 points per row with one or more bees"),
    11: msg("ui.gi.rule.11", "2 points per column with one or more ladybugs"),
    12: msg("ui.gi.rule.12", "3 points per row or column with all 4 colours"),
    13: msg("ui.gi.rule.13", "1 point per bee, leaf or ladybug of a different colour"),
    14: msg("ui.gi.rule.14", "3 points per set of 4 sunflowers of different colours"),
    15: msg("ui.gi.rule.15", "4 points per bee, leaf and ladybug of one colour in one area"),
}
"""The rulebook's list of additional objectives, in a line each (the scorer has the rules)."""


def new_draft(players: list[PlayerSetup], setup: dict) -> dict:
    rows = setup.get("rows", DEFAULT_BOARD_SIZE)
    cols = setup.get("cols", DEFAULT_BOARD_SIZE)
    return {
        "game": "girasoles",
        "mode": setup.get("mode", "normal"),
        "objectives": [],
        "options": {},
        "players": [
            {
                "name": player.name.strip(),
                "colour": player.colour,
                "coins": 0,
                "coins_by_round": None,
                "board": {"rows": rows, "cols": cols, "grid": _empty_grid(rows, cols)},
            }
            for player in players
        ],
    }


def draft_from_table(table: BaseModel, colours: list[str]) -> dict:
    """The draft of a table file the library validated (an import)."""
    data = table.model_dump(mode="json")
    for player, colour in zip(data["players"], colours):
        player["colour"] = colour
        if player["coins_by_round"] is not None:
            # The editor keeps the coins one way; the rounds say more.
            player["coins"] = None
        board = player["board"]
        board["grid"] = [" ".join(row.split()) for row in board["grid"]]
    return data


def _empty_grid(rows: int, cols: int) -> list[str]:
    return [" ".join([EMPTY_SPACE] * cols) for _ in range(rows)]


# Spaces ------------------------------------------------------------------------------------------


def token(colour: Colour | None, symbol: Symbol | None) -> str:
    return (colour.letter if colour else EMPTY) + (symbol.letter if symbol else EMPTY)


def read_token(text: str) -> tuple[Colour | None, Symbol | None]:
    """A space's colour and symbol as entered, whether or not they make a valid space."""
    colour = COLOUR_BY_LETTER.get(text[:1])
    symbol = SYMBOL_BY_LETTER.get(text[1:2])
    return colour, symbol


def size_of(board: dict) -> tuple[int, int]:
    return board.get("rows", DEFAULT_BOARD_SIZE), board.get("cols", DEFAULT_BOARD_SIZE)


def board_tokens(board: dict) -> list[list[str]]:
    """The grid as rows of tokens, exactly ``rows`` by ``cols`` (missing spaces are empty)."""
    rows, cols = size_of(board)
    grid = list(board.get("grid") or [])
    tokens = []
    for row in range(rows):
        line = grid[row].split() if row < len(grid) and isinstance(grid[row], str) else []
        tokens.append((line + [EMPTY_SPACE] * cols)[:cols])
    return tokens


def spaces_of(board: dict) -> dict[Cell, tuple[Colour | None, Symbol | None]]:
    """Every position of the board, from (1,1), with its colour and symbol as entered."""
    return {
        (row, col): read_token(text)
        for row, line in enumerate(board_tokens(board), start=1)
        for col, text in enumerate(line, start=1)
    }


def _write(board: dict, tokens: list[list[str]]) -> None:
    board["grid"] = [" ".join(line) for line in tokens]


# Edits: each returns a label for the undo button and a change made to a copy of the draft. -------


def paint(player: int, name: str, cells: tuple[Cell, ...], colour: Colour | None,
          tile: Message) -> tuple[Label, Change]:
    """Give spaces a colour, keeping their symbols (``tile`` names the shape laid, for the
    label); no colour clears the spaces, symbols too."""

    def change(draft: dict) -> None:
        board = draft["players"][player]["board"]
        tokens = board_tokens(board)
        for row, col in cells:
            _, symbol = read_token(tokens[row - 1][col - 1])
            tokens[row - 1][col - 1] = token(colour, symbol if colour else None)
        _write(board, tokens)

    where = _cells_text(cells)
    if colour is None:
        return msg("ui.gi.edit.clear", "{name}: clear {where}", name=name, where=where), change
    if len(cells) == 1:
        return msg("ui.gi.edit.paint", "{name}: paint {where} {colour}", name=name, where=where,
                   colour=COLOUR_NAMES[colour]), change
    return msg("ui.gi.edit.lay", "{name}: lay a {colour} {tile} on {where}", name=name,
               colour=COLOUR_NAMES[colour], tile=tile, where=where), change


def put_symbol(player: int, name: str, cell: Cell,
               symbol: Symbol | None) -> tuple[Label, Change]:
    """Set a space's symbol, or take it off (``None``)."""

    def change(draft: dict) -> None:
        board = draft["players"][player]["board"]
        tokens = board_tokens(board)
        colour, _ = read_token(tokens[cell[0] - 1][cell[1] - 1])
        tokens[cell[0] - 1][cell[1] - 1] = token(colour, symbol)
        _write(board, tokens)

    if symbol is None:
        return msg("ui.gi.edit.symbol_off", "{name}: take the symbol off {place}", name=name,
                   place=place(*cell)), change
    return msg("ui.gi.edit.symbol", "{name}: put a {symbol} on {place}", name=name,
               symbol=SYMBOL_NAMES[symbol], place=place(*cell)), change


def set_coins(player: int, name: str, coins: int) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        draft["players"][player]["coins"] = coins
        draft["players"][player]["coins_by_round"] = None

    return msg("ui.gi.edit.coins", "{name}: coins {coins}", name=name, coins=coins), change


def set_round_coins(player: int, name: str, round_index: int,
                    coins: int) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        rounds = list(draft["players"][player].get("coins_by_round") or [])
        rounds += [0] * (round_index + 1 - len(rounds))
        rounds[round_index] = coins
        draft["players"][player]["coins_by_round"] = rounds
        draft["players"][player]["coins"] = None

    return msg("ui.gi.edit.round_coins", "{name}: coins of round {round} {coins}", name=name,
               round=round_index + 1, coins=coins), change


def count_coins_by_round(player: int, name: str, by_round: bool) -> tuple[Label, Change]:
    """Enter the coins round by round (the first round starts with the total so far) or as
    their total (the rounds' coins added up)."""

    def change(draft: dict) -> None:
        entered = draft["players"][player]
        rounds = entered.get("coins_by_round")
        if by_round and rounds is None:
            entered["coins_by_round"] = [entered.get("coins") or 0, 0, 0, 0]
            entered["coins"] = None
        elif not by_round and rounds is not None:
            entered["coins"] = sum(rounds)
            entered["coins_by_round"] = None

    if by_round:
        return msg("ui.gi.edit.coins_by_round", "{name}: coins round by round",
                   name=name), change
    return msg("ui.gi.edit.coins_total", "{name}: coins as a total", name=name), change


def set_mode(mode: str) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        draft["mode"] = mode

    return msg("ui.gi.edit.mode", "play the {mode}", mode=MODE_NAMES[mode]), change


def add_objective(card: int) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        objectives = draft.setdefault("objectives", [])
        if all(objective.get("card") != card for objective in objectives):
            objectives.append({"card": card, "colour": None, "objects": None})

    return msg("ui.gi.edit.add_objective", "add objective {card}", card=card), change


def remove_objective(card: int) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        draft["objectives"] = [o for o in draft.get("objectives", []) if o.get("card") != card]

    return msg("ui.gi.edit.remove_objective", "remove objective {card}", card=card), change


def objective_colour(card: int, colour: Colour) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        for objective in draft.get("objectives", []):
            if objective.get("card") == card:
                objective["colour"] = colour.value

    return msg("ui.gi.edit.objective_colour", "objective {card} shows {colour}", card=card,
               colour=COLOUR_NAMES[colour]), change


def objective_object(card: int, slot: int, symbol: Symbol) -> tuple[Label, Change]:
    """Choose the first (``slot`` 0) or second object a pairs card shows."""

    def change(draft: dict) -> None:
        for objective in draft.get("objectives", []):
            if objective.get("card") == card:
                objects = list(objective.get("objects") or [None, None])
                objects[slot] = symbol.value
                objective["objects"] = objects

    if slot == 0:
        return msg("ui.gi.edit.first_object", "objective {card}: first object {symbol}",
                   card=card, symbol=SYMBOL_NAMES[symbol]), change
    return msg("ui.gi.edit.second_object", "objective {card}: second object {symbol}",
               card=card, symbol=SYMBOL_NAMES[symbol]), change


def set_objective_13_reading(reading: str) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        draft.setdefault("options", {})["objective_13"] = reading

    if reading == "colour":
        return msg("ui.gi.edit.reading_colour", "objective 13 counts by colour"), change
    return msg("ui.gi.edit.reading_kind_and_colour",
               "objective 13 counts by kind and colour"), change


def resize(rows: int, cols: int) -> tuple[Label, Change]:
    """Every board of the table to ``rows`` by ``cols``; spaces outside are dropped (undo brings
    them back)."""

    def change(draft: dict) -> None:
        for player in draft["players"]:
            board = player["board"]
            tokens = board_tokens(board)
            board["rows"], board["cols"] = rows, cols
            tokens = [(line + [EMPTY_SPACE] * cols)[:cols] for line in tokens[:rows]]
            tokens += [[EMPTY_SPACE] * cols for _ in range(rows - len(tokens))]
            _write(board, tokens)

    return msg("ui.gi.edit.resize", "make the boards {rows} by {cols}", rows=rows,
               cols=cols), change


def _cells_text(cells: tuple[Cell, ...]) -> Message:
    if len(cells) == 1:
        return place(*cells[0])
    if len(cells) == 2:
        return msg("ui.gi.cells.two", "{first} and {second}", first=place(*cells[0]),
                   second=place(*cells[1]))
    return msg("ui.gi.cells.range", "{first} to {last}", first=place(*cells[0]),
               last=place(*cells[-1]))


# Objectives --------------------------------------------------------------------------------------


def _fields(raw: dict) -> dict:
    """What the library reads of an objective entered in the app."""
    card = OBJECTIVES.get(raw.get("card"))
    fields = {"card": raw.get("card")}
    if card is not None and card.needs_colour:
        fields["colour"] = raw.get("colour")
    if card is not None and card.needs_objects:
        fields["objects"] = raw.get("objects")
    return fields


def objective_problem(raw: dict) -> Message | None:
    """Why an objective entered cannot be scored yet, in words, or None."""
    number = raw.get("card")
    card = OBJECTIVES.get(number)
    if card is None:
        return msg("ui.gi.problem.no_such_objective", "the rulebook describes additional "
                   "objectives 1 to {count}; {number} is not one of them", count=len(OBJECTIVES),
                   number=str(number))
    if card.needs_colour and raw.get("colour") is None:
        return msg("ui.gi.problem.colour", "choose the colour its card shows")
    objects = raw.get("objects") or [None, None]
    if card.needs_objects and None in objects:
        return msg("ui.gi.problem.objects", "choose the two objects its card shows")
    try:
        AdditionalObjective.model_validate(_fields(raw))
    except ValidationError as error:
        return problems_message(error)
    return None


def objective_title(raw: dict) -> Message:
    """E.g. "5. Green areas"; "5. Areas of a colour" while its colour is not chosen."""
    number = raw.get("card")
    card = OBJECTIVES.get(number)
    if card is None:
        return msg("ui.gi.objective.unknown", "Objective {number}", number=str(number))
    try:
        return card.label(AdditionalObjective.model_validate(_fields(raw)))
    except ValidationError:
        return msg("ui.gi.objective.general", "{number}. {heading}", number=number,
                   heading=card.heading)


# Checking ----------------------------------------------------------------------------------------


def check_board(raw: dict, player: int | None = None) -> tuple[Board | None, list[Problem]]:
    """The part of one board that validates, and a Problem at each space left out."""
    problems: list[Problem] = []
    rows, cols = size_of(raw)
    if not all(isinstance(n, int) and SMALLEST_BOARD_SIZE <= n <= LARGEST_BOARD_SIZE
               for n in (rows, cols)):
        problems.append(Problem(msg("ui.gi.problem.board_size", "a board is {least} to {most} "
                                    "spaces each way, not {rows} by {cols}",
                                    least=SMALLEST_BOARD_SIZE, most=LARGEST_BOARD_SIZE,
                                    rows=str(rows), cols=str(cols)), player))
        return None, problems
    tokens = board_tokens(raw)
    for row, line in enumerate(tokens, start=1):
        for col, text in enumerate(line, start=1):
            try:
                parse_space(text)
            except ValueError:
                colour, symbol = read_token(text)
                cell = (row, col)
                if colour is None and symbol is not None:
                    message = msg("ui.gi.problem.no_colour", "the {symbol} at {place} is on a "
                                  "space with no colour: paint the space (a symbol is printed "
                                  "on a tile); it is not scored until then",
                                  symbol=SYMBOL_NAMES[symbol], place=place(*cell))
                else:
                    message = msg("ui.gi.problem.unreadable", "the space at {place} cannot be "
                                  "read; it is left empty", place=place(*cell))
                problems.append(Problem(message, player, cell))
                line[col - 1] = EMPTY_SPACE
    return Board(rows=rows, cols=cols, grid=tuple(" ".join(line) for line in tokens)), problems


def check(draft: dict) -> Checked:
    problems: list[Problem] = []
    players: list[Player] = []
    missing = False
    for index, raw in enumerate(draft.get("players", [])):
        board, board_problems = check_board(raw.get("board") or {}, index)
        problems.extend(board_problems)
        if board is None:
            missing = True
            continue
        try:
            players.append(Player(name=raw.get("name", ""), coins=raw.get("coins"),
                                  coins_by_round=raw.get("coins_by_round"), board=board))
        except ValidationError as error:
            problems.append(Problem(problems_message(error), index))
            missing = True
    mode = draft.get("mode", "normal")
    if mode not in ADDITIONAL_OBJECTIVES:
        problems.append(Problem(msg("ui.gi.problem.mode", "the mode is normal or advanced, not "
                                    "{mode}; scored as normal", mode=repr(mode))))
        mode = "normal"
    objectives = _checked_objectives(draft.get("objectives", []), mode, problems)
    try:
        options = Options.model_validate(draft.get("options") or {})
    except ValidationError as error:
        problems.append(Problem(msg("ui.gi.problem.options", "the table's options are left "
                                    "out: {problem}", problem=problems_message(error))))
        options = Options()
    if missing:
        # Ranks among some players only would mislead.
        return Checked(None, tuple(problems))
    try:
        table = GirasolesTable(mode=mode, objectives=objectives, options=options,
                               players=tuple(players))
    except ValidationError as error:
        problems.append(Problem(msg("ui.gi.problem.table", "The table cannot be scored: "
                                    "{problem}", problem=problems_message(error))))
        table = None
    return Checked(table, tuple(problems))


def _checked_objectives(entered: list, mode: str,
                        problems: list[Problem]) -> tuple[AdditionalObjective, ...]:
    allowed = ADDITIONAL_OBJECTIVES[mode]
    kept: list[AdditionalObjective] = []
    for raw in entered:
        title = objective_title(raw)
        problem = objective_problem(raw)
        if problem is None and any(o.card == raw.get("card") for o in kept):
            problem = msg("ui.gi.problem.twice", "entered twice; there is one such card")
        if problem is None and len(kept) == allowed:
            problem = msg("ui.gi.problem.too_many", "a game in {mode} ends with {count} "
                          "additional objectives, so this one is left out",
                          mode=MODE_NAMES[mode], count=allowed)
        if problem is not None:
            problems.append(Problem(msg("ui.gi.problem.objective", "{objective}: {problem}",
                                        objective=title, problem=problem)))
            continue
        kept.append(AdditionalObjective.model_validate(_fields(raw)))
    return tuple(kept)
