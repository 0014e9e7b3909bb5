"""What a check of a stored draft says: the part that validates, as the game's table model, and
the problems with the rest. A game (``ui.games.plugin.GamePlugin``) makes these; the session
(``ui.live``) and the finished tables (``ui.store.finished``) read them, knowing a game only as a
:class:`DraftChecker`, so the lower floors never import the games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pydantic import BaseModel

from scorer.core.breakdown import Cell
from scorer.message import Message, verbatim


@dataclass(frozen=True)
class Problem:
    """Something in a draft that does not validate, in words, and where it is when it has a place.

    Made with a :class:`~scorer.message.Message` (``Problem(msg(...), player)``), ``message`` is
    its English text and ``said`` the message, which a device says in its own language
    (``words.render(problem.said)``); made with a ``str``, ``said`` shows that text as it is."""

    message: str | Message
    player: int | None = None
    cell: Cell | None = None
    said: Message | None = None

    def __post_init__(self) -> None:
        # Frozen: this is its own construction.
        if isinstance(self.message, Message):
            object.__setattr__(self, "said", self.message)
            object.__setattr__(self, "message", self.message.text)
        elif self.said is None:
            object.__setattr__(self, "said", verbatim(self.message))

    def in_words(self, words) -> str:
        """The problem in ``words`` (a :class:`scorer.language.Language`)."""
        return words.render(self.said)


@dataclass(frozen=True)
class Checked:
    """The part of a draft that validates, as the game's table model, and what was left out."""

    table: BaseModel | None
    problems: tuple[Problem, ...] = ()

    def problems_of(self, player: int) -> tuple[Problem, ...]:
        return tuple(problem for problem in self.problems if problem.player == player)


class DraftChecker(Protocol):
    """A game as the lower floors need it: its key and the check of a draft."""

    key: str

    def check(self, draft: dict) -> Checked:
        """Validate a draft; never raises: what does not validate becomes a Problem."""
        ...
