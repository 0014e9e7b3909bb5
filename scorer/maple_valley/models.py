"""The Maple Valley table a player enters: what each player holds at the end, card by card.

Maple Valley is scored from a player's Favours, Friends, Patches, the resources left in their Pack
and their cubes on the three Festivities. The rulebook does not print the cards, so the players
describe them: a Favour, Friend or Patch is described once in the table's ``catalogue`` and named by
every player who holds it (a description may also be written in place, where a player holds it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any, Literal, NamedTuple, Union

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Discriminator,
    Field,
    Tag,
    field_validator,
    model_validator,
)

from scorer.core.breakdown import Frozen
from scorer.core.counts import WholeNumber
from scorer.core.limits import Limit, LimitWords
from scorer.core.options import TableOptions
from scorer.core.players import SeatedPlayer, distinct_names, name_key
from scorer.core.text import printable
from scorer.message import Message, MessageError, msg, msg_n, verbatim

CUBES_PER_PLAYER = 10
MAX_PATCHES = 4
FESTIVITY_COUNT = 3
MAX_PLAYERS = 5
MAX_HELD = 99
"""A bound on one resource's count: the supply has 18 markers of each, and multiplier planks stand
for 3 or 5 when it runs out; 99 catches typing slips."""
MAX_PACK = 18 * 10 + 12 * 4
"""The most resources one player can hold: the 180 markers (18 of each of the 10 resources),
12 of them on multiplier planks standing for 5 (4 more each)."""
MAX_MAPS = 20
"""The game has 20 Map tiles."""
FAVOUR_CARDS = 72
FRIEND_CARDS = 36
PATCH_CARDS = 40
"""The decks: no player holds, and no catalogue describes, more cards of a kind than its deck."""
MAX_CARD_POINTS = 99
"""A sanity bound on a card's printed score and its bonus points (the printed ones are small)."""
MAX_SET_SIZE = 10
"""A sanity bound on the resources of one stored set."""


class Resource(StrEnum):
    """The 7 Goods and the 3 Curiosities: what Favours cost and store, and what leftovers batch."""

    ACORNS = "Acorns"
    BERRIES = "Berries"
    BIRCH = "Birch"
    CATTAILS = "Cattails"
    CLAY = "Clay"
    HERBS = "Herbs"
    HONEY = "Honey"
    BUGS = "Bugs"
    FLOWERS = "Flowers"
    PEBBLES = "Pebbles"


GOODS = (Resource.ACORNS, Resource.BERRIES, Resource.BIRCH, Resource.CATTAILS, Resource.CLAY,
         Resource.HERBS, Resource.HONEY)
CURIOSITIES = (Resource.BUGS, Resource.FLOWERS, Resource.PEBBLES)
MAPS = "Maps"
"""Maps sit in the Pack beside the resources but are not resources (not stored, not batched)."""

RESOURCE_NAMES: dict[Resource, Message] = {
    Resource.ACORNS: msg("mv.resource.acorns", "Acorns"),
    Resource.BERRIES: msg("mv.resource.berries", "Berries"),
    Resource.BIRCH: msg("mv.resource.birch", "Birch"),
    Resource.CATTAILS: msg("mv.resource.cattails", "Cattails"),
    Resource.CLAY: msg("mv.resource.clay", "Clay"),
    Resource.HERBS: msg("mv.resource.herbs", "Herbs"),
    Resource.HONEY: msg("mv.resource.honey", "Honey"),
    Resource.BUGS: msg("mv.resource.bugs", "Bugs"),
    Resource.FLOWERS: msg("mv.resource.flowers", "Flowers"),
    Resource.PEBBLES: msg("mv.resource.pebbles", "Pebbles"),
}
"""Each resource's name in words any language can say."""
PACK_NAMES: dict[str, Message] = {
    **{resource.value: name for resource, name in RESOURCE_NAMES.items()},
    MAPS: msg("mv.resource.maps", "Maps"),
}
"""What a Pack holds, by the name the table file gives it."""

