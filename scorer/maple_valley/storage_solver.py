"""The integer programme behind Maple Valley's storage (``storage.best_storage``), solved exactly
by HiGHS. Its own module so that HiGHS, and the numpy it loads, are imported only when a table has
too many ways to store its sets to try each.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Sequence

import highspy

from scorer.maple_valley.models import Resource, StoredSets

ORDER = tuple(Resource)

# HiGHS runs one programme at a time here: its scheduler is set up per calling thread, and the
# app scores on several.
_SOLVER_LOCK = threading.Lock()


class _QuietHighs(highspy.Highs):
    """HiGHS without its banner: ``highspy.Highs()`` prints it on stdout as it is made, before an
    option can turn it off, and stdout carries ``scorepad score --json``. The callbacks it sets
    up there are not used here."""

    def __init__(self) -> None:
        super(highspy.Highs, self).__init__()
        self.setOptionValue("output_flag", False)
        self.callbacks = []


_OPTIONS = (
    ("threads", 1),
    ("mip_rel_gap", 0.0),
    ("mip_abs_gap", 0.0),
    # Every solve after the first starts from an allocation with the best points: searching
    # sub-programmes for a good allocation (RINS, RENS) and restarting only cost time. On the
    # hill-climbed worst shapes the slowest went from 0.59 s to 0.17 s without them.
    ("mip_heuristic_run_rins", False),
    ("mip_heuristic_run_rens", False),
    ("mip_allow_restart", False),
)


class StoringProgramme:
    """Store x_i sets on each Favour and make k leftover batches, to maximise

        sum_i (bonus_i - Honey_i) x_i + k     (+ the pack's Honey and Maps, the same for all)

    such that each resource's sets fit in the pack and 3k + sum_i others_i x_i <= the pack's
    resources other than Honey (others_i: the set's resources other than Honey). All counts are
    whole numbers, so the optimum is exact: HiGHS keeps no gap, and its answer is rounded and
    then checked by ``storage.allocate``.
    """

    def __init__(self, bonuses: Sequence[StoredSets], most: Sequence[int], pack: Counter[Resource],
                 batch_size: int):
        """``most``: the most sets each bonus's Favour could store from the pack alone."""
        self.bonuses = list(bonuses)
        self.highs = _QuietHighs()
        for option, value in _OPTIONS:
            self.highs.setOptionValue(option, value)
        self.most = list(most)
        self.sets = [self.highs.addIntegral(lb=0, ub=most) for most in self.most]
        batchable = sum(pack.values()) - pack[Resource.HONEY]
        batches = self.highs.addIntegral(lb=0, ub=batchable // batch_size)
        for resource in ORDER:
            used = [(bonus.needs[resource], sets) for bonus, sets in zip(self.bonuses, self.sets)
                    if bonus.needs[resource]]
            if used:
                self.highs.addConstr(sum(need * sets for need, sets in used) <= pack[resource])
        self.highs.addConstr(batch_size * batches + sum(
            (len(bonus.set) - bonus.needs[Resource.HONEY]) * sets
            for bonus, sets in zip(self.bonuses, self.sets)) <= batchable)
        self._start: highspy.HighsSolution | None = None
        self.points = batches + sum((bonus.points - bonus.needs[Resource.HONEY]) * sets
                                    for bonus, sets in zip(self.bonuses, self.sets))

    def __enter__(self) -> StoringProgramme:
        _SOLVER_LOCK.acquire()
        return self

    def __exit__(self, *exc_info: object) -> None:
        try:
            self.highs.clear()
        finally:
            _SOLVER_LOCK.release()

    def _maximise(self, objective) -> list[int]:
        """Solve the integer programme for ``objective``, starting from the last allocation
        found: HiGHS may otherwise search long for any allocation that keeps the best points."""
        self.highs.setObjective(objective, highspy.ObjSense.kMaximize)
        if self._start is not None:  # after the objective, which forgets a start given before
            self.highs.setSolution(self._start)
        self._solve()
        if not self._answer_has_the_optimum():
            # HiGHS 1.16 can prove an optimum from a start yet hand back the start itself (seen
            # when presolve had reduced the programme): solve again from nothing.
            self.highs.clearSolver()
            self._solve()
            if not self._answer_has_the_optimum():
                raise RuntimeError("HiGHS's allocation does not score its optimum")
        self._start = self.highs.getSolution()
        return [round(value) for value in self.highs.vals(self.sets)]

    def _solve(self) -> None:
        self.highs.solve()
        status = self.highs.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:
            raise RuntimeError(f"HiGHS stopped without an optimum: {status}")

    def _answer_has_the_optimum(self) -> bool:
        """Whether the allocation handed back, in whole numbers, scores the optimum reported."""
        costs = self.highs.getLp().col_cost_
        values = self.highs.getSolution().col_value
        scored = sum(cost * round(value) for cost, value in zip(costs, values, strict=True))
        return abs(scored - self.highs.getObjectiveValue()) < 0.5

    def _relaxed_most(self, position: int) -> int:
        """At least the most sets this Favour can store in a best allocation, from the linear
        relaxation (sets and batches may be fractions): far quicker than the integer programme."""
        self.highs.setOptionValue("solve_relaxation", True)
        try:
            self.highs.maximize(self.sets[position])
            if self.highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
                return self.most[position]
            return math.floor(self.highs.getObjectiveValue() + 1e-6)
        finally:
            self.highs.setOptionValue("solve_relaxation", False)

    def first_best_sets(self) -> list[int]:
        """The most points; then, keeping them, the most sets on the first Favour, then on the
        second, and so on.

        The relaxation bounds the next Favours' sets over the best allocations left; a Favour
        whose allocation already reaches its bound is settled at once. The next few are settled
        by one solve: with each count below its bound + 1, their counts read as the digits of a
        number (the first the most significant), and the largest number is the first best. A
        block keeps that number small enough to be exact in floating point."""
        sets = self._maximise(self.points)
        self.highs.addConstr(self.points >= round(self.highs.getObjectiveValue()))
        position = 0
        while position < len(self.sets):
            block = self._next_block(position, sets)
            if block:
                number, digit = 0, 1
                for member, bound in reversed(block):
                    number += digit * self.sets[member]
                    digit *= bound + 1
                sets = self._maximise(number)
            settled = [member for member, _ in block] or [position]
            for member in settled:
                self.highs.changeColBounds(self.sets[member].index, sets[member], sets[member])
            position += len(settled)
        return sets

    def _next_block(self, position: int, sets: list[int]) -> list[tuple[int, int]]:
        """The Favours from ``position`` on to settle in one solve, with their bounds; none when
        the first already stores its bound."""
        block: list[tuple[int, int]] = []
        digits = 1
        for member in range(position, len(self.sets)):
            bound = max(self._relaxed_most(member), sets[member])
            self.highs.changeColBounds(self.sets[member].index, 0, bound)
            if not block and bound == sets[member]:
                break
            if block and digits * (bound + 1) > _EXACT_NUMBER:
                break
            block.append((member, bound))
            digits *= bound + 1
        return block


_EXACT_NUMBER = 1 << 8
"""The largest number a block's counts may spell: far within what HiGHS's tolerances keep exact.
Larger blocks mean fewer solves but harder ones (the hill-climbed worst shape: 0.8 s with up to
2**16, 0.27 s with 2**8)."""
