"""Finished tables scored again from their drafts, filtered for History, given chart colours; the
finish form's date and time."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace

import pytest

from ui.store.finished import FinishForm, filtered, finished_tables, play_of, player_colours
from ui.games.registry import APP_GAMES
from ui.screens.import_model import import_table
from ui.store.storage import TableStore

ROOT = Path(__file__).resolve().parents[2]
ZONE = timezone(timedelta(hours=1))


@pytest.fixture()
def store(db) -> TableStore:
    store = TableStore(db("t"))
    for day, name in enumerate(("sunflower_valley/first_game_goals.json",
                                "maple_valley/four_players.json",
                                "girasoles/full_table.json"), start=1):
        table_id = import_table((ROOT / "examples" / name).read_text(), store,
                                APP_GAMES).table_id
        if day < 3:
            store.finish(table_id, datetime(2026, 1, day, 20, tzinfo=ZONE), start_player=1)
    return store


def test_only_finished_tables_newest_first_with_the_library_result(store):
    finished = finished_tables(store.list(), APP_GAMES)
    assert [item.play.game for item in finished] == ["maple_valley", "sunflower_valley"]
    maple = finished[0].play
    assert [p.total for p in maple.result.players] == [44, 50, 50, 37]
    assert (maple.start_player, maple.uid) == ("Ben", finished[0].table.uid)
    assert play_of(store.get(3), APP_GAMES) is None  # in progress


def test_history_filters_by_game_and_by_player_in_any_case(store):
    finished = finished_tables(store.list(), APP_GAMES)
    assert [i.play.game for i in filtered(finished, game="sunflower_valley")] == [
        "sunflower_valley"]
    assert [i.play.game for i in filtered(finished, player="  bEN")] == ["maple_valley"]
    assert filtered(finished, game="sunflower_valley", player="Ben") == []


def test_chart_colours_differ_and_keep_a_free_table_colour():
    def table(day: int, *players: tuple[str, str]) -> SimpleNamespace:
        draft = {"players": [{"name": name, "colour": colour} for name, colour in players]}
        return SimpleNamespace(table=SimpleNamespace(draft=draft),
                               play=SimpleNamespace(played=datetime(2026, 1, day)))

    # Ann was blue, then red (her latest); Bob's red is Ann's; Cid keeps blue.
    tables = [table(2, ("ann", "red"), ("Bob", "red"), ("Cid", "blue")),
              table(1, ("Ann", "blue"))]
    assert player_colours(tables) == {"ann": "red", "bob": "green", "cid": "blue"}


def test_the_form_reads_date_and_time_or_says_how_to_write_them():
    form = FinishForm("2026-02-14", "21:05")
    assert form.played().replace(tzinfo=None) == datetime(2026, 2, 14, 21, 5)
    assert form.played().tzinfo is not None
    assert "Time: write it as hours:minutes" in FinishForm("2026-02-14", "9pm").problem()
    assert ("Date: write it as 1/31/2026 or as year-month-day"
            in FinishForm("31/31/2026", "21:05").problem())
    assert "Location: at most 200" in FinishForm("2026-02-14", "21:05", "x" * 201).problem()
