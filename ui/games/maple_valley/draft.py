"""The Maple Valley draft: what the editor keeps for a table, valid or not, and its edits.

A draft is JSON, close to the table file::

    {"game": "maple_valley", "festivities": ["Square Dance", "", ""] (blank: "Festivity 2", ...),
     "options": {...}, "solo": {"favour_category", "travel"} (one player only),
     "catalogue": {"favours": [...], "friends": [...], "patches": [...]},
     "players": [{"name", "colour", "favours": [names], "friends": [names], "patches": [names],
                  "resources": {"Acorns": 2, "Maps": 1}, "cubes": [3, 2, 1]}]}

Cards are described once in the table's catalogue and named by the players who hold them, as in
the table file; a player's cubes are listed in the order of the Festivities, so renaming one keeps
them. :func:`check` scores what validates and says, in words, what does not.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError

from scorer.maple_valley.models import (
    CUBES_PER_PLAYER,
    DEFAULT_FESTIVITIES,
    MAPS,
    MAX_HELD,
    MAX_PATCHES,
    AlsoHave,
    Card,
    Catalogue,
    Favour,
    Friend,
    MapleValleyTable,
    Patch,
    PerFriend,
    Player,
    Resource,
    StoredSets,
    TypedBonus,
    same_name,
    CARD_KINDS,
    CATEGORY_NAMES,
    PACK_NAMES,
    TRAVEL_NAMES,
)
from scorer.files import problems_message
from scorer.message import Message, msg, msg_n, verbatim
from ui.games.plugin import PlayerSetup
from ui.store.draft_check import Checked, Problem

Change = Callable[[dict], None]
Label = Message
"""An edit's label, said on each device in its language (see ``ui.live.session.Label``)."""

KINDS = ("Favour", "Friend", "Patch")
KEYS = {"Favour": "favours", "Friend": "friends", "Patch": "patches"}
"""The key of a kind of card in the catalogue and in a player's holdings."""
MODELS: dict[str, type[Card]] = {"Favour": Favour, "Friend": Friend, "Patch": Patch}
PACK = (*(resource.value for resource in Resource), MAPS)
"""What a player counts in the Pack: the 10 resources, then Maps."""


def new_draft(players: list[PlayerSetup]) -> dict:
    solo = len(players) == 1
    draft = {
        "game": "maple_valley",
        "festivities": [] if solo else [""] * len(DEFAULT_FESTIVITIES),
        "options": {},
        "catalogue": {key: [] for key in KEYS.values()},
        "players": [
            {
                "name": player.name.strip(),
                "colour": player.colour,
                **{key: [] for key in KEYS.values()},
                "resources": {},
                "cubes": [] if solo else [0] * len(DEFAULT_FESTIVITIES),
            }
            for player in players
        ],
    }
    if solo:
        draft["solo"] = {"favour_category": None, "travel": None}
    return draft


def draft_from_table(table: MapleValleyTable, colours: list[str]) -> dict:
    """The draft of a table read from a file (a description written in place joins the
    catalogue under its name), so a table can be opened again in the app."""
    draft = new_draft([PlayerSetup(player.name, colour)
                       for player, colour in zip(table.players, colours)])
    draft["options"] = table.options.model_dump(mode="json")
    if table.is_solo:
        draft["solo"] = (table.solo.model_dump(mode="json") if table.solo else draft["solo"])
    else:
        draft["festivities"] = list(table.festivity_names)
    for kind in KINDS:
        draft["catalogue"][KEYS[kind]] = [card_dict(card) for card in table.catalogue.cards(kind)]
    for raw, player in zip(draft["players"], table.players):
        for kind, cards in (("Favour", table.favours_of(player)),
                            ("Friend", table.friends_of(player)[1:]),
                            ("Patch", table.patches_of(player))):
            for card in cards:
                card = _distinct(draft, kind, card)
                _remember(draft, kind, card)
                raw[KEYS[kind]].append(card.name)
        raw["resources"] = {name: count for name, count in player.resources.items() if count}
        raw["cubes"] = [table.cubes_of(player, name) for name in table.festivity_names]
    return draft


def _distinct(draft: dict, kind: str, card: Card) -> Card:
    """The card, renamed "<name> (2)" when the draft already describes another card by its name
    (two players may each describe in place a different card of the same name)."""
    name, number = card.name, 1
    while (known := find(draft, kind, name)) is not None and known != card:
        number += 1
        name = f"{card.name} ({number})"
        card = card.model_copy(update={"name": name})
    return card


