"""Stored resources: the scorer's allocation of sets to "stored here" Favours is optimal (MV-2)."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from maple_builders import favour, pair, player, stored_sets
from scorer.maple_valley.models import Category, Favour, Resource, StoredSets
from scorer.files import table_from_json
from scorer.maple_valley import storage as storage_module
from scorer.maple_valley.storage import allocate, best_storage, leftovers, sets_possible

SMALL = (Resource.HONEY, Resource.BUGS, Resource.HERBS, Resource.CLAY)


def storing(name: str, needs: list[Resource], points: int) -> Favour:
    return Favour(name=name, category=Category.GIFT, score=1,
                  bonus=StoredSets(kind="stored_sets", set=tuple(needs), points=points))


def brute_force(favours, pack, maps) -> int:
    """The best stored bonuses + leftovers over every feasible choice of sets."""
    ranges = [range(sets_possible(pack, f.bonus) + 1) if isinstance(f.bonus, StoredSets)
              else range(1) for f in favours]
    best = -1
    for sets in itertools.product(*ranges):
        try:
            best = max(best, allocate(favours, sets, pack, maps).points)
        except ValueError:  # the sets together need more than the pack holds
            continue
    return best


def test_rulebook_bug_jar_stores_two_sets():
    jar = storing("Bug Jar", [Resource.BUGS, Resource.HERBS], 2)
    storage = best_storage([jar], Counter({Resource.BUGS: 3, Resource.HERBS: 2,
                                           Resource.ACORNS: 2}), maps=0)
    assert storage.sets == (2,)
    assert storage.stored_points == 4
    assert storage.remaining == Counter({Resource.BUGS: 1, Resource.ACORNS: 2})
    assert storage.leftover_points == 1


def test_mv2_storing_is_skipped_when_leftovers_score_more():
    """MV-2: 3 Honey score 3 as leftovers; a set of 3 Honey worth 2 is not worth storing."""
    pot = storing("Honey Pot", [Resource.HONEY] * 3, 2)
    storage = best_storage([pot], Counter({Resource.HONEY: 3}), maps=0)
    assert storage.sets == (0,)
    assert storage.points == 3


def test_mv2_honey_is_part_of_the_comparison():
    """A set of Honey + Bugs worth 1: the Honey alone is worth 1 already, so nothing is gained;
    a set of Bugs + Clay worth 1 costs only two thirds of a batch, so it is stored."""
    sweet = storing("Sweet", [Resource.HONEY, Resource.BUGS], 1)
    plain = storing("Plain", [Resource.BUGS, Resource.CLAY], 1)
    pack = Counter({Resource.HONEY: 1, Resource.BUGS: 1, Resource.CLAY: 1})
    storage = best_storage([sweet, plain], pack, maps=0)
    assert storage.points == 2  # Plain's set (1) + the Honey (1)
    assert storage.sets == (0, 1)


def test_mv2_scarce_resources_go_where_they_score_most():
    """One Herb, two Favours wanting it: the richer set wins; greedy by order would not."""
    poor = storing("Poor", [Resource.HERBS], 1)
    rich = storing("Rich", [Resource.HERBS, Resource.BUGS], 4)
    pack = Counter({Resource.HERBS: 1, Resource.BUGS: 1})
    storage = best_storage([poor, rich], pack, maps=0)
    assert storage.sets == (0, 1)
    assert storage.points == 4


def test_equal_allocations_prefer_sets_on_the_earliest_favour():
    first = storing("First", [Resource.CLAY], 1)
    second = storing("Second", [Resource.CLAY], 1)
    storage = best_storage([first, second], Counter({Resource.CLAY: 3}), maps=0)
    assert storage.sets == (3, 0)


def test_mv2_stored_resources_are_not_leftovers_in_the_lines():
    jar = favour("Bug Jar", 5, "Gift", stored_sets(["Bugs", "Herbs"], 2))
    result = pair(player("Ann", favours=[jar], resources={"Bugs": 2, "Herbs": 2, "Clay": 2}))
    leftover = result.row_lines("leftovers")[0]
    assert leftover.points == 0
    assert "stored resources are not leftovers" in leftover.detail
    assert leftover.rulings == ("MV-1", "MV-2")
    assert result.total == 9
    (note,) = result.notes
    assert note == ("Stored resources (ruling MV-2): Bug Jar holds 2 sets of Bugs + Herbs. Stored "
                    "bonuses 4 + Leftovers 0 = 4, the most of every way to store them (storing "
                    "nothing: 0 + 2 = 2).")


def test_no_storing_favour_no_note():
    assert pair(player("Ann", resources={"Clay": 3})).notes == ()


def test_leftovers_count_honey_alone():
    left = leftovers(Counter({Resource.HONEY: 2, Resource.CLAY: 4}), maps=1)
    assert (left.honey, left.maps, left.batches, left.remainder, left.points) == (2, 1, 1, 1, 4)


set_strategy = st.lists(st.sampled_from(SMALL), min_size=1, max_size=3)
favour_strategy = st.tuples(set_strategy, st.integers(min_value=0, max_value=4))
pack_strategy = st.dictionaries(st.sampled_from(SMALL), st.integers(min_value=0, max_value=5))


@settings(max_examples=400, deadline=None)
@given(st.lists(favour_strategy, min_size=1, max_size=4), pack_strategy,
       st.integers(min_value=0, max_value=2), st.booleans())
def test_mv2_optimiser_matches_brute_force(specs, pack, maps, with_plain_favour):
    """The allocation is optimal: brute force over every feasible choice finds nothing better."""
    favours = [storing(f"F{i}", needs, points) for i, (needs, points) in enumerate(specs)]
    if with_plain_favour:
        favours.insert(1, Favour(name="Plain", category=Category.FOOD, score=3))
    pack = Counter(pack)
    storage = best_storage(favours, pack, maps)
    assert storage.points == brute_force(favours, pack, maps)
    # the allocation it reports is feasible and scores what it says
    assert allocate(favours, storage.sets, pack, maps) == storage


def first_best_by_brute_force(favours, pack, maps) -> tuple[int, ...]:
    """Every feasible choice of sets, the most sets on the earliest Favours first; the first of
    the highest score."""
    ranges = [range(sets_possible(pack, f.bonus), -1, -1) if isinstance(f.bonus, StoredSets)
              else range(1) for f in favours]
    best, chosen = -1, ()
    for sets in itertools.product(*ranges):
        try:
            points = allocate(favours, sets, pack, maps).points
        except ValueError:
            continue
        if points > best:
            best, chosen = points, sets
    return chosen


@settings(max_examples=300, deadline=None)
@given(st.lists(favour_strategy, min_size=1, max_size=4), pack_strategy,
       st.integers(min_value=0, max_value=2))
def test_mv2_search_picks_what_brute_force_picks(specs, pack, maps):
    """Not only as good: the same sets, ties going to the earliest Favours, when Favours ask for
    the same set, a set worth nothing, or one worth less than its leftovers."""
    favours = [storing(f"F{i}", needs, points) for i, (needs, points) in enumerate(specs)]
    pack = Counter(pack)
    assert best_storage(favours, pack, maps).sets == first_best_by_brute_force(favours, pack, maps)


def test_mv2_a_set_that_costs_nothing_is_stored_beside_the_sets_that_pay():
    """Herbs 2, Honey 1, Bugs 1, Pebbles 1. Nothing stored: Honey 1 + 1 batch of 4 = 2. Herb
    Rack's 2 sets: 2 + Honey 1 + no batch of 2 = 3 (Bug Box's set instead: 1 + 1 = 2). The
    Honey on Honey Pot scores its 1 point there instead of as a leftover: still 3, so the
    tie-break stores it (found by the property below: HiGHS once handed back its start)."""
    pot = storing("Honey Pot", [Resource.HONEY], 1)
    rack = storing("Herb Rack", [Resource.HERBS], 1)
    box = storing("Bug Box", [Resource.HERBS, Resource.HERBS, Resource.BUGS], 1)
    pack = Counter({Resource.HERBS: 2, Resource.HONEY: 1, Resource.BUGS: 1, Resource.PEBBLES: 1})
    storage = best_storage([pot, rack, box], pack, maps=0)
    assert (storage.sets, storage.points) == ((1, 2, 0), 3)


@settings(max_examples=300, deadline=None)
@given(st.lists(favour_strategy, min_size=1, max_size=4), pack_strategy,
       st.integers(min_value=0, max_value=2))
@example([(["Honey"], 1), (["Herbs"], 1), (["Herbs", "Herbs", "Bugs"], 1)],
         {"Herbs": 2, "Honey": 1, "Bugs": 1, "Pebbles": 1}, 0)  # HiGHS once handed back its start
def test_trying_each_choice_and_the_integer_programme_store_the_same_sets(specs, pack, maps):
    """A few choices are each tried, more go to HiGHS: both give the first best allocation."""
    favours = [storing(f"F{i}", [Resource(need) for need in needs], points)
               for i, (needs, points) in enumerate(specs)]
    pack = Counter({Resource(resource): count for resource, count in pack.items()})
    tried = best_storage(favours, pack, maps)
    with patch.object(storage_module, "TRIED_CHOICES", 0):  # HiGHS for every choice
        solved = best_storage(favours, pack, maps)
    assert solved == tried


ALL = tuple(Resource)
R = Resource
FULL_PACK = Counter({resource: 23 if number < 8 else 22 for number, resource in enumerate(ALL)})
"""228 resources, the most a Pack can hold."""
WORST_TABLE = Path(__file__).resolve().parents[2] / "benchmarks" / "cases" / (
    "maple_valley_worst_storage.json")


def climbed_worst() -> tuple[list[Favour], Counter]:
    """The slowest storage found by a hill climb over 72 storing Favours and a full Pack: the
    benchmark's table, of which the first player holds it."""
    table = table_from_json(WORST_TABLE.read_text())
    return list(table.favours_of(table.players[0])), table.players[0].pack


