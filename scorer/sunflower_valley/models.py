"""The Sunflower Valley table a player enters: cards at grid positions, goals, Express stops.

A valley grows from the Starting Town: every card is laid beside (never only diagonal to) a card
already there, so the whole valley is one orthogonally connected group. The rulebook does not print
each Town or Farmer card's combination, so the card carries it: the kinds of adjacent cards it
asks for (a multiset of 1 to 4), the points it scores when complete, and its villager symbols.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator

from scorer.core.breakdown import Cell, Frozen
from scorer.core.counts import WholeNumber
from scorer.core.grid import connected_regions
from scorer.core.limits import Limit, LimitWords
from scorer.core.players import SeatedPlayer, distinct_names
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
    def label(self) -> str:
        return self.value.replace("_", " ").title()


TOWN_KINDS = frozenset({Kind.STARTING_TOWN, Kind.TOWN})
"""Both are towns on the Valley Express (ruling SV-4)."""

COMBINATION_KINDS: dict[Kind, frozenset[Kind]] = {
    Kind.TOWN: frozenset({Kind.SHEEP, Kind.FIELD, Kind.MOUNTAIN, Kind.LAKE}),
    Kind.STARTING_TOWN: frozenset({Kind.SHEEP, Kind.FIELD, Kind.MOUNTAIN, Kind.LAKE}),
    Kind.FARMER: frozenset({Kind.SHEEP, Kind.FIELD, Kind.LAKE}),
}
"""Which kinds a card's combination may ask for."""

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
        name = self.kind.label
        if allowed is None:
            if self.combination or self.points or self.villagers:
                raise ValueError(
                    f"a {name} card has no combination, points or villagers; "
                    "only Town, Farmer and Starting Town cards do"
                )
            return self
        if self.kind is not Kind.STARTING_TOWN and not 1 <= len(self.combination) <= 4:
            raise ValueError(
                f"a {name} card's combination asks for 1 to 4 adjacent cards, "
                f"not {len(self.combination)}"
            )
        if len(self.combination) > 4:
            raise ValueError("a combination asks for at most 4 adjacent cards")
        wrong = [kind.label for kind in self.combination if kind not in allowed]
        if wrong:
            legal = ", ".join(sorted(kind.label for kind in allowed))
            raise ValueError(
                f"a {name} card's combination cannot ask for {', '.join(wrong)} "
                f"(only {legal})"
            )
        if self.combination and self.points == 0:
            raise ValueError(f"a {name} card with a combination scores some points for it")
        if self.points and not self.combination:
            raise ValueError(
                f"a {name} card scores its points for a combination: add the kinds it asks for"
            )
        return self

    @property
    def summary(self) -> str:
        """E.g. "Town (Sheep + Field -> 3, 1 villager)"."""
        if not self.combination and not self.villagers:
            return self.kind.label
        parts = []
        if self.combination:
            needs = " + ".join(kind.label for kind in self.combination)
            parts.append(f"{needs} -> {self.points}")
        if self.villagers:
            parts.append(f"{self.villagers} villager{'s' if self.villagers != 1 else ''}")
        return f"{self.kind.label} ({', '.join(parts)})"


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
            raise ValueError(
                f"{len(cards)} cards: a valley has {VALLEY_CARDS_AT_GAME_END + 1} "
                f"(at most {MAX_VALLEY_CARDS} are accepted)"
            )
        return cards

    @model_validator(mode="after")
    def _is_a_valley(self) -> Valley:
        starting = [card for card in self.cards if card.kind is Kind.STARTING_TOWN]
        if len(starting) != 1:
            raise ValueError(f"a valley has exactly one Starting Town, this one has {len(starting)}")
        places = Places.of(card.cell for card in self.cards)
        seen: dict[Cell, Card] = {}
        for card in self.cards:
            if card.cell in seen:
                raise ValueError(
                    f"two cards at {places.name(card.cell)}: "
                    f"{seen[card.cell].kind.label} and {card.kind.label}"
                )
            seen[card.cell] = card
        regions = connected_regions(seen)
        if len(regions) > 1:
            start = starting[0].cell
            stray = sorted(
                cell for region in regions if start not in region for cell in region
            )
            cells = "; ".join(
                f"{seen[cell].kind.label} at {places.name(cell)}" for cell in stray
            )
            raise ValueError(
                f"every card must touch the valley side by side; not connected: {cells}"
            )
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


class Options(Frozen):
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
            raise ValueError(f"a game has 3 goal cards or none, not {len(goals)}")
        if len(set(goals)) != len(goals):
            raise ValueError("the 3 goal cards must be different")
        return goals


LIMITS: LimitWords = {
    "players": Limit("players", "the box has 6 Starting Towns and 6 sets of Valley cards"),
    "express_stops": Limit("stops", f"a valley holds at most {MAX_VALLEY_CARDS} cards"),
    "express_stops[]": Limit("numbers", "a place is 2 numbers, [row, column]"),
    "points": Limit("points", "the printed cards show far fewer; the bound keeps files sane"),
    "villagers": Limit("villagers", "the printed cards show far fewer; the bound keeps files "
                                    "sane"),
    "row": Limit("rows", f"a valley of {MAX_VALLEY_CARDS} cards spans at most "
                         f"{MAX_VALLEY_CARDS} rows"),
    "col": Limit("columns", f"a valley of {MAX_VALLEY_CARDS} cards spans at most "
                            f"{MAX_VALLEY_CARDS} columns"),
}
"""How messages name Sunflower Valley's limits (scorer.core.limits)."""
