"""Maple Valley benchmark case: a 5-player table read from JSON and scored, storage included."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

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


# The slowest storage found by a hill climb: 71 storing Favours over a full Pack (228 resources,
# the most the box holds), all with one player.
WORST_STORAGE = (Path(__file__).with_name("maple_valley_worst_storage.json")).read_text()


def _shared_box() -> str:
    """The same Favours and resources dealt out to 5 players: 14 or 15 Favours and 45 or 46
    resources each (the box holds no more for the whole table)."""
    table = json.loads(WORST_STORAGE)
    worst = table["players"][0]
    resources = [name for name, count in worst["resources"].items() for _ in range(count)]
    table["players"] = [
        {"name": f"Player {seat + 1}", "favours": worst["favours"][seat::5],
         "resources": dict(Counter(resources[seat::5]))}
        for seat in range(5)
    ]
    return json.dumps(table)


SHARED_BOX = _shared_box()

CASES = {
    "maple_valley: 5-player table, read and scored": score_five_players,
    "maple_valley: WORST CASE 71 storing Favours, one full Pack": lambda: score(
        table_from_json(WORST_STORAGE)),
    "maple_valley: WORST CASE the same dealt to 5 players": lambda: score(
        table_from_json(SHARED_BOX)),
}
