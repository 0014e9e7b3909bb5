"""The BG Stats "create play" link decodes to exactly the documented fields, filled with the
library's totals, winners and ranks (a shared win included)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from plays_fixture import TIE

from scorer.bgstats import bgstats_link
from scorer.files import load_table
from scorer.games import score
from scorer.plays import Play

ROOT = Path(__file__).resolve().parents[2]


def decoded(link: str) -> dict:
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com",
                                                       "/createPlay.html")
    query = parse_qs(parts.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1
    return json.loads(query["data"][0])


def test_the_link_holds_exactly_the_documented_fields_and_tied_winners():
    data = decoded(bgstats_link(TIE))
    assert data == {
        "sourceName": "scorepad",
        "sourcePlayId": "p2",
        "playDate": "2026-01-02 20:30:00",
        "location": "Café Zoë",
        "comments": "rematch tomorrow",
        "game": {"name": "Sunflower Valley", "highestWins": True,
                 "sourceGameId": "sunflower_valley"},
        "players": [
            {"name": "ann", "score": 12, "winner": True, "rank": 1, "startPlayer": False,
             "sourcePlayerId": "ann"},
            {"name": "Bob", "score": 12, "winner": True, "rank": 1, "startPlayer": True,
             "sourcePlayerId": "bob"},
        ],
    }


def test_a_table_scored_by_the_library_gives_its_totals_ranks_and_shared_win():
    # Maple Valley, four players: Ann 44, Ben and Cat share the win on 50, Dan 37.
    table = load_table(ROOT / "examples" / "maple_valley" / "four_players.json")
    play = Play(uid="u-1", played=datetime(2026, 3, 7, 9, 5, 1), result=score(table))
    players = decoded(bgstats_link(play))["players"]
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in players] == [
        ("Ann", 44, 3, False, False), ("Ben", 50, 1, True, False),
        ("Cat", 50, 1, True, False), ("Dan", 37, 4, False, False),
    ]
    assert decoded(bgstats_link(play))["playDate"] == "2026-03-07 09:05:01"
