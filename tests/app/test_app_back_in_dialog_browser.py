"""Browser Back inside a dialog or picker (issue 32, row 6), on a 390x844 phone that joined a
table by its invitation: Back closes the Town picker and keeps the editor (before, it landed on
the join page, "Which player are you?"), the half-described Town is there again when the picker
opens next, and the next Back leaves as Back does. A page loaded again in the same tab while a
dialog is open is not taken for Back (the walks load a page per screen: 2b96757)."""

from __future__ import annotations

from app_browser import PHONE, UI_TIMEOUT, handle, open_app, reveal, tap, tap_until, wait_text
from conftest import page_of
from test_app_live_table_browser import invite_link
from test_app_maple_valley_browser import show
from test_app_names_browser import tables  # noqa: F401 - a fixture


def test_back_in_the_town_picker_closes_it_and_keeps_the_editor_and_the_half_described_card(
        app_server, browser, tables):  # noqa: F811
    valley = tables["sunflower_valley"]
    with page_of(browser, viewport=PHONE) as host, page_of(browser, viewport=PHONE) as phone:
        open_app(host, f"{app_server.url}/table/{valley}")
        link = invite_link(host)
        open_app(phone, link, as_host=False)
        tap_until(phone, "join-player-1", "player-total", ":")
        reveal(phone, "palette-town")
        show(phone, "palette-town", "picker-use")
        tap(phone, "picker-add-sheep")
        tap(phone, "picker-points-3")
        wait_text(phone, "picker-combination", "Sheep")

        phone.go_back()

        handle(phone, "picker-use").wait_for(state="detached", timeout=UI_TIMEOUT)
        wait_text(phone, "player-total", ":")  # the editor, not the join page
        assert handle(phone, "join-player-0").count() == 0
        assert "/table/" in phone.url
        reveal(phone, "palette-town")
        show(phone, "palette-town", "picker-use")
        wait_text(phone, "picker-combination", "Sheep")  # the half-described Town, kept
        wait_text(phone, "picker-points", "3")
        tap(phone, "picker-cancel")
        handle(phone, "picker-use").wait_for(state="detached", timeout=UI_TIMEOUT)

        phone.go_back()  # no dialog open: Back leaves the table, as before

        handle(phone, "join-player-0").wait_for(timeout=UI_TIMEOUT)


def test_a_page_loaded_again_while_a_dialog_is_open_shows_the_address_loaded(
        app_server, browser, tables):  # noqa: F811
    valley, board = tables["sunflower_valley"], tables["girasoles"]
    with page_of(browser, viewport=PHONE) as page:
        open_app(page, f"{app_server.url}/table/{board}")
        tap_until(page, "table-invite", "invite-link", r"/join/")
        open_app(page, f"{app_server.url}/table/{valley}/scorepad")  # the same tab, rejoined
        handle(page, "line-towns-0").wait_for(timeout=UI_TIMEOUT)  # the valley's scorepad
        assert handle(page, "invite-close").count() == 0
        assert page.url.startswith(f"{app_server.url}/table/{valley}/scorepad")
