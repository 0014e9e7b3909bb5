"""Two devices (browser contexts) on one table, end to end: a table deleted on one while the other
edits, deleted then undone and reopened, and many taps at once on one valley. Nothing
acknowledged is lost, and both screens draw exactly what the database holds."""

from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app_browser import (
    RETRY_AFTER, TABLET_TALL, TEXT_OF_NODE, UI_TIMEOUT, handle, open_app, tap, tap_until,
    wait_text,
)
from scorer.sunflower_valley.models import Kind
from ui.store.access import Access
from ui.games.registry import APP_GAMES
from ui.games.plugin import PlayerSetup
from ui.live.session import deleted_message
from ui.store.storage import TableStore
from ui.games.sunflower_valley.cards import LOOK

SV = APP_GAMES["sunflower_valley"]
DELETED_BY_HOST = re.escape(deleted_message("The host"))
DELETED_BY_BOB = re.escape("Bob deleted this table: Undo on their screen, or keep a copy.")
BELOW = [(1, 0), (1, -1), (1, 1), (2, 0), (2, -1), (2, 1), (3, 0), (3, -1), (3, 1)]
"""One device's places, each beside the Starting Town or one laid before it."""
ABOVE = [(-row, col) for row, col in BELOW]
"""The other device's places, on the other side of the Starting Town."""


@pytest.fixture()
def devices(browser):
    contexts = [browser.new_context(viewport=TABLET_TALL) for _ in range(2)]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


def new_table(server) -> int:
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")],
                         {"goals": ["boundless_field", "flocks_of_sheep", "long_way"]})
    return TableStore(server.db).create(SV.key, draft)


def stored_cards(server, table_id: int) -> dict[tuple[int, int], str]:
    """Ann's cards in the database (deleted or not), each as the grid names it."""
    with closing(sqlite3.connect(server.db)) as connection:
        [draft] = connection.execute("SELECT draft FROM tables WHERE id = ?",
                                     (table_id,)).fetchone()
    cards = json.loads(draft)["players"][0]["cards"]
    return {(card["row"], card["col"]): LOOK[Kind(card["kind"])][0].text for card in cards}


CELL_NAME = (r"^row -?\d+, column -?\d+: ("
             + "|".join(kind.label for kind in Kind) + r"|free place|empty)(, highlighted)?")
"""A cell's name, which its text starts with: its place and what lies there."""


def count_pattern(cards: int) -> str:
    return rf"^{cards} of 18 Valley cards"


def drawn_cards(page) -> dict[tuple[int, int], str]:
    """The cards the grid draws, by place; fails when a place is drawn twice."""
    cells = page.evaluate(f"""() => [...document.querySelectorAll(
        '[flt-semantics-identifier^="cell-"]')].map(node =>
            [node.getAttribute('flt-semantics-identifier'), ({TEXT_OF_NODE})(node)])""")
    places = [identifier for identifier, _ in cells]
    assert len(places) == len(set(places)), f"a place drawn twice: {sorted(places)}"
    drawn = {}
    for identifier, text in cells:
        row, col = map(int, re.fullmatch(r"cell-(-?\d+)-(-?\d+)", identifier).groups())
        # The cell's name ("row 1, column 2: Lake") first, then what the card shows; a town's
        # Express stop number may come before its name.
        shown = re.sub(CELL_NAME, "", text)
        names = [word for word in shown.split() if not word.isdigit()]
        if names:
            drawn[(row, col)] = names[0]
    return drawn


def gone(page, identifier: str) -> None:
    page.wait_for_function(
        "(id) => document.querySelector(`[flt-semantics-identifier=\"${id}\"]`) === null",
        arg=identifier, timeout=UI_TIMEOUT)


def lay(page, kind: str, places, already: int) -> int:
    tap_until(page, f"palette-{kind}", "editor-message", "^Tap a place to lay a")
    for count, (row, col) in enumerate(places, start=already + 1):
        tap_until(page, f"cell-{row}-{col}", "card-count", count_pattern(count))
    return already + len(places)


