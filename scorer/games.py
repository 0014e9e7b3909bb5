"""The games scorepad knows, and the table format they share: a JSON object whose ``game`` field
says which game's model reads the rest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Union

from pydantic import BaseModel, Field, TypeAdapter

from scorer import girasoles, maple_valley, sunflower_valley
from scorer.core.breakdown import TableResult
from scorer.core.limits import LimitWords


@dataclass(frozen=True)
class Game:
    key: str
    title: str
    table_model: type[BaseModel]
    score: Callable[[Any], TableResult]
    limits: LimitWords
    """How messages name the game's limits and what its rulebook says about them."""


GAMES: dict[str, Game] = {
    game.key: game
    for game in (
        Game("sunflower_valley", "Sunflower Valley", sunflower_valley.SunflowerValleyTable,
             sunflower_valley.score_table, sunflower_valley.models.LIMITS),
        Game("girasoles", "Girasoles", girasoles.GirasolesTable, girasoles.score_table,
             girasoles.models.LIMITS),
        Game("maple_valley", "Maple Valley", maple_valley.MapleValleyTable,
             maple_valley.score_table, maple_valley.models.LIMITS),
    )
}

_models = tuple(game.table_model for game in GAMES.values())
Table = Annotated[Union[_models], Field(discriminator="game")] if len(_models) > 1 else _models[0]
TABLE_ADAPTER: TypeAdapter = TypeAdapter(Table)


class UnknownGame(ValueError):
    pass


def parse_table(data: Any) -> BaseModel:
    """Validate a table read from JSON. Raises UnknownGame or pydantic's ValidationError."""
    if not isinstance(data, dict):
        raise UnknownGame("a table is a JSON object with a \"game\" field")
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        known = ", ".join(f'"{key}"' for key in GAMES)
        raise UnknownGame(f'"game" is {game!r}; it must be one of {known}')
    return TABLE_ADAPTER.validate_python(data)


def score(table: BaseModel) -> TableResult:
    return GAMES[table.game].score(table)  # type: ignore[attr-defined]


def table_schema() -> dict:
    """The JSON Schema of a table file, generated from the models."""
    schema = TABLE_ADAPTER.json_schema()
    schema["title"] = "scorepad table"
    return schema
