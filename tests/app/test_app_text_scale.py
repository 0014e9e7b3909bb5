"""The browser's text scale reaches the server: the page script's cookie, read on the websocket
that opens a session, becomes that session's :data:`text_scale`; anything else is the usual
size (1)."""

from __future__ import annotations

import asyncio

from hypothesis import given
from hypothesis import strategies as st

from ui.web.text_scale import COOKIE, SCALES, TextScaleCookie, scale_of, text_scale


def test_a_scale_the_page_script_writes_is_taken():
    assert scale_of("2") == 2.0
    assert scale_of("1.25") == 1.25
    assert scale_of("0.5") == 0.5 and scale_of("4") == 4.0


def test_missing_unreadable_or_unlikely_scales_are_the_usual_size():
    for value in (None, "", "NaN", "Infinity", "-2", "0", "0.49", "4.01", "two", "2px",
                  "1e400"):
        assert scale_of(value) == 1.0, value


@given(st.text())
def test_any_cookie_value_gives_a_scale_in_range(value):
    assert SCALES[0] <= scale_of(value) <= SCALES[1]


def seen_by_session(scope: dict) -> list[float]:
    """What the app behind the wrapper reads as its session's text scale."""
    seen = []

    async def app(scope, receive, send):
        seen.append(text_scale.get())

    asyncio.run(TextScaleCookie(app)({"headers": [], **scope}, None, None))
    return seen


def websocket(cookie: bytes) -> dict:
    return {"type": "websocket", "path": "/ws", "headers": [(b"cookie", cookie)]}


def test_the_websockets_cookie_becomes_its_sessions_text_scale():
    assert seen_by_session(websocket(f"theme=dark; {COOKIE}=2".encode())) == [2.0]
    assert seen_by_session(websocket(f"{COOKIE}=1.5; other=x".encode())) == [1.5]


def test_a_websocket_without_a_good_cookie_reads_the_usual_size():
    assert seen_by_session({"type": "websocket", "path": "/ws"}) == [1.0]
    assert seen_by_session(websocket(f'{COOKIE}=huge; bad="x'.encode())) == [1.0]
    assert seen_by_session(websocket(b"\xff\xfe")) == [1.0]


def test_pages_pass_through_and_the_scale_does_not_outlive_its_session():
    assert seen_by_session({"type": "http", "method": "GET", "path": "/",
                            "headers": [(b"cookie", f"{COOKIE}=2".encode())]}) == [1.0]
    seen_by_session(websocket(f"{COOKIE}=3".encode()))
    assert text_scale.get() == 1.0
