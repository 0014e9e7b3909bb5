"""The watch that ends a frozen page (tests/app/frozen_pages.py), on pages of a real Chromium: a
page whose own thread never comes back is crashed and named by its last address; a page busy for
less than the watch's limit, and an idle one, are left alone."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Error as PlaywrightError

import frozen_pages
from app_browser import CHROMIUM, CHROMIUM_ARGS, free_port
from frozen_pages import FrozenPageWatch


@pytest.fixture()
def watched_browser(monkeypatch):
    monkeypatch.setattr(frozen_pages, "FROZEN_AFTER", 4.0)
    monkeypatch.setattr(frozen_pages, "LOOK_EVERY", 0.5)
    from playwright.sync_api import sync_playwright

    port = free_port()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, f"--remote-debugging-port={port}"])
        with FrozenPageWatch(port) as watch:
            yield browser, watch
        browser.close()


def page_at(browser, title: str):
    page = browser.new_context().new_page()
    page.goto(f"data:text/html,<title>{title}</title><p>{title}</p>")
    return page


def test_only_the_page_that_never_answers_again_is_ended(watched_browser):
    browser, watch = watched_browser
    idle = page_at(browser, "idle")
    busy = page_at(browser, "busy")
    frozen = page_at(browser, "frozen")
    deadline = time.monotonic() + 30
    while sum(page.answers > 0 and page.screen.startswith("data:")
              for page in list(watch.pages.values())) < 3:
        assert time.monotonic() < deadline, "the watch never had the three pages' addresses"
        time.sleep(0.1)
    frozen.evaluate("setTimeout(() => { for (;;) {} }, 0)")
    started = time.monotonic()
    # Busy for half the watch's limit, three times, with a break in between: never frozen.
    for _ in range(3):
        busy.evaluate("const end = Date.now() + 2000; while (Date.now() < end) {}")
        busy.wait_for_timeout(300)
    with pytest.raises(PlaywrightError, match="Target crashed"):
        frozen.evaluate("1 + 1")
    assert time.monotonic() - started < 30
    assert len(watch.ended) == 1 and "frozen" in watch.ended[0]
    assert idle.evaluate("document.title") == "idle"
    assert busy.evaluate("document.title") == "busy"
