"""The Sunflower Valley draft: what the editor keeps for a table, valid or not, and its edits.

A draft is JSON, close to the table file::

    {"game": "sunflower_valley", "goals": [...], "options": {...},
     "described": [card descriptions entered so far, offered again for every player],
     "players": [{"name", "colour", "cards": [{"kind", "combination", "points", "villagers",
                                               "row", "col"}], "express_stops": null | [[r, c]]}]}

It may hold what does not validate yet (a card not connected, an Express step without rail):
:func:`check` scores only what validates and says, in words and at its place, what does not.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import lru_cache

from pydantic import ValidationError

from scorer.core.grid import connected_regions
from scorer.sunflower_valley.express import RailNetwork
from scorer.sunflower_valley.railway import RouteError
from scorer.sunflower_valley.places import Places
from scorer.sunflower_valley.models import (
    Card,
    CardDescription,
    Kind,
    Player,
    SunflowerValleyTable,
    Valley,
    describe_cell,
)
from scorer.core.breakdown import Cell
from scorer.files import problems_message
from scorer.message import Message, msg, verbatim
from ui.games.plugin import PlayerSetup
from ui.store.draft_check import Checked, Problem

START: Cell = (0, 0)
Change = Callable[[dict], None]
Namer = Callable[[Cell], str | Message]
"""How an edit's label names a place (the editor names them as its grid shows them)."""
Label = Message
"""An edit's label, said on each device in its language (see ``ui.live.session.Label``)."""


def new_draft(players: list[PlayerSetup], goals: list[str]) -> dict:
    starting_town = card_dict(CardDescription(kind=Kind.STARTING_TOWN), START)
    return {
        "game": "sunflower_valley",
        "goals": list(goals),
        "options": {},
        "described": [],
        "players": [
            {
                "name": player.name.strip(),
                "colour": player.colour,
                "cards": [dict(starting_town)],
                "express_stops": None,
            }
            for player in players
        ],
    }


def draft_from_table(table: SunflowerValleyTable, colours: list[str]) -> dict:
    """The draft of a table file the library validated (an import); its Town and Farmer cards
    are offered again, as if they had been described in the app."""
    draft = {"game": "sunflower_valley", "goals": list(table.goals),
             "options": table.options.model_dump(mode="json"), "described": [], "players": []}
    for player, colour in zip(table.players, colours):
        valley = player.valley
        for card in valley.cards:
            _remember(draft, card.description)
        stops = valley.express_stops
        draft["players"].append({
            "name": player.name,
            "colour": colour,
            "cards": [card.model_dump(mode="json") for card in valley.cards],
            "express_stops": None if stops is None else [list(stop) for stop in stops],
        })
    return draft


def card_dict(description: CardDescription, cell: Cell) -> dict:
    return {**description.model_dump(mode="json"), "row": cell[0], "col": cell[1]}


def description_dict(description: CardDescription) -> dict:
    return description.model_dump(mode="json")


def description_of(card: dict) -> dict:
    return {key: card.get(key) for key in ("kind", "combination", "points", "villagers")}


def cards_by_cell(player: dict) -> dict[Cell, dict]:
    return {(card["row"], card["col"]): card for card in player.get("cards", [])}


def namer(cells: Iterable[Cell]) -> Namer:
    """Names places as the editor's grid shows them for a valley of cards at ``cells``:
    "row 2, column 3" from the valley's top-left."""
    return Places.of([cell for cell in cells if all(isinstance(v, int) for v in cell)]
                     or [START]).place


def stops_of(player: dict) -> list[Cell] | None:
    stops = player.get("express_stops")
    return None if stops is None else [tuple(stop) for stop in stops]


def summary(card: dict) -> Message:
    """E.g. "Town (Sheep + Field -> 3, 1 villager)"; the raw kind (as it is) when it does not
    validate."""
    try:
        return CardDescription.model_validate(
            {key: value for key, value in description_of(card).items() if value is not None}
        ).summary_message
    except ValidationError:
        return verbatim(str(card.get("kind", "card")).replace("_", " ").title())


# Edits: each returns a label for the undo button and a change made to a copy of the draft. -------


def place(player: int, cell: Cell, description: CardDescription,
          name: Namer = describe_cell) -> tuple[Label, Change]:
    """Lay a card on a place (replacing what was there, except the Starting Town)."""

    def change(draft: dict) -> None:
        cards = draft["players"][player]["cards"]
        existing = cards_by_cell(draft["players"][player]).get(cell)
        if existing is not None:
            if existing["kind"] == Kind.STARTING_TOWN:
                return
            cards.remove(existing)
        cards.append(card_dict(description, cell))
        _remember(draft, description)

    return msg("ui.sv.edit.place", "place {card} at {place}", card=description.summary_message,
               place=name(cell)), change


def redescribe(player: int, cell: Cell, description: CardDescription,
               name: Namer = describe_cell) -> tuple[Label, Change]:
    """Change what a Town, Farmer or Starting Town card carries, keeping its place."""

    def change(draft: dict) -> None:
        existing = cards_by_cell(draft["players"][player]).get(cell)
        if existing is None or existing["kind"] != description.kind:
            return
        existing.update(description_dict(description))
        _remember(draft, description)

    return msg("ui.sv.edit.describe", "describe {card} at {place}", card=description.summary_message,
               place=name(cell)), change


