"""The valley editor's behaviour, without Flet: what a tap does, what each place shows.

The Flet view (:mod:`ui.games.sunflower_valley.editor_view`) draws :meth:`ValleyEditor.grid` and calls
these methods from its handlers, so everything here is tested without a browser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pydantic import ValidationError

from scorer.files import problem_message
from scorer.core.grid import orthogonal_neighbours
from scorer.sunflower_valley.express import RailNetwork
from scorer.sunflower_valley.goals import GOALS, route_goals
from scorer.sunflower_valley.layout import Layout
from scorer.sunflower_valley.places import Places
from scorer.sunflower_valley.models import (
    TOWN_KINDS, VALLEY_CARDS_AT_GAME_END, CardDescription, Kind, Options, describe_cell,
)
from scorer.message import Message, msg
from ui.live.editing import PlayerEditor
from ui.parts.words import app_language, spoken
from scorer.core.breakdown import Cell
from ui.store.draft_check import Problem
from ui.live.session import TableSession
from ui.games.sunflower_valley import draft as edits
from ui.games.sunflower_valley.draft import cards_by_cell, kept_check, stops_of
from ui.store.deck import Deck

PALETTE: tuple[Kind, ...] = (
    Kind.FIELD, Kind.SHEEP, Kind.MOUNTAIN, Kind.LAKE, Kind.RAILROAD, Kind.TOWN, Kind.FARMER,
)
PLACE_NAMES_KEPT = 4
"""Sets of cards whose places' names an editor keeps rendered (an edit and its undo, a card laid
and taken away, go back and forth between two)."""
DESCRIBED_KINDS = frozenset({Kind.TOWN, Kind.FARMER, Kind.STARTING_TOWN})
"""Kinds whose card carries a combination, points and villagers, asked in the picker."""


@dataclass(frozen=True)
class Offer:
    """A Town or Farmer card offered to lay in two taps (it, then a place)."""

    description: CardDescription
    laid: int
    """How many this player has laid."""
    here: bool
    """Described at this table (else it comes from the group's deck)."""


def card_words(description: CardDescription, words=None) -> str:
    """What a search matches, in the device's ``words`` (English by default): e.g. "town
    sheep+field 3★ 1☺"."""
    words = words or app_language("en")
    kinds = "+".join(words.render(kind.word) for kind in description.combination)
    return (f"{words.render(description.kind.word)} {kinds} {description.points}★ "
            f"{description.villagers}☺").casefold()


def matches(description: CardDescription, search: str, words) -> bool:
    """Every word searched is in the card's words ("sheep 3" finds a 3★ card asking for Sheep)."""
    said = card_words(description, words)
    return all(word in said for word in search.casefold().split())


@dataclass(frozen=True)
class CellView:
    cell: Cell
    card: dict | None
    stop: int | None = None
    """The place of this town on the Express route (1 = the Starting Town)."""
    on_route: bool = False
    """A Railroad card that is part of the Express (or the route's towns)."""
    selected: bool = False
    problem: str | None = None
    can_place: bool = False
    """Empty and beside a card: where the valley can grow."""
    place: str = ""
    """The place's name as the grid's labels show it, e.g. "row 2, column 3"."""

    @property
    def kind(self) -> Kind | None:
        return Kind(self.card["kind"]) if self.card else None


@dataclass(frozen=True)
class Route:
    stops: tuple[Cell, ...]
    rails: frozenset[Cell]
    assumed: bool

    def text(self, words, name: edits.Namer = describe_cell) -> str:
        """The route in ``words``: how it was chosen, its stops, its towns after the start."""
        path = " → ".join(spoken(words, name(stop)) for stop in self.stops)
        towns = len(self.stops) - 1
        if self.assumed:
            return words.say_n("ui.sv.route.assumed",
                               "route best for this player, chosen by the scorer (ruling SV-5): "
                               "{path} ({count} town after the start)",
                               "route best for this player, chosen by the scorer (ruling SV-5): "
                               "{path} ({count} towns after the start)", towns, path=path)
        return words.say_n("ui.sv.route.entered",
                           "route as entered: {path} ({count} town after the start)",
                           "route as entered: {path} ({count} towns after the start)",
                           towns, path=path)


class ValleyEditor(PlayerEditor):
    """One player's valley on one screen: the chosen card (the brush), the selection, the mode."""

    def __init__(self, session: TableSession, player: int, words=None):
        super().__init__(session, player, words)
        self.brush: CardDescription | None = None
        self.selected: Cell | None = None
        self.moving = False
        self.express_mode = False
        self.reach: tuple[int, int, int, int] | None = None
        """The rows and columns the player grew the grid to (first and last of each)."""
        self._revision = -1
        self._place_names: dict[tuple, dict[Cell, str]] = {}
        """Per set of cards laid (and language), each place's name as the grid labels it."""
        self.message = self.words.say(
            "ui.sv.first_hint", "Tap a card, then its places; or drag a card onto its place: one "
            "touch a card, in any order.")

    # What is shown --------------------------------------------------------------------------------

    @property
    def valley(self) -> dict:
        return self.session.draft["players"][self.player]

    @property
    def cards(self) -> dict[Cell, dict]:
        return cards_by_cell(self.valley)

    def _fresh(self) -> None:
        if self._revision != self.session.revision:
            self.__dict__.pop("_checked", None)
            self._revision = self.session.revision

    @property
    def checked(self):
        self._fresh()
        if "_checked" not in self.__dict__:
            self.__dict__["_checked"] = kept_check(self.valley, self.player)
        return self.__dict__["_checked"]

    @property
    def problems(self) -> list[Problem]:
        return list(self.checked[1])

    def bounds(self) -> tuple[int, int, int, int]:
        """First and last row and column shown: the cards and one free place around them, and
        as far as the player grew the grid."""
        cells = list(self.cards) or [edits.START]
        rows = [row for row, _ in cells]
        cols = [col for _, col in cells]
        top, bottom, left, right = min(rows) - 1, max(rows) + 1, min(cols) - 1, max(cols) + 1
        if self.reach is not None:
            top, bottom = min(top, self.reach[0]), max(bottom, self.reach[1])
            left, right = min(left, self.reach[2]), max(right, self.reach[3])
        return top, bottom, left, right

    def namer(self, laying: Cell | None = None, leaving: Cell | None = None) -> edits.Namer:
        """Names places as the grid's labels show them once a card is laid at ``laying`` (or
        has left ``leaving``): "row 2, column 3"."""
        cells = (set(self.cards) - {leaving}) | ({laying} if laying else set())
        return edits.namer(cells)

    def place_name(self, cell: Cell) -> str:
        """The place as the grid's labels show it, in this device's words."""
        return self.words.render(self.namer()(cell))

    def labels(self) -> tuple[list[str], list[str]]:
        """The grid's row and column labels: 1 at the valley's top-left card, blank beyond the
        cards."""
        top, bottom, left, right = self.bounds()
        cells = list(self.cards) or [edits.START]
        places = Places.of(cells)
        last_row = max(row for row, _ in cells)
        last_col = max(col for _, col in cells)
        return ([str(places.row(row)) if places.top <= row <= last_row else ""
                 for row in range(top, bottom + 1)],
                [str(places.column(col)) if places.left <= col <= last_col else ""
                 for col in range(left, right + 1)])

    def grow(self, edge: str) -> None:
        """One more row or column of free places at an edge of the grid: a valley can be entered
        as it is read off the table, row by row from its top-left card."""
        top, bottom, left, right = self.bounds()
        self.reach = {"top": (top - 1, bottom, left, right),
                      "bottom": (top, bottom + 1, left, right),
                      "left": (top, bottom, left - 1, right),
                      "right": (top, bottom, left, right + 1)}[edge]
        say = self.words.say
        self.message = {
            "top": say("ui.sv.grow.top", "The grid has a row above: tap a place there to lay a "
                       "card."),
            "bottom": say("ui.sv.grow.bottom", "The grid has a row below: tap a place there to "
                          "lay a card."),
            "left": say("ui.sv.grow.left", "The grid has a column on the left: tap a place there "
                        "to lay a card."),
            "right": say("ui.sv.grow.right", "The grid has a column on the right: tap a place "
                         "there to lay a card."),
        }[edge]

    def route(self) -> Route | None:
        """The Express route drawn on the grid: the stops entered, or the route the scorer
        assumes (the best for the player under the table's goals, ruling SV-5)."""
        valley = self.checked[0]
        if valley is None:
            return None
        network = RailNetwork.of(valley)
        entered = stops_of(self.valley)
        if entered is None:
            table = self.session.checked.table
            goals = table.goals if table is not None else [
                goal for goal in self.session.draft.get("goals", []) if goal in GOALS]
            options = table.options if table is not None else Options()
            express = Layout(valley, options, route_goals(goals)).express
            return Route(express.stops, express.rails, assumed=True)
        valid = valley.express_stops or (network.start,)
        return Route(tuple(entered), network.route_rails(valid), assumed=False)

    def grid(self) -> list[list[CellView]]:
        cards = self.cards
        problems = {problem.cell: problem.in_words(self.words) for problem in self.problems
                    if problem.cell}
        route = self.route()
        stops = {stop: number for number, stop in enumerate(route.stops, 1)} if route else {}
        rails = route.rails if route else frozenset()
        growing = {n for cell in cards for n in orthogonal_neighbours(cell)} - set(cards)
        top, bottom, left, right = self.bounds()
        place = self._place_namer()
        return [
            [
                CellView(
                    cell=(row, col),
                    card=cards.get((row, col)),
                    stop=stops.get((row, col)),
                    on_route=(row, col) in rails or (row, col) in stops,
                    selected=(row, col) == self.selected,
                    problem=problems.get((row, col)),
                    can_place=(row, col) in growing,
                    place=place((row, col)),
                )
                for col in range(left, right + 1)
            ]
            for row in range(top, bottom + 1)
        ]

    def _place_namer(self) -> Callable[[Cell], str]:
        """Names places in this device's words as :meth:`grid` labels them, each rendered once
        per set of cards laid (a place's name moves only when the cards do): a redraw after a
        tap elsewhere, or after another player's edit, renders none again."""
        key = (frozenset(self.cards), self.words)
        names = self._place_names.get(key)
        if names is None:
            if len(self._place_names) >= PLACE_NAMES_KEPT:
                del self._place_names[next(iter(self._place_names))]  # the oldest
            names = self._place_names[key] = {}
        namer: list[edits.Namer] = []

        def place(cell: Cell) -> str:
            name = names.get(cell)
            if name is None:
                if not namer:
                    namer.append(self.namer())
                name = names[cell] = self.words.render(namer[0](cell))
            return name

        return place

    def card_count_text(self) -> str:
        return self.words.say("ui.sv.card_count", "{count} of {total} Valley cards",
                              count=len(self.cards) - 1, total=VALLEY_CARDS_AT_GAME_END)

    def catalogue(self) -> list[tuple[CardDescription, int]]:
        """Every Town and Farmer card described at this table, and how many this player has laid."""
        laid = [edits.description_of(card) for card in self.cards.values()]
        offered = []
        for raw in self.session.draft.get("described", []):
            try:
                description = CardDescription.model_validate(raw)
            except ValidationError:
                continue
            offered.append((description, laid.count(edits.description_dict(description))))
        return offered

    def offers(self, search: str = "") -> list[Offer]:
        """The cards to lay in two taps, as the search asks: this table's described cards, then
        the group's deck (the most recently used first)."""
        here = self.catalogue()
        described = {description for description, _ in here}
        # A card of the deck joins the table's list when it is laid, so none is laid yet.
        found = [Offer(description, count, True) for description, count in here] + [
            Offer(entry.card, 0, False) for entry in Deck(self.session.store).offered(
                "sunflower_valley") if entry.card not in described]
        return [offer for offer in found if matches(offer.description, search, self.words)]

    def carriers(self, description: CardDescription) -> dict[str, int]:
        """How many laid cards of each player carry this description (the players that have
        any)."""
        wanted = edits.description_dict(description)
        counts = {}
        for player in self.session.draft["players"]:
            laid = sum(edits.description_of(card) == wanted for card in player.get("cards", []))
            if laid:
                counts[player.get("name", "?")] = laid
        return counts

    def forget_described(self, description: CardDescription) -> None:
        """Take a described card off the offered list (the cards laid with it stay)."""
        if self.brush == description:
            self.brush = None
        self._apply_to_table(*edits.forget(description))

    def edit_described(self, old: CardDescription, new: CardDescription,
                       everywhere: bool) -> None:
        """Correct a described card in the offered list and, when ``everywhere``, on every card
        of the table that carries it."""
        self._apply_to_table(*edits.rewrite_description(old, new, everywhere))
        self.brush = new

    @property
    def selected_card(self) -> dict | None:
        return self.cards.get(self.selected) if self.selected else None

    # What a tap does ------------------------------------------------------------------------------

    def choose_kind(self, kind: Kind) -> bool:
        """Pick a card kind to lay; True when the card must be described first (the picker)."""
        self.express_mode = False
        self.moving = False
        self.selected = None
        if kind in DESCRIBED_KINDS:
            return True
        self.brush = CardDescription(kind=kind)
        self.message = self.words.say("ui.sv.lay_kind", "Tap a place to lay a {card}.",
                                      card=kind.word)
        return False

    def choose_description(self, description: CardDescription) -> None:
        self.express_mode = False
        self.moving = False
        self.selected = None
        self.brush = description
        self.message = self.words.say("ui.sv.lay_kind", "Tap a place to lay a {card}.",
                                      card=description.summary_message)

    def drop(self, cell: Cell, description: CardDescription) -> None:
        """A card dragged from the palette or the known cards and let go on a place: chosen and
        laid in one touch, as a card is laid on the table. It stays chosen, so the next taps lay
        it too (a valley read row by row changes card at almost every place; kind by kind, the
        first place of each card is dragged, the others tapped)."""
        self.choose_description(description)
        if cell in self.cards:
            self.message = self.words.say(
                "ui.sv.drop.taken", "A card lies at {place} already: drop the {card} on an "
                "empty place, or tap one.", place=self.namer()(cell), card=description.summary_message)
            return
        self.tap(cell)

    def tap(self, cell: Cell) -> None:
        if self.express_mode:
            self._tap_express(cell)
            return
        cards = self.cards
        if self.moving and self.selected is not None:
            if cell in cards:
                self.message = self.words.say("ui.sv.move.taken", "That place is taken: tap an "
                                              "empty place to move the card to.")
                return
            self._apply(*edits.move(self.player, self.selected, cell,
                                    self.namer(laying=cell, leaving=self.selected)))
            self.moving = False
            self.selected = None
            return
        if cell in cards:
            self.selected = None if self.selected == cell else cell
            card = cards[cell]
            self.message = self.words.say(
                "ui.sv.selected", "{card} at {place}.", card=edits.summary(card),
                place=self.namer()(cell)) if self.selected else ""
            return
        self.selected = None
        if self.brush is None:
            self.message = self.words.say("ui.sv.choose_first",
                                          "Choose a card below, then tap a place.")
            return
        label, change = edits.place(self.player, cell, self.brush, self.namer(laying=cell))
        if not self._apply(label, _only_on_empty(self.player, cell, change)) and cell in self.cards:
            # This tap saw the place empty: another device laid a card there in between.
            self.message = self.words.say(
                "ui.sv.laid_elsewhere", "A card was just laid at {place} on another device; it "
                "stays there. Tap another place.", place=self.namer()(cell))

    def remove_selected(self) -> None:
        if self.selected is None:
            return
        if self.cards.get(self.selected, {}).get("kind") == Kind.STARTING_TOWN:
            self.message = self.words.say("ui.sv.start_stays",
                                          "The Starting Town stays: every valley grows from it.")
            return
        self._apply(*edits.remove(self.player, self.selected, self.namer()))
        self.selected = None

    def start_move(self) -> None:
        if self.selected is None:
            return
        self.moving = True
        self.message = self.words.say("ui.sv.move.where",
                                      "Tap an empty place to move the card at {place}.",
                                      place=self.namer()(self.selected))

    def cancel(self) -> None:
        self.moving = False
        self.selected = None
        self.message = ""

    def redescribe_selected(self, description: CardDescription) -> None:
        if self.selected is not None:
            self._apply(*edits.redescribe(self.player, self.selected, description,
                                          self.namer()))

    # The Valley Express ---------------------------------------------------------------------------

    def set_express_mode(self, on: bool) -> None:
        self.express_mode = on
        self.moving = False
        self.selected = None
        self.message = self.words.say(
            "ui.sv.express.how", "Tap the towns in the order the Express reached them, from the "
            "Starting Town. Tap the last stop again to take it back.") if on else ""

    def _tap_express(self, cell: Cell) -> None:
        card = self.cards.get(cell)
        if card is None or Kind(card["kind"]) not in TOWN_KINDS:
            self.message = self.words.say("ui.sv.express.towns_only",
                                          "The Express stops at towns: tap a Town card.")
            return
        stops = stops_of(self.valley)
        if stops and len(stops) > 1 and stops[-1] == cell:
            self._apply(*edits.remove_last_stop(self.player))
            return
        if stops and cell in stops:
            self.message = self.words.say(
                "ui.sv.express.twice", "The town at {place} is already on the route; the Express "
                "cannot pass the same town twice.", place=self.namer()(cell))
            return
        if card["kind"] == Kind.STARTING_TOWN and stops is None:
            self._apply(msg("ui.sv.edit.start_route", "start the Express route"),
                        _start_route(self.player, cell))
            return
        self._apply(*edits.add_stop(self.player, cell, self.namer()))

    def use_longest_route(self) -> None:
        self._apply(*edits.use_longest_route(self.player))

    def _apply(self, label: Message, change, player: int | None = None) -> bool:
        # The label names whose valley: undo may be tapped on another player's tab.
        return super()._apply(msg("ui.sv.edit.whose", "{edit} on {name}'s valley", edit=label,
                                  name=self.name), change, player)

    # Undo -----------------------------------------------------------------------------------------

    def undo(self) -> None:
        super().undo()
        self.selected = None
        self.moving = False


def _only_on_empty(player: int, cell: Cell, change):
    def change_if_empty(draft: dict) -> None:
        if cell not in cards_by_cell(draft["players"][player]):
            change(draft)

    return change_if_empty


def _start_route(player: int, start: Cell):
    def change(draft: dict) -> None:
        draft["players"][player]["express_stops"] = [list(start)]

    return change


class DescriptionDraft:
    """The Town/Farmer picker's content while it is open: a card being described."""

    def __init__(self, kind: Kind, start: CardDescription | None = None, words=None):
        self.kind = kind
        self.words = words or app_language("en")
        self.combination: list[Kind] = list(start.combination) if start else []
        self.points = start.points if start else 0
        self.villagers = start.villagers if start else 0

    @property
    def allowed(self) -> tuple[Kind, ...]:
        from scorer.sunflower_valley.models import COMBINATION_KINDS

        order = (Kind.SHEEP, Kind.FIELD, Kind.MOUNTAIN, Kind.LAKE)
        return tuple(kind for kind in order if kind in COMBINATION_KINDS[self.kind])

    def add(self, kind: Kind) -> None:
        if len(self.combination) < 4 and kind in self.allowed:
            self.combination.append(kind)

    def clear(self) -> None:
        self.combination.clear()

    def set_points(self, points: int) -> None:
        self.points = max(0, points)

    def set_villagers(self, villagers: int) -> None:
        self.villagers = max(0, villagers)

    def result(self) -> tuple[CardDescription | None, str]:
        """The described card, or None and why it is not a card yet (the model's words)."""
        try:
            return CardDescription(kind=self.kind, combination=tuple(self.combination),
                                   points=self.points, villagers=self.villagers), ""
        except ValidationError as error:
            message = self.words.render(problem_message(error.errors(include_url=False)[0]))
            return None, message[0].upper() + message[1:] + "."
