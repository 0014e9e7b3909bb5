"""A live table in headless Chromium, every device a browser context on loopback: the host makes a
table, two players join through the link read from its Invite view and enter their own valleys at
the same time; a device with no grant is refused whatever URL it types; a revoked device loses the
table; a renewed code ends the old link."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from app_browser import TABLET_TALL, devices, handle, open_app, tap, tap_until, wait_text
from scorer.games import score
from scorer.sunflower_valley.models import Kind
from test_app_browser import ANN, create_table
from ui.games.registry import APP_GAMES

NAMES = ("Ann", "Bob", "Cid")
CELLS = [cell for cell, _ in ANN]
"""18 places, each beside one laid before it."""
KINDS = {1: ["field", "sheep", "lake"], 2: ["mountain", "railroad", "field"]}
"""The kinds each joined player lays, in turn (Bob and Cid lay different valleys)."""
RELAID = 5
"""The last cards each player removes and lays again, as another kind."""


def laid_kind(player: int, number: int, relaid: bool = False) -> str:
    kinds = KINDS[player]
    return kinds[(number + (1 if relaid else 0)) % len(kinds)]


def entry_steps(page, player: int):
    """One player's taps, one step at a time: each card's kind then its place (36 taps), then
    the last cards selected, removed, and laid again as another kind (20 taps)."""

    def choose(kind: str):
        return lambda: tap_until(page, f"palette-{kind}", "editor-message",
                                 "^" + re.escape(f"Tap a place to lay a {Kind(kind).label}."))

    def lay(cell, count: int):
        return lambda: tap_until(page, f"cell-{cell[0]}-{cell[1]}", "card-count",
                                 rf"^{count} of 18 Valley cards")

    for number, cell in enumerate(CELLS):
        yield choose(laid_kind(player, number))
        yield lay(cell, number + 1)
    for number in range(len(CELLS) - RELAID, len(CELLS)):
        cell = CELLS[number]
        yield lambda cell=cell: tap_until(page, f"cell-{cell[0]}-{cell[1]}", "editor-message",
                                          r" at row -?\d+, column -?\d+\.$")
        yield lambda: tap_until(page, "selected-remove", "card-count", r"^17 of 18 Valley cards")
        yield choose(laid_kind(player, number, relaid=True))
        yield lay(cell, 18)


def expected_valley(player: int) -> dict[tuple[int, int], str]:
    valley = {(0, 0): "starting_town"}
    for number, cell in enumerate(CELLS):
        valley[cell] = laid_kind(player, number, relaid=number >= len(CELLS) - RELAID)
    return valley


def stored_draft(app_server, table_id: int) -> dict:
    with sqlite3.connect(app_server.db) as connection:
        (draft,) = connection.execute("SELECT draft FROM tables WHERE id = ?",
                                      (table_id,)).fetchone()
    return json.loads(draft)


def invite_link(page) -> str:
    tap_until(page, "table-invite", "invite-link", r"/join/")
    link = wait_text(page, "invite-link", r"^http://127\.0\.0\.1:\d+/join/[\w-]{16,}$")
    tap(page, "invite-close")
    return link


def refused(page, url: str, table_id: int) -> None:
    """The device is shown home, with no sign of the table."""
    open_app(page, url, as_host=False)
    wait_text(page, "home-message", "not shared with this device")
    assert handle(page, f"open-table-{table_id}").count() == 0
    assert handle(page, "card-count").count() == 0
    assert handle(page, "db-path").count() == 0


@pytest.fixture()
def device(browser):
    with devices(browser, TABLET_TALL) as new_page:
        yield new_page


def test_players_join_by_the_invite_and_enter_their_valleys_at_once(app_server, device):
    host = device()
    create_table(host, app_server.url, NAMES)
    table_id = int(re.search(r"/table/(\d+)/", host.url).group(1))
    link = invite_link(host)

    players = {}
    for player in (1, 2):
        page = players[player] = device()
        open_app(page, link, as_host=False)
        wait_text(page, "join-player-0", "Ann")
        tap_until(page, f"join-player-{player}", "player-total", f"^{NAMES[player]}:")
        # The host sees them: the presence mark's words are part of the player's tab's name.
        handle(host, f"tab-player-{player}").filter(
            has_text="A device is on this board").wait_for(timeout=60_000)

    steps = [entry_steps(players[1], 1), entry_steps(players[2], 2)]
    taps = 0
    for bob_step, cid_step in zip(*steps, strict=True):  # interleaved, tap by tap
        bob_step()
        cid_step()
        taps += 1
    assert taps >= 50

    draft = stored_draft(app_server, table_id)
    for player in (1, 2):
        cards = draft["players"][player]["cards"]
        assert {(card["row"], card["col"]): card["kind"] for card in cards} == \
            expected_valley(player)
        assert len(cards) == 19  # nothing lost, nothing doubled
    totals = [str(player.total) for player in
              score(APP_GAMES["sunflower_valley"].check(draft).table).players]
    for page in (host, *players.values()):
        for index, total in enumerate(totals):
            wait_text(page, f"total-{index}", f"^{total}$")
    for page in players.values():  # every device shows the same valleys
        for index in (1, 2):
            tap_until(page, f"tab-player-{index}", "player-total", f"^{NAMES[index]}:")
            wait_text(page, "card-count", r"^18 of 18 Valley cards")

    stranger = device()
    for path in (f"/table/{table_id}", f"/table/{table_id}/valley/1",
                 f"/table/{table_id}/scorepad"):
        refused(stranger, app_server.url + path, table_id)
    open_app(stranger, app_server.url + "/", as_host=False)
    wait_text(stranger, "new-table", "New table")
    assert handle(stranger, f"open-table-{table_id}").count() == 0
    assert handle(players[1], "db-path").count() == 0

    # The host revokes Cid's device: Cid is sent home and cannot come back by URL.
    tap_until(host, "table-invite", "invite-link", r"/join/")
    cid_row = host.evaluate("""() => [...document.querySelectorAll(
        '[flt-semantics-identifier^="device-"]')].map(n => [
        n.getAttribute('flt-semantics-identifier'), n.innerText + (n.getAttribute('aria-label')
        || '')]).find(([id, text]) => text.includes('Cid'))[0]""")
    tap(host, cid_row.replace("device-", "revoke-"))
    handle(host, cid_row).wait_for(state="detached", timeout=60_000)
    wait_text(players[2], "new-table", "New table")
    assert handle(players[2], f"open-table-{table_id}").count() == 0
    refused(players[2], f"{app_server.url}/table/{table_id}/scorepad", table_id)

    # A new code: the old link no longer joins; Bob, already joined, keeps the table.
    tap_until(host, "invite-renew", "invite-link", r"/join/(?!" + link.rsplit("/", 1)[1] + ")")
    open_app(stranger, link, as_host=False)
    wait_text(stranger, "join-invalid", "not valid any more")
    open_app(players[1], f"{app_server.url}/table/{table_id}/scorepad", as_host=False)
    wait_text(players[1], "total-1", f"^{totals[1]}$")