def remove(player: int, cell: Cell, name: Namer = describe_cell) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        valley = draft["players"][player]
        existing = cards_by_cell(valley).get(cell)
        if existing is None or existing["kind"] == Kind.STARTING_TOWN:
            return
        valley["cards"].remove(existing)
        stops = stops_of(valley)
        if stops is not None and cell in stops:
            valley["express_stops"] = [list(stop) for stop in stops if stop != cell]

    return msg("ui.sv.edit.remove", "remove the card at {place}", place=name(cell)), change


def move(player: int, source: Cell, target: Cell,
         name: Namer = describe_cell) -> tuple[Label, Change]:
    """Move a card to an empty place; an Express stop moves with its town."""

    def change(draft: dict) -> None:
        valley = draft["players"][player]
        by_cell = cards_by_cell(valley)
        card = by_cell.get(source)
        if card is None or target in by_cell:
            return
        card["row"], card["col"] = target
        stops = stops_of(valley)
        if stops is not None:
            valley["express_stops"] = [list(target if stop == source else stop) for stop in stops]

    return msg("ui.sv.edit.move", "move the card at {place} to {target}", place=name(source),
               target=name(target)), change


def add_stop(player: int, cell: Cell, name: Namer = describe_cell) -> tuple[Label, Change]:
    """Add a town to the end of the Express route (starting it at the Starting Town)."""

    def change(draft: dict) -> None:
        valley = draft["players"][player]
        stops = stops_of(valley) or [_start_of(valley)]
        if cell not in stops:
            stops.append(cell)
        valley["express_stops"] = [list(stop) for stop in stops]

    return msg("ui.sv.edit.add_stop", "add the Express stop at {place}",
               place=name(cell)), change


def remove_last_stop(player: int) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        valley = draft["players"][player]
        stops = stops_of(valley)
        if stops and len(stops) > 1:
            valley["express_stops"] = [list(stop) for stop in stops[:-1]]

    return msg("ui.sv.edit.remove_last_stop", "remove the last Express stop"), change


def use_longest_route(player: int) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        draft["players"][player]["express_stops"] = None

    return msg("ui.sv.edit.scorer_route", "let the scorer choose the Express route"), change


def forget(description: CardDescription) -> tuple[Label, Change]:
    """Take a described card off the list offered to every player."""

    def change(draft: dict) -> None:
        entry = description_dict(description)
        draft["described"] = [kept for kept in draft.get("described", []) if kept != entry]

    return msg("ui.sv.edit.forget", "take {card} off the described cards",
               card=description.summary_message), change


def rewrite_description(old: CardDescription, new: CardDescription,
                        everywhere: bool) -> tuple[Label, Change]:
    """Correct a described card in the offered list (in its place) and, when ``everywhere``, on
    every laid card of the table that carries it."""

    def change(draft: dict) -> None:
        before, after = description_dict(old), description_dict(new)
        described = draft.setdefault("described", [])
        if before in described:
            described[described.index(before)] = after
        else:
            described.append(after)
        draft["described"] = [entry for number, entry in enumerate(described)
                              if entry not in described[:number]]
        if everywhere:
            for player in draft["players"]:
                for card in player.get("cards", []):
                    if description_of(card) == before:
                        card.update(after)

    if everywhere:
        return msg("ui.sv.edit.rewrite_everywhere",
                   "change {card} to {new} on every card that carries it", card=old.summary_message,
                   new=new.summary_message), change
    return msg("ui.sv.edit.rewrite", "change {card} to {new} in the described cards",
               card=old.summary_message, new=new.summary_message), change


def town_and_farmer_cards(draft: dict) -> list[CardDescription]:
    """Every Town and Farmer card the table describes, in the offered list or laid on a valley
    (those that validate), each once."""
    players = draft.get("players")
    laid = [card for player in players if isinstance(player, dict)
            for card in player.get("cards") or [] if isinstance(card, dict)] \
        if isinstance(players, list) else []
    described = draft.get("described")
    found: list[CardDescription] = []
    for raw in [*(described if isinstance(described, list) else []), *laid]:
        if not isinstance(raw, dict) or raw.get("kind") not in (Kind.TOWN, Kind.FARMER):
            continue
        try:
            description = CardDescription.model_validate(
                {key: value for key, value in description_of(raw).items() if value is not None})
        except ValidationError:
            continue
        if description not in found:
            found.append(description)
    return found


def _remember(draft: dict, description: CardDescription) -> None:
    """Offer a described Town or Farmer card again, to every player of the table."""
    if description.kind not in (Kind.TOWN, Kind.FARMER):
        return
    described = draft.setdefault("described", [])
    entry = description_dict(description)
    if entry not in described:
        described.append(entry)


def _start_of(valley: dict) -> Cell:
    for cell, card in cards_by_cell(valley).items():
        if card["kind"] == Kind.STARTING_TOWN:
            return cell
    return START


