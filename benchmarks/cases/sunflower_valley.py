"""Sunflower Valley: a 6-player table with 3 goals, and the worst valley for the route searches."""

from __future__ import annotations

from pathlib import Path

from scorer.files import load_table
from scorer.sunflower_valley import score_table
from scorer.sunflower_valley.goals import GOALS
from scorer.sunflower_valley.layout import Layout
from scorer.sunflower_valley.lines import valley_express
from scorer.sunflower_valley.models import Card, Options, Player, SunflowerValleyTable, Valley

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sunflower_valley" / "full_table.json"

# The slowest layout for the Express and Long Way searches found by a random search over
# 19-card valleys of Railroad and Town cards (18 Valley cards and the Starting Town).
WORST = """
. R R R . .
R T R R T .
R R S R R .
. . T R R R
. . R R . .
"""
# The slowest 30-card valley (the most a valley may hold) of Railroad and Town cards for the
# search of the route best for the player, found by a random search.
WORST_30_ROUTES = """
. . . T R R . .
R R . R T . . T
T T R R R R T R
. . . R R R . .
. T T R S T . .
. T R T R T . .
. . . . T . . .
"""
# The slowest 30-card valley (the most a valley file may hold) found by hill climbing from
# random valleys of Railroad and Town cards: a "flower" around the Starting Town.
WORST_30 = """
. . T R T .
. . R T R R
R R S R T R
T T R T R T
. R R R T .
. . R R . .
. . T R . .
. . T R R .
"""
# The 30-card valley of issue 23 (found by a search for slow inputs): 0.67 s for a 6-player table
# of it and its mirror image before the longest-path search was cut by blocks.
ISSUE_23 = """
. R . . R R .
. R R R T R .
. S R R R . .
. R T R R R T
. T R T R R .
R R R R R R R
"""
# The slowest 30-card valley found by benchmarks/slow_valleys.py once Long Way was cut by blocks
# (600 steps from WORST_30_ROUTES, seed 5): now the Valley Express's route search is its cost.
WORST_CLIMBED = """
. . . . T R . R .
T R R . . T T R .
. T T R R R R T R
. . R T R . R R T
. . . T R S T . .
. . . . T R T . .
"""
# The slowest found once the Express's search was cut by blocks too (300 steps from a random blob,
# seed 31): Long Way is its cost again, about 26 ms of CPU a valley.
WORST_CLIMBED_AGAIN = """
. . . R . . .
. . . T . . .
. . T R R . .
T T R T T . .
T R R T R T R
. . T R T . .
. T R S R . .
. R T R T . .
. R . T . . .
"""
# The slowest found last (700 steps from WORST_CLIMBED_AGAIN, seed 101): about 45 ms of CPU a
# valley, nearly all of it Long Way's proof that no longer chain exists.
WORST_CLIMBED_LAST = """
. . . R . . .
. . . T . . .
. . R R R . .
T R R T T . .
. T R T R R R
. R R R T R .
. T R S R T .
. . T R T . .
. . . T . . .
"""
KINDS = {"R": "railroad", "T": "town", "S": "starting_town"}
KNOWN_WORST = {"climbed last": WORST_CLIMBED_LAST, "climbed again": WORST_CLIMBED_AGAIN, "climbed": WORST_CLIMBED, "issue 23": ISSUE_23, "30 cards": WORST_30,
               "30 cards, routes": WORST_30_ROUTES}
"""The slowest valleys known, where benchmarks/slow_valleys.py starts climbing."""


def worst_valley(picture: str = WORST, shift: int = 0) -> Valley:
    """The valley of ``picture``, moved ``shift`` columns right: the same shape and searches, but
    another valley (the library keeps a valley's own scoring by the valley, so a table of six
    equal valleys would search once; a worst case gives each player their own)."""
    cards = []
    for row, letters in enumerate(picture.strip().splitlines()):
        for col, letter in enumerate(letters.split()):
            if letter in KINDS:
                town = {"combination": ["lake"], "points": 1} if letter == "T" else {}
                cards.append(Card(kind=KINDS[letter], row=row, col=col + shift, **town))
    return Valley(cards=tuple(cards))


