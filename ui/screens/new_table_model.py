"""The new-table form without Flet: game, 2 to 6 players with name and colour, the game's set-up."""

from __future__ import annotations

from dataclasses import dataclass, field

from ui.games.plugin import PLAYER_COLOURS, GamePlugin, PlayerSetup, validate_players
from scorer.core.players import name_problem_message
from ui.store.storage import TableStore


@dataclass
class NewTableForm:
    games: dict[str, GamePlugin]
    game_key: str = ""
    names: list[str] = field(default_factory=lambda: ["", ""])
    colours: list[str] = field(default_factory=lambda: ["red", "blue"])
    setup: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.game_key:
            self.game_key = next(iter(self.games))
        if not self.setup:
            self.setup = self.game.default_setup()

    @property
    def game(self) -> GamePlugin:
        return self.games[self.game_key]

    def choose_game(self, key: str) -> None:
        if key != self.game_key:
            self.game_key = key
            self.setup = self.game.default_setup()

    def add_player(self) -> None:
        if len(self.names) < self.game.max_players:
            self.names.append("")
            self.colours.append(self._free_colour())

    def remove_player(self, index: int) -> None:
        if len(self.names) > self.game.min_players:
            del self.names[index]
            del self.colours[index]

    def next_colour(self, index: int) -> None:
        """Cycle a player's colour, skipping the colours other players have."""
        names = list(PLAYER_COLOURS)
        taken = set(self.colours) - {self.colours[index]}
        position = names.index(self.colours[index])
        for step in range(1, len(names) + 1):
            candidate = names[(position + step) % len(names)]
            if candidate not in taken:
                self.colours[index] = candidate
                return

    def _free_colour(self) -> str:
        return next(colour for colour in PLAYER_COLOURS if colour not in self.colours)

    @property
    def players(self) -> list[PlayerSetup]:
        return [PlayerSetup(name.strip(), colour) for name, colour in zip(self.names, self.colours)]

    def unnamed(self) -> int | None:
        """The first player whose name cannot be one (blank, too long), to mark on its field."""
        return next((index for index, player in enumerate(self.players)
                     if name_problem_message(player.name) is not None), None)

    def problem(self, words=None) -> str | None:
        """Why these players and choices cannot start a table, in ``words`` (the device's
        language; English by default), or None."""
        return (validate_players(self.players, self.game, words)
                or self.game.setup_problem(self.setup, words))

    def create(self, store: TableStore, creator: str | None = None) -> int:
        """The new table's id; ``creator``: the device that may open it."""
        problem = self.problem()
        if problem:
            raise ValueError(problem)
        return store.create(self.game_key, self.game.new_draft(self.players, self.setup),
                            creator)
