"""Every limit of a table file, one past it: the message is in the project's words (never the
validation library's), names the place and the limit, and says what the rulebook says where it
says something."""

from __future__ import annotations

import copy
import re

import pytest

from test_table_limits import example, refusal

LIBRARY_WORDING = re.compile(
    r"should have|should be|Input should|String should|Tuple should|List should|"
    r"Dictionary should|validation error|Value error|Assertion failed|Field required|"
    r"Extra inputs|Unable to|unable to|type=|errors\.pydantic|after validation",
)

SUNFLOWER = "sunflower_valley/full_table.json"
GIRASOLES = "girasoles/full_table.json"
MAPLE = "maple_valley/four_players.json"


def more_players(count: int):
    def change(data):
        players = data["players"]
        data["players"] = [dict(copy.deepcopy(players[index % len(players)]), name=f"P{index}")
                           for index in range(count)]
        if data["game"] == "maple_valley":
            for player in data["players"]:
                player.update(resources={}, favours=[], friends=[], patches=[])
    return change


def setting(path: str, value):
    """Set the value at ``path`` (keys and list indexes separated by dots)."""
    def change(data):
        *parents, last = [int(part) if part.isdigit() else part for part in path.split(".")]
        node = data
        for part in parents:
            node = node[part]
        node[last] = value(node[last]) if callable(value) else value
    return change


def maple_card(kind: str, **fields):
    def change(data):
        card = dict(copy.deepcopy(data["catalogue"][kind][0]), **fields)
        data["catalogue"][kind][0] = card
    return change


# Each limit one past it: the file, the change, and what the message must say besides the place.
LIMITS = {
    "Sunflower Valley: 7 players": (SUNFLOWER, more_players(7), "at players: ", [
        "7 players; at most 6", "the box has 6 Starting Towns"]),
    "Sunflower Valley: 1 player": (SUNFLOWER, more_players(1), "at players: ", [
        "1 player; at least 2"]),
    "Sunflower Valley: 31 cards in a valley": (
        SUNFLOWER,
        setting("players.0.valley.cards", lambda cards: cards + [
            {"kind": "lake", "row": 9, "col": col} for col in range(31 - len(cards))]),
        "at players[0] (Ann) > valley > cards: ", ["31 cards: a valley has 19 (at most 30"]),
    "Sunflower Valley: card points 100": (
        SUNFLOWER, setting("players.0.valley.cards.6.points", 100), "cards[6] > points: ",
        ["100; at most 99"]),
    "Sunflower Valley: villagers 100": (
        SUNFLOWER, setting("players.0.valley.cards.6.villagers", 100), "cards[6] > villagers: ",
        ["100; at most 99"]),
    "Sunflower Valley: card points -1": (
        SUNFLOWER, setting("players.0.valley.cards.6.points", -1), "cards[6] > points: ",
        ["-1; at least 0"]),
    "Sunflower Valley: row 1000": (
        SUNFLOWER, setting("players.0.valley.cards.0.row", 1000), "cards[0] > row: ",
        ["1000; at most 999"]),
    "Sunflower Valley: column -1000": (
        SUNFLOWER, setting("players.0.valley.cards.0.col", -1000), "cards[0] > col: ",
        ["-1000; at least -999"]),
    "Sunflower Valley: 31 Express stops": (
        SUNFLOWER, setting("players.0.valley.express_stops", [[0, 0]] * 31),
        "valley > express_stops: ", ["31 stops; at most 30"]),
    "Sunflower Valley: a stop of 3 numbers": (
        SUNFLOWER, setting("players.0.valley.express_stops", [[0, 0, 0]]),
        "express_stops[0]: ",
        ["3 numbers; at most 2 (a place is 2 numbers, [row, column])"]),
    "Sunflower Valley: a name of 41 letters": (
        SUNFLOWER, setting("players.0.name", "x" * 41), "at players[0] (" + "x" * 41 + ") > name: ",
        ["41 letters; at most 40"]),
    "Sunflower Valley: an empty name": (
        SUNFLOWER, setting("players.0.name", ""), "at players[0] () > name: ",
        ["no letters; at least 1"]),
    "Sunflower Valley: 4 goals": (
        SUNFLOWER, setting("goals", lambda goals: goals + ["long_way"]), "at goals: ",
        ["3 goal cards or none, not 4"]),
    "Girasoles: 5 players": (GIRASOLES, more_players(5), "at players: ", [
        "5 players; at most 4", "4 personal boards"]),
    "Girasoles: no player": (GIRASOLES, more_players(0), "at players: ", [
        "no players; at least 1"]),
    "Girasoles: coins 1000": (GIRASOLES, setting("players.1.coins", 1000), "> coins: ",
                              ["1000; at most 999"]),
    "Girasoles: 5 rounds of coins": (
        GIRASOLES, setting("players.0.coins_by_round", [1, 1, 1, 1, 1]), "> coins_by_round: ",
        ["5 rounds; at most 4", "four rounds"]),
    "Girasoles: 1000 coins in a round": (
        GIRASOLES, setting("players.0.coins_by_round.0", 1000), "> coins_by_round[0]: ",
        ["1000; at most 999"]),
    "Girasoles: 11 rows": (GIRASOLES, setting("players.0.board.rows", 11), "> board > rows: ",
                           ["11; at most 10"]),
    "Girasoles: 3 columns": (GIRASOLES, setting("players.0.board.cols", 3), "> board > cols: ",
                             ["3; at least 4"]),
    "Girasoles: objective 0": (GIRASOLES, setting("objectives.2.card", 0),
                               "at objectives[2] > card: ", ["0; at least 1"]),
    "Girasoles: 3 objects": (GIRASOLES, setting("objectives.1.objects", ["bee", "bee", "bee"]),
                             "at objectives[1] > objects: ",
                             ["3 objects; at most 2 (cards 7, 8 and 9 show 2 objects)"]),
    "Maple Valley: 6 players": (MAPLE, more_players(6), "at players: ", [
        "6 players; at most 5", "5 Pack player mats"]),
    "Maple Valley: no player": (MAPLE, more_players(0), "at players: ", [
        "no players; at least 1"]),
    "Maple Valley: a card name of 61 letters": (
        MAPLE, maple_card("friends", name="x" * 61),
        "catalogue > friends[0] (" + "x" * 61 + ") > name: ",
        ["61 letters; at most 60"]),
    "Maple Valley: a reason of 121 letters": (
        MAPLE, maple_card("favours", bonus={"kind": "typed", "points": 1, "reason": "r" * 121}),
        "> bonus > reason: ", ["121 letters; at most 120"]),
    "Maple Valley: a set of 11 resources": (
        MAPLE, maple_card("favours", bonus={"kind": "stored_sets", "set": ["Honey"] * 11,
                                            "points": 1}),
        "> bonus > set: ", ["11 resources; at most 10"]),
    "Maple Valley: 4 travel types": (
        MAPLE, maple_card("friends", travel=["Water", "Rock", "Forest", "Water"]),
        "friends[0] (Chipmunk) > travel: ", ["4 travel types; at most 3"]),
    "Maple Valley: no travel type": (
        MAPLE, maple_card("friends", travel=[]), "friends[0] (Chipmunk) > travel: ",
        ["no travel types; at least 1"]),
    "Maple Valley: a card score of 100": (
        MAPLE, maple_card("friends", score=100), "friends[0] (Chipmunk) > score: ",
        ["100; at most 99"]),
    "Maple Valley: 100 Honey": (MAPLE, setting("players.0.resources.Honey", 100),
                                "> resources: ", ["100 Honey? At most 99"]),
    "Maple Valley: 21 Maps": (MAPLE, setting("players.0.resources.Maps", 21),
                              "> resources: ", ["21 Maps? At most 20"]),
    "Maple Valley: 11 cubes": (MAPLE, setting("players.0.cubes", {"Festivity 1": 11}),
                               "> cubes: ", ["11 cubes on Festivities, but a player owns only 10"]),
    "Maple Valley: 5 Patches": (
        MAPLE, setting("players.0.patches", ["Water Safety", "Patch A", "Water Safety",
                                             "Patch A", "Water Safety"]),
        "> patches: ", ["at most 4 Patches, not 5"]),
    "Maple Valley: 73 Favours in the catalogue": (
        MAPLE, setting("catalogue.favours", lambda favours: favours + [
            dict(favours[2], name=f"F{n}") for n in range(73 - len(favours))]),
        "at catalogue > favours: ", ["73 Favours; at most 72", "72 Favour cards"]),
    "Maple Valley: 4 Festivities": (
        MAPLE, setting("festivities", ["A", "B", "C", "D"]), "at festivities: ",
        ["has 3 Festivities, not 4"]),
}


