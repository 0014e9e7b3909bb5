"""One table on two server processes (issue 34, item 2), in headless Chromium: two
``scorepad app --db postgresql://…`` started apart, each on its own port, as on two computers
sharing one database; then the two workers of one ``scorepad app --workers 2``, each tablet kept
on its own by Caddy. The host's tablet is on the first, Bob's on the second; both edit Ann's
valley and Bob's, each sees the other's edits come by themselves, and both screens end showing the
same totals, equal to the library's score of what the database holds."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path

import psycopg
import pytest

from app_browser import (HOST_KEYS, TABLET_TALL, AppServer, devices, free_port, open_app,
                         tap_until, wait_text)
from scorer.games import score
from test_app_browser import create_table
from test_app_fan_out_browser import saved
from test_app_live_table_browser import invite_link
from test_app_workers import children_of, started_workers
from test_app_workers_browser import worker_of
from ui.games.registry import APP_GAMES
from ui.web.workers import STICKY_COOKIE

NAMES = ("Ann", "Bob", "Cid")


@pytest.fixture()
def two_processes(postgres_cluster, tmp_path):
    """Two app servers on one new database, each on its own port, started one after the other."""
    address = postgres_cluster.new_database()
    first = AppServer(address, free_port(), log=tmp_path / "first.log")
    second = AppServer(address, free_port(), log=tmp_path / "second.log")
    first.start()
    second.start()
    try:
        yield first, second, address
    finally:
        first.stop()
        second.stop()
        postgres_cluster.drop_database(address)


@pytest.fixture()
def tablets(browser):
    with devices(browser, TABLET_TALL) as new_page:
        yield new_page


def stored(address: str, table_id: int) -> dict:
    with psycopg.connect(address) as connection:
        (draft,) = connection.execute("SELECT draft FROM tables WHERE id = %s",
                                      (table_id,)).fetchone()
    return json.loads(draft)


def lay(page, kind: str, cell: tuple[int, int], count: str) -> None:
    """Choose ``kind`` on the palette and lay it at ``cell``; wait for the valley's new count."""
    tap_until(page, f"palette-{kind}", "editor-message", f"^Tap a place to lay a {kind.title()}")
    tap_until(page, f"cell-{cell[0]}-{cell[1]}", "card-count", f"^{count} of 18 Valley cards$")


def test_two_processes_started_apart_show_one_table_to_the_phones_of_both(two_processes,
                                                                          tablets):
    first, second, address = two_processes
    host, bob = tablets(), tablets()
    create_table(host, first.url, NAMES)
    table_id = int(re.search(r"/table/(\d+)/", host.url).group(1))
    # The invitation names the first process; the second knows the same code from the database.
    link = invite_link(host).replace(first.url, second.url)
    open_app(bob, link, as_host=False)
    wait_text(bob, "join-player-0", "Ann")
    tap_until(bob, "join-player-1", "player-total", "^Bob:")
    edit_on_both_and_compare(host, bob, address, table_id)
    for server in (first, second):
        log = server.log.read_text()
        assert "Traceback" not in log and "Unhandled error" not in log


def test_two_phones_on_the_two_workers_of_one_server_edit_one_table(postgres_cluster, tmp_path,
                                                                    tablets):
    """``scorepad app --workers 2``: each tablet kept on its own worker by Caddy's cookie (set
    as Caddy makes it: an HMAC-SHA256 of the worker's address), the same edits as above."""
    with started_workers(postgres_cluster, tmp_path) as (server, port, log):
        url = f"http://127.0.0.1:{port}"
        HOST_KEYS[url] = re.search(r"/\?key=([\w-]+)", log.read_text()).group(1)
        ports = {marker.split("/")[0]: marker.rsplit(":", 1)[1]
                 for marker in children_of(server.pid).values() if marker}
        address = next(argument for argument in
                       Path(f"/proc/{server.pid}/cmdline").read_bytes().decode().split("\0")
                       if argument.startswith("postgresql://"))
        host, bob = tablets(), tablets()
        for page, worker in ((host, "1"), (bob, "2")):
            page.context.add_cookies([{"name": STICKY_COOKIE, "url": url, "value": hmac.new(
                b"", f"127.0.0.1:{ports[worker]}".encode(), hashlib.sha256).hexdigest()}])
        create_table(host, url, NAMES)
        table_id = int(re.search(r"/table/(\d+)/", host.url).group(1))
        open_app(bob, invite_link(host), as_host=False)
        wait_text(bob, "join-player-0", "Ann")
        tap_until(bob, "join-player-1", "player-total", "^Bob:")
        assert (worker_of(host), worker_of(bob)) == ("1", "2")
        edit_on_both_and_compare(host, bob, address, table_id)
        assert (worker_of(host), worker_of(bob)) == ("1", "2")  # neither moved meanwhile
        said = log.read_text()
        assert "Traceback" not in said and "Unhandled error" not in said


def edit_on_both_and_compare(host, bob, address: str, table_id: int) -> None:
    """The host's tablet and Bob's (each on its own process) lay cards on Ann's valley and on
    Bob's, each seeing the other's edits come by themselves; both end showing the totals the
    library scores from what the database holds."""
    lay(host, "field", (0, 1), "1")  # on the first process: Ann's valley
    lay(host, "field", (0, 2), "2")
    wait_text(bob, "tab-player-0", r"\b2/18\b")  # on the second, by itself
    lay(bob, "field", (0, 1), "1")  # Bob's own valley
    wait_text(host, "tab-player-1", r"\b1/18\b")

    # Each on the other's valley.
    tap_until(bob, "tab-player-0", "player-total", "^Ann:")
    wait_text(bob, "card-count", "^2 of 18 Valley cards$")
    lay(bob, "sheep", (1, 0), "3")
    wait_text(host, "card-count", "^3 of 18 Valley cards$")
    tap_until(host, "tab-player-1", "player-total", "^Bob:")
    wait_text(host, "card-count", "^1 of 18 Valley cards$")
    lay(host, "sheep", (1, 0), "2")
    wait_text(bob, "tab-player-1", r"\b2/18\b")

    for page in (host, bob):
        saved(page)
    draft = stored(address, table_id)
    laid = [{(card["row"], card["col"]): card["kind"] for card in player["cards"]}
            for player in draft["players"]]
    assert laid[0] == {(0, 0): "starting_town", (0, 1): "field", (0, 2): "field",
                       (1, 0): "sheep"}
    assert laid[1] == {(0, 0): "starting_town", (0, 1): "field", (1, 0): "sheep"}
    totals = [str(player.total) for player in
              score(APP_GAMES["sunflower_valley"].check(draft).table).players]
    for page in (host, bob):  # both screens end the same, and equal to the library's
        for index, total in enumerate(totals):
            wait_text(page, f"total-{index}", f"^{total}$")