_SINGULARS = {"Acorn": "Acorns", "Berry": "Berries", "Cattail": "Cattails", "Herb": "Herbs",
              "Bug": "Bugs", "Flower": "Flowers", "Pebble": "Pebbles", "Map": "Maps"}
_BY_LOWER_NAME = {name.lower(): name
                  for name in [*(r.value for r in Resource), MAPS, *_SINGULARS]}


def _pack_item(text: Any) -> str:
    """A resource name as the game spells it ("herb" -> "Herbs"), or a player-readable error."""
    if isinstance(text, Resource):
        return text.value
    if not isinstance(text, str):
        raise MessageError(msg("mv.error.resource_not_text",
                               "a resource is named by text, not {given}", given=repr(text)))
    name = _BY_LOWER_NAME.get(text.strip().lower())
    if name is None:
        raise MessageError(msg(
            "mv.error.unknown_resource",
            "{given} is not a resource of Maple Valley; the resources are {known} (and {maps})",
            given=repr(text), known=tuple(r.value for r in Resource), maps=MAPS))
    return _SINGULARS.get(name, name)


def resource_named(text: Any) -> Resource:
    """A Good or Curiosity by name; Maps are refused (they are not resources)."""
    name = _pack_item(text)
    if name == MAPS:
        raise MessageError(msg("mv.error.maps_not_stored",
                               "Maps are not resources: they cannot be stored on a Favour"))
    return Resource(name)


class Category(StrEnum):
    DECORATION = "Decoration"
    ENTERTAINMENT = "Entertainment"
    FOOD = "Food"
    GIFT = "Gift"


class Travel(StrEnum):
    WATER = "Water"
    ROCK = "Rock"
    FOREST = "Forest"


CATEGORY_NAMES: dict[Category, Message] = {
    Category.DECORATION: msg("mv.category.decoration", "Decoration"),
    Category.ENTERTAINMENT: msg("mv.category.entertainment", "Entertainment"),
    Category.FOOD: msg("mv.category.food", "Food"),
    Category.GIFT: msg("mv.category.gift", "Gift"),
}
TRAVEL_NAMES: dict[Travel, Message] = {
    Travel.WATER: msg("mv.travel.water", "Water"),
    Travel.ROCK: msg("mv.travel.rock", "Rock"),
    Travel.FOREST: msg("mv.travel.forest", "Forest"),
}


