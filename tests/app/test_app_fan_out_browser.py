"""Two phones on different valleys of one table, in headless Chromium: an edit on Ann's phone
reaches Bob's phone as the one thing that changes on his screen (Ann's total on her tab), in one
small message that touches none of his grid, besides the table's "Saving…" mark when the edit
is slow on its way to the disk; an edit that changes nothing Bob sees sends his phone nothing but
that mark. What each phone receives is read from its own websocket."""

from __future__ import annotations

import msgpack
import pytest
from flet.messaging.protocol import decode_ext_from_msgpack

from app_browser import handle, open_app, tap_until, text_of, wait_text
from conftest import page_of
from app_browser import PHONE, UI_TIMEOUT
from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES
from ui.games.sunflower_valley.draft import card_dict
from ui.store.storage import TableStore

SV = APP_GAMES["sunflower_valley"]


def new_table(db) -> int:
    """Ann: a Field at (0, 1) (alone, 0 points), a Mountain at (1, 0) beside no Field (0) and a
    Lake at (-1, 0) (1); Bob: three Lakes (3 points: he leads before and after Ann's edits, so
    his rank stays). No goals."""
    draft = SV.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")], {"goals": []})
    for cell, kind in (((0, 1), Kind.FIELD), ((1, 0), Kind.MOUNTAIN), ((-1, 0), Kind.LAKE)):
        draft["players"][0]["cards"].append(card_dict(CardDescription(kind=kind), cell))
    for cell in ((0, 1), (0, 2), (0, 3)):
        draft["players"][1]["cards"].append(card_dict(CardDescription(kind=Kind.LAKE), cell))
    return TableStore(db).create(SV.key, draft)


def received(page) -> list[bytes]:
    """The frames the server sends this page from now on (a list that fills as they come)."""
    frames: list[bytes] = []
    page.on("websocket", lambda socket: socket.on(
        "framereceived", lambda payload: frames.append(payload)
        if isinstance(payload, bytes) else None))
    return frames


def properties_set(frames: list[bytes]) -> list[tuple[str, object]]:
    """Every (property, value) the messages set, whatever control, but the save mark's (the
    control that is set to "Saving…": it comes and goes on every phone with an edit whose save
    lags)."""
    found = []
    for frame in frames:
        _, body = msgpack.unpackb(frame[1:], ext_hook=decode_ext_from_msgpack,
                                  strict_map_key=False)
        found += [(body["id"], operation[2], operation[3] if len(operation) > 3 else None)
                  for operation in body["patch"][1:]]
    mark = {control for control, _, value in found if value == "Saving…"}
    return [(name, value) for control, name, value in found if control not in mark]


def saved(page) -> None:
    """Wait until the page shows every edit saved: its save mark says nothing (an empty mark
    has no node in the accessibility tree)."""
    page.wait_for_function("""() => {
        const mark = document.querySelector('[flt-semantics-identifier="save-state"]');
        return mark === null || mark.innerText.trim() === "";
    }""", timeout=UI_TIMEOUT)


def move(page, source: tuple[int, int], target: tuple[int, int], total: str) -> None:
    """Tap the card, Move, then the empty place; wait for the phone's own new total."""
    tap_until(page, f"cell-{source[0]}-{source[1]}", "selected-card", " at row ")
    tap_until(page, "selected-move", "editor-message", "^Tap an empty place")
    tap_until(page, f"cell-{target[0]}-{target[1]}", "player-total", total)


@pytest.fixture()
def phones(browser, app_server):
    table_id = new_table(app_server.db)
    with page_of(browser, viewport=PHONE) as ann, page_of(browser, viewport=PHONE) as bob:
        bob_frames = received(bob)
        open_app(ann, f"{app_server.url}/table/{table_id}/valley/0")
        open_app(bob, f"{app_server.url}/table/{table_id}/valley/1")
        for page in (ann, bob):
            wait_text(page, "tab-player-0", r"Ann\s+1\b")  # the Lake's 1
            handle(page, "cell-1-1").wait_for()
        yield ann, bob, bob_frames


def test_an_edit_on_anns_phone_changes_only_her_tab_total_on_bobs(phones):
    ann, bob, bob_frames = phones
    bob_frames.clear()
    # The Mountain moved beside the Field scores 1: Ann has 2.
    move(ann, (1, 0), (1, 1), r"^Ann: 2 points")
    wait_text(bob, "tab-player-0", r"Ann\s+2\b")
    saved(bob)
    assert properties_set(bob_frames) == [("value", "2")]
    assert text_of(bob, "card-count").startswith("3 of 18")  # Bob's own valley as it was


def test_an_edit_that_changes_nothing_bob_sees_sends_his_phone_nothing(phones):
    ann, bob, bob_frames = phones
    bob_frames.clear()
    # A Lake scores 1 wherever it lies: Ann's valley changes, her total (1) does not.
    move(ann, (-1, 0), (0, -1), r"^Ann: 1 point,")
    wait_text(ann, "editor-message", r"^Move the card at")
    # Then an edit Bob does see: the server tells the phones in the order of the edits, so the
    # Lake's move, had it reached Bob, would have come first.
    move(ann, (1, 0), (1, 1), r"^Ann: 2 points")
    wait_text(bob, "tab-player-0", r"Ann\s+2\b")
    saved(bob)
    assert properties_set(bob_frames) == [("value", "2")]
