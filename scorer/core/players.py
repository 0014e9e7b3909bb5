"""What every game asks of its players: a name, different from every other player's at the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Protocol, TypeVar

from pydantic import AfterValidator, Field


def _not_blank(name: str) -> str:
    if not name.strip():
        raise ValueError("a player needs a name")
    return name.strip()


PlayerName = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_not_blank)]
"""A player's name, without the blanks around it."""


class Named(Protocol):
    name: str


Players = TypeVar("Players", bound=Sequence[Named])


def distinct_names(players: Players) -> Players:
    """Refuse a table where two players share a name (ignoring case: "ann" is Ann): results are
    told apart by name."""
    names = [player.name.casefold() for player in players]
    repeated = sorted({p.name for p in players if names.count(p.name.casefold()) > 1})
    if repeated:
        raise ValueError(f"two players are called {repeated[0]}; give each a different name")
    return players