def test_a_table_deleted_while_edited_elsewhere_refuses_the_edit_in_words_and_loses_nothing(
        app_server, devices):
    editor, other = devices
    table_id = new_table(app_server)
    open_app(editor, f"{app_server.url}/table/{table_id}/valley/0")
    lay(editor, "lake", BELOW[:4], 0)
    acknowledged = stored_cards(app_server, table_id)

    # The other device is Bob's phone, joined by the table's link (not the host's).
    code = Access(TableStore(app_server.db)).join_code(table_id)
    open_app(other, f"{app_server.url}/join/{code}", as_host=False)
    tap_until(other, "join-player-1", "player-total", "^Bob:")
    open_app(other, f"{app_server.url}/", as_host=False)
    tap(other, f"delete-table-{table_id}")
    wait_text(editor, "table-deleted", DELETED_BY_BOB)
    tap_until(editor, "palette-field", "editor-message", "^Tap a place to lay a Field")
    tap_until(editor, "cell-{}-{}".format(*BELOW[4]), "editor-message", DELETED_BY_BOB)
    wait_text(editor, "card-count", count_pattern(4))
    assert stored_cards(app_server, table_id) == acknowledged

    tap(editor, "keep-copy")
    editor.wait_for_url(re.compile(rf"/table/(?!{table_id}/)\d+/valley/0$"), timeout=UI_TIMEOUT)
    copy_id = int(re.search(r"/table/(\d+)/", editor.url).group(1))
    gone(editor, "table-deleted")
    wait_text(editor, "card-count", count_pattern(4))
    lay(editor, "field", BELOW[4:5], 4)

    app_server.restart()
    assert stored_cards(app_server, copy_id) == {**acknowledged, BELOW[4]: "Field"}
    open_app(other, f"{app_server.url}/", as_host=False)
    tap(other, f"restore-table-{table_id}")
    handle(other, f"open-table-{table_id}").wait_for(timeout=UI_TIMEOUT)
    # Bob's phone opens on Bob's valley; Ann's is where the acknowledged cards are.
    open_app(other, f"{app_server.url}/table/{table_id}/valley/0", as_host=False)
    wait_text(other, "card-count", count_pattern(4))
    assert drawn_cards(other) == acknowledged


def test_delete_undo_and_reopen_on_one_device_while_the_other_edits_keep_one_draft(
        app_server, devices):
    editor, other = devices
    table_id = new_table(app_server)
    open_app(editor, f"{app_server.url}/table/{table_id}/valley/0")
    cards = lay(editor, "lake", BELOW[:2], 0)

    open_app(other, f"{app_server.url}/")
    tap(other, f"delete-table-{table_id}")
    wait_text(editor, "table-deleted", DELETED_BY_HOST)
    other.get_by_role("button", name="Undo").click()
    gone(editor, "table-deleted")
    tap_until(other, f"open-table-{table_id}", "card-count", count_pattern(cards))

    for step in range(3):
        cards = lay(editor, "lake", BELOW[2 + step:3 + step], cards)
        wait_text(other, "card-count", count_pattern(cards))
        cards = lay(other, "field", ABOVE[step:step + 1], cards)
        wait_text(editor, "card-count", count_pattern(cards))

    stored = stored_cards(app_server, table_id)
    assert len(stored) == cards + 1
    for page in devices:
        assert drawn_cards(page) == stored


def tap_both(steps) -> None:
    """Tap on both devices at once, then wait for each tap's effect (``done(page, timeout)``),
    tapping again where a tap was dropped."""
    for page, identifier, _ in steps:
        tap(page, identifier)
    for page, identifier, done in steps:
        for attempt in range(3):
            try:
                done(page, RETRY_AFTER if attempt < 2 else UI_TIMEOUT)
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
                tap(page, identifier)


def shows(row: int, col: int, name: str):
    def done(page, timeout: int) -> None:
        # The cell's name (its place and kind), then what the card shows.
        wait_text(page, f"cell-{row}-{col}", rf"{CELL_NAME}\s+(\d+ )?{name}" if name
                  else rf"{CELL_NAME}$",
                  timeout=timeout)
    return done


def selects(row: int, col: int):
    """The card at (row, col) is selected: its summary names a place (as the grid shows it,
    which moves as the valley grows)."""
    def done(page, timeout: int) -> None:
        wait_text(page, "selected-card", r"at row -?\d+, column -?\d+$", timeout=timeout)
    return done


def test_many_taps_at_once_on_one_valley_leave_both_grids_drawing_the_database(
        app_server, devices):
    table_id = new_table(app_server)
    for page in devices:
        open_app(page, f"{app_server.url}/table/{table_id}/valley/0")
        wait_text(page, "card-count", count_pattern(0))
    places = (BELOW, ABOVE)
    taps = 0

    def lay_both(kind: str, indices) -> None:
        nonlocal taps
        for page in devices:
            tap_until(page, f"palette-{kind}", "editor-message", "^Tap a place to lay a")
        for index in indices:
            tap_both([(page, "cell-{}-{}".format(*cells[index]),
                       shows(*cells[index], LOOK[Kind(kind)][0].text))
                      for page, cells in zip(devices, places)])
            taps += 2

    lay_both("lake", range(9))
    for kind in ("field", "sheep"):
        for index in reversed(range(2, 9)):
            tap_both([(page, "cell-{}-{}".format(*cells[index]), selects(*cells[index]))
                      for page, cells in zip(devices, places)])
            tap_both([(page, "selected-remove", shows(*cells[index], ""))
                      for page, cells in zip(devices, places)])
            taps += 4
        lay_both(kind, range(2, 9))
    assert taps / len(devices) > 50

    stored = stored_cards(app_server, table_id)
    assert len(stored) == 19
    for page in devices:
        wait_text(page, "card-count", count_pattern(18))
        assert drawn_cards(page) == stored
