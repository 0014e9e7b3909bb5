"""Everything chosen at set-up, changed inside a table: player names and colours, players added
or removed, and the library's table options. Every change is an edit of the table session
(saved, undoable, shown on every device); a refused change leaves the table as it was and says
why in words.

Where a problem is fixed (:func:`problem_route`) also lives here: the settings screen for names,
goals and options, the player's editor for what they entered.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from typing import Any

from scorer.core.options import TableOptions
from scorer.core.players import name_clash, name_problem
from scorer.language import Language
from scorer.message import Message, msg
from scorer.rulings import ruling
from ui.parts.words import COLOURS
from ui.live.editing import SessionEditor
from ui.games.plugin import PLAYER_COLOURS, PlayerSetup
from ui.store.draft_check import Problem
from ui.live.session import TableSession

RULING_PREFIX = re.compile(r"^Ruling ([A-Z]+-\d+): ")


def rename_problem(names: list[str], player: int, typed: str) -> str | None:
    """Why player ``player`` cannot be called ``typed`` at this table, in words, or None: the
    library's rule (scorer.core.players.name_clash) against the other players' names."""
    others = [other for index, other in enumerate(names) if index != player]
    return name_problem(typed) or name_clash([*others, typed.strip()])


@dataclass(frozen=True)
class Choice:
    value: Any
    label: Message


@dataclass(frozen=True)
class TableOption:
    """One of the library's table options as the settings screen offers it, in messages that
    each device says in its own language."""

    name: str
    ruling: str
    title: Message
    """The ruling's title."""
    sentence: Message
    """What the option changes, in one sentence (the game's ``Options.sentences``)."""
    choices: tuple[Choice, ...]
    default: Any

    def choice_label(self, value: Any) -> Message:
        return next(choice.label for choice in self.choices if choice.value == value)


def table_options(model: type[TableOptions] | None) -> list[TableOption]:
    """The options of a game's ``Options`` model: yes/no for a flag, else one choice per value,
    each named by the model (``TableOptions.choices``). Every option reads a ruling, named at the
    start of its schema description ("Ruling SV-9: ..."): its title is the ruling's."""
    if model is None:
        return []
    found = []
    for name, field in model.model_fields.items():
        ruling_id = RULING_PREFIX.match(field.description or "").group(1)
        if field.annotation is bool:
            choices = (Choice(True, msg("ui.settings.yes", "Yes")),
                       Choice(False, msg("ui.settings.no", "No")))
        else:
            labels = model.choices[name]
            choices = tuple(Choice(value, labels[value])
                            for value in typing.get_args(field.annotation))
        found.append(TableOption(name, ruling_id, ruling(ruling_id).said["title"],
                                 model.sentences[name], choices, field.default))
    return found


class TableSettings(SessionEditor):
    """The settings screen's edits of one table."""

    def __init__(self, session: TableSession, words: Language | None = None):
        super().__init__(session, words)
        self.refused: dict[int, tuple[str, str]] = {}
        """Per player, a refused name as typed and why, shown next to the field."""
        self.new_name_problem = ""

    @property
    def game(self):
        return self.session.game

    @property
    def names(self) -> list[str]:
        return self.session.player_names

    def rename(self, player: int, typed: str) -> None:
        names = self.names
        if player >= len(names) or typed.strip() == names[player]:
            self.refused.pop(player, None)
            return
        problem = rename_problem(names, player, typed)
        if problem:
            self.refused[player] = (typed, problem)
            self.message = self.words.say("ui.settings.keeps_name", "{name} keeps the name: "
                                          "{problem}.", name=names[player], problem=problem)
            return
        self.refused.pop(player, None)
        name = typed.strip()

        def change(draft: dict) -> None:
            draft["players"][player]["name"] = name

        self._apply(msg("ui.settings.renamed", "rename {old} {new}", old=names[player], new=name),
                    change)

    def recolour(self, player: int, colour: str) -> None:
        if colour not in PLAYER_COLOURS:
            return

        def change(draft: dict) -> None:
            draft["players"][player]["colour"] = colour

        self._apply(msg("ui.settings.recoloured", "give {name} the colour {colour}",
                        name=self.names[player], colour=COLOURS[colour]), change)

    @property
    def may_add(self) -> bool:
        return len(self.names) < self.game.max_players

    @property
    def may_remove(self) -> bool:
        return len(self.names) > self.game.min_players

    def count_rule(self) -> Message:
        game = self.game
        return msg("ui.settings.count_rule", "{game} is played by {least} to {most} players",
                   game=game.title, least=game.min_players, most=game.max_players)

    def add_player(self, typed: str) -> bool:
        """Add a player with an empty part; False (and why) when refused."""
        names = self.names
        if not self.may_add:
            self.new_name_problem = self.words.say("ui.settings.full", "{rule}: this table is full",
                                                   rule=self.count_rule())
        else:
            self.new_name_problem = rename_problem(names, len(names), typed) or ""
        if self.new_name_problem:
            self.message = self.words.say("ui.settings.not_added", "No player added: {problem}.",
                                          problem=self.new_name_problem)
            return False
        used = set(self.session.player_colours)
        colour = next((c for c in PLAYER_COLOURS if c not in used), "grey")
        name = typed.strip()
        part = self.game.new_player(self.session.draft, PlayerSetup(name, colour))

        def change(draft: dict) -> None:
            draft["players"].append(part)

        self._apply(msg("ui.settings.added", "add player {name}", name=name), change)
        return True

    def remove_player(self, player: int) -> bool:
        """Remove a player and what they entered; the others' entries stay. Undo brings it back."""
        names = self.names
        if not self.may_remove:
            self.message = self.words.say("ui.settings.stays", "{name} stays: {rule}.",
                                          name=names[player], rule=self.count_rule())
            return False

        def change(draft: dict) -> None:
            del draft["players"][player]

        self.refused.clear()
        self._apply(msg("ui.settings.removed", "remove player {name}", name=names[player]), change)
        return True

    def option_value(self, option: TableOption) -> Any:
        return (self.session.draft.get("options") or {}).get(option.name, option.default)

    def set_option(self, option: TableOption, value: Any) -> None:
        def change(draft: dict) -> None:
            draft.setdefault("options", {})[option.name] = value

        self._apply(msg("ui.settings.set_ruled", "set {option} (ruling {ruling}) to {value}",
                        option=option.title, ruling=option.ruling,
                        value=option.choice_label(value)), change)


def problem_route(session: TableSession, problem: Problem) -> str:
    """The screen where a problem is fixed: a player's editor for what they entered, the
    settings screen for a name, the goals, the options or the players' number."""
    table = f"/table/{session.table_id}"
    names = session.player_names
    player = problem.player
    if player is not None and 0 <= player < len(names):
        # A problem of one player is about their name only when that name is no name at all
        # (a clash between two names is the whole table's problem).
        if name_problem(names[player]) is None:
            return f"{table}/valley/{player}"
        return f"{table}/settings"
    # "The table cannot be scored: ..." is the library refusing the table as a whole: names,
    # the number of players, goals, options.
    if session.game.table_parts_in_editor and not problem.message.startswith(
            "The table cannot be scored") and names:
        return f"{table}/valley/0"
    return f"{table}/settings"
