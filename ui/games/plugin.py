"""What the app needs from a game: a draft to start from, a check that turns a draft into the
part of a table that validates, and the game's own screens (set-up and editor).

Home, the new-table flow, storage and the scorepad only use this interface and ``scorer.games``;
a game plugs in with one entry in :data:`ui.games.registry.APP_GAMES`.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from scorer.core.breakdown import Cell
from scorer.core.options import TableOptions
from scorer.core.players import COLOUR_NAMES, name_clash, name_problem_message
from scorer.message import Message, msg
from ui.parts.words import app_language, spoken
from ui.store.draft_check import Checked

PLAYER_COLOURS: dict[str, str] = dict(zip(COLOUR_NAMES, (
    "#C62828",  # red
    "#1565C0",  # blue
    "#2E7D32",  # green
    "#FBC02D",  # yellow
    "#7B1FA2",  # purple
    "#F57C00",  # orange
    "#00796B",  # teal
    "#616161",  # grey
), strict=True))
"""Colours a player can pick (names stored, shades shown); the names are the library's."""

PLAYER_TEXT: dict[str, str] = {
    colour: "#000000" if colour in ("yellow", "orange") else "#FFFFFF" for colour in PLAYER_COLOURS
}
"""The ink of text on each player colour: at least 4.5:1 contrast (WCAG AA), as a test checks."""


def player_colour(colour: str) -> tuple[str, str]:
    """A player colour's shade and the ink of text on it (grey's for an unknown name)."""
    known = colour if colour in PLAYER_COLOURS else "grey"
    return PLAYER_COLOURS[known], PLAYER_TEXT[known]


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    colour: str


class GamePlugin(ABC):
    key: str
    title: str
    min_players = 2
    max_players = 6
    used_parts: Message = msg("ui.games.used.cards", "cards")
    """What a scorepad line's highlight marks on a player's part ("the cards this line used"),
    as a message each device says in its language."""
    options_model: type[TableOptions] | None = None
    """The library's table options: each field's description names the ruling it replaces
    ("Ruling SV-1: ..."), the model says what each changes in messages; the settings screen offers
    every one."""
    table_parts_in_editor = False
    """Whether table-wide choices other than names and options (objectives, Festivities) are
    made in the players' editors, so a problem with them is fixed there."""
    part_name: Message = msg("ui.games.part.valley", "valley")
    """A player's part of the table in words ("Open Ann's valley", "on Cy's valley"), as a
    message each device says in its language."""

    @abstractmethod
    def default_setup(self) -> dict[str, Any]:
        """The set-up a new table starts with."""

    @abstractmethod
    def new_draft(self, players: list[PlayerSetup], setup: dict[str, Any]) -> dict:
        """A fresh draft: ``{"game", "players": [{"name", "colour", ...}], ...}``."""

    @abstractmethod
    def setup_problem(self, setup: dict[str, Any], words=None) -> str | None:
        """Why the game's own set-up choices (goals, say) cannot start a table, in ``words`` (a
        :class:`scorer.language.Language`, English by default), or None."""

    def draft_from_table(self, table: BaseModel) -> dict:
        """The draft holding an imported table file, which the library has validated. This default
        suits a game whose draft is the table file with a colour per player."""
        data = table.model_dump(mode="json")
        for player, colour in zip(data["players"], colours_for(table.players)):
            player["colour"] = colour
        return data

    def new_player(self, draft: dict, player: PlayerSetup) -> dict:
        """A player joining a table mid-game: their part, empty, fit for this table's draft."""
        return self.new_draft([player], self.default_setup())["players"][0]

    def settings_form(self, context: Any, session: Any) -> Any:
        """The game's own part of the table settings screen (goals, board size...): a view with
        ``root`` and ``render()`` whose edits go through ``session.apply``; None when none."""
        return None

    def rematch_draft(self, draft: dict) -> dict:
        """A new table after this one: the same players (names, colours) and options, nothing
        played yet. A game whose set-up or described cards carry over keeps them too."""
        players = [PlayerSetup(player.get("name", "?"), player.get("colour", "grey"))
                   for player in draft.get("players", [])]
        fresh = self.new_draft(players, self.setup_of(draft))
        fresh["options"] = copy.deepcopy(draft.get("options", fresh.get("options", {})))
        return fresh

    def setup_of(self, draft: dict) -> dict[str, Any]:
        """The set-up choices a table was started with, as :meth:`default_setup` gives them; this
        default suits a game whose choices are not kept in its draft."""
        return self.default_setup()

    def deck_cards(self, draft: dict) -> list[tuple[str, BaseModel]]:
        """The cards this draft describes, as (kind, the library's description), for the
        group's deck (ui/store/deck.py); this default suits a game without described cards."""
        return []

    @abstractmethod
    def check(self, draft: dict) -> Checked:
        """Validate a draft; never raises: what does not validate becomes a Problem."""

    @abstractmethod
    def setup_form(self, on_change, words) -> Any:
        """The Flet control for the game's set-up choices, in ``words`` (the device's language);
        ``on_change(setup)`` reports them."""

    @abstractmethod
    def editor(self, context: Any, session: Any, player: int) -> Any:
        """The Flet view (with ``root`` and ``render()``) editing one player's part of the table."""

    def tab_warning(self, session: Any, player: int) -> str | None:
        """A few words on the player's tab, in the warning colour, for what the library warns
        about their part (a valley's card count); None when all is well."""
        return None

    @abstractmethod
    def preview(self, session: Any, player: int, highlight: frozenset[Cell], size: float,
                words) -> Any:
        """A read-only Flet picture of one player's part, ``highlight`` marking what a line used,
        its places named in ``words``; None when the lines' own words name what they used."""


def colours_for(players: Sequence[Any]) -> list[str]:
    """An imported table's colours: each player's own from the file, and for a player without
    one the first colour no other player has (in the order they are offered)."""
    taken = {player.colour for player in players if player.colour}
    free = [colour for colour in PLAYER_COLOURS if colour not in taken] or list(PLAYER_COLOURS)
    given = []
    for player in players:
        if not player.colour:
            given.append(free[0] if free else "grey")
            free = free[1:] or free
        else:
            given.append(player.colour)
    return given


def validate_players(players: list[PlayerSetup], game: GamePlugin, words=None) -> str | None:
    """Why these players cannot start a table of ``game``, in ``words`` (English by default),
    or None."""
    words = words or app_language("en")
    if not game.min_players <= len(players) <= game.max_players:
        return words.say("ui.games.players.count", "{game} is played by {least} to {most} players",
                         game=game.title, least=game.min_players, most=game.max_players)
    for number, player in enumerate(players, start=1):
        problem = name_problem_message(player.name)
        if problem:
            return words.say("ui.games.players.name", "player {number}: {problem}",
                             number=number, problem=spoken(words, problem))
    clash = name_clash(player.name.strip() for player in players)
    if clash:
        return spoken(words, clash)
    for player in players:
        if player.colour not in PLAYER_COLOURS:
            return words.say("ui.games.players.colour", "{name} needs a colour",
                             name=player.name)
    return None
