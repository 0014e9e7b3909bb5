"""A player's storage (the HiGHS search) is kept by their own Favours, pack and maps: scoring the
table again searches none again, and the kept storage is the one a fresh search finds."""

from __future__ import annotations

from pathlib import Path

from scorer.files import load_table
from scorer.games import score
from scorer.maple_valley.storage import _kept_storage, best_storage, kept_storage

EXAMPLE = (Path(__file__).resolve().parents[2] / "examples" / "maple_valley"
           / "rulebook_final_scoring.json")


def test_scoring_again_searches_no_storage_again():
    table = load_table(EXAMPLE)
    _kept_storage.cache_clear()
    first = score(table)
    searched = _kept_storage.cache_info().misses
    assert searched == len(table.players)
    assert score(table) == first
    assert _kept_storage.cache_info().misses == searched


def test_the_kept_storage_is_what_a_fresh_search_finds():
    table = load_table(EXAMPLE)
    for player in table.players:
        favours = table.favours_of(player)
        assert kept_storage(favours, player.pack, player.maps) == best_storage(
            favours, player.pack, player.maps)
