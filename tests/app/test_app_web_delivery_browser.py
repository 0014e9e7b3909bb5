"""A returning phone in headless Chromium: what it asks the server for, and what it takes from
what it kept (ui/web/web_delivery.py)."""

from __future__ import annotations

from urllib.parse import urlsplit

from app_browser import PHONE, UI_TIMEOUT, handle, open_app

FONT_WAIT_STEP = 100
"""Milliseconds between looks at the requests, while waiting for the app's font to be asked for."""


def visit(context, url: str) -> tuple[list[str], list[str]]:
    """Open the app in a new tab of ``context`` (as a device that is not the host's) until its
    home screen and the app's font are there: the paths asked of the server (a 304 is asked
    too), and those taken from the browser's cache without asking."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    asked: list[str] = []
    kept: list[str] = []

    def received(event) -> None:
        answer = event["response"]
        if answer["url"].startswith("http"):
            from_cache = answer.get("fromDiskCache") or answer.get("fromMemoryCache")
            (kept if from_cache else asked).append(urlsplit(answer["url"]).path)

    cdp.on("Network.responseReceived", received)
    open_app(page, url, as_host=False)
    handle(page, "new-table").wait_for(timeout=UI_TIMEOUT)
    for _ in range(UI_TIMEOUT // FONT_WAIT_STEP):
        if any(path.endswith("/DejaVuSans.ttf") for path in asked + kept):
            break
        page.wait_for_timeout(FONT_WAIT_STEP)
    page.close()
    return asked, kept


def test_a_returning_phone_asks_the_server_for_the_start_page_only(app_server, browser):
    context = browser.new_context(viewport=PHONE)
    try:
        asked, _ = visit(context, f"{app_server.url}/")
        assert "/" in asked
        assert any(path.endswith("/main.dart.wasm") for path in asked)
        asked, kept = visit(context, f"{app_server.url}/")
    finally:
        context.close()
    assert asked == ["/"]
    pinned = {path.rsplit("/", 1)[1] for path in kept if path.startswith("/client/")}
    assert {"flutter_bootstrap.js", "main.dart.mjs", "main.dart.wasm", "skwasm.wasm",
            "FontManifest.json", "MaterialIcons-Regular.otf", "DejaVuSans.ttf",
            "number_fields.js"} <= pinned
    assert not any("KaTeX" in path for path in kept)
