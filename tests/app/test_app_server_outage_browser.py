"""Two phones on one table on PostgreSQL, and the server stops mid-session (issue 34, item 3), in
headless Chromium: the phone that edits says "Not saved" in words and keeps its edit on the
screen, the other phone says "Not saved" too, and a screen it opens meanwhile says in words that
the tables cannot be reached; once the server is back "Not saved" goes by itself, with no tap,
*Try again* opens the screen, and the page loaded again shows the edit. A cluster of the test's own
(tests/postgres_cluster.py), so that the shared one is not stopped."""

from __future__ import annotations

import pytest

from app_browser import AppServer, free_port, open_app, tap_until, wait_text
from postgres_cluster import Cluster, NoPostgres
from test_app_browser import ANN, create_table
from test_app_fan_out_browser import saved
from test_app_hardening_browser import NAMES
from test_app_live_table_browser import invite_link

NOT_SAVED = (r"Not saved: the database server cannot be reached \(database scorepad\): check "
             r"that PostgreSQL runs at that address and lets its user in, then try again; your "
             r"edit is kept on this screen$")


@pytest.fixture()
def postgres_app(tmp_path):
    """(the cluster, the app server on its database ``scorepad``), both stopped after."""
    try:
        cluster = Cluster()
    except NoPostgres as error:
        pytest.fail(str(error), pytrace=False)
    try:
        cluster.admin("CREATE DATABASE scorepad")
        server = AppServer(cluster.address("scorepad"), free_port(), log=tmp_path / "server.log")
        server.start()
        try:
            yield cluster, server
        finally:
            server.stop()
    finally:
        cluster.stop()


def test_an_edit_made_while_the_server_is_down_is_saved_by_itself_when_it_is_back(
        postgres_app, phones):
    cluster, server = postgres_app
    host, bob = phones(), phones()
    create_table(host, server.url, NAMES)
    table_url = host.url
    open_app(bob, invite_link(host), as_host=False)
    tap_until(bob, "join-player-1", "player-total", "^Bob:")
    (first, _), _ = ANN[:2]

    cluster.stop_server()
    tap_until(host, "palette-field", "editor-message", "^Tap a place to lay a Field")
    tap_until(host, f"cell-{first[0]}-{first[1]}", "card-count",
              r"^1 of 18 Valley cards · " + NOT_SAVED)
    wait_text(host, "save-state", "^Not saved$")
    wait_text(bob, "save-state", "^Not saved$")
    open_app(bob, server.url + "/", as_host=False)  # a screen opened meanwhile says so
    wait_text(bob, "store-unreachable", "^The tables cannot be reached just now")

    cluster.start_server()  # no tap on the host's phone from here on
    wait_text(host, "card-count", r"^1 of 18 Valley cards$")
    saved(host)
    tap_until(bob, "unreachable-try-again", "import-table", "^Import a table file")

    open_app(host, table_url)
    wait_text(host, "card-count", r"^1 of 18 Valley cards$")
    assert "Unhandled error" not in server.log.read_text()
    assert "Traceback" not in server.log.read_text()
