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

    Favours are taken in order; for each, every feasible number of sets is tried, the rest solved
    the same way on what remains (memoised on what remains). Among equally good allocations the
    one storing the most sets on the earliest Favours wins, so a bonus shows whenever it costs
    nothing.
    """
    storing = [(index, bonus) for index, favour in enumerate(favours)
               if (bonus := storing_bonus(favour)) is not None]
    needs = [tuple(bonus.needs[resource] for resource in ORDER) for _, bonus in storing]
    honey = ORDER.index(Resource.HONEY)

    def leftover_value(remaining: tuple[int, ...]) -> int:
        return remaining[honey] + (sum(remaining) - remaining[honey]) // BATCH_SIZE

    @lru_cache(maxsize=None)
    def best(position: int, remaining: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        if position == len(storing):
            return leftover_value(remaining), ()
        need = needs[position]
        points = storing[position][1].points
        most = min(have // wanted for have, wanted in zip(remaining, need) if wanted)
        best_value, best_choice = -1, ()
        for count in range(most, -1, -1):
            rest = tuple(have - wanted * count for have, wanted in zip(remaining, need))
            value, choice = best(position + 1, rest)
            value += points * count
            if value > best_value:
                best_value, best_choice = value, (count, *choice)
        return best_value, best_choice

    _, choice = best(0, tuple(pack[resource] for resource in ORDER))
    sets = [0] * len(favours)
    for (index, _), count in zip(storing, choice):
        sets[index] = count
    return allocate(favours, sets, pack, maps)
