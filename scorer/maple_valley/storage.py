"""Leftovers, and where to store resources: the sets on each "stored here" Favour that score most.

The rulebook lets a player reorganise the resources on their Favours at final scoring "to make sure
you have the best score now" (ruling MV-2): each resource scores on one card only, and what is
stored is not a leftover. A set stored on a Favour earns its bonus but takes its resources out of
the leftovers (a Honey is worth 1 there, any other resource a third of a batch), so the best
allocation is a small integer optimisation, solved exactly below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

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

    Favours that cannot matter leave first: of Favours asking for the same set only the best paid
    (the earliest of equals) is ever worth filling, and a Favour whose set is worth less than the
    leftovers it would take never is. The others are taken in order; for each, the numbers of
    sets worth trying are tried and the rest is solved the same way on what remains. A resource
    no later Favour asks for can only be a leftover, so it leaves the search state: a Honey adds
    1 at once, the others join a running count of which only the part short of a full batch is
    kept. That keeps the memoised state small. A number of sets is skipped when even a bound on
    what it leads to cannot beat the best found. Among equally good allocations the one storing
    the most sets on the earliest Favours wins, so a bonus shows whenever it costs nothing.
    """
    kept: dict[tuple, tuple[int, StoredSets]] = {}
    for index, favour in enumerate(favours):
        bonus = storing_bonus(favour)
        if bonus is None or sets_possible(pack, bonus) == 0 or not _may_pay(bonus):
            continue
        same_set = tuple(sorted(bonus.needs.items()))
        if same_set not in kept or bonus.points > kept[same_set][1].points:
            kept[same_set] = (index, bonus)
    storing = sorted(kept.values(), key=lambda candidate: candidate[0])
    # asked_from[p]: the resources that the storing Favours from position p on ask for
    asked_from = [tuple(r for r in ORDER if any(bonus.needs[r] for _, bonus in storing[p:]))
                  for p in range(len(storing) + 1)]
    # rates[p][r]: the most a resource adds, in thirds of a point beyond its worth as a
    # leftover, when stored on a Favour from position p on
    rates: list[dict[Resource, float]] = [{} for _ in range(len(storing) + 1)]
    for position in range(len(storing) - 1, -1, -1):
        bonus = storing[position][1]
        rate = max(_gain(bonus), 0) / len(bonus.set)
        rates[position] = {r: max(rates[position + 1].get(r, 0.0), rate if bonus.needs[r] else 0.0)
                           for r in asked_from[position]}

    # gains_from[p]: each later Favour that gains by its sets, with its gain and its set
    gains_from = [[(_gain(bonus), bonus.needs) for _, bonus in storing[p:] if _gain(bonus) > 0]
                  for p in range(len(storing) + 1)]

    def bound(position: int, held: tuple[int, ...], loose: int) -> int:
        """At most the value from ``position`` on: the resources as leftovers, plus the lesser
        of two bounds on what storing adds: every resource held stored at its best rate, or
        every later Favour storing as many sets as if it had the resources to itself."""
        asked = asked_from[position]
        thirds = loose + sum(have * _LEFTOVER_THIRDS[r] for r, have in zip(asked, held))
        at_best_rates = sum(have * rates[position][r] for r, have in zip(asked, held))
        have = dict(zip(asked, held))
        alone = sum(gain * min(have[r] // n for r, n in needs.items())
                    for gain, needs in gains_from[position])
        return int((thirds + min(at_best_rates, alone)) / BATCH_SIZE + 1e-9)

    exact: dict[tuple, tuple[int, tuple[int, ...]]] = {}
    at_most: dict[tuple, int] = {}

    def best(position: int, held: tuple[int, ...], loose: int,
             floor: int = -1) -> tuple[int, tuple[int, ...] | None]:
        """Best value from ``position`` on, given the counts of ``asked_from[position]`` still
        held and ``loose`` other resources (< 3) already bound for the leftover batches, with
        its sets; or, when it cannot be more than ``floor`` (what the caller already has), a
        bound no more than ``floor`` and None. Both are kept for the next visit of the state."""
        state = (position, held, loose)
        if state in exact:
            return exact[state]
        if at_most.get(state, floor + 1) <= floor:
            return at_most[state], None
        if position == len(storing):
            exact[state] = (loose // BATCH_SIZE, ())
            return exact[state]
        asked = asked_from[position]
        bonus = storing[position][1]
        need = tuple(bonus.needs[r] for r in asked)
        most = min(have // wanted for have, wanted in zip(held, need) if wanted)
        best_value, best_choice, cut = -1, None, False
        for count in _counts_worth_trying(most, _gain(bonus), alone=not any(
                wanted and r in asked_from[position + 1] for r, wanted in zip(asked, need))):
            value, rest, freed = points_and_rest(position, count, held, need, loose)
            value += freed // BATCH_SIZE
            enough = max(best_value, floor)
            if value + bound(position + 1, rest, freed % BATCH_SIZE) <= enough:
                cut = cut or enough > best_value
                continue  # fewer sets here and at most as good: never chosen
            later, choice = best(position + 1, rest, freed % BATCH_SIZE, enough - value)
            if choice is None:
                cut = cut or enough > best_value
            elif value + later > best_value:
                best_value, best_choice = value + later, (count, *choice)
        if best_value > floor or not cut:
            exact[state] = (best_value, best_choice)
            return exact[state]
        at_most[state] = floor
        return floor, None

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


_LEFTOVER_THIRDS = {r: BATCH_SIZE if r is Resource.HONEY else 1 for r in ORDER}
"""What a resource is worth as a leftover, in thirds of a point: a Honey 1, another a third."""


def _gain(bonus: StoredSets) -> int:
    """What storing one set adds, in thirds of a point: its bonus less its resources' worth as
    leftovers."""
    return BATCH_SIZE * bonus.points - sum(_LEFTOVER_THIRDS[r] for r in bonus.set)


def _may_pay(bonus: StoredSets) -> bool:
    """A set costs its Honey (1 point each) and its other resources, at least a whole batch per
    3 of them: when the bonus is less, every set stored loses a point."""
    honey = bonus.needs[Resource.HONEY]
    return bonus.points - honey >= (len(bonus.set) - honey) // BATCH_SIZE


def _counts_worth_trying(most: int, gain: int, alone: bool) -> Iterable[int]:
    """The numbers of sets to try, most first. 3 sets fewer give back resources worth exactly
    the sets' gain as leftovers, so a Favour that loses by its sets (gain below 0) stores at most
    2. For a Favour whose resources no later Favour wants, 3 more sets always change the score by
    its gain, so only the 3 highest or the 3 lowest counts can be best."""
    if gain < 0:
        return range(min(most, 2), -1, -1)
    if not alone or most <= 5:
        return range(most, -1, -1)
    return (most, most - 1, most - 2, 2, 1, 0)
