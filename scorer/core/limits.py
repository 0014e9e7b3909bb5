"""How a game names what its limits count, and what its rulebook says about them: the words a
message about a limit uses instead of the validation library's ("7 players; at most 6 (the box
has 6 Starting Towns)", not "Tuple should have at most 6 items after validation, not 7")."""

from __future__ import annotations

from typing import NamedTuple


class Limit(NamedTuple):
    noun: str
    """What is counted, in the plural: "players", "rounds of coins"."""
    why: str = ""
    """What the rulebook says (or why the project chose the bound), when there is something."""


LimitWords = dict[str, Limit]
"""A game's limits by field name (``"players"``), or ``"field[]"`` for each item of a list
field; a field not named counts its items or letters and gives no reason."""
