"""A player's storage (the HiGHS search) is kept by their own Favours, pack and maps, and their
own lines by their cards, resources and the table's options: scoring the table again searches
none again and makes no player's lines again, and what is kept is what a fresh search and fresh
lines are."""

from __future__ import annotations

from pathlib import Path

from scorer.files import load_table
from scorer.games import score
from scorer.maple_valley.scoring import own_lines, player_own_lines
from scorer.maple_valley.storage import _kept_storage, best_storage, kept_storage

EXAMPLE = (Path(__file__).resolve().parents[2] / "examples" / "maple_valley"
           / "rulebook_final_scoring.json")


def test_scoring_again_searches_no_storage_again():
    table = load_table(EXAMPLE)
    _kept_storage.cache_clear()
    own_lines.cache_clear()
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


def test_an_edit_of_one_player_makes_only_their_lines_again_and_kept_lines_are_fresh_ones():
    table = load_table(EXAMPLE)
    own_lines.cache_clear()
    score(table)
    made = own_lines.cache_info().misses
    red = table.players[0]
    edited = table.model_copy(update={"players": (
        red.model_copy(update={"resources": {**red.resources, "Acorns": 4}}),
        *table.players[1:])})
    score(edited)
    assert own_lines.cache_info().misses == made + 1
    assert player_own_lines(edited, edited.players[0]) != player_own_lines(table, table.players[0])
    for player in edited.players:
        kept = player_own_lines(edited, player)
        fresh = own_lines.__wrapped__(
            edited.favours_of(player), edited.friends_of(player), edited.patches_of(player),
            tuple(sorted(player.pack.items())), player.maps, edited.options)
        assert kept == (list(fresh[0]), list(fresh[1]))