def six_player_table() -> SunflowerValleyTable:
    four = load_table(EXAMPLE)
    players = list(four.players) + [
        player.model_copy(update={"name": player.name + " 2"}) for player in four.players[:2]
    ]
    return SunflowerValleyTable(
        goals=("long_way", "suburban_trains", "satellite_towns"), players=tuple(players)
    )


TABLE = six_player_table()
WORST_VALLEY = worst_valley()
WORST_TABLE = SunflowerValleyTable(
    goals=("long_way", "walking_routes", "suburban_trains"),
    players=(Player(name="A", valley=WORST_VALLEY), Player(name="B", valley=worst_valley(shift=1))),
)
WORST_30_ROUTES_TABLE = SunflowerValleyTable(
    goals=("long_way", "walking_routes", "suburban_trains"),
    players=tuple(Player(name=name, valley=worst_valley(WORST_30_ROUTES, seat))
                  for seat, name in enumerate("ABCDEF")),
)


WORST_30_VALLEY = worst_valley(WORST_30)
WORST_30_TABLE = SunflowerValleyTable(
    goals=("long_way", "walking_routes", "suburban_trains"),
    players=tuple(Player(name=name, valley=worst_valley(WORST_30, seat))
                  for seat, name in enumerate("ABCDEF")),
)


def mirrored(picture: str) -> str:
    return "\n".join(" ".join(reversed(row.split())) for row in picture.strip().splitlines())


ISSUE_23_TABLE = SunflowerValleyTable(
    goals=("long_way", "walking_routes", "suburban_trains"),
    players=tuple(Player(name=name, valley=worst_valley(mirrored(ISSUE_23) if i % 2 else ISSUE_23,
                                                        i // 2))
                  for i, name in enumerate("ABCDEF")),
)


def six_of(picture: str) -> SunflowerValleyTable:
    return SunflowerValleyTable(
        goals=("long_way", "walking_routes", "suburban_trains"),
        players=tuple(Player(name=name, valley=worst_valley(picture, seat))
                      for seat, name in enumerate("ABCDEF")),
    )


WORST_CLIMBED_TABLE = six_of(WORST_CLIMBED)
WORST_CLIMBED_AGAIN_TABLE = six_of(WORST_CLIMBED_AGAIN)
WORST_CLIMBED_LAST_TABLE = six_of(WORST_CLIMBED_LAST)


def express_and_long_way(valley: Valley) -> None:
    layout = Layout(valley, Options())
    valley_express(layout)
    GOALS["long_way"].rule(layout)


CASES = {
    "sunflower_valley: 6-player table, 3 goals": lambda: score_table(TABLE),
    "sunflower_valley: worst valley, Express + Long Way": lambda: express_and_long_way(
        WORST_VALLEY),
    "sunflower_valley: worst valley, whole 2-player table": lambda: score_table(WORST_TABLE),
    "sunflower_valley: worst 30-card valley, Express + Long Way": lambda: express_and_long_way(
        WORST_30_VALLEY),
    "sunflower_valley: WORST CASE 6 players, worst 30-card valleys": lambda: score_table(
        WORST_30_TABLE),
    "sunflower_valley: 6 players, the 30-card valley slowest for the route search": lambda:
        score_table(WORST_30_ROUTES_TABLE),
    "sunflower_valley: WORST CASE 6 players, issue 23's valley and its mirror": lambda:
        score_table(ISSUE_23_TABLE),
    "sunflower_valley: WORST CASE 6 players, the slowest valley the hill climb found": lambda:
        score_table(WORST_CLIMBED_TABLE),
    "sunflower_valley: WORST CASE 6 players, the slowest found after the Express was cut": lambda:
        score_table(WORST_CLIMBED_AGAIN_TABLE),
    "sunflower_valley: WORST CASE 6 players, the slowest valley found last": lambda:
        score_table(WORST_CLIMBED_LAST_TABLE),
}