FULL_PACK_SHAPES = [
    # The slowest of the earlier search, which took half a minute: Favours sharing resources.
    [([R.FLOWERS, R.ACORNS, R.BUGS], 12), ([R.ACORNS, R.BIRCH], 1),
     ([R.BUGS, R.CATTAILS, R.HONEY], 8), ([R.PEBBLES], 3), ([R.CATTAILS], 6),
     ([R.BIRCH, R.BIRCH, R.HONEY], 12), ([R.BIRCH], 9)],
    [([R.HONEY], 1), ([R.ACORNS, R.HONEY, R.HONEY, R.PEBBLES], 10), ([R.BUGS], 4),
     ([R.PEBBLES, R.BERRIES], 5), ([R.ACORNS, R.HONEY, R.FLOWERS], 10)],
    # the same set on many Favours
    [([R.CLAY, R.BUGS], points) for points in (2, 3, 3, 1, 2) * 10],
    # every set of one or two resources, each worth exactly its leftovers or a point more: a
    # great many allocations tie
    [(list(pair), len(pair) // 3 + extra) for pair in
     itertools.combinations_with_replacement(ALL, 2) for extra in (0, 1)][:72],
]


def assert_first_best(favours: list[Favour], pack: Counter) -> None:
    """The allocation is feasible; no Favour gains by one set more or fewer, nor by moving a set
    to another Favour; and no such change that scores the same puts a set on an earlier
    Favour (ruling MV-2's tie-break)."""
    storage = best_storage(favours, pack, maps=0)
    assert allocate(favours, storage.sets, pack, 0) == storage
    for index, other in itertools.product(range(len(favours)), repeat=2):
        for step in (-1, 1):
            sets = list(storage.sets)
            sets[index] += step
            if index != other:
                sets[other] -= step
            if min(sets) < 0 or not isinstance(favours[index].bonus, StoredSets):
                continue
            try:
                points = allocate(favours, sets, pack, 0).points
            except ValueError:
                continue
            assert points <= storage.points
            if points == storage.points and step == 1:
                assert index != other and other < index, (index, other)


@pytest.mark.parametrize("specs", FULL_PACK_SHAPES)
def test_mv2_search_with_a_full_pack_stays_exact_on_what_it_stores(specs):
    assert_first_best([storing(f"F{i}", needs, points) for i, (needs, points) in enumerate(specs)],
                      FULL_PACK)


def test_mv2_the_climbed_worst_shape_is_first_best():
    assert_first_best(*climbed_worst())


many_sets = st.lists(st.tuples(st.lists(st.sampled_from(ALL), min_size=1, max_size=5),
                               st.integers(min_value=0, max_value=2)), min_size=20, max_size=72)


@settings(max_examples=15, deadline=None)
@given(many_sets, st.lists(st.integers(min_value=0, max_value=99), min_size=10, max_size=10))
def test_mv2_many_storing_favours_over_a_full_pack(specs, counts):
    """Worst shapes: up to 72 storing Favours, each set worth its leftovers or up to 2 points
    more, so that allocations tie everywhere, over a Pack of up to 228 resources."""
    favours = []
    for number, (needs, extra) in enumerate(specs):
        honey = needs.count(R.HONEY)
        favours.append(storing(f"F{number}", needs, honey + (len(needs) - honey) // 3 + extra))
    pack = Counter(dict(zip(ALL, counts)))
    while sum(pack.values()) > 228:
        pack[max(pack, key=pack.get)] -= 1
    assert_first_best(favours, +pack)
