"""Leftovers, and where to store resources: the sets on each "stored here" Favour that score most.

The rulebook lets a player reorganise the resources on their Favours at final scoring "to make sure
you have the best score now" (ruling MV-2): each resource scores on one card only, and what is
stored is not a leftover. A set stored on a Favour earns its bonus but takes its resources out of
the leftovers (a Honey is worth 1 there, any other resource a third of a batch), so the best
allocation is a small integer optimisation, solved exactly below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from scorer.maple_valley.models import Favour, Resource, StoredSets

BATCH_SIZE = 3
ORDER = tuple(Resource)


@dataclass(frozen=True)
class Leftovers:
    """Leftover points: 1 per Honey, 1 per Map, 1 per batch of 3 other resources (ruling MV-1)."""

    honey: int
    maps: int
    batchable: int

    @property
    def batches(self) -> int:
        return self.batchable // BATCH_SIZE

    @property
    def remainder(self) -> int:
        return self.batchable % BATCH_SIZE

    @property
    def points(self) -> int:
        return self.honey + self.maps + self.batches


def leftovers(pack: Counter[Resource], maps: int) -> Leftovers:
    """Honey scores alone and never joins a batch; batches blend any of the other 9 resources."""
    honey = pack[Resource.HONEY]
    return Leftovers(honey=honey, maps=maps, batchable=sum(pack.values()) - honey)


@dataclass(frozen=True)
class Storage:
    """How many sets each Favour stores (0 for Favours that store nothing), and what is left."""

    sets: tuple[int, ...]
    remaining: Counter[Resource]
    stored_points: int
    leftover_points: int

    @property
    def points(self) -> int:
        return self.stored_points + self.leftover_points


def storing_bonus(favour: Favour) -> StoredSets | None:
    return favour.bonus if isinstance(favour.bonus, StoredSets) else None


def sets_possible(pack: Counter[Resource], bonus: StoredSets) -> int:
    """How many sets the pack could make if this Favour had every resource to itself."""
    return min(pack[resource] // count for resource, count in bonus.needs.items())


def allocate(favours: Sequence[Favour], sets: Sequence[int], pack: Counter[Resource],
             maps: int) -> Storage:
    """The Storage of a given choice of sets (one count per Favour); the pack must cover it."""
    remaining = Counter(pack)
    stored_points = 0
    for favour, count in zip(favours, sets, strict=True):
        bonus = storing_bonus(favour)
        if bonus is None:
            if count:
                raise ValueError(f"{favour.name} stores nothing")
            continue
        for resource, needed in bonus.needs.items():
            remaining[resource] -= needed * count
        stored_points += bonus.points * count
    if any(count < 0 for count in remaining.values()):
        raise ValueError("the sets need more resources than the pack holds")
    return Storage(
        sets=tuple(sets),
        remaining=+remaining,
        stored_points=stored_points,
        leftover_points=leftovers(remaining, maps).points,
    )


def best_storage(favours: Sequence[Favour], pack: Counter[Resource], maps: int) -> Storage:
    """The allocation of sets with the highest stored bonuses + leftovers (exact).

    Favours are taken in order; for each, every feasible number of sets is tried and the rest is
    solved the same way on what remains. A resource no later Favour asks for can only be a
    leftover, so it leaves the search state: a Honey adds 1 at once, the others join a running
    count of which only the part short of a full batch is kept. That keeps the memoised state
    small. Among equally good allocations the one storing the most sets on the earliest Favours
    wins, so a bonus shows whenever it costs nothing.
    """
    storing = [(index, bonus) for index, favour in enumerate(favours)
               if (bonus := storing_bonus(favour)) is not None]
    # asked_from[p]: the resources that the storing Favours from position p on ask for
    asked_from = [tuple(r for r in ORDER if any(bonus.needs[r] for _, bonus in storing[p:]))
                  for p in range(len(storing) + 1)]

    @lru_cache(maxsize=None)
    def best(position: int, held: tuple[int, ...], loose: int) -> tuple[int, tuple[int, ...]]:
        """Best value from ``position`` on, given the counts of ``asked_from[position]`` still
        held and ``loose`` other resources (< 3) already bound for the leftover batches."""
        if position == len(storing):
            return loose // BATCH_SIZE, ()
        asked = asked_from[position]
        bonus = storing[position][1]
        need = tuple(bonus.needs[r] for r in asked)
        most = min(have // wanted for have, wanted in zip(held, need) if wanted)
        best_value, best_choice = -1, ()
        for count in range(most, -1, -1):
            value, rest, freed = points_and_rest(position, count, held, need, loose)
            later, choice = best(position + 1, rest, freed % BATCH_SIZE)
            value += later + freed // BATCH_SIZE
            if value > best_value:
                best_value, best_choice = value, (count, *choice)
        return best_value, best_choice

    def points_and_rest(position: int, count: int, held: tuple[int, ...], need: tuple[int, ...],
                        loose: int) -> tuple[int, tuple[int, ...], int]:
        """Store ``count`` sets: their bonus plus the Honey that no later Favour wants, the
        counts still asked for later, and the loose resources for batches."""
        value = storing[position][1].points * count
        rest = []
        for resource, have, wanted in zip(asked_from[position], held, need):
            left = have - wanted * count
            if resource in asked_from[position + 1]:
                rest.append(left)
            elif resource is Resource.HONEY:
                value += left
            else:
                loose += left
        return value, tuple(rest), loose

    unasked = Counter({r: n for r, n in pack.items() if r not in asked_from[0]})
    _, choice = best(0, tuple(pack[r] for r in asked_from[0]),
                     leftovers(unasked, 0).batchable % BATCH_SIZE)
    sets = [0] * len(favours)
    for (index, _), count in zip(storing, choice):
        sets[index] = count
    return allocate(favours, sets, pack, maps)
