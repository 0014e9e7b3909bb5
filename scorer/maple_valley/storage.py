"""Leftovers, and where to store resources: the sets on each "stored here" Favour that score most.

The rulebook lets a player reorganise the resources on their Favours at final scoring "to make sure
you have the best score now" (ruling MV-2): each resource scores on one card only, and what is
stored is not a leftover. A set stored on a Favour earns its bonus but takes its resources out of
the leftovers (a Honey is worth 1 there, any other resource a third of a batch), so the best
allocation is a small integer programme, solved exactly below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

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
    leftovers it would take never is. The rest is a small integer programme, solved exactly by
    HiGHS (see ``storage_solver``). Among equally good allocations the one storing the most
    sets on the earliest Favours wins, so a bonus shows whenever it costs nothing.
    """
    storing = _worth_filling(favours, pack)
    sets = [0] * len(favours)
    if storing:
        # Imported here: HiGHS, with the numpy it loads, takes a quarter of a second to import,
        # which scoring a table that can store no set never needs.
        from scorer.maple_valley.storage_solver import StoringProgramme

        bonuses = [bonus for _, bonus in storing]
        with StoringProgramme(bonuses, [sets_possible(pack, bonus) for bonus in bonuses], pack,
                              BATCH_SIZE) as programme:
            for (index, _), count in zip(storing, programme.first_best_sets(), strict=True):
                sets[index] = count
    return allocate(favours, sets, pack, maps)


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
