"""The shared table's edges in headless Chromium (issue 19), each device a browser context on
loopback: Back after the host key, a revoked device and its old link, a join page left open across
*New code*, a host device removed, closed tabs leaving no traceback in the server's log, and a
database made read-only mid-session."""

from __future__ import annotations

import re
import sqlite3

from app_browser import (HOLDS_TEXT, HOST_KEYS, PHONE, handle, open_app, tap, tap_until,
                         text_of, type_into, wait_text)
from read_only_files import read_only
from test_app_browser import ANN, create_table
from test_app_live_table_browser import invite_link, refused, stored_draft

NAMES = ("Ann", "Bob", "Cid")


def identifiers(page, prefix: str) -> list[str]:
    return page.evaluate("""(prefix) => [...document.querySelectorAll(
        '[flt-semantics-identifier]')].map(n => n.getAttribute('flt-semantics-identifier'))
        .filter(id => id.startsWith(prefix))""", prefix)


def shared_table(app_server, host) -> tuple[int, str]:
    """A new table made on the host's page: its id and its join link."""
    create_table(host, app_server.url, NAMES)
    return int(re.search(r"/table/(\d+)/", host.url).group(1)), invite_link(host)


def test_back_after_the_host_key_never_returns_to_it(app_server, phones):
    host = phones()
    host.goto("about:blank")
    open_app(host, app_server.url + "/")  # the printed address, with ?key=
    wait_text(host, "db-path", "Tables are saved as you go")  # the host's home
    assert host.url == app_server.url + "/"
    assert HOST_KEYS[app_server.url] not in host.url
    host.go_back()
    assert host.url == "about:blank"
    assert host.evaluate("history.length") == 2  # about:blank and the app, never the key
    # The host stays the host after a reload, with no key anywhere.
    open_app(host, app_server.url + "/", as_host=False)
    wait_text(host, "db-path", "Tables are saved as you go")


def test_a_revoked_device_cannot_come_back_with_the_link_it_used(app_server, phones):
    host, bob = phones(), phones()
    table_id, link = shared_table(app_server, host)
    open_app(bob, link, as_host=False)
    tap_until(bob, "join-player-1", "player-total", "^Bob:")

    tap_until(host, "table-invite", "invite-link", r"/join/")
    [bob_row] = [row for row in identifiers(host, "device-")
                 if "Bob" in text_of(host, row)]
    tap(host, bob_row.replace("device-", "revoke-"))
    handle(host, bob_row).wait_for(state="detached", timeout=60_000)
    assert link not in text_of(host, "invite-link")  # revoking renewed the code
    wait_text(bob, "new-table", "New table")  # sent home

    open_app(bob, link, as_host=False)
    wait_text(bob, "join-invalid", "not valid any more")
    assert handle(bob, "join-player-1").count() == 0
    refused(bob, f"{app_server.url}/table/{table_id}/valley/1", table_id)


def test_a_join_page_left_open_across_a_new_code_does_not_join(app_server, phones):
    host, cid = phones(), phones()
    table_id, link = shared_table(app_server, host)
    open_app(cid, link, as_host=False)
    wait_text(cid, "join-player-2", "Cid")  # the old QR code's page, left open

    tap_until(host, "table-invite", "invite-link", r"/join/")
    tap_until(host, "invite-renew", "invite-link", r"/join/(?!" + link.rsplit("/", 1)[1] + ")")

    tap_until(cid, "join-player-2", "join-invalid", "not valid any more")
    assert handle(cid, "player-total").count() == 0
    refused(cid, f"{app_server.url}/table/{table_id}/scorepad", table_id)


def test_the_host_sees_and_removes_another_host_device(app_server, phones):
    host, tablet = phones(), phones()
    open_app(tablet, app_server.url + "/")
    wait_text(tablet, "db-path", "Tables are saved as you go")
    open_app(host, app_server.url + "/")
    wait_text(host, "db-path", "Tables are saved as you go")
    [own] = [row for row in identifiers(host, "host-") if "this device" in text_of(host, row)]
    removable = identifiers(host, "remove-host-")
    assert own.replace("host-", "remove-host-") not in removable
    tablet_row = [row for row in identifiers(tablet, "host-")
                  if "this device" in text_of(tablet, row)][0]
    tap(host, tablet_row.replace("host-", "remove-host-"))
    handle(host, tablet_row).wait_for(state="detached", timeout=60_000)

    # The tablet's next screen is drawn without the host's things (a reload of the same address
    # would only resume the screen already drawn).
    open_app(tablet, app_server.url + "/backup", as_host=False)
    open_app(tablet, app_server.url + "/", as_host=False)
    wait_text(tablet, "new-table", "New table")
    assert handle(tablet, "db-path").count() == 0


