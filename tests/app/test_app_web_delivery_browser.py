"""A returning phone in headless Chromium: what it asks the server for, and what it takes from
what it kept (ui/web/web_delivery.py)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from app_browser import PHONE, UI_TIMEOUT, handle, open_app

FONT_WAIT_STEP = 100
"""Milliseconds between looks at the requests, while waiting for the app's font to be asked for."""


def visit(context, url: str) -> tuple[list[str], list[str], int]:
    """Open the app in a new tab of ``context`` (as a device that is not the host's) until its
    home screen and the app's font are there: the paths asked of the server (a 304 is asked
    too), those taken from the browser's cache without asking, and the bytes received for the
    client's files (under ``/client/``: all but the start page), headers included."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    asked: list[str] = []
    kept: list[str] = []
    paths: dict[str, str] = {}
    client_bytes: list[int] = []

    def received(event) -> None:
        answer = event["response"]
        if answer["url"].startswith("http"):
            from_cache = answer.get("fromDiskCache") or answer.get("fromMemoryCache")
            path = urlsplit(answer["url"]).path
            (kept if from_cache else asked).append(path)
            paths[event["requestId"]] = path

    def finished(event) -> None:
        if paths.get(event["requestId"], "").startswith("/client/"):
            client_bytes.append(event["encodedDataLength"])

    cdp.on("Network.responseReceived", received)
    cdp.on("Network.loadingFinished", finished)
    open_app(page, url, as_host=False)
    handle(page, "new-table").wait_for(timeout=UI_TIMEOUT)
    for _ in range(UI_TIMEOUT // FONT_WAIT_STEP):
        if any(re.search(r"/DejaVuSans\.\w+\.woff2$", path) for path in asked + kept):
            break
        page.wait_for_timeout(FONT_WAIT_STEP)
    page.close()
    return asked, kept, sum(client_bytes)


def test_a_returning_phone_asks_the_server_for_the_start_page_only(app_server, browser):
    """The second visit stays as it was (issue 36: 0 bytes of the client, at most 2 requests)
    with the fonts cut and Brotli: every file of the client comes from the browser's cache."""
    context = browser.new_context(viewport=PHONE)
    try:
        asked, _, first_bytes = visit(context, f"{app_server.url}/")
        assert "/" in asked
        assert any(path.endswith("/main.dart.wasm") for path in asked)
        # What the start page preloads is taken by the client, not asked for again.
        assert len(set(asked)) == len(asked), sorted(asked)
        assert first_bytes > 2**20
        asked, kept, client_bytes = visit(context, f"{app_server.url}/")
    finally:
        context.close()
    assert asked == ["/"]
    assert client_bytes == 0
    pinned = {re.sub(r"\.[0-9a-f]{16}\.", ".", path.rsplit("/", 1)[1])
              for path in kept if path.startswith("/client/")}
    assert {"flutter_bootstrap.js", "main.dart.mjs", "main.dart.wasm", "skwasm.wasm",
            "FontManifest.json", "MaterialIcons-Regular.woff2", "DejaVuSans.woff2",
            "number_fields.js"} <= pinned
    assert not any("KaTeX" in path for path in kept)
