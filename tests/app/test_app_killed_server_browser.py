"""A server killed mid-game (``kill -9``: a crash, the power cut on the café's mini-PC, an OOM
kill) and started again (issue "many tables, many processes", faults): every edit a phone saw
acknowledged is still there, and the phones come back to their screen by themselves, without a
reload, and go on editing.

An edit is acknowledged when its phone shows it without "Saving…": the app takes that mark off
only once the edit is committed to the database (``ui/live/session.py``'s writer), so a kill a
moment later cannot lose it. What a killed process held only in memory (who is on which board,
an edit still "Saving…") may be lost; the tables may not."""

from __future__ import annotations

import re
import signal

from app_browser import open_app, tap_until, wait_text
from test_app_browser import ANN, create_table
from test_app_live_table_browser import invite_link, stored_draft

NAMES = ("Ann", "Bob", "Cid")


def placed(app_server, table_id: int, player: int) -> set[tuple[int, int]]:
    return {(card["row"], card["col"])
            for card in stored_draft(app_server, table_id)["players"][player]["cards"]}


def test_a_server_killed_mid_game_loses_no_acknowledged_edit_and_its_phones_come_back(
        app_server, phones):
    host, bob = phones(), phones()
    create_table(host, app_server.url, NAMES)
    table_id = int(re.search(r"/table/(\d+)/", host.url).group(1))
    open_app(bob, invite_link(host), as_host=False)
    wait_text(bob, "join-player-0", "Ann")
    tap_until(bob, "join-player-1", "player-total", "^Bob:")
    (first, _), (second, _), (third, _) = ANN[:3]
    starting = placed(app_server, table_id, 0)  # Ann's starting town

    tap_until(host, "palette-field", "editor-message", "^Tap a place to lay a Field")
    tap_until(host, f"cell-{first[0]}-{first[1]}", "card-count", r"^1 of 18 Valley cards$")
    tap_until(host, f"cell-{second[0]}-{second[1]}", "card-count", r"^2 of 18 Valley cards$")
    wait_text(bob, "tab-player-0", r"\b2/18\b")  # Bob's phone saw them come, on Ann's tab

    app_server.process.send_signal(signal.SIGKILL)
    app_server.process.wait(timeout=20)
    assert placed(app_server, table_id, 0) == starting | {first, second}
    app_server.start()  # the same port, as a supervisor (systemd's Restart=) would

    # Both phones reconnect by themselves to the screen they were on, from the database.
    wait_text(host, "card-count", r"^2 of 18 Valley cards$")
    wait_text(bob, "tab-player-0", r"\b2/18\b")
    tap_until(host, "palette-field", "editor-message", "^Tap a place to lay a Field")
    tap_until(host, f"cell-{third[0]}-{third[1]}", "card-count", r"^3 of 18 Valley cards$")
    wait_text(bob, "tab-player-0", r"\b3/18\b")  # live again, across the restart
    assert placed(app_server, table_id, 0) == starting | {first, second, third}
    log = app_server.log.read_text()
    assert "Traceback" not in log and "Unhandled error" not in log
