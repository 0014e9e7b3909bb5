"""A finished game as a BG Stats "create play" link: the app most board-gamers log their plays in
opens it (on a phone, in the BG Stats app) with the play filled in.

The fields are the ones BG Stats documents for ``createPlay.html?data=<url-encoded JSON>``;
totals, winners and ranks are the library's (tied winners are all winners).
"""

from __future__ import annotations

import json
from urllib.parse import quote

from scorer.core.players import name_key
from scorer.games import GAMES
from scorer.plays import Play

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "scorepad"


def bgstats_play(play: Play) -> dict:
    result = play.result
    start = name_key(play.start_player) if play.start_player else None
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.uid,
        "playDate": play.played.strftime("%Y-%m-%d %H:%M:%S"),
        "location": play.location,
        "comments": play.note,
        "game": {
            "name": GAMES[result.game].title,
            "highestWins": True,
            "sourceGameId": result.game,
        },
        "players": [
            {
                "name": player.name,
                "score": player.total,
                "winner": player.name in result.winners,
                "rank": player.rank,
                "startPlayer": name_key(player.name) == start,
                "sourcePlayerId": name_key(player.name),
            }
            for player in result.players
        ],
    }


def bgstats_link(play: Play) -> str:
    data = json.dumps(bgstats_play(play), ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY}?data={quote(data, safe='')}"
