"""Hill climbing for the Sunflower Valley valleys slowest to score, within the file's limits.

Run: ``python benchmarks/slow_valleys.py`` (``--steps N``, ``--seed N``, ``--restarts N``). The
first climbs start from the worst valleys known (``KNOWN_WORST`` in the benchmark's cases), the
others from a dense blob of Railroad and Town cards around the Starting Town (the shape of the
route searches' worst cases: many cycles, few dead ends); each moves one card at a time to
another free place beside the valley or turns a Railroad into a Town or back, keeping a change
when the valley is no faster to score. The cost is the CPU time (not the wall clock, so other
programs on the machine matter less) of the Valley Express and the goals that search routes
(Long Way, Walking Routes, Suburban Trains) on the valley, the best of 3 runs. The slowest valley
is printed as a picture for ``benchmarks/cases/sunflower_valley.py``; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cases.sunflower_valley import KNOWN_WORST, KINDS  # noqa: E402
from scorer.core.grid import orthogonal_neighbours  # noqa: E402
from scorer.sunflower_valley.goals import GOALS, route_goals  # noqa: E402
from scorer.sunflower_valley.layout import Layout  # noqa: E402
from scorer.sunflower_valley.lines import valley_express  # noqa: E402
from scorer.sunflower_valley.models import (  # noqa: E402
    MAX_VALLEY_CARDS,
    Card,
    Options,
    Valley,
)

ROUTE_GOALS = ("long_way", "walking_routes", "suburban_trains")
LETTERS = {kind: letter for letter, kind in KINDS.items()}
Shape = dict[tuple[int, int], str]
"""A valley as its cards' kinds by place."""


SMOKE_ARGS = ["--steps", "2", "--restarts", "1"]
"""The smallest run, for the suite's smoke test (tests/test_benchmarks_smoke_browser.py)."""


def valley_of(shape: Shape) -> Valley:
    return Valley(cards=tuple(
        Card(kind=kind, row=row, col=col,
             **({"combination": ["lake"], "points": 1} if kind == "town" else {}))
        for (row, col), kind in sorted(shape.items())))


def cost(shape: Shape, repeats: int = 3) -> float:
    """Seconds of CPU to score the route searches of one valley: the best of ``repeats``."""
    valley = valley_of(shape)
    best = float("inf")
    for _ in range(repeats):
        start = time.thread_time()
        layout = Layout(valley, Options(), route_goals(ROUTE_GOALS))
        valley_express(layout)
        for key in ROUTE_GOALS:
            GOALS[key].rule(layout)
        best = min(best, time.thread_time() - start)
    return best


def frontier(shape: Shape) -> list[tuple[int, int]]:
    return sorted({n for cell in shape for n in orthogonal_neighbours(cell)} - set(shape))


def connected(shape: Shape) -> bool:
    cells = set(shape)
    seen = {next(iter(cells))}
    stack = list(seen)
    while stack:
        for n in orthogonal_neighbours(stack.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == cells


def dense_blob(rng: random.Random, cards: int = MAX_VALLEY_CARDS) -> Shape:
    """Cards laid beside the valley, each where it touches the most cards already there (so the
    valley grows as a blob, full of cycles): about three Railroads to one Town."""
    shape: Shape = {(0, 0): "starting_town"}
    while len(shape) < cards:
        places = frontier(shape)
        touching = {place: sum(n in shape for n in orthogonal_neighbours(place))
                    for place in places}
        most = max(touching.values())
        place = rng.choice([p for p in places if touching[p] >= most - rng.randint(0, 1)])
        shape[place] = "town" if rng.random() < 0.25 else "railroad"
    return shape


def mutated(shape: Shape, rng: random.Random) -> Shape:
    """One card moved elsewhere beside the valley, or one Railroad turned Town or back; the
    valley stays in one piece."""
    while True:
        changed = dict(shape)
        cell = rng.choice([c for c, kind in shape.items() if kind != "starting_town"])
        if rng.random() < 0.3:
            changed[cell] = "town" if shape[cell] == "railroad" else "railroad"
            return changed
        kind = changed.pop(cell)
        changed[rng.choice([p for p in frontier(changed) if p != cell])] = kind
        if connected(changed):
            return changed


def picture(shape: Shape) -> str:
    rows = [row for row, _ in shape]
    cols = [col for _, col in shape]
    return "\n".join(
        " ".join(LETTERS[shape[(row, col)]] if (row, col) in shape else "."
                 for col in range(min(cols), max(cols) + 1))
        for row in range(min(rows), max(rows) + 1))


def shape_of(drawn: str) -> Shape:
    return {(row, col): KINDS[letter]
            for row, letters in enumerate(drawn.strip().splitlines())
            for col, letter in enumerate(letters.split()) if letter in KINDS}


def climb(rng: random.Random, steps: int, shape: Shape) -> tuple[float, Shape]:
    slowest = cost(shape)
    for _ in range(steps):
        candidate = mutated(shape, rng)
        seconds = cost(candidate)
        if seconds >= slowest:
            shape, slowest = candidate, seconds
    return slowest, shape


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=400, help="changes tried per climb")
    parser.add_argument("--restarts", type=int, default=4, help="climbs from new blobs")
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    worst_seconds, worst = 0.0, {}
    starts = [shape_of(drawn) for drawn in KNOWN_WORST.values()]
    for restart in range(args.restarts):
        start = starts[restart] if restart < len(starts) else dense_blob(rng)
        seconds, shape = climb(rng, args.steps, start)
        print(f"climb {restart + 1}: {seconds * 1000:.1f} ms of CPU", flush=True)
        if seconds > worst_seconds:
            worst_seconds, worst = seconds, shape
    print(f"slowest valley found: {worst_seconds * 1000:.1f} ms of CPU (Express, Long Way, "
          f"Walking Routes, Suburban Trains)")
    print(picture(worst))


if __name__ == "__main__":
    main()
