"""The Invite dialog on a 390x844 phone, in German (issue 32, rows 1 and 15): started without
--lan it says that phones cannot open its link, and nothing in it runs past the screen's edge
(the text under *Neuer Code* was cut)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from app_browser import PHONE, ROOT, handle, open_app, tap, wait_text
from conftest import page_of
from ui.games.registry import APP_GAMES
from ui.screens.import_model import import_table
from ui.store.storage import TableStore

MARGIN = 8
"""Pixels a text keeps from the screen's edge."""


def test_the_invite_dialog_fits_a_phone_and_says_phones_cannot_open_a_loopback_link(
        app_server, browser):
    example = ROOT / "examples" / "girasoles" / "rulebook_scoring_example.json"
    table = import_table(example.read_text(), TableStore(app_server.db), APP_GAMES).table_id
    with page_of(browser, viewport=PHONE, locale="de-DE") as page:
        open_app(page, f"{app_server.url}/table/{table}/scorepad")
        # One tap: a second one (tap_until's retry) would land on the dialog's barrier.
        tap(page, "table-invite")
        wait_text(page, "invite-unreachable", "^Handys können diese Adresse nicht öffnen")
        handle(page, "invite-renew-note").wait_for(state="attached")
        assert handle(page, "invite-qr").count() == 0, "a QR code no phone can open"
        settled(page)
        page.screenshot(path=str(Path(tempfile.mkdtemp(prefix="scorepad-invite-")) / "de.png"))
        for identifier in ("invite-unreachable", "invite-link", "invite-renew-note"):
            box = handle(page, identifier).bounding_box()
            assert box is not None, identifier
            assert box["x"] >= MARGIN and box["x"] + box["width"] <= PHONE["width"] - MARGIN, (
                identifier, box)
            assert box["y"] >= MARGIN and box["y"] + box["height"] <= (
                PHONE["height"] - MARGIN), (identifier, box)


def settled(page) -> None:
    """Wait until two pictures in a row are the same (the dialog's opening animation ended)."""
    last = page.screenshot()
    for _ in range(50):
        page.evaluate("new Promise(done => requestAnimationFrame(() => "
                      "requestAnimationFrame(done)))")
        shot = page.screenshot()
        if shot == last:
            return
        last = shot
    raise AssertionError("the screen never settled")
