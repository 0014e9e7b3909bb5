"""How a game names what its limits count, and what its rulebook says about them: the words a
message about a limit uses instead of the validation library's ("7 players; at most 6 (the box
has 6 Starting Towns)", not "Tuple should have at most 6 items after validation, not 7").

Both are messages, so a limit is told in the reader's language::

    Limit(msg_n("sv.limit.players", "player", "players", 2),
          msg("sv.limit.players.why", "the box has 6 Starting Towns"))

The noun is made with :func:`~scorer.message.msg_n` for its singular and plural (any count: the
message about a limit says it again with the count it found, see :func:`counted`). A plain
``str`` is still taken (an English plural, said as it is in every language).
"""

from __future__ import annotations

from typing import NamedTuple

from scorer.message import Message, msg, msg_n, verbatim


class Limit(NamedTuple):
    noun: Message | str = ""
    """What is counted: a message with singular and plural ("player", "players"), or the plural
    in English ("players", "rounds of coins")."""
    why: Message | str = ""
    """What the rulebook says (or why the project chose the bound), when there is something."""


LimitWords = dict[str, Limit]
"""A game's limits by field name (``"players"``), or ``"field[]"`` for each item of a list
field; a field not named counts its items or letters and gives no reason."""

ITEMS = msg_n("core.limit.items", "item", "items", 2)
LETTERS = msg_n("core.limit.letters", "letter", "letters", 2)


def counted(count: int | str, noun: Message | str) -> Message:
    """``count`` things as a limit's message says them: "no players", "1 player", "7 players"
    (a count that is not a number, "?", with the plural)."""
    if isinstance(noun, str):
        # An English plural: its singular is the plural without its "s".
        noun = verbatim(noun[:-1] if count == 1 and noun.endswith("s") else noun)
    elif noun.plural is not None:
        noun = msg_n(noun.id, noun.source, noun.plural, count)
    if count == 0:
        return msg("core.limit.none", "no {things}", things=noun)
    return msg("core.limit.counted", "{count} {things}", count=count, things=noun)