def test_closed_tabs_leave_no_traceback_in_the_log(app_server, browser):
    """Tabs closed while loading, while drawing and once drawn (a short load run made dozens
    of tracebacks)."""
    for wait in (0, 300, 1000, 2500, None):
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        if wait is None:
            open_app(page, app_server.url + "/", as_host=False)
        else:
            page.goto(app_server.url + "/")
            page.wait_for_timeout(wait)  # closing at chosen moments of the load is the test
        context.close()
    # The server has seen every close once a new tab is served after them.
    with browser.new_context(viewport=PHONE) as context:
        page = context.new_page()
        open_app(page, app_server.url + "/", as_host=False)
        wait_text(page, "new-table", "New table")
    log = app_server.log.read_text()
    assert "Traceback" not in log and "Exception in ASGI" not in log, log


def test_a_database_made_read_only_mid_session_is_told_and_the_edit_kept(app_server, phones):
    host = phones()
    create_table(host, app_server.url, NAMES)
    table_id = int(re.search(r"/table/(\d+)/", host.url).group(1))
    (first, _), (second, _) = ANN[:2]
    before = stored_draft(app_server, table_id)["players"][0]["cards"]  # the starting town
    beside = [app_server.db.with_name(app_server.db.name + end) for end in ("-wal", "-shm")]
    with read_only(app_server.db, *beside, app_server.db.parent):
        tap_until(host, "palette-field", "editor-message", "^Tap a place to lay a Field")
        tap_until(host, f"cell-{first[0]}-{first[1]}", "card-count",
                  r"^1 of 18 Valley cards · Not saved: the file cannot be written \(file "
                  r"tables\.sqlite3\): check that you may write there, or choose another "
                  r"place; your edit is kept on this screen$")
        assert stored_draft(app_server, table_id)["players"][0]["cards"] == before
    tap_until(host, f"cell-{second[0]}-{second[1]}", "card-count", r"^2 of 18 Valley cards$")
    cards = stored_draft(app_server, table_id)["players"][0]["cards"]
    assert sorted((card["row"], card["col"]) for card in cards) == sorted(
        [(card["row"], card["col"]) for card in before] + [first, second])
    assert "Unhandled error" not in app_server.log.read_text()


def holds(page, identifier: str, text: str) -> None:
    """The text field holds ``text`` (a field shows its text in the page only when focused)."""
    tap(page, identifier)
    page.wait_for_function(HOLDS_TEXT, arg=text, timeout=60_000)


def finished(app_server, table_id: int) -> str | None:
    with sqlite3.connect(f"{app_server.db.as_uri()}?mode=ro", uri=True) as connection:
        return connection.execute("SELECT finished FROM tables WHERE id = ?",
                                  (table_id,)).fetchone()[0]


def test_finish_and_a_new_table_on_a_read_only_database_say_not_saved_never_crash(
        app_server, phones):
    """Actions other than edits (issue 19): each is told on the device in words, the form keeps
    what was typed, and Flet's "session crashed" page never comes."""
    host, tablet = phones(), phones()
    create_table(host, app_server.url, NAMES)
    table_id = int(re.search(r"/table/(\d+)/", host.url).group(1))
    open_app(host, f"{app_server.url}/table/{table_id}/finish")
    type_into(host, "finish-note", "Rain all evening")
    refused = (r"^Not saved: the file cannot be written \(file " + re.escape(str(app_server.db))
               + r"\): check that you may write there, or choose another place; nothing "
               r"changed; what you entered stays here, to try again\.$")
    beside = [app_server.db.with_name(app_server.db.name + end) for end in ("-wal", "-shm")]
    with read_only(app_server.db, *beside, app_server.db.parent):
        tap_until(host, "finish-save", "finish-error", refused)
        holds(host, "finish-note", "Rain all evening")
        assert finished(app_server, table_id) is None

        tap(host, "finish-back")
        wait_text(host, "tab-scorepad", "Scorepad")  # the table still opens and works
        open_app(host, app_server.url + "/new", as_host=False)
        for index, name in enumerate(("Dee", "Eve")):
            type_into(host, f"player-name-{index}", name)
        tap_until(host, "start-table", "new-table-error", refused)
        holds(host, "player-name-1", "Eve")  # the form as it was typed

        # A new device with the host key: the file cannot remember it as the host's.
        open_app(tablet, app_server.url + "/")
        tablet.get_by_text(re.compile(r"^Not saved: the file cannot be written \(file "
                                      r"tables\.sqlite3\)")).first.wait_for(timeout=60_000)
        wait_text(tablet, "new-table", "New table")

    open_app(host, f"{app_server.url}/table/{table_id}/finish", as_host=False)
    type_into(host, "finish-note", "Rain all evening")
    tap_until(host, "finish-save", "finish-title", "Finished game")
    assert finished(app_server, table_id) is not None
    log = app_server.log.read_text()
    assert "Unhandled error" not in log and "Traceback" not in log, log
