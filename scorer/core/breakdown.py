"""The result types every game shares: a line of a breakdown, a player's result, a table's result.

A player's total is never stored: it is always the sum of their lines, so a line that is shown is
a line that counts, and nothing counts that is not shown.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, computed_field, model_validator

from scorer.message import Spoken
from scorer.rulings import RULINGS

Cell = tuple[int, int]
"""A (row, column) position on a valley or a board."""


class Frozen(BaseModel):
    """Base of every model of the project: immutable, and unknown fields are an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Line(Spoken):
    """One line of a player's breakdown: one card, goal or objective and the points it gave.

    ``category`` is the key of the scorepad row the line belongs to (several lines may share a row,
    e.g. one line per Mountain on the "Mountains" row); ``label`` is that row's printed name.
    """

    category: str
    label: str
    points: int
    detail: str
    cells: tuple[Cell, ...] = ()
    cards: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()


class Row(Spoken):
    """A row of the scorepad, in the order the game's scorepad prints it."""

    category: str
    label: str


class PlayerResult(Spoken):
    name: str
    lines: tuple[Line, ...]
    rank: int = 0
    tie_break_values: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def row_points(self, category: str) -> int:
        return sum(line.points for line in self.lines if line.category == category)

    def row_lines(self, category: str) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.category == category)


class Competition(Spoken):
    """A goal that compares players (a competitive goal): each player's measure and the award."""

    category: str
    label: str
    measures: dict[str, int]
    winners: tuple[str, ...]
    points_each: int
    detail: str
    rulings: tuple[str, ...] = ()


class CitedRuling(Spoken):
    """A ruling a result cites, in words (the full text is in :mod:`scorer.rulings`)."""

    id: str
    title: str
    summary: str


class TableResult(Spoken):
    game: str
    rows: tuple[Row, ...]
    players: tuple[PlayerResult, ...]
    tie_break: str
    winners: tuple[str, ...]
    competitions: tuple[Competition, ...] = ()
    warnings: tuple[str, ...] = ()

    rulings: tuple[CitedRuling, ...] = ()
    """Every ruling the lines and competitions cite, once each, in the rulings' order (filled in
    when the result is made; a field, not a property, so that it is said in the result's
    language like every other text)."""

    @model_validator(mode="after")
    def _cite_rulings(self) -> TableResult:
        if not self.rulings:
            # The model is frozen; this is its own construction.
            object.__setattr__(self, "rulings", cited_rulings(self))
        return self


def cited_rulings(result: TableResult) -> tuple[CitedRuling, ...]:
    cited = {ruling_id for player in result.players for line in player.lines
             for ruling_id in line.rulings}
    cited |= {ruling_id for competition in result.competitions
              for ruling_id in competition.rulings}
    return tuple(
        CitedRuling(id=ruling.id, title=ruling.said["title"], summary=ruling.said["summary"])
        for ruling_id, ruling in RULINGS.items()
        if ruling_id in cited
    )
