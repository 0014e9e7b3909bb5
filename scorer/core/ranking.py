"""Ranks, the games' tie-breaks, shared places, and the split of competitive goals."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorer.core.breakdown import Line, PlayerResult
from scorer.message import Message, msg


@dataclass(frozen=True)
class Standing:
    """What ranks a player: their total, then the game's tie-break values in order."""

    name: str
    total: int
    tie_break_values: tuple[int, ...] = ()

    @property
    def key(self) -> tuple[int, ...]:
        return (self.total, *self.tie_break_values)


def standings_of(
    lines: Mapping[str, Sequence[Line]], tie_break_values: Mapping[str, tuple[int, ...]]
) -> list[Standing]:
    """Each player's standing: the total of their lines, then their tie-break values."""
    return [
        Standing(name, sum(line.points for line in player_lines), tie_break_values[name])
        for name, player_lines in lines.items()
    ]


def ranked_results(
    standings: Sequence[Standing],
    lines: Mapping[str, Sequence[Line]],
    notes: Mapping[str, Sequence[str]] | None = None,
) -> tuple[PlayerResult, ...]:
    """Each player's result with their lines, notes and competition rank, in the order of
    ``standings``."""
    ranks = competition_ranks(standings)
    return tuple(
        PlayerResult(
            name=standing.name,
            lines=tuple(lines[standing.name]),
            rank=ranks[standing.name],
            tie_break_values=standing.tie_break_values,
            notes=tuple((notes or {}).get(standing.name, ())),
        )
        for standing in standings
    )


def competition_ranks(standings: Sequence[Standing]) -> dict[str, int]:
    """Standard competition ranking ("1, 1, 3"): equal keys share a place, the next place skips."""
    ordered = sorted(standings, key=lambda s: s.key, reverse=True)
    ranks: dict[str, int] = {}
    for position, standing in enumerate(ordered, start=1):
        earlier = ordered[position - 2] if position > 1 else None
        if earlier is not None and earlier.key == standing.key:
            ranks[standing.name] = ranks[earlier.name]
        else:
            ranks[standing.name] = position
    return ranks


def explain_tie_break(standings: Sequence[Standing],
                      tie_break_names: Sequence[Message | str]) -> Message:
    """One sentence per group of players tied on total: which tie-break decided, or that they
    share, as one message.

    ``tie_break_names`` names each tie-break value, e.g.
    ``[msg("sv.tie_break", "towns in the Valley Express")]``.
    """
    by_total: dict[int, list[Standing]] = {}
    for standing in standings:
        by_total.setdefault(standing.total, []).append(standing)
    sentences = []
    for total in sorted(by_total, reverse=True):
        tied = by_total[total]
        if len(tied) < 2:
            continue
        sentences.append(_tie_sentence(tied, total, tie_break_names))
    if not sentences:
        return msg("core.tie_break.none", "No tie: no tie-break needed.")
    return _one_after_another(sentences)


def _tie_sentence(tied: list[Standing], total: int,
                  tie_break_names: Sequence[Message | str]) -> Message:
    names = _names([standing.name for standing in tied])
    for index, tie_break in enumerate(tie_break_names):
        values = {standing.name: standing.tie_break_values[index] for standing in tied}
        if len(set(values.values())) > 1:
            listed = tuple(msg("core.tie_break.value", "{name} {value}", name=name, value=value)
                           for name, value in values.items())
            return msg("core.tie_break.decides", "{names} tie on {total}; {tie_break} decides "
                       "({values}).", names=names, total=total, tie_break=tie_break,
                       values=listed)
    if tie_break_names:
        return msg("core.tie_break.shared_after", "{names} tie on {total} and on {tie_breaks}: "
                   "they share the place.", names=names, total=total,
                   tie_breaks=_each_and(list(tie_break_names)))
    return msg("core.tie_break.shared", "{names} tie on {total}: they share the place.",
               names=names, total=total)


def _one_after_another(sentences: list[Message]) -> Message:
    """Sentences said one after another, as one message."""
    if len(sentences) == 1:
        return sentences[0]
    return msg("core.sentences", "{sentence} {more}", sentence=sentences[0],
               more=_one_after_another(sentences[1:]))


def _each_and(names: list[Message | str]) -> Message | str:
    """"a and b and c": the tie-breaks that did not decide."""
    if len(names) == 1:
        return names[0]
    return msg("core.and", "{one} and {other}", one=names[0], other=_each_and(names[1:]))


def winners(standings: Sequence[Standing]) -> tuple[str, ...]:
    """The players in first place (several when the victory is shared)."""
    ranks = competition_ranks(standings)
    return tuple(s.name for s in standings if ranks[s.name] == 1)


def split_award(measures: Mapping[str, int], points: int) -> tuple[tuple[str, ...], int]:
    """Award a competitive goal: the best measure wins ``points``; tied best split it, rounded up.

    A player whose measure is 0 has none of the thing and wins nothing, so when every measure is 0
    nobody wins.
    """
    best = max(measures.values(), default=0)
    if best <= 0:
        return (), 0
    best_players = tuple(name for name, value in measures.items() if value == best)
    return best_players, math.ceil(points / len(best_players))


def _names(names: list[str]) -> Message | str:
    """Players' names as a sentence lists them: "Ann, Bob and Cy"."""
    if len(names) == 1:
        return names[0]
    return msg("core.names", "{names} and {last}", names=tuple(names[:-1]), last=names[-1])
