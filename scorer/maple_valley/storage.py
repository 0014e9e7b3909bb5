"""Leftovers, and where to store resources: the sets on each "stored here" Favour that score most.

The rulebook lets a player reorganise the resources on their Favours at final scoring "to make sure
you have the best score now" (ruling MV-2): each resource scores on one card only, and what is
stored is not a leftover. A set stored on a Favour earns its bonus but takes its resources out of
the leftovers (a Honey is worth 1 there, any other resource a third of a batch), so the best
allocation is a small integer programme: with few choices each is tried, else HiGHS solves it
exactly (``storage_solver``).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from scorer.maple_valley.models import Favour, Resource, StoredSets

BATCH_SIZE = 3


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

    Favours that cannot matter leave first: of Favours asking for the same set only the best paid
    (the earliest of equals) is ever worth filling, and a Favour whose set is worth less than the
    leftovers it would take never is. Among equally good allocations the one storing the most
    sets on the earliest Favours wins, so a bonus shows whenever it costs nothing. A few choices
    left are each tried; more are a small integer programme, solved exactly by HiGHS (see
    ``storage_solver``).
    """
    storing = _worth_filling(favours, pack)
    most = [sets_possible(pack, bonus) for _, bonus in storing]
    if math.prod(count + 1 for count in most) <= TRIED_CHOICES:
        counts = _first_best_by_trying_each(favours, storing, most, pack, maps)
    else:
        # Imported here: HiGHS, with the numpy it loads, takes a tenth of a second or more to
        # import, which a table with few ways to store its sets never needs.
        from scorer.maple_valley.storage_solver import StoringProgramme

        with StoringProgramme([bonus for _, bonus in storing], most, pack,
                              BATCH_SIZE) as programme:
            counts = programme.first_best_sets()
    return allocate(favours, _sets_of(favours, storing, counts), pack, maps)


TRIED_CHOICES = 64
"""Up to this many choices of sets (the product of each storing Favour's possible counts + 1),
trying each is quicker than starting HiGHS."""


def _sets_of(favours: Sequence[Favour], storing: Sequence[tuple[int, StoredSets]],
             counts: Sequence[int]) -> list[int]:
    """One count per Favour: ``counts`` on the storing Favours, 0 on the others."""
    sets = [0] * len(favours)
    for (index, _), count in zip(storing, counts, strict=True):
        sets[index] = count
    return sets


def _first_best_by_trying_each(favours: Sequence[Favour],
                               storing: Sequence[tuple[int, StoredSets]], most: Sequence[int],
                               pack: Counter[Resource], maps: int) -> tuple[int, ...]:
    """The counts with the most points, then the most sets on the first storing Favour, then on
    the second, and so on (the integer programme's order), among every choice the pack covers."""
    best: tuple[int, tuple[int, ...]] | None = None
    for counts in itertools.product(*(range(count + 1) for count in most)):
        try:
            points = allocate(favours, _sets_of(favours, storing, counts), pack, maps).points
        except ValueError:  # the sets together need more than the pack holds
            continue
        if best is None or (points, counts) > best:
            best = (points, counts)
    assert best is not None  # storing nothing is always a choice the pack covers
    return best[1]


STORAGES_KEPT = 256
"""Players' storages kept (see :func:`kept_storage`): a few tables' worth."""


def kept_storage(favours: Sequence[Favour], pack: Counter[Resource], maps: int) -> Storage:
    """:func:`best_storage`, kept by the player's Favours, pack and maps (all a player's own): a
    table scored again after another player's edit does not search this storage again. The
    Storage handed out is shared: read it, never change it."""
    return _kept_storage(tuple(favours), tuple(sorted(pack.items())), maps)


@lru_cache(maxsize=STORAGES_KEPT)
def _kept_storage(favours: tuple[Favour, ...], pack: tuple[tuple[Resource, int], ...],
                  maps: int) -> Storage:
    return best_storage(favours, Counter(dict(pack)), maps)


def _worth_filling(favours: Sequence[Favour],
                   pack: Counter[Resource]) -> list[tuple[int, StoredSets]]:
    """The storing Favours that may store a set in a best allocation, with their positions."""
    kept: dict[tuple, tuple[int, StoredSets]] = {}
    for index, favour in enumerate(favours):
        bonus = storing_bonus(favour)
        if bonus is None or sets_possible(pack, bonus) == 0 or not _may_pay(bonus):
            continue
        same_set = tuple(sorted(bonus.needs.items()))
        if same_set not in kept or bonus.points > kept[same_set][1].points:
            kept[same_set] = (index, bonus)
    return sorted(kept.values(), key=lambda candidate: candidate[0])


def _may_pay(bonus: StoredSets) -> bool:
    """A set costs its Honey (1 point each) and its other resources, at least a whole batch per
    3 of them: when the bonus is less, every set stored loses a point."""
    honey = bonus.needs[Resource.HONEY]
    return bonus.points - honey >= (len(bonus.set) - honey) // BATCH_SIZE
