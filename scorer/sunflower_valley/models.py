"""The Sunflower Valley table a player enters: cards at grid positions, goals, Express stops.

A valley grows from the Starting Town: every card is laid beside (never only diagonal to) a card
already there, so the whole valley is one orthogonally connected group. The rulebook does not print
each Town or Farmer card's combination, so the card carries it: the kinds of adjacent cards it
asks for (a multiset of 1 to 4), the points it scores when complete, and its villager symbols.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator

from scorer.core.breakdown import Cell, Frozen
from scorer.core.counts import WholeNumber
from scorer.core.grid import connected_regions
from scorer.core.limits import Limit, LimitWords
from scorer.core.options import TableOptions
from scorer.core.players import SeatedPlayer, distinct_names
from scorer.message import Message, MessageError, msg, msg_n
from scorer.sunflower_valley.places import Places
from scorer.sunflower_valley.railway import Railway


class Kind(StrEnum):
    STARTING_TOWN = "starting_town"
    TOWN = "town"
    FARMER = "farmer"
    MOUNTAIN = "mountain"
    LAKE = "lake"
    FIELD = "field"
    SHEEP = "sheep"
    RAILROAD = "railroad"

    @property
    def word(self) -> Message:
        """The kind's name as a message ("Mountain"), for any language."""
        return KIND_WORDS[self]

    @property
    def label(self) -> str:
        """The kind's name in English ("Starting Town")."""
        return KIND_WORDS[self].text


KIND_WORDS: dict[Kind, Message] = {
    Kind.STARTING_TOWN: msg("sv.kind.starting_town", "Starting Town"),
    Kind.TOWN: msg("sv.kind.town", "Town"),
    Kind.FARMER: msg("sv.kind.farmer", "Farmer"),
    Kind.MOUNTAIN: msg("sv.kind.mountain", "Mountain"),
    Kind.LAKE: msg("sv.kind.lake", "Lake"),
    Kind.FIELD: msg("sv.kind.field", "Field"),
    Kind.SHEEP: msg("sv.kind.sheep", "Sheep"),
    Kind.RAILROAD: msg("sv.kind.railroad", "Railroad"),
}
"""The name of each kind of card, as the cards print it."""


KIND_COUNTS: dict[Kind, Callable[[int], Message]] = {
    Kind.STARTING_TOWN: lambda count: msg_n("sv.counted.starting_town", "{count} Starting Town",
                                            "{count} Starting Towns", count),
    Kind.TOWN: lambda count: msg_n("sv.counted.town", "{count} Town", "{count} Towns", count),
    Kind.FARMER: lambda count: msg_n("sv.counted.farmer", "{count} Farmer", "{count} Farmers",
                                     count),
    Kind.MOUNTAIN: lambda count: msg_n("sv.counted.mountain", "{count} Mountain",
                                       "{count} Mountains", count),
    Kind.LAKE: lambda count: msg_n("sv.counted.lake", "{count} Lake", "{count} Lakes", count),
    Kind.FIELD: lambda count: msg_n("sv.counted.field", "{count} Field", "{count} Fields", count),
    Kind.SHEEP: lambda count: msg_n("sv.counted.sheep", "{count} Sheep", "{count} Sheep", count),
    Kind.RAILROAD: lambda count: msg_n("sv.counted.railroad", "{count} Railroad",
                                       "{count} Railroads", count),
}
"""A count of cards of each kind: "1 Field", "2 Fields", "2 Sheep" (Sheep is its own plural)."""


def joined_by_plus(kinds: Iterable[Kind]) -> Message:
    """A combination's kinds as the card prints them: "Sheep + Field + Lake" (at least one)."""
    words = [kind.word for kind in kinds]
    said = words[0]
    for word in words[1:]:
        said = msg("sv.kinds.plus", "{kinds} + {kind}", kinds=said, kind=word)
    return said


def card_at(kind: Kind, place: Message) -> Message:
    """E.g. "Mountain at row 2, column 3"."""
    return msg("sv.card_at", "{kind} at {place}", kind=kind.word, place=place)


def joined_by_semicolons(items: Sequence[Message]) -> Message:
    """Items joined by semicolons, since a place has a comma ("row 1, column 2"); at least one."""
    said = items[0]
    for item in items[1:]:
        said = msg("sv.semicolons", "{items}; {item}", items=said, item=item)
    return said


TOWN_KINDS = frozenset({Kind.STARTING_TOWN, Kind.TOWN})
"""Both are towns on the Valley Express (ruling SV-4)."""

