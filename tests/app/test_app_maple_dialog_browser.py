"""The Maple Valley card dialog at phone size shows no Flet error box (it used to show "Semantics.
content must be provided and visible" for a hidden note)."""

from __future__ import annotations

from app_browser import handle, open_app, tap, wait_text
from flet_errors import flet_errors
from ui.games.registry import APP_GAMES
from ui.games.plugin import PlayerSetup
from ui.store.storage import TableStore

PHONE = {"width": 390, "height": 844}


def test_the_card_dialog_shows_no_flet_error(app_server, browser):
    maple = APP_GAMES["maple_valley"]
    table_id = TableStore(app_server.db).create(
        "maple_valley", maple.new_draft([PlayerSetup("Ann", "red"), PlayerSetup("Bea", "blue")],
                                        {}))
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        open_app(page, f"{app_server.url}/table/{table_id}/valley/0")
        for kind in ("favour", "friend", "patch"):
            tap(page, f"add-{kind}")
            wait_text(page, "card-preview", "^name\\?:")
            assert flet_errors(page) == []
            page.keyboard.press("Escape")
            page.wait_for_function(
                "() => document.querySelector('[flt-semantics-identifier=\"card-preview\"]') "
                "=== null", timeout=60_000)
        assert handle(page, "card-preview").count() == 0
    finally:
        context.close()
