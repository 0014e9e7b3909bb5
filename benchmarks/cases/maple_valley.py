"""Maple Valley benchmark case: a 5-player table read from JSON and scored, storage included."""

from __future__ import annotations

import json

from scorer.files import table_from_json
from scorer.games import score

_STORING = [
    {"name": "Bug Jar", "category": "Gift", "score": 5,
     "bonus": {"kind": "stored_sets", "set": ["Bugs", "Herbs"], "points": 2}},
    {"name": "Honey Favour", "category": "Food", "score": 2,
     "bonus": {"kind": "stored_sets", "set": ["Honey", "Berries"], "points": 3}},
    {"name": "Clay Favour", "category": "Decoration", "score": 3,
     "bonus": {"kind": "stored_sets", "set": ["Clay", "Clay", "Bugs"], "points": 2}},
]
_CATALOGUE = {
    "favours": _STORING + [
        {"name": "Tambourine", "category": "Entertainment", "score": 4,
         "bonus": {"kind": "also_have", "favour": "Fiddle", "points": 2}},
        {"name": "Fiddle", "category": "Entertainment", "score": 7},
    ],
    "friends": [
        {"name": "Chipmunk", "score": 4, "travel": ["Forest"]},
        {"name": "Water Friend", "score": 3, "travel": ["Water"]},
        {"name": "Rock Friend", "score": 2, "travel": ["Rock"]},
    ],
    "patches": [
        {"name": "Water Safety", "score": 3,
         "bonus": {"kind": "per_friend", "travel": "Water", "points": 2}},
        {"name": "Rock Patch", "score": 1,
         "bonus": {"kind": "per_friend", "travel": "Rock", "points": 1}},
        {"name": "Patch A", "score": 2},
        {"name": "Patch B", "score": 0, "bonus": {"kind": "typed", "points": 4}},
    ],
}


def _player(index: int) -> dict:
    return {
        "name": f"Player {index + 1}",
        "favours": ["Bug Jar", "Honey Favour", "Clay Favour", "Bug Jar", "Tambourine", "Fiddle",
                    "Tambourine"][: 4 + index % 4],
        "friends": ["Chipmunk", "Water Friend", "Rock Friend", "Water Friend"][: 1 + index % 4],
        "patches": ["Water Safety", "Rock Patch", "Patch A", "Patch B"][: 1 + index % 4],
        "resources": {"Bugs": 4 + index, "Herbs": 3, "Honey": 2 + index % 3, "Berries": 2,
                      "Clay": 5, "Acorns": index, "Pebbles": 2, "Maps": index % 3},
        "cubes": {"Festivity 1": index % 4, "Festivity 2": 2, "Festivity 3": 3 - index % 3},
    }


FIVE_PLAYERS = json.dumps({"game": "maple_valley", "catalogue": _CATALOGUE,
                           "players": [_player(index) for index in range(5)]})


def score_five_players() -> object:
    return score(table_from_json(FIVE_PLAYERS))


# The slowest storing Favours found by a random search, with a full Pack (228 resources: 22 or
# 23 of each, the most a player can hold in all).
_WORST_SETS = [(["Flowers", "Acorns", "Bugs"], 12), (["Acorns", "Birch"], 1),
               (["Bugs", "Cattails", "Honey"], 8), (["Pebbles"], 3), (["Cattails"], 6),
               (["Birch", "Birch", "Honey"], 12), (["Birch"], 9)]
_FULL = {"name": "Full", "category": "Gift", "score": 1}
WORST_CASE = json.dumps({
    "game": "maple_valley",
    "catalogue": {"favours": [{**_FULL, "name": f"Store {index}",
                               "bonus": {"kind": "stored_sets", "set": needs, "points": points}}
                              for index, (needs, points) in enumerate(_WORST_SETS)]},
    "players": [{"name": f"Player {index + 1}",
                 "favours": [f"Store {number}" for number in range(len(_WORST_SETS))],
                 "resources": {resource: 23 if number < 8 else 22 for number, resource in
                               enumerate(("Acorns", "Berries", "Birch", "Cattails", "Clay",
                                          "Herbs", "Honey", "Bugs", "Flowers", "Pebbles"))}}
                for index in range(5)],
})


CASES = {
    "maple_valley: 5-player table, read and scored": score_five_players,
    "maple_valley: WORST CASE 5 players, full Packs, 7 storing Favours": lambda: score(
        table_from_json(WORST_CASE)),
}
