"""The small words Maple Valley's messages share: a name beside its count ("Clay 2"), and the
joins of a listing that are not the plain ", " of a tuple parameter ("Ann and Ben", "a; b").

Each join is a message, so a language says its own "and"; a longer listing nests them."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.message import Message, Param, msg


def named_count(name: Param, count: int) -> Message:
    """E.g. "Clay 2", "Ann 3", "Chipmunk 4": a thing (a name or a word) and its number."""
    return msg("mv.named_count", "{name} {count}", name=name, count=count)


def each_and(items: Sequence[Param]) -> Param:
    """Every item joined by "and": "Ann and Ben and Cat" (one item: itself)."""
    joined = items[0]
    for item in items[1:]:
        joined = msg("mv.and", "{first} and {second}", first=joined, second=item)
    return joined


def semicolons(items: Sequence[Param]) -> Param:
    """Items joined by "; ", for items that hold commas themselves (one item: itself)."""
    joined = items[0]
    for item in items[1:]:
        joined = msg("mv.semicolon", "{first}; {second}", first=joined, second=item)
    return joined