def card_dict(card: Card) -> dict:
    return card.model_dump(mode="json")


def described(draft: dict, kind: str) -> list[Card]:
    """The cards of one kind described at this table (those that validate)."""
    catalogue = draft.get("catalogue")
    cards = []
    for raw in _listed(catalogue.get(KEYS[kind])) if isinstance(catalogue, dict) else []:
        try:
            cards.append(MODELS[kind].model_validate(raw))
        except ValidationError:
            continue
    return cards


def find(draft: dict, kind: str, name: str) -> Card | None:
    return next((card for card in described(draft, kind) if same_name(card.name, name)), None)


def is_solo(draft: dict) -> bool:
    return len(_listed(draft.get("players"))) == 1


def festivity_names(draft: dict) -> list[str]:
    """The names the scorepad uses: a blank name is "Festivity <number>"."""
    if is_solo(draft):
        return []
    typed = _listed(draft.get("festivities"))[:]
    typed += [""] * (len(DEFAULT_FESTIVITIES) - len(typed))
    return [(name.strip() if isinstance(name, str) else "") or default
            for name, default in zip(typed, DEFAULT_FESTIVITIES)]


def summary(card: Card) -> Message:
    """What a card carries besides its name, e.g. "Gift, 5 points, +2 per set of Bugs + Herbs
    stored"."""
    parts: list[Message] = []
    if isinstance(card, Favour):
        parts.append(CATEGORY_NAMES[card.category])
    parts.append(points_words(card.score))
    if isinstance(card, Friend):
        parts.append(plus_words([TRAVEL_NAMES[travel] for travel in card.travel]))
    bonus = getattr(card, "bonus", None)
    if isinstance(bonus, AlsoHave):
        parts.append(msg("ui.mv.bonus.also_have", "+{points} if you also have {favour}",
                         points=bonus.points, favour=bonus.favour))
    elif isinstance(bonus, StoredSets):
        parts.append(msg("ui.mv.bonus.stored_sets", "+{points} per set of {set} stored",
                         points=bonus.points, set=bonus.set_words))
    elif isinstance(bonus, PerFriend):
        parts.append(msg("ui.mv.bonus.per_friend", "+{points} per {travel} Friend",
                         points=bonus.points, travel=TRAVEL_NAMES[bonus.travel]))
    elif isinstance(bonus, TypedBonus) and bonus.reason:
        parts.append(msg("ui.mv.bonus.typed_reason", "+{points} typed ({reason})",
                         points=bonus.points, reason=bonus.reason))
    elif isinstance(bonus, TypedBonus):
        parts.append(msg("ui.mv.bonus.typed", "+{points} typed", points=bonus.points))
    return msg("ui.mv.summary", "{parts}", parts=tuple(parts))


def pack_word(item: str) -> Message:
    """What a Pack holds, in words: "Acorns", "Maps" (an unknown name as it is)."""
    return PACK_NAMES.get(item, verbatim(item))


def points_words(points: int) -> Message:
    """E.g. "1 point", "5 points"."""
    return msg_n("ui.mv.points", "{count} point", "{count} points", points)


def plus_words(parts: list[Message]) -> Message:
    """Parts joined as a card prints them: "Water + Rock" (at least one)."""
    said = parts[0]
    for part in parts[1:]:
        said = msg("ui.mv.plus", "{first} + {second}", first=said, second=part)
    return said


# Edits: each returns a label for the undo button and a change made to a copy of the draft. -------


def set_count(player: int, item: str, count: int, who: str = "") -> tuple[Label, Change]:
    """Set how many of a resource (or Maps) a player holds, 0 to 99."""
    count = min(max(count, 0), MAX_HELD)

    def change(draft: dict) -> None:
        resources = draft["players"][player].setdefault("resources", {})
        if count:
            resources[item] = count
        else:
            resources.pop(item, None)

    if who:
        return msg("ui.mv.edit.count_of", "set {name}'s {item} to {count}", name=who,
                   item=pack_word(item), count=count), change
    return msg("ui.mv.edit.count", "set {item} to {count}", item=pack_word(item),
               count=count), change


