"""A tablet turned at the table while a Town is half described in its picker (issue 36's
follow-up: the screen was built anew at every turn across a layout's width, which closed the
picker and made the editor again): the picker stays open with what was entered, its Use still
works on the same editor, and the screen is drawn again for the new width, the scorepad beside
the grid in landscape and gone in portrait. The kept state is tested without a browser in
test_app_turned_screen.py; this is what a player sees."""

from __future__ import annotations

from app_browser import UI_TIMEOUT, handle, open_app, reveal, tap, text_of, wait_text
from conftest import page_of
from test_app_maple_valley_browser import show
from test_app_names_browser import tables  # noqa: F401 - a fixture

TABLET_UPRIGHT = {"width": 768, "height": 1024}
TABLET_TURNED = {"width": 1024, "height": 768}


def test_a_tablet_turned_with_a_town_half_described_keeps_the_picker_and_the_editor(
        app_server, browser, tables):  # noqa: F811
    valley = tables["sunflower_valley"]
    with page_of(browser, viewport=TABLET_UPRIGHT) as tablet:
        open_app(tablet, f"{app_server.url}/table/{valley}")
        cards = wait_text(tablet, "card-count", r"\d+ of")
        assert handle(tablet, "total-0").count() == 0  # portrait: the scorepad is a tab
        reveal(tablet, "palette-town")
        show(tablet, "palette-town", "picker-use")
        tap(tablet, "picker-add-sheep")
        tap(tablet, "picker-points-3")
        wait_text(tablet, "picker-combination", "Sheep")

        tablet.set_viewport_size(TABLET_TURNED)
        tap(tablet, "picker-use")  # the same picker, still open

        handle(tablet, "total-0").wait_for(timeout=UI_TIMEOUT)  # landscape: the scorepad beside
        # The editor the picker belonged to is the one shown: it holds the Town just described.
        assert "Sheep -> 3" in text_of(tablet, "editor-message")
        tablet.set_viewport_size(TABLET_UPRIGHT)
        handle(tablet, "total-0").wait_for(state="detached", timeout=UI_TIMEOUT)
        assert "Sheep -> 3" in text_of(tablet, "editor-message")
        reveal(tablet, "cell--1-0")
        tap(tablet, "cell--1-0")  # a free place above the valley: the Town is laid there
        laid = int(cards.split()[0]) + 1
        wait_text(tablet, "card-count", rf"^{laid} of")
