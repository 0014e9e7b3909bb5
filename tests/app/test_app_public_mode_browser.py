"""The public mode in headless Chromium, on loopback without a proxy (``--public
http://127.0.0.1:PORT``): devices that never saw a host key make, share and join a table; the
device that made it manages it, a player does not, and a device without the link sees nothing.
The same through a real TLS proxy is issue 35's Caddy test."""

from __future__ import annotations

import re

import pytest

from app_browser import (AppServer, free_port, handle, open_app, reveal, tap, tap_until,
                         wait_text)
from test_app_browser import create_table
from test_app_live_table_browser import refused

NAMES = ("Ann", "Bob", "Cid")


@pytest.fixture(scope="module")
def public_server(tmp_path_factory):
    port = free_port()
    server = AppServer(tmp_path_factory.mktemp("public") / "tables.sqlite3", port,
                       ("--public", f"http://127.0.0.1:{port}"))
    server.start()
    yield server
    server.stop()


def test_devices_without_a_host_key_make_join_and_manage_their_own_table(public_server, phones):
    started = public_server.log.read_text()
    assert f"scorepad app, public: {public_server.url}" in started and "key=" not in started
    ann, bob, stranger = phones(), phones(), phones()

    create_table(ann, public_server.url, NAMES)
    table_id = int(re.search(r"/table/(\d+)/", ann.url).group(1))
    tap_until(ann, "table-invite", "invite-link", r"/join/")
    link = wait_text(ann, "invite-link", rf"^{re.escape(public_server.url)}/join/[\w-]{{16,}}$")
    handle(ann, "invite-renew").wait_for()  # Ann made the table: she manages it
    assert handle(ann, "db-path").count() == 0
    tap(ann, "invite-close")

    open_app(bob, link, as_host=False)
    tap_until(bob, "join-player-1", "player-total", "^Bob:")
    tap_until(bob, "table-invite", "invite-link", r"/join/")
    assert handle(bob, "invite-renew").count() == 0  # a player shares the link, nothing more

    # A device without the link: nothing of the table, at home or at its address.
    open_app(stranger, public_server.url + "/", as_host=False)
    wait_text(stranger, "new-table", "New table")
    assert handle(stranger, f"open-table-{table_id}").count() == 0
    refused(stranger, f"{public_server.url}/table/{table_id}/scorepad", table_id)


def test_a_device_reads_until_when_its_table_is_kept_and_forgets_itself(public_server, phones):
    """Issue 35, item 3: the date a table is kept until, on its scorepad and on home, then My
    data's Forget this device: the table only this phone held is gone, and a reload finds a new
    device that sees nothing of it."""
    ann = phones()
    create_table(ann, public_server.url, NAMES)
    table_id = int(re.search(r"/table/(\d+)/", ann.url).group(1))
    open_app(ann, f"{public_server.url}/table/{table_id}/scorepad", as_host=False)
    reveal(ann, "scorepad-kept-until")
    wait_text(ann, "scorepad-kept-until", r"^Kept on this server until \w+ \d+, \d{4}; download "
              "a backup to keep it longer\\.$")

    open_app(ann, public_server.url + "/", as_host=False)
    wait_text(ann, f"kept-until-{table_id}", r"^kept until \w+ \d+, \d{4}$")
    reveal(ann, "go-my-data")
    tap(ann, "go-my-data")
    reveal(ann, "my-data-forget")
    tap(ann, "my-data-forget")
    wait_text(ann, "forget-warning", r"^1 table only this device holds will be deleted for good")
    tap(ann, "forget-confirm")
    handle(ann, "new-table").wait_for()
    handle(ann, f"open-table-{table_id}").wait_for(state="detached")

    refused(ann, f"{public_server.url}/table/{table_id}/scorepad", table_id)
