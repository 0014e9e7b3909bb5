"""The Maple Valley editor's behaviour, without Flet: counts by steppers and typing, cubes on the
Festivities, cards entered once and offered again, refusals in words, undo.

The Flet view (:mod:`ui.games.maple_valley.editor_view`) shows these values and calls these methods
from its handlers, so everything here is tested without a browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from scorer.maple_valley.models import (
    CUBES_PER_PLAYER,
    DEFAULT_FESTIVITIES,
    MAX_HELD,
    MAX_PATCHES,
    Card,
    Category,
    Favour,
    Friend,
    Options,
    PerFriend,
    AlsoHave,
    Resource,
    StoredSets,
    Travel,
    TypedBonus,
    same_name,
)
from scorer.files import problems_message
from scorer.maple_valley.models import CARD_KINDS, CATEGORY_NAMES, RESOURCE_NAMES, TRAVEL_NAMES
from scorer.message import Message, msg, verbatim
from ui.live.editing import SessionEditor
from ui.games.maple_valley import draft as edits
from ui.games.maple_valley.draft import KEYS, find, pack_word, plus_words, points_words, summary
from ui.games.maple_valley.known_cards import KnownCard, exact, known_cards
from ui.games.words import total_words
from ui.parts.words import app_language
from ui.store.draft_check import Problem
from ui.live.session import TableSession


@dataclass(frozen=True)
class HeldCard:
    """One card a player holds, as listed in the editor."""

    index: int
    name: str
    card: Card | None
    """None when the name is not described at this table (then it is not scored)."""
    words: Any = None
    """The device's language (English when not given)."""

    @property
    def text(self) -> str:
        words = self.words or app_language("en")
        if self.card is None:
            return words.say("ui.mv.held.not_described", "not described: not scored")
        return words.render(summary(self.card))


def festivity_word(number: int, words) -> str:
    """The default name of the Festivity at ``number`` (from 0): "Festivity 1"."""
    return words.say("ui.mv.festivity", "Festivity {number}", number=number + 1)