def _named(enum: type[StrEnum],
           refusal: Callable[[str, tuple[str, ...]], Message]) -> BeforeValidator:
    """Accept a member by its name in any case, singular or plural ("gifts" -> Gift);
    ``refusal(given, known)`` words any other text."""

    def pick(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        wanted = value.strip().casefold()
        for member in enum:
            if wanted in (member.value.casefold(), member.value.casefold() + "s"):
                return member
        raise MessageError(refusal(repr(value), tuple(member.value for member in enum)))

    return BeforeValidator(pick)


CategoryName = Annotated[Category, _named(Category, lambda given, known: msg(
    "mv.error.unknown_category", "{given} is not a Favour category; the categories are {known}",
    given=given, known=known))]
TravelName = Annotated[Travel, _named(Travel, lambda given, known: msg(
    "mv.error.unknown_travel", "{given} is not a travel type; the travel types are {known}",
    given=given, known=known))]


def _not_negative(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        raise MessageError(msg("mv.error.negative",
                               "a count or score cannot be negative (got {value})", value=value))
    return value


Count = Annotated[WholeNumber, BeforeValidator(_not_negative)]
Points = Annotated[Count, Field(le=MAX_CARD_POINTS)]


def _not_blank(name: str) -> str:
    if not name.strip():
        raise MessageError(msg("mv.error.blank_name", "a name cannot be blank"))
    return name.strip()


CardName = Annotated[str, Field(min_length=1, max_length=60), printable("a card name"),
                     AfterValidator(_not_blank)]


def _same_name(name: str) -> str:
    """Card names are compared as player names are (case, blanks around, Unicode encoding)."""
    return name_key(name)


class AlsoHave(Frozen):
    """+points if the player also brings a Favour of this name (ruling MV-3)."""

    kind: Literal["also_have"]
    favour: CardName = Field(description="Name of the other Favour the card asks for.")
    points: Points = Field(description="Bonus points when it is there.")


class StoredSets(Frozen):
    """+points per set of these resources stored on the card (ruling MV-2)."""

    kind: Literal["stored_sets"]
    set: tuple[Resource, ...] = Field(
        max_length=MAX_SET_SIZE,
        description='The resources of one set, e.g. ["Bugs", "Herbs"]; repeat a name to ask '
        "for two."
    )
    points: Points = Field(description="Bonus points per set stored.")

    @field_validator("set", mode="before")
    @classmethod
    def _known_resources(cls, value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            if not value:
                raise MessageError(msg("mv.error.empty_set", "a set holds at least one resource"))
            return tuple(resource_named(item) for item in value)
        return value

    @property
    def needs(self) -> Counter[Resource]:
        return Counter(self.set)

    @cached_property
    def set_words(self) -> Message:
        """The set in words: "Bugs + Herbs", "2 Honey + Berries"."""
        parts = [RESOURCE_NAMES[r] if n == 1 else
                 msg("mv.set.many", "{count} {resource}", count=n, resource=RESOURCE_NAMES[r])
                 for r, n in self.needs.items()]
        words = parts[0]
        for part in parts[1:]:
            words = msg("mv.set.plus", "{first} + {second}", first=words, second=part)
        return words

    @property
    def set_name(self) -> str:
        return self.set_words.text


class PerFriend(Frozen):
    """+points per Friend who travels this type (the Starter: ruling MV-4)."""

    kind: Literal["per_friend"]
    travel: TravelName
    points: Points = Field(description="Bonus points per Friend of that travel type.")


class TypedBonus(Frozen):
    """A bonus the kinds above do not cover: the player works it out and types the points."""

    kind: Literal["typed"]
    points: Points = Field(description="Bonus points, as worked out by the player.")
    reason: Annotated[str, printable("a reason")] = Field(
        default="", max_length=120, description="What the bonus is for.")


FavourBonus = Annotated[Union[AlsoHave, StoredSets, TypedBonus], Field(discriminator="kind")]
PatchBonus = Annotated[Union[PerFriend, TypedBonus], Field(discriminator="kind")]


class Card(Frozen):
    name: CardName
    score: Points = Field(default=0, description="The score printed on the card.")


class Favour(Card):
    """A Favour card: name, category, printed score and at most one bonus."""

    category: CategoryName
    bonus: FavourBonus | None = None


class Friend(Card):
    """A Friend card: printed score and the travel type(s) it shows."""

    travel: tuple[TravelName, ...] = Field(min_length=1, max_length=3)

    @field_validator("travel")
    @classmethod
    def _distinct_travel(cls, travel: tuple[Travel, ...]) -> tuple[Travel, ...]:
        if len(set(travel)) != len(travel):
            raise MessageError(msg("mv.error.travel_twice",
                                   "list each travel type of a Friend once"))
        return travel


STARTER = Friend(name="Starter", score=0, travel=(Travel.WATER, Travel.ROCK, Travel.FOREST))
"""Every player's Starting Friend: no score, all three travel types (rulings MV-4, MV-5)."""


def friend_name(friend: Friend) -> Message:
    """A Friend's name in a sentence: the Starter's in words, any other as the player typed it."""
    if friend is STARTER:
        return msg("mv.friend.starter", "Starter")
    return verbatim(friend.name)


class Patch(Card):
    """A Patch card: printed score and at most one bonus."""

    bonus: PatchBonus | None = None


CARD_KINDS: dict[str, Message] = {
    "Favour": msg("mv.kind.favour", "Favour"),
    "Friend": msg("mv.kind.friend", "Friend"),
    "Patch": msg("mv.kind.patch", "Patch"),
}
"""A kind of card named in a sentence ("no Favour called ...")."""
NUMBERED_CARDS: dict[str, Message] = {
    "Favour": msg("mv.kind.favour_numbered", "favour"),
    "Friend": msg("mv.kind.friend_numbered", "friend"),
    "Patch": msg("mv.kind.patch_numbered", "patch"),
}
"""A kind of card as a place names it, before the card's number ("Ann's favour 2")."""


class _CardPlace(NamedTuple):
    """Where a player's card is, put in words only when a refusal says it (every card of every
    player is checked, and a message costs far more than this tuple)."""

    player: str
    kind: str
    number: int

    def words(self) -> Message:
        return msg("mv.error.card_place", "{player}'s {kind} {number}", player=self.player,
                   kind=NUMBERED_CARDS[self.kind], number=self.number)


def _reference_or_description(value: Any) -> str:
    return "name" if isinstance(value, str) else "description"


def _entry(card: type) -> Any:
    """A player's card: a catalogue name, or a description written in place."""
    return Annotated[
        Union[Annotated[CardName, Tag("name")], Annotated[card, Tag("description")]],
        Discriminator(_reference_or_description),
    ]


FavourEntry = _entry(Favour)
FriendEntry = _entry(Friend)
PatchEntry = _entry(Patch)


class Catalogue(Frozen):
    """Card descriptions defined once and named by the players who hold them."""

    favours: tuple[Favour, ...] = Field(default=(), max_length=FAVOUR_CARDS)
    friends: tuple[Friend, ...] = Field(default=(), max_length=FRIEND_CARDS)
    patches: tuple[Patch, ...] = Field(default=(), max_length=PATCH_CARDS)

    @model_validator(mode="after")
    def _distinct_names(self) -> Catalogue:
        for kind in ("Favour", "Friend", "Patch"):
            seen: set[str] = set()
            for card in self.cards(kind):
                if _same_name(card.name) in seen:
                    raise MessageError(msg(
                        "mv.error.described_twice", "the catalogue describes the {kind} {name} twice",
                        kind=CARD_KINDS[kind], name=repr(card.name)))
                seen.add(_same_name(card.name))
        if any(_same_name(f.name) == _same_name(STARTER.name) for f in self.friends):
            raise MessageError(msg("mv.error.starter_described",
                                   "every player has a Starter already; do not describe it"))
        return self

    def cards(self, kind: str) -> tuple[Card, ...]:
        """The descriptions of one kind: "Favour", "Friend" or "Patch"."""
        return {"Favour": self.favours, "Friend": self.friends, "Patch": self.patches}[kind]

    def find(self, kind: str, name: str) -> Card | None:
        return self._by_name[kind].get(_same_name(name))

    @cached_property
    def _by_name(self) -> dict[str, dict[str, Card]]:
        return {kind: {_same_name(card.name): card for card in self.cards(kind)}
                for kind in ("Favour", "Friend", "Patch")}


class Player(SeatedPlayer):
    """What one player holds at the end. The Starter is always there and is not entered."""

    favours: tuple[FavourEntry, ...] = Field(
        default=(), max_length=FAVOUR_CARDS, description="Favours brought (finished); ones still being prepared are "
        "discarded and not entered. A catalogue name or a description."
    )
    friends: tuple[FriendEntry, ...] = Field(
        default=(), max_length=FRIEND_CARDS, description="Friends besides the Starter. A catalogue name or a description."
    )
    patches: tuple[PatchEntry, ...] = Field(
        default=(), description="At most 4 different Patches. A catalogue name or a description."
    )
    resources: dict[str, Count] = Field(
        default_factory=dict,
        description='Everything left in the Pack and on Favours, e.g. {"Honey": 2, "Maps": 1}: '
        "Acorns, Berries, Birch, Cattails, Clay, Herbs, Honey, Bugs, Flowers, Pebbles (at most "
        f"{MAX_HELD} each, {MAX_PACK} in all), Maps (at most {MAX_MAPS}).",
    )
    cubes: dict[str, Count] = Field(
        default_factory=dict,
        description='Cubes on each Festivity, by its name, e.g. {"Square Dance": 3}.',
    )

    @field_validator("patches")
    @classmethod
    def _at_most_four(cls, patches: tuple) -> tuple:
        if len(patches) > MAX_PATCHES:
            raise MessageError(msg(
                "mv.error.too_many_patches", "a player holds at most {most} Patches, not {count} "
                "(gaining a fifth means discarding one)", most=MAX_PATCHES, count=len(patches)))
        return patches

    @field_validator("resources", mode="before")
    @classmethod
    def _known_resources(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        pack: dict[str, Any] = {}
        for key, count in value.items():
            name = _pack_item(key)
            if name in pack:
                raise MessageError(msg("mv.error.resource_twice", "{resource} is entered twice",
                                       resource=PACK_NAMES[name]))
            most = MAX_MAPS if name == MAPS else MAX_HELD
            if isinstance(count, int) and count > most:
                raise MessageError(msg("mv.error.too_many_held",
                                       "{count} {resource}? At most {most}: check the count",
                                       count=count, resource=PACK_NAMES[name], most=most))
            pack[name] = count
        held = sum(count for name, count in pack.items()
                   if name != MAPS and isinstance(count, int) and count > 0)
        if held > MAX_PACK:
            raise MessageError(msg(
                "mv.error.pack_too_full", "{count} resources in one Pack? The game has 180 "
                "resource markers and 12 multiplier planks: at most {most}; check the counts",
                count=held, most=MAX_PACK))
        return pack

    @field_validator("cubes")
    @classmethod
    def _ten_cubes(cls, cubes: dict[str, int]) -> dict[str, int]:
        placed = sum(cubes.values())
        if placed > CUBES_PER_PLAYER:
            raise MessageError(msg(
                "mv.error.too_many_cubes", "{count} cubes on Festivities, but a player owns only "
                "{most}", count=placed, most=CUBES_PER_PLAYER))
        return cubes

    @property
    def pack(self) -> Counter[Resource]:
        """The Goods and Curiosities held, in the Pack or on Favours (zeros left out)."""
        return Counter({Resource(name): count for name, count in self.resources.items()
                        if name != MAPS and count})

    @property
    def maps(self) -> int:
        return self.resources.get(MAPS, 0)


class SoloChoices(Frozen):
    """The rulebook lets a solo player choose between tied answers of the title's questions."""

    favour_category: CategoryName | None = Field(
        default=None, description="Question 1 on a tie: the tied Favour category you choose."
    )
    travel: TravelName | None = Field(
        default=None, description="Question 4 on a two-way tie: the tied travel type you choose."
    )


class Options(TableOptions):
    """Readings of the rulebook that a table may choose; the defaults are the project's rulings."""

    starter_counts_for_travel_bonuses: bool = Field(
        default=True,
        description="Ruling MV-4: the Starter counts as a Water, a Rock and a Forest Friend for "
        "Patch bonuses per Friend of a travel type.",
    )

    sentences = {"starter_counts_for_travel_bonuses": msg(
        "mv.option.starter_counts_for_travel_bonuses",
        "The Starter counts as a Water, a Rock and a Forest Friend for Patch bonuses per Friend "
        "of a travel type.")}


DEFAULT_FESTIVITIES = tuple(f"Festivity {number}" for number in range(1, FESTIVITY_COUNT + 1))


class MapleValleyTable(Frozen):
    """A finished game of Maple Valley: 1 to 5 players (1 is the solo game, without Festivities)."""

    game: Literal["maple_valley"] = "maple_valley"
    catalogue: Catalogue = Catalogue()
    festivities: tuple[CardName, ...] | None = Field(
        default=None,
        description="Names of the 3 Festivities of the game (leave out to call them "
        "'Festivity 1' to 'Festivity 3'); none in a solo game.",
    )
    options: Options = Options()
    solo: SoloChoices | None = Field(
        default=None, description="Solo game only: choices between tied answers of the title."
    )
    players: tuple[Player, ...] = Field(
        min_length=1, max_length=MAX_PLAYERS,
        description=f"1 to {MAX_PLAYERS} players (1: the solo game). Together they hold no more "
        f"than the box has: {MAX_PACK} resources, {MAX_MAPS} Maps, {FAVOUR_CARDS} Favours, "
        f"{FRIEND_CARDS} Friends besides the Starters.",
    )

    @field_validator("festivities")
    @classmethod
    def _three_festivities(cls, names: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if names is None:
            return None
        if names and len(names) != FESTIVITY_COUNT:
            raise MessageError(msg("mv.error.festivity_count",
                                   "a game has {most} Festivities, not {count}",
                                   most=FESTIVITY_COUNT, count=len(names)))
        if len({_same_name(name) for name in names}) != len(names):
            raise MessageError(msg("mv.error.festivity_names",
                                   "the 3 Festivities must have different names"))
        return names

    @field_validator("players")
    @classmethod
    def _distinct_names(cls, players: tuple[Player, ...]) -> tuple[Player, ...]:
        return distinct_names(players)

    @field_validator("players")
    @classmethod
    def _one_box(cls, players: tuple[Player, ...]) -> tuple[Player, ...]:
        """Every card and resource the players hold comes out of one box: together they hold
        no more than it has."""
        for what, held, most, box in (
            (msg("mv.box.favours", "Favours"), sum(len(player.favours) for player in players),
             FAVOUR_CARDS, msg("mv.box.favour_cards", "{count} Favour cards", count=FAVOUR_CARDS)),
            (msg("mv.box.friends", "Friends besides the Starters"),
             sum(len(player.friends) for player in players), FRIEND_CARDS,
             msg("mv.box.friend_cards", "{count} Friend cards", count=FRIEND_CARDS)),
            (msg("mv.box.resources", "resources"),
             sum(sum(player.pack.values()) for player in players), MAX_PACK,
             msg("mv.box.resource_markers", "180 resource markers and 12 multiplier planks "
                 "(at most {count})", count=MAX_PACK)),
            (PACK_NAMES[MAPS], sum(player.maps for player in players), MAX_MAPS,
             msg("mv.box.map_tiles", "{count} Map tiles", count=MAX_MAPS)),
        ):
            if held > most:
                raise MessageError(msg(
                    "mv.error.box_exceeded", "the players hold {count} {what} in all, but the "
                    "game has {box}: check the counts", count=held, what=what, box=box))
        return players

    @model_validator(mode="after")
    def _consistent(self) -> MapleValleyTable:
        if self.is_solo:
            if self.festivities:
                raise MessageError(msg("mv.error.solo_festivities", "a solo game has no "
                                       "Festivities; leave \"festivities\" out"))
        else:
            if self.solo is not None:
                raise MessageError(msg("mv.error.solo_choices",
                                       "\"solo\" choices are for a one-player game only"))
            if self.festivities == ():
                raise MessageError(msg(
                    "mv.error.no_festivities", "a game of 2 or more players has {count} "
                    "Festivities; name them or leave \"festivities\" out", count=FESTIVITY_COUNT))
        festivities = {_same_name(name) for name in self.festivity_names}
        for player in self.players:
            entered = [_same_name(name) for name in player.cubes]
            if len(set(entered)) != len(entered):
                raise MessageError(msg("mv.error.festivity_twice",
                                       "{player}'s cubes name one Festivity twice",
                                       player=player.name))
            for festivity in player.cubes:
                if self.is_solo:
                    raise MessageError(msg("mv.error.solo_cubes", "{player}: a solo game has no "
                                           "Festivities, so no cubes", player=player.name))
                if _same_name(festivity) not in festivities:
                    raise MessageError(msg(
                        "mv.error.unknown_festivity", "{player} has cubes on {festivity}, which "
                        "is not one of this game's Festivities ({festivities})",
                        player=player.name, festivity=repr(festivity),
                        festivities=self.festivity_names))
            self._check_cards(player)
        return self

    def _check_cards(self, player: Player) -> None:
        for kind, entries in (("Favour", player.favours), ("Friend", player.friends),
                              ("Patch", player.patches)):
            for index, entry in enumerate(entries):
                where = _CardPlace(player.name, kind, index + 1)
                name = entry if isinstance(entry, str) else entry.name
                if kind == "Friend" and _same_name(name) == _same_name(STARTER.name):
                    raise MessageError(msg("mv.error.starter_entered", "{where}: the Starter is "
                                           "always counted; do not enter it", where=where.words()))
                listed = self.catalogue.find(kind, name)
                if isinstance(entry, str) and listed is None:
                    described = tuple(card.name for card in self.catalogue.cards(kind))
                    raise MessageError(msg(
                        "mv.error.not_in_catalogue", "{where}: no {kind} called {name} in the "
                        "catalogue (it describes: {known}); check the spelling or describe the "
                        "card", where=where.words(), kind=CARD_KINDS[kind], name=repr(entry),
                        known=described or msg("mv.none", "none")))
                if not isinstance(entry, str) and listed is not None and listed != entry:
                    raise MessageError(msg(
                        "mv.error.described_differently", "{where}: {name} is described "
                        "differently in the catalogue; name it to use the catalogue's "
                        "description, or rename it", where=where.words(), name=repr(entry.name)))
        patch_names = [_same_name(patch.name) for patch in self.patches_of(player)]
        for patch in self.patches_of(player):
            if patch_names.count(_same_name(patch.name)) > 1:
                raise MessageError(msg(
                    "mv.error.patch_twice", "{player} has the Patch {name} twice; a player may "
                    "not have two of the same Patch", player=player.name, name=repr(patch.name)))

    def _resolve(self, kind: str, entry: str | Card) -> Any:
        return self.catalogue.find(kind, entry) if isinstance(entry, str) else entry

    @property
    def is_solo(self) -> bool:
        return len(self.players) == 1

    @property
    def festivity_names(self) -> tuple[str, ...]:
        if self.is_solo:
            return ()
        return self.festivities if self.festivities is not None else DEFAULT_FESTIVITIES

    def festivity_label(self, number: int) -> Message:
        """The name of Festivity ``number`` (from 1) on the scorepad: as the players typed it;
        the default name ("Festivity 2", left out or typed as it is) in words, so a language
        says it too."""
        name = self.festivity_names[number - 1]
        if name != DEFAULT_FESTIVITIES[number - 1]:
            return verbatim(name)
        return msg("mv.festivity.numbered", "Festivity {number}", number=number)

    def favours_of(self, player: Player) -> tuple[Favour, ...]:
        return tuple(self._resolve("Favour", entry) for entry in player.favours)

    def friends_of(self, player: Player) -> tuple[Friend, ...]:
        """The player's Friends, the Starter first."""
        return (STARTER, *(self._resolve("Friend", entry) for entry in player.friends))

    def patches_of(self, player: Player) -> tuple[Patch, ...]:
        return tuple(self._resolve("Patch", entry) for entry in player.patches)

    def cubes_of(self, player: Player, festivity: str) -> int:
        return sum(count for name, count in player.cubes.items()
                   if _same_name(name) == _same_name(festivity))


def same_name(first: str, second: str) -> bool:
    return _same_name(first) == _same_name(second)


_SANE = msg("mv.limit.sane", "a bound that keeps files sane")
_POINTS = Limit(msg_n("mv.limit.points", "point", "points", 2), _SANE)
LIMITS: LimitWords = {
    "players": Limit(msg_n("mv.limit.players", "player", "players", 2),
                     msg("mv.limit.players.why", "the box has {count} Pack player mats",
                         count=MAX_PLAYERS)),
    "favours": Limit(msg_n("mv.limit.favours", "Favour", "Favours", 2),
                     msg("mv.limit.favours.why", "the box has {count} Favour cards",
                         count=FAVOUR_CARDS)),
    "friends": Limit(msg_n("mv.limit.friends", "Friend", "Friends", 2),
                     msg("mv.limit.friends.why", "the box has {count} Friend cards besides the "
                         "Starters", count=FRIEND_CARDS)),
    "patches": Limit(msg_n("mv.limit.patches", "Patch", "Patches", 2),
                     msg("mv.limit.patches.why", "the box has {count} Patch cards",
                         count=PATCH_CARDS)),
    "travel": Limit(msg_n("mv.limit.travel", "travel type", "travel types", 2),
                    msg("mv.limit.travel.why", "there are three: Water, Rock and Forest")),
    "set": Limit(msg_n("mv.limit.resources", "resource", "resources", 2), _SANE),
    "score": _POINTS,
    "points": _POINTS,
}
"""How messages name Maple Valley's limits (scorer.core.limits)."""