# Checking -----------------------------------------------------------------------------------------


def check_valley(valley: dict, player: int | None = None) -> tuple[Valley | None, list[Problem]]:
    """The part of one player's valley that validates, and a Problem for each part left out."""
    problems: list[Problem] = []
    cards: dict[Cell, Card] = {}
    named = namer(cards_by_cell(valley))
    for raw in valley.get("cards", []):
        try:
            card = Card.model_validate(raw)
        except ValidationError as error:
            cell = (raw.get("row"), raw.get("col"))
            problems.append(Problem(msg("ui.sv.problem.card", "{card} at {place}: {problem}",
                                        card=summary(raw), place=str(cell),
                                        problem=problems_message(error)),
                                    player, cell if all(isinstance(v, int) for v in cell) else None))
            continue
        if card.cell in cards:
            problems.append(Problem(msg("ui.sv.problem.two_cards",
                                        "two cards at {place}; only the first is scored",
                                        place=named(card.cell)), player, card.cell))
            continue
        cards[card.cell] = card
    starts = [cell for cell, card in cards.items() if card.kind is Kind.STARTING_TOWN]
    if len(starts) != 1:
        problems.append(Problem(msg("ui.sv.problem.starting_towns",
                                    "a valley has exactly one Starting Town, this one has "
                                    "{count}", count=len(starts)), player))
        return None, problems
    start = starts[0]
    region = next(region for region in connected_regions(cards) if start in region)
    for cell in sorted(set(cards) - region):
        problems.append(Problem(msg(
            "ui.sv.problem.not_touching", "{kind} at {place} does not touch the valley side by "
            "side: it is not scored until it does", kind=cards[cell].kind.word,
            place=named(cell)), player, cell))
    connected = tuple(card for cell, card in sorted(cards.items()) if cell in region)
    stops = _valid_stops(connected, stops_of(valley), player, problems)
    try:
        return Valley(cards=connected, express_stops=stops), problems
    except ValidationError as error:
        problems.append(Problem(problems_message(error), player))
        return None, problems


def _valid_stops(cards: tuple[Card, ...], stops: list[Cell] | None, player: int | None,
                 problems: list[Problem]) -> tuple[Cell, ...] | None:
    """The entered Express stops up to the first that could not have been played."""
    if stops is None:
        return None
    network = RailNetwork.of(Valley.model_construct(cards=cards, express_stops=None))
    for length in range(1, len(stops) + 1):
        try:
            network.check_route(stops[:length])
        except RouteError as error:
            problems.append(Problem(msg(
                "ui.sv.problem.route", "{problem}; the route is scored up to the stop before",
                problem=str(error)), player, stops[length - 1]))
            return tuple(stops[: length - 1]) or (network.start,)
    return tuple(stops)


VALLEYS_KEPT = 256
"""Players' valleys whose check is kept (see :func:`_kept_check`): a few tables' worth."""


def kept_check(valley: dict, player: int) -> tuple[Valley | None, tuple[Problem, ...]]:
    """:func:`check_valley`, kept by the valley's content: after an edit of one valley a table
    checks that valley alone again, and the player's editor reads the check the table made."""
    return _kept_check(json.dumps(valley, sort_keys=True), player)


@lru_cache(maxsize=VALLEYS_KEPT)
def _kept_check(raw: str, index: int) -> tuple[Valley | None, tuple[Problem, ...]]:
    valley, problems = check_valley(json.loads(raw), index)
    return valley, tuple(problems)


def kept_player(raw: dict, index: int) -> tuple[Player | None, tuple[Problem, ...]]:
    """The player ``raw`` (its name and valley) as the table is scored with, or None with the
    problems that keep it out; kept by the player's content, as :func:`kept_check` is: making a
    player checks its valley again (the valley's own rules run once more), so after an edit of
    one valley the others' players are taken as they were."""
    return _kept_player(json.dumps(raw, sort_keys=True), index)


@lru_cache(maxsize=VALLEYS_KEPT)
def _kept_player(raw: str, index: int) -> tuple[Player | None, tuple[Problem, ...]]:
    valley, problems = _kept_check(raw, index)
    if valley is None:
        return None, problems
    try:
        return Player(name=json.loads(raw).get("name", ""), valley=valley), problems
    except ValidationError as error:
        return None, (*problems, Problem(problems_message(error), index))


def check(draft: dict) -> Checked:
    problems: list[Problem] = []
    players: list[Player] = []
    missing = False
    for index, raw in enumerate(draft.get("players", [])):
        player, player_problems = kept_player(raw, index)
        problems.extend(player_problems)
        if player is None:
            missing = True
            continue
        players.append(player)
    if missing:
        # Scoring the others alone would misplace the competitive goals.
        return Checked(None, tuple(problems))
    try:
        table = SunflowerValleyTable(
            goals=tuple(draft.get("goals", ())),
            options=draft.get("options") or {},
            players=tuple(players),
        )
    except ValidationError as error:
        problems.append(Problem(msg("ui.sv.problem.table", "The table cannot be scored: "
                                    "{problem}", problem=problems_message(error))))
        table = None
    return Checked(table, tuple(problems))