class MapleEditor(SessionEditor):
    """One player's holdings on one screen; the Festivity grid edits every player's cubes."""

    def __init__(self, session: TableSession, player: int, words=None):
        super().__init__(session, words)
        self.player = player

    # What is shown --------------------------------------------------------------------------------

    @property
    def draft(self) -> dict:
        return self.session.draft

    @property
    def holdings(self) -> dict:
        return self.draft["players"][self.player]

    @property
    def name(self) -> str:
        return self.holdings.get("name", "")

    @property
    def solo(self) -> bool:
        return edits.is_solo(self.draft)

    @property
    def festivities(self) -> list[str]:
        return edits.festivity_names(self.draft)

    @property
    def typed_festivities(self) -> list[str]:
        """The names as typed (blank where the default name is used, or typed as it is: an
        imported table writes "Festivity 2", which every language says in its own words)."""
        typed = list(self.draft.get("festivities") or [])
        typed += [""] * (len(self.festivities) - len(typed))
        return ["" if name == default else name
                for name, default in zip(typed, DEFAULT_FESTIVITIES)]

    def count(self, item: str) -> int:
        value = (self.holdings.get("resources") or {}).get(item, 0)
        return value if isinstance(value, int) else 0

    def cubes(self, player: int, festivity: int) -> int:
        cubes = self.draft["players"][player].get("cubes") or []
        return cubes[festivity] if festivity < len(cubes) else 0

    def cubes_placed(self, player: int) -> int:
        return sum(self.draft["players"][player].get("cubes") or [])

    def held(self, kind: str) -> list[HeldCard]:
        return [HeldCard(index, name, find(self.draft, kind, name), self.words)
                for index, name in enumerate(self.holdings.get(KEYS[kind], []))]

    def known(self, kind: str) -> list[KnownCard]:
        """Cards of this kind described at this table or in the group's deck, to offer again."""
        return known_cards(kind, self.draft, self.session.store)

    def holders(self, kind: str, name: str) -> list[str]:
        """The players of this table holding a card of this name."""
        return [raw.get("name", "?") for raw in self.draft["players"]
                if any(same_name(held, name) for held in raw.get(KEYS[kind], []))]

    @property
    def problems(self) -> tuple[Problem, ...]:
        checked = self.session.checked
        return tuple(problem for problem in checked.problems
                     if problem.player in (None, self.player))

    def player_result(self):
        result = self.session.result
        if result is None:
            return None
        return next((player for player in result.players if player.name == self.name), None)

    def total_text(self) -> str:
        return total_words(self, self.solo)

    def _notes(self) -> list[tuple[str, Message]]:
        """The library's notes on this player: each English text and its message."""
        result = self.player_result()
        if result is None:
            return []
        said = result.said.get("notes") or tuple(verbatim(note) for note in result.notes)
        return list(zip(result.notes, said))

    def solo_title(self) -> str:
        """The four-word title of a solo game, as the library gives it in the notes."""
        return next((self.words.render(note.params["title"]) if "title" in note.params
                     else text.removeprefix("Solo title: ")
                     for text, note in self._notes() if text.startswith("Solo title: ")), "")

    def solo_answers(self) -> list[str]:
        """The library's answer to each of the title's four questions."""
        return [self.words.render(note) for text, note in self._notes()
                if text[:2] in ("1.", "2.", "3.", "4.")]

    def solo_choice(self, field: str) -> str | None:
        return (self.draft.get("solo") or {}).get(field)

    def option(self, name: str) -> bool:
        """A table option as chosen, else the project's ruling (the model's default)."""
        return bool((self.draft.get("options") or {}).get(name, getattr(Options(), name)))

    # Counts ---------------------------------------------------------------------------------------

    def step(self, item: str, delta: int) -> None:
        """A tap on plus or minus beside a resource or the Maps."""
        count = self.count(item) + delta
        if count < 0:
            self.message = self.words.say("ui.mv.step.none", "{name} has no {item} to take away.",
                                          name=self.name, item=pack_word(item))
            return
        if count > MAX_HELD:
            self.message = self.words.say("ui.mv.step.most", "At most {count} {item}.",
                                          count=MAX_HELD, item=pack_word(item))
            return
        self._apply(*edits.set_count(self.player, item, count, self.name), self.player)

    def set_count(self, item: str, count: int) -> None:
        """A count typed in a number field (which refuses what is not a count of 0 to 99)."""
        if count != self.count(item):
            self._apply(*edits.set_count(self.player, item, count, self.name), self.player)

    def step_cubes(self, player: int, festivity: int, delta: int) -> None:
        """Plus or minus in the Festivity grid: 0 to 10 cubes, at most 10 placed in all."""
        who = self.draft["players"][player].get("name", "?")
        count = self.cubes(player, festivity) + delta
        if count < 0:
            self.message = self.words.say("ui.mv.cubes.none", "{name} has no cubes on {festivity}.",
                                          name=who, festivity=self.festivity_name(festivity))
            return
        if delta > 0 and self.cubes_placed(player) + delta > CUBES_PER_PLAYER:
            self.message = self.words.say("ui.mv.cubes.all", "{name} has placed all {count} "
                                          "cubes: take one off another Festivity first.",
                                          name=who, count=CUBES_PER_PLAYER)
            return
        self._apply(*edits.set_cubes(player, festivity, count, who,
                                     self.festivity_name(festivity)), player)

    def festivity_name(self, festivity: int) -> Message:
        """A Festivity as the scorepad names it: as typed, else the default name in words
        ("Festivity 2"), as the library says it."""
        typed = self.typed_festivities[festivity].strip()
        if typed:
            return verbatim(typed)
        return msg("ui.mv.festivity", "Festivity {number}", number=festivity + 1)

    def rename_festivity(self, festivity: int, text: str) -> None:
        if text != self.typed_festivities[festivity]:
            self._apply(*edits.rename_festivity(festivity, text[:60]))

    # Cards ----------------------------------------------------------------------------------------

    def refusal(self, kind: str, name: str | None = None) -> str | None:
        """Why this player cannot take this card (or any card of the kind), or None."""
        if kind != "Patch":
            return None
        patches = self.holdings.get("patches", [])
        if name is not None and any(same_name(name, held) for held in patches):
            return self.words.say("ui.mv.patch.twice", "{name} already has the Patch {card}: a "
                                  "player may not have two of the same Patch.", name=self.name,
                                  card=name)
        if len(patches) >= MAX_PATCHES:
            return self.words.say("ui.mv.patch.full", "{name} already has {count} Patches, the "
                                  "most a player holds: remove one first.", name=self.name,
                                  count=MAX_PATCHES)
        return None

    def add(self, kind: str, card: Card) -> bool:
        """Give the player a described card; False (with the reason as message) when refused."""
        refused = self.refusal(kind, card.name)
        if refused:
            self.message = refused
            return False
        self._apply(*edits.add_card(self.player, kind, card, self.name), self.player)
        return True

    def add_known(self, kind: str, entry: KnownCard) -> bool:
        """A card described before, offered again (one tap in the Cards section)."""
        return self.add(kind, find(self.draft, kind, entry.card.name) or entry.card)

    def remove(self, kind: str, index: int) -> None:
        held = self.holdings.get(KEYS[kind], [])
        if 0 <= index < len(held):
            self._apply(*edits.remove_card(self.player, kind, index, held[index], self.name),
                        self.player)

    def redescribe(self, kind: str, old_name: str, card: Card) -> bool:
        """Change a card of this table for every player holding it (a new name included)."""
        other = find(self.draft, kind, card.name)
        if other is not None and not same_name(old_name, card.name):
            self.message = self.words.say("ui.mv.name_taken", "Another {kind} is called {card} "
                                          "at this table: choose a different name.",
                                          kind=CARD_KINDS[kind], card=other.name)
            return False
        if kind == "Patch" and not same_name(old_name, card.name):
            for raw in self.draft["players"]:
                names = raw.get("patches", [])
                if any(same_name(n, old_name) for n in names) and \
                        any(same_name(n, card.name) for n in names):
                    self.message = self.words.say(
                        "ui.mv.patch.twice", "{name} already has the Patch {card}: a player may "
                        "not have two of the same Patch.", name=str(raw.get("name")),
                        card=card.name)
                    return False
        self._apply(*edits.redescribe(kind, old_name, card))
        return True

    # Table choices --------------------------------------------------------------------------------

    def choose_solo(self, field: str, value: str | None) -> None:
        self._apply(*edits.set_solo_choice(field, value))

    def set_option(self, name: str, value: bool) -> None:
        self._apply(*edits.set_option(name, value))