@pytest.mark.parametrize("case", sorted(LIMITS))
def test_each_limit_one_past_it_is_told_in_the_projects_words(case):
    name, change, place, words = LIMITS[case]
    data = example(name)
    change(data)
    message = refusal(data)
    assert not LIBRARY_WORDING.search(message), message
    assert message.startswith("t.json: ")
    assert place in message, message
    for part in words:
        assert part in message, message


def leaves(node, path=()):
    """Every value of a table with the path to it: numbers, text and lists."""
    if isinstance(node, dict):
        for key, child in node.items():
            yield from leaves(child, path + (key,))
    elif isinstance(node, list):
        yield path, node
        for index, child in enumerate(node):
            yield from leaves(child, path + (index,))
    else:
        yield path, node


def far_past(value):
    """Values far past any limit of the kind of ``value``, and of other kinds."""
    if isinstance(value, bool):
        return [1, "yes", None]
    if isinstance(value, int):
        return [10**9, -10**9, "7", 2.5, [], {}]
    if isinstance(value, str):
        return ["x" * 500, "", 7, ["x"]]
    if isinstance(value, list):
        return [value * 60 if value else ["x"] * 60, "list", {}]
    return []


@pytest.mark.parametrize("name", [SUNFLOWER, GIRASOLES, MAPLE, "maple_valley/solo.json",
                                  "girasoles/rulebook_scoring_example.json"])
def test_every_value_of_every_example_far_past_its_limit_is_told_in_the_projects_words(name):
    """Not one chosen limit: every value of the example, replaced by ones far past any limit
    and of the wrong kind. Each change is either accepted or refused in the project's words."""
    original = example(name)
    tried = 0
    for path, value in list(leaves(original)):
        if path in ((), ("game",)):
            continue
        for replacement in far_past(value):
            data = copy.deepcopy(original)
            node = data
            for part in path[:-1]:
                node = node[part]
            node[path[-1]] = replacement
            try:
                message = refusal(data)
            except pytest.fail.Exception:  # accepted: no limit there
                continue
            tried += 1
            assert not LIBRARY_WORDING.search(message), message
    assert tried > 20  # the walk reached the limits, not only accepted values
