"""The games scorepad knows, and the table format they share: a JSON object whose ``game`` field
says which game's model reads the rest."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import Annotated, Any, Union

from pydantic import BaseModel, Field, TypeAdapter

from scorer.core.breakdown import TableResult
from scorer.core.limits import LimitWords
from scorer.message import MessageError, msg


@dataclass(frozen=True)
class Game:
    """A game the library scores. Its subpackage of ``scorer`` is imported when a table of it is
    first read or scored: each game's models take milliseconds to build, which the command line
    would pay for the games it is not scoring."""

    key: str
    title: str
    model_name: str
    """The name of the game's table model in its package (``scorer.<key>``)."""

    @cached_property
    def package(self) -> ModuleType:
        return importlib.import_module(f"scorer.{self.key}")

    @property
    def table_model(self) -> type[BaseModel]:
        return getattr(self.package, self.model_name)

    @property
    def score(self) -> Callable[[Any], TableResult]:
        return self.package.score_table

    @property
    def limits(self) -> LimitWords:
        """How messages name the game's limits and what its rulebook says about them."""
        return self.package.models.LIMITS


GAMES: dict[str, Game] = {
    game.key: game
    for game in (
        Game("sunflower_valley", "Sunflower Valley", "SunflowerValleyTable"),
        Game("girasoles", "Girasoles", "GirasolesTable"),
        Game("maple_valley", "Maple Valley", "MapleValleyTable"),
    )
}


def table_adapter() -> TypeAdapter:
    """Every game's table in one type, told apart by ``game`` (imports every game)."""
    models = tuple(game.table_model for game in GAMES.values())
    return TypeAdapter(Annotated[Union[models], Field(discriminator="game")])


class UnknownGame(MessageError):
    """A table whose ``game`` is not one scorepad knows."""


def parse_table(data: Any) -> BaseModel:
    """Validate a table read from JSON. Raises UnknownGame or pydantic's ValidationError."""
    if not isinstance(data, dict):
        raise UnknownGame(msg("games.not_a_table", "a table is a JSON object with a \"game\" "
                              "field"))
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise UnknownGame(msg("games.unknown", "\"game\" is {given}; it must be one of {known}",
                              given=repr(game), known=tuple(f'"{key}"' for key in GAMES)))
    return GAMES[game].table_model.model_validate(data)


def score(table: BaseModel) -> TableResult:
    return GAMES[table.game].score(table)  # type: ignore[attr-defined]


def table_schema() -> dict:
    """The JSON Schema of a table file, generated from the models."""
    schema = table_adapter().json_schema()
    schema["title"] = "scorepad table"
    return schema