BONUS_KINDS: dict[str, tuple[str, ...]] = {
    "Favour": ("none", "also_have", "stored_sets", "typed"),
    "Friend": ("none",),
    "Patch": ("none", "per_friend", "typed"),
}
BONUS_LABELS: dict[str, Message] = {
    "none": msg("ui.mv.bonus_kind.none", "No bonus"),
    "also_have": msg("ui.mv.bonus_kind.also_have", "Also have…"),
    "stored_sets": msg("ui.mv.bonus_kind.stored_sets", "Per set stored"),
    "per_friend": msg("ui.mv.bonus_kind.per_friend", "Per Friend of a type"),
    "typed": msg("ui.mv.bonus_kind.typed", "Typed bonus"),
}
MAX_SCORE = 99


class CardForm:
    """The card dialog's content while it is open: a Favour, Friend or Patch being described."""

    def __init__(self, kind: str, start: Card | None = None, words=None):
        self.kind = kind
        self.words = words or app_language("en")
        self.editing = start.name if start is not None else None
        """The name of the card being changed, or None when a card is being added."""
        self.name = ""
        self.category: Category | None = None
        self.score = 0
        self.travel: list[Travel] = []
        self.bonus = "none"
        self.bonus_points = 0
        self.also_have = ""
        self.stored_set: list[Resource] = []
        self.per_travel: Travel | None = None
        self.reason = ""
        self._filled: tuple = self._fields()
        if start is not None:
            self.load(start)

    def _fields(self) -> tuple:
        return (self.category, self.score, tuple(self.travel), self.bonus, self.bonus_points,
                self.also_have, tuple(self.stored_set), self.per_travel, self.reason)

    def load(self, card: Card) -> None:
        """Fill the form from a description."""
        self.name = card.name
        self.score = card.score
        self.category = card.category if isinstance(card, Favour) else None
        self.travel = list(card.travel) if isinstance(card, Friend) else []
        bonus = getattr(card, "bonus", None)
        self.bonus = bonus.kind if bonus is not None else "none"
        self.bonus_points = bonus.points if bonus is not None else 0
        self.also_have = bonus.favour if isinstance(bonus, AlsoHave) else ""
        self.stored_set = list(bonus.set) if isinstance(bonus, StoredSets) else []
        self.per_travel = bonus.travel if isinstance(bonus, PerFriend) else None
        self.reason = bonus.reason if isinstance(bonus, TypedBonus) else ""
        self._filled = self._fields()

    def set_name(self, text: str, known: list[KnownCard]) -> bool:
        """The typed name; a name described before fills the form (True) unless the form was
        changed by hand since it was last filled."""
        self.name = text.strip()
        entry = exact(known, text) if self.editing is None else None
        if entry is None or self._fields() != self._filled:
            return False
        self.load(entry.card)
        return True

    def step_score(self, delta: int) -> None:
        self.score = min(max(self.score + delta, 0), MAX_SCORE)

    def step_bonus(self, delta: int) -> None:
        self.bonus_points = min(max(self.bonus_points + delta, 0), MAX_SCORE)

    def choose_category(self, category: Category) -> None:
        self.category = category

    def toggle_travel(self, travel: Travel) -> None:
        if travel in self.travel:
            self.travel.remove(travel)
        else:
            self.travel = [t for t in Travel if t in self.travel or t is travel]

    def choose_bonus(self, kind: str) -> None:
        if kind in BONUS_KINDS[self.kind]:
            self.bonus = kind

    def add_to_set(self, resource: Resource) -> None:
        if len(self.stored_set) < 6:
            self.stored_set.append(resource)

    def clear_set(self) -> None:
        self.stored_set.clear()

    def choose_per_travel(self, travel: Travel) -> None:
        self.per_travel = travel

    def set_also_have(self, text: str) -> None:
        self.also_have = text.strip()

    def set_reason(self, text: str) -> None:
        self.reason = text.strip()[:120]

    def bonus_dict(self) -> dict | None:
        points = self.bonus_points
        if self.bonus == "also_have":
            return {"kind": "also_have", "favour": self.also_have, "points": points}
        if self.bonus == "stored_sets":
            return {"kind": "stored_sets", "set": [r.value for r in self.stored_set],
                    "points": points}
        if self.bonus == "per_friend":
            return {"kind": "per_friend", "travel": self.per_travel and self.per_travel.value,
                    "points": points}
        if self.bonus == "typed":
            return {"kind": "typed", "points": points, "reason": self.reason}
        return None

    def preview(self) -> str:
        """The card as entered so far, e.g. "Bug Jar: Gift, 5 points, +2 per set of Bugs + Herbs
        stored" (a question mark where something is still missing)."""
        unknown = verbatim("?")
        parts: list[Message] = []
        if self.kind == "Favour":
            parts.append(CATEGORY_NAMES[self.category] if self.category else msg(
                "ui.mv.preview.category", "category?"))
        parts.append(points_words(self.score))
        if self.kind == "Friend":
            parts.append(plus_words([TRAVEL_NAMES[t] for t in self.travel]) if self.travel
                         else msg("ui.mv.preview.travel", "travel type?"))
        points = self.bonus_points
        if self.bonus == "also_have":
            parts.append(msg("ui.mv.bonus.also_have", "+{points} if you also have {favour}",
                             points=points, favour=self.also_have or "?"))
        elif self.bonus == "stored_sets":
            parts.append(msg("ui.mv.bonus.stored_sets", "+{points} per set of {set} stored",
                             points=points, set=plus_words([RESOURCE_NAMES[r] for r in
                                                            self.stored_set])
                             if self.stored_set else unknown))
        elif self.bonus == "per_friend":
            parts.append(msg("ui.mv.bonus.per_friend", "+{points} per {travel} Friend",
                             points=points, travel=TRAVEL_NAMES[self.per_travel]
                             if self.per_travel else unknown))
        elif self.bonus == "typed":
            parts.append(msg("ui.mv.bonus.typed", "+{points} typed", points=points))
        return self.words.say("ui.mv.preview", "{name}: {parts}", parts=tuple(parts),
                              name=self.name or self.words.say("ui.mv.preview.name", "name?"))

    def missing(self) -> str | None:
        """What the card still needs, in the words of the card."""
        say = self.words.say
        if not self.name:
            return say("ui.mv.missing.name", "Type the {kind}'s name.",
                       kind=CARD_KINDS[self.kind])
        if self.kind == "Favour" and self.category is None:
            return say("ui.mv.missing.category", "Choose the Favour's category.")
        if self.kind == "Friend" and not self.travel:
            return say("ui.mv.missing.travel", "Choose the travel type(s) the Friend shows.")
        if self.bonus == "also_have" and not self.also_have:
            return say("ui.mv.missing.also_have", "Type the name of the Favour it asks for.")
        if self.bonus == "stored_sets" and not self.stored_set:
            return say("ui.mv.missing.set", "Tap the resources of one set.")
        if self.bonus == "per_friend" and self.per_travel is None:
            return say("ui.mv.missing.per_friend",
                       "Choose the travel type of the Friends it counts.")
        return None

    def result(self) -> tuple[Card | None, str]:
        """The described card, or None and why it is not a card yet."""
        missing = self.missing()
        if missing:
            return None, missing
        data: dict = {"name": self.name, "score": self.score}
        if self.kind == "Favour":
            data["category"] = self.category.value
        if self.kind == "Friend":
            data["travel"] = [travel.value for travel in self.travel]
        elif self.bonus != "none":
            data["bonus"] = self.bonus_dict()
        try:
            return edits.MODELS[self.kind].model_validate(data), ""
        except ValidationError as error:
            text = self.words.render(problems_message(error))
            return None, text[0].upper() + text[1:] + "."

    def note(self, editor: MapleEditor) -> str:
        """What using the form will change beyond this player, in words."""
        name = self.editing or self.name
        here = find(editor.draft, self.kind, name) if name else None
        if here is None or self.result()[0] == here:
            return ""
        others = [who for who in editor.holders(self.kind, here.name) if who != editor.name]
        if others:
            return self.words.say("ui.mv.note.others", "{card} is described at this table: the "
                                  "change applies to {names} too.", card=here.name,
                                  names=tuple(others))
        return self.words.say("ui.mv.note.this", "{card} is described at this table: this "
                              "changes its description.", card=here.name)