COMBINATION_KINDS: dict[Kind, frozenset[Kind]] = {
    Kind.TOWN: frozenset({Kind.SHEEP, Kind.FIELD, Kind.MOUNTAIN, Kind.LAKE}),
    Kind.STARTING_TOWN: frozenset({Kind.SHEEP, Kind.FIELD, Kind.MOUNTAIN, Kind.LAKE}),
    Kind.FARMER: frozenset({Kind.SHEEP, Kind.FIELD, Kind.LAKE}),
}
"""Which kinds a card's combination may ask for."""

_TOWN_COMBINATION_WORDS = msg(
    "sv.combination_kinds.town", "{field}, {lake}, {mountain}, {sheep}",
    field=KIND_WORDS[Kind.FIELD], lake=KIND_WORDS[Kind.LAKE], mountain=KIND_WORDS[Kind.MOUNTAIN],
    sheep=KIND_WORDS[Kind.SHEEP])
COMBINATION_KIND_WORDS: dict[Kind, Message] = {
    Kind.TOWN: _TOWN_COMBINATION_WORDS,
    Kind.STARTING_TOWN: _TOWN_COMBINATION_WORDS,
    Kind.FARMER: msg("sv.combination_kinds.farmer", "{field}, {lake}, {sheep}",
                     field=KIND_WORDS[Kind.FIELD], lake=KIND_WORDS[Kind.LAKE],
                     sheep=KIND_WORDS[Kind.SHEEP]),
}
"""The kinds of COMBINATION_KINDS in words, in the reader's alphabetical order: each translation
puts the placeholders in its own language's order ("Feld, Schaf, See")."""

VALLEY_CARDS_AT_GAME_END = 18
"""Valley cards in a finished valley, besides the Starting Town (19 cards in all)."""
MAX_VALLEY_CARDS = 30
"""The most cards a valley file may hold: a finished valley has 19 (warned about otherwise, SV-12);
up to 30 leaves room for house rules and half-entered tables, and keeps every search quick."""
MAX_CARD_POINTS = 99
"""A sanity bound on a combination's points and a card's villagers (the printed ones are small)."""
MAX_POSITION = 999
"""How far from (0, 0) a card may lie: a connected valley of 30 cards needs far less."""

Position = Annotated[WholeNumber, Field(ge=-MAX_POSITION, le=MAX_POSITION)]