def set_cubes(player: int, festivity: int, count: int, who: str = "",
              where: str | Message = "") -> tuple[Label, Change]:
    """Set a player's cubes on one Festivity (the editor keeps the total within 10)."""
    count = min(max(count, 0), CUBES_PER_PLAYER)

    def change(draft: dict) -> None:
        cubes = draft["players"][player].setdefault("cubes", [])
        cubes.extend([0] * (festivity + 1 - len(cubes)))
        cubes[festivity] = count

    festival = where or msg("ui.mv.festivity", "Festivity {number}", number=festivity + 1)
    if who:
        return msg("ui.mv.edit.cubes_of", "set {name}'s cubes on {festivity} to {count}",
                   name=who, festivity=festival, count=count), change
    return msg("ui.mv.edit.cubes", "set cubes on {festivity} to {count}", festivity=festival,
               count=count), change


def rename_festivity(festivity: int, name: str) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        if not isinstance(draft.get("festivities"), list):
            draft["festivities"] = []
        names = draft["festivities"]
        names.extend([""] * (festivity + 1 - len(names)))
        names[festivity] = name

    return msg("ui.mv.edit.rename", "name Festivity {number} {name}", number=festivity + 1,
               name=repr(name.strip())), change


def add_card(player: int, kind: str, card: Card, who: str = "") -> tuple[Label, Change]:
    """Give a player a card; its description joins (or replaces) the table's catalogue entry."""

    def change(draft: dict) -> None:
        _remember(draft, kind, card)
        draft["players"][player].setdefault(KEYS[kind], []).append(card.name)

    if who:
        return msg("ui.mv.edit.add_to", "add the {kind} {card} to {name}", kind=CARD_KINDS[kind],
                   card=card.name, name=who), change
    return msg("ui.mv.edit.add", "add the {kind} {card}", kind=CARD_KINDS[kind],
               card=card.name), change


def remove_card(player: int, kind: str, index: int, name: str = "",
                who: str = "") -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        held = draft["players"][player].get(KEYS[kind], [])
        if 0 <= index < len(held):
            del held[index]

    what = msg("ui.mv.card.named", "the {kind} {card}", kind=CARD_KINDS[kind], card=name) \
        if name else msg("ui.mv.card.numbered", "{kind} {number}", kind=CARD_KINDS[kind],
                         number=index + 1)
    if who:
        return msg("ui.mv.edit.remove_from", "remove {card} from {name}", card=what,
                   name=who), change
    return msg("ui.mv.edit.remove", "remove {card}", card=what), change


def redescribe(kind: str, old_name: str, card: Card) -> tuple[Label, Change]:
    """Change a card described at this table, for every player holding it; a new name follows
    into the holdings and into the "also have" bonuses asking for it."""

    def change(draft: dict) -> None:
        catalogue = draft["catalogue"].setdefault(KEYS[kind], [])
        catalogue[:] = [raw for raw in catalogue if not same_name(raw.get("name", ""), old_name)]
        _remember(draft, kind, card)
        for raw_player in draft["players"]:
            held = raw_player.get(KEYS[kind], [])
            held[:] = [card.name if same_name(name, old_name) else name for name in held]
        if kind == "Favour" and not same_name(old_name, card.name):
            for raw in catalogue:
                bonus = raw.get("bonus") or {}
                if bonus.get("kind") == "also_have" and same_name(bonus.get("favour", ""),
                                                                  old_name):
                    bonus["favour"] = card.name

    return msg("ui.mv.edit.redescribe", "describe the {kind} {card} anew",
               kind=CARD_KINDS[kind], card=card.name), change


def set_solo_choice(field: str, value: str | None) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        draft.setdefault("solo", {})[field] = value

    chosen = solo_option_words(value) if value else msg("ui.mv.solo.no", "no")
    if field == "favour_category":
        return msg("ui.mv.edit.solo_category", "choose {choice} Favour category on a tie",
                   choice=chosen), change
    return msg("ui.mv.edit.solo_travel", "choose {choice} travel type on a tie",
               choice=chosen), change


def solo_option_words(value: str) -> Message:
    """A Favour category or a travel type chosen for a solo tie, in words."""
    names = {**{category.value: name for category, name in CATEGORY_NAMES.items()},
             **{travel.value: name for travel, name in TRAVEL_NAMES.items()}}
    return names.get(value, verbatim(value))


