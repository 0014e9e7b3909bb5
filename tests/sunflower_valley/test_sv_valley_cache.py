"""Scoring a table again after one valley changed searches that valley only: each valley's own
scoring is kept by the valley (a frozen model), and the kept scoring gives the same result."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.games import parse_table, score
from scorer.sunflower_valley.scoring import valley_part

FULL_TABLE = Path(__file__).resolve().parents[2] / "examples" / "sunflower_valley" / "full_table.json"


def table_with_a_town_redescribed():
    """The full table, and the same table with the first player's first Town worth 1 more."""
    data = json.loads(FULL_TABLE.read_text(encoding="utf-8"))
    table = parse_table(data)
    town = next(card for card in data["players"][0]["valley"]["cards"] if card["kind"] == "town")
    town["points"] += 1
    return table, parse_table(data)


def test_one_valley_changed_is_the_only_valley_scored_again():
    table, changed = table_with_a_town_redescribed()
    valley_part.cache_clear()
    score(table)
    assert valley_part.cache_info().misses == len(table.players)
    score(changed)
    assert valley_part.cache_info().misses == len(table.players) + 1


def test_kept_valley_scoring_gives_the_result_of_a_fresh_one():
    table, changed = table_with_a_town_redescribed()
    score(table)
    kept = score(changed)
    valley_part.cache_clear()
    assert kept == score(changed)
    before = {p.name: p.total for p in score(table).players}
    after = {p.name: p.total for p in kept.players}
    first = table.players[0].name
    # Ann's Town at (1, 1) has its combination (a Sheep and a Lake beside it): it scores its
    # points, now one more.
    assert after[first] == before[first] + 1
    assert {name: total for name, total in after.items() if name != first} == {
        name: total for name, total in before.items() if name != first}