def describe_cell(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


class CardDescription(Frozen):
    """What is printed on a card, without where it lies: reusable from one valley to the next."""

    kind: Kind
    combination: tuple[Kind, ...] = Field(
        default=(), description="Kinds of adjacent cards the combination asks for (1 to 4)."
    )
    points: WholeNumber = Field(default=0, ge=0, le=MAX_CARD_POINTS,
                                description="Points the complete combination scores.")
    villagers: WholeNumber = Field(default=0, ge=0, le=MAX_CARD_POINTS,
                                   description="Villager symbols on the card.")

    @model_validator(mode="after")
    def _combination_fits_kind(self) -> CardDescription:
        allowed = COMBINATION_KINDS.get(self.kind)
        kind = self.kind.word
        if allowed is None:
            if self.combination or self.points or self.villagers:
                raise MessageError(msg(
                    "sv.refused.no_combination",
                    "a {kind} card has no combination, points or villagers; only Town, Farmer "
                    "and Starting Town cards do", kind=kind))
            return self
        if self.kind is not Kind.STARTING_TOWN and not 1 <= len(self.combination) <= 4:
            raise MessageError(msg(
                "sv.refused.combination_size",
                "a {kind} card's combination asks for 1 to 4 adjacent cards, not {count}",
                kind=kind, count=len(self.combination)))
        if len(self.combination) > 4:
            raise MessageError(msg("sv.refused.combination_too_big",
                                   "a combination asks for at most 4 adjacent cards"))
        wrong = tuple(asked.word for asked in self.combination if asked not in allowed)
        if wrong:
            raise MessageError(msg(
                "sv.refused.combination_kinds",
                "a {kind} card's combination cannot ask for {wrong} (only {legal})",
                kind=kind, wrong=wrong, legal=COMBINATION_KIND_WORDS[self.kind]))
        if self.combination and self.points == 0:
            raise MessageError(msg("sv.refused.combination_without_points",
                                   "a {kind} card with a combination scores some points for it",
                                   kind=kind))
        if self.points and not self.combination:
            raise MessageError(msg(
                "sv.refused.points_without_combination",
                "a {kind} card scores its points for a combination: add the kinds it asks for",
                kind=kind))
        return self

    @property
    def summary(self) -> str:
        """E.g. "Town (Sheep + Field -> 3, 1 villager)", in English."""
        return self.summary_message.text

    @property
    def summary_message(self) -> Message:
        """The card as its face reads, as a message: "Town (Sheep + Field -> 3, 1 villager)"."""
        return _summary(self.kind, self.combination, self.points, self.villagers)


@lru_cache(maxsize=1024)
def _summary(kind: Kind, combination: tuple[Kind, ...], points: int, villagers: int) -> Message:
    """A card's face in words, made once per kind of card: the editor names the same cards again
    at every change."""
    if not combination and not villagers:
        return kind.word
    parts = []
    if combination:
        parts.append(msg("sv.card.combination", "{kinds} -> {points}",
                         kinds=joined_by_plus(combination), points=points))
    if villagers:
        parts.append(msg_n("sv.card.villagers", "{count} villager", "{count} villagers",
                           villagers))
    return msg("sv.card.summary", "{kind} ({parts})", kind=kind.word, parts=tuple(parts))


class Card(CardDescription):
    """A card laid in a valley at (row, col)."""

    row: Position
    col: Position

    @property
    def cell(self) -> Cell:
        return (self.row, self.col)

    @property
    def description(self) -> CardDescription:
        return CardDescription(
            kind=self.kind,
            combination=self.combination,
            points=self.points,
            villagers=self.villagers,
        )


class Valley(Frozen):
    """One player's valley. ``express_stops`` is the Valley Express route in play order, starting
    at the Starting Town; leave it out and the scorer assumes the legal route best for the player
    (ruling SV-5)."""

    cards: tuple[Card, ...] = Field(
        max_length=MAX_VALLEY_CARDS,
        description=f"The cards of the valley, the Starting Town included: 19 in a finished "
        f"valley, at most {MAX_VALLEY_CARDS}."
    )
    express_stops: tuple[tuple[Position, Position], ...] | None = Field(
        default=None, max_length=MAX_VALLEY_CARDS,
        description="Towns the Valley Express stopped at, in order, as [row, col], "
        "starting with the Starting Town. Omit to let the scorer assume the route best for the "
        "player.",
    )

    @field_validator("cards", mode="before")
    @classmethod
    def _at_most_thirty(cls, cards: Any) -> Any:
        if isinstance(cards, (list, tuple)) and len(cards) > MAX_VALLEY_CARDS:
            raise MessageError(msg(
                "sv.refused.too_many_cards",
                "{count} cards: a valley has {finished} (at most {most} are accepted)",
                count=len(cards), finished=VALLEY_CARDS_AT_GAME_END + 1, most=MAX_VALLEY_CARDS))
        return cards

    @model_validator(mode="after")
    def _is_a_valley(self) -> Valley:
        starting = [card for card in self.cards if card.kind is Kind.STARTING_TOWN]
        if len(starting) != 1:
            raise MessageError(msg(
                "sv.refused.starting_towns",
                "a valley has exactly one Starting Town, this one has {count}",
                count=len(starting)))
        places = Places.of(card.cell for card in self.cards)
        seen: dict[Cell, Card] = {}
        for card in self.cards:
            if card.cell in seen:
                raise MessageError(msg(
                    "sv.refused.two_cards_at", "two cards at {place}: {kind} and {other}",
                    place=places.place(card.cell), kind=seen[card.cell].kind.word,
                    other=card.kind.word))
            seen[card.cell] = card
        regions = connected_regions(seen)
        if len(regions) > 1:
            start = starting[0].cell
            stray = sorted(
                cell for region in regions if start not in region for cell in region
            )
            cards = joined_by_semicolons(
                [card_at(seen[cell].kind, places.place(cell)) for cell in stray])
            raise MessageError(msg(
                "sv.refused.not_connected",
                "every card must touch the valley side by side; not connected: {cards}",
                cards=cards))
        if self.express_stops is not None:
            self.railway().check_route(self.express_stops)
        return self

    def railway(self) -> Railway:
        """The valley's towns and the groups of Railroad cards joining them."""
        return Railway.of_cells(
            towns=(card.cell for card in self.cards if card.kind in TOWN_KINDS),
            start=next(card.cell for card in self.cards if card.kind is Kind.STARTING_TOWN),
            rails=(card.cell for card in self.cards if card.kind is Kind.RAILROAD),
            places=Places.of(card.cell for card in self.cards))

    @property
    def valley_card_count(self) -> int:
        return len(self.cards) - 1


GoalName = Literal[
    "valley_of_sheep",
    "the_more_the_merrier",
    "long_way",
    "sunny_valley",
    "ski_resort",
    "vast_network",
    "lake_land",
    "vast_land",
    "flocks_of_sheep",
    "the_suburbs",
    "happy_towns",
    "boundless_field",
    "satellite_towns",
    "suburban_trains",
    "mountain_passes",
    "walking_routes",
    "overlooking_the_water",
    "mountain_lakes",
]

FIRST_GAME_GOALS: tuple[GoalName, ...] = ("boundless_field", "flocks_of_sheep", "long_way")
"""The rulebook's goals for a first game."""


class Options(TableOptions):
    """Readings of the rulebook that a table may choose; the defaults are the project's rulings."""

    farmers_count_as_fields: bool = Field(
        default=True,
        description="Ruling SV-1: Farmers are Field cards for combinations, Mountains and goals.",
    )
    vast_land: Literal["consecutive", "whole_line"] = Field(
        default="consecutive",
        description="Ruling SV-9: Vast Land counts consecutive cards without a gap "
        "('consecutive') or every card of a row or column ('whole_line').",
    )

    choices = {"vast_land": {
        "consecutive": msg("sv.option.vast_land.consecutive", "Consecutive"),
        "whole_line": msg("sv.option.vast_land.whole_line", "Whole line"),
    }}
    sentences = {
        "farmers_count_as_fields": msg(
            "sv.option.farmers_count_as_fields",
            "Farmers are Field cards for combinations, Mountains and goals."),
        "vast_land": msg(
            "sv.option.vast_land",
            'Vast Land counts consecutive cards without a gap ("{consecutive}") or every card of '
            'a row or column ("{whole_line}").', **choices["vast_land"]),
    }


class Player(SeatedPlayer):
    valley: Valley


class SunflowerValleyTable(Frozen):
    """A finished game of Sunflower Valley: 2 to 6 players, 3 goal cards or none."""

    game: Literal["sunflower_valley"] = "sunflower_valley"
    goals: tuple[GoalName, ...] = Field(
        default=(), description="The 3 goal cards of the game, or none (the children's variant)."
    )
    options: Options = Options()
    players: Annotated[tuple[Player, ...], AfterValidator(distinct_names)] = Field(
        min_length=2, max_length=6
    )

    @field_validator("goals")
    @classmethod
    def _three_distinct_goals(cls, goals: tuple[str, ...]) -> tuple[str, ...]:
        if len(goals) not in (0, 3):
            raise MessageError(msg("sv.refused.goal_count",
                                   "a game has 3 goal cards or none, not {count}",
                                   count=len(goals)))
        if len(set(goals)) != len(goals):
            raise MessageError(msg("sv.refused.goals_repeated",
                                   "the 3 goal cards must be different"))
        return goals


_PRINTED_FEWER = msg("sv.limit.printed_fewer",
                     "the printed cards show far fewer; the bound keeps files sane")
LIMITS: LimitWords = {
    "players": Limit(msg_n("sv.limit.players", "player", "players", 2),
                     msg("sv.limit.players.why",
                         "the box has 6 Starting Towns and 6 sets of Valley cards")),
    "express_stops": Limit(msg_n("sv.limit.express_stops", "stop", "stops", 2),
                           msg("sv.limit.express_stops.why",
                               "a valley holds at most {most} cards", most=MAX_VALLEY_CARDS)),
    "express_stops[]": Limit(msg_n("sv.limit.place", "number", "numbers", 2),
                             msg("sv.limit.place.why", "a place is 2 numbers, [row, column]")),
    "points": Limit(msg_n("sv.limit.points", "point", "points", 2), _PRINTED_FEWER),
    "villagers": Limit(msg_n("sv.limit.villagers", "villager", "villagers", 2), _PRINTED_FEWER),
    "row": Limit(msg_n("sv.limit.rows", "row", "rows", 2),
                 msg("sv.limit.rows.why", "a valley of {most} cards spans at most {most} rows",
                     most=MAX_VALLEY_CARDS)),
    "col": Limit(msg_n("sv.limit.columns", "column", "columns", 2),
                 msg("sv.limit.columns.why",
                     "a valley of {most} cards spans at most {most} columns",
                     most=MAX_VALLEY_CARDS)),
}
"""How messages name Sunflower Valley's limits (scorer.core.limits)."""