def set_option(name: str, value: bool) -> tuple[Label, Change]:
    def change(draft: dict) -> None:
        draft.setdefault("options", {})[name] = value

    option = verbatim(name.replace("_", " "))
    if value:
        return msg("ui.mv.edit.option_on", "set the option {option} on", option=option), change
    return msg("ui.mv.edit.option_off", "set the option {option} off", option=option), change


def _remember(draft: dict, kind: str, card: Card) -> None:
    """Describe a card in the table's catalogue, replacing a description of the same name."""
    catalogue = draft.setdefault("catalogue", {}).setdefault(KEYS[kind], [])
    entry = card_dict(card)
    for index, raw in enumerate(catalogue):
        if same_name(raw.get("name", ""), card.name):
            catalogue[index] = entry
            return
    catalogue.append(entry)


# Checking -----------------------------------------------------------------------------------------


def check(draft: dict) -> Checked:
    """The table to score and what is left out. A player's part that cannot be read (more than
    10 cubes, say) stops the whole table: the Festivities compare every player."""
    problems: list[Problem] = []
    catalogue = Catalogue(**{KEYS[kind]: tuple(described(draft, kind)) for kind in KINDS})
    names = festivity_names(draft)
    if len({name.casefold() for name in names}) != len(names):
        problems.append(Problem(msg("ui.mv.problem.same_festivities", "two Festivities have "
                                    "the same name; they are scored as Festivity 1 to 3 until "
                                    "the names differ")))
        names = list(DEFAULT_FESTIVITIES)
    players: list[Player] = []
    complete = True
    for index, raw in enumerate(_listed(draft.get("players"))):
        player, player_problems = _check_player(raw if isinstance(raw, dict) else {}, index,
                                                catalogue, names)
        problems.extend(player_problems)
        if player is None:
            complete = False
        else:
            players.append(player)
    if not complete or not players:
        return Checked(None, tuple(problems))
    try:
        table = MapleValleyTable(
            catalogue=catalogue,
            festivities=tuple(names) if names else None,
            options=draft.get("options") or {},
            solo=(draft.get("solo") or None) if len(players) == 1 else None,
            players=tuple(players),
        )
    except ValidationError as error:
        problems.append(Problem(msg("ui.mv.problem.table", "The table cannot be scored: "
                                    "{problem}", problem=problems_message(error))))
        table = None
    return Checked(table, tuple(problems))


def _check_player(raw: dict, index: int, catalogue: Catalogue,
                  festivities: list[str]) -> tuple[Player | None, list[Problem]]:
    problems: list[Problem] = []
    holdings: dict[str, list[str]] = {}
    for kind in KINDS:
        kept: list[str] = []
        for name in _listed(raw.get(KEYS[kind])):
            if not isinstance(name, str) or catalogue.find(kind, name) is None:
                problems.append(Problem(msg(
                    "ui.mv.problem.not_described", "the {kind} {card} is not described at this "
                    "table; it is not scored", kind=CARD_KINDS[kind], card=repr(name)), index))
            elif kind == "Patch" and any(same_name(name, other) for other in kept):
                problems.append(Problem(msg(
                    "ui.mv.problem.patch_twice", "the Patch {card} is entered twice; a player "
                    "may not have two of the same Patch, so it counts once", card=name), index))
            elif kind == "Patch" and len(kept) == MAX_PATCHES:
                problems.append(Problem(msg(
                    "ui.mv.problem.patches", "more than {count} Patches: {card} is not scored",
                    count=MAX_PATCHES, card=name), index))
            else:
                kept.append(name)
        holdings[KEYS[kind]] = kept
    resources = raw.get("resources")
    resources = ({item: count for item, count in resources.items()
                  if isinstance(count, int) and count} if isinstance(resources, dict) else {})
    cubes = _listed(raw.get("cubes"))
    cubes_by_name = {name: cubes[number] for number, name in enumerate(festivities)
                     if number < len(cubes) and isinstance(cubes[number], int) and cubes[number]}
    try:
        player = Player(name=raw.get("name", ""), resources=resources, cubes=cubes_by_name,
                        **holdings)
    except ValidationError as error:
        problems.append(Problem(problems_message(error), index))
        return None, problems
    return player, problems


def _listed(value) -> list:
    return value if isinstance(value, list) else []

