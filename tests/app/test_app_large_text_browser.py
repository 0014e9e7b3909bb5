"""The scorepad with the browser's text at 200% (Chromium's font size setting, said through its
DevTools protocol, as docs/screenshots.py ``large`` does), in headless Chromium on a 390x844
phone and a 1024x768 tablet, in English and German: every line label is whole (its words on lines of their own, in a
box as tall as those lines and inside the screen's width), tapping a number still explains it;
at the usual text size the labels stay beside the numbers."""

from __future__ import annotations

import pytest

from app_browser import PHONE, handle, open_app, tap, text_of, wait_text
from conftest import page_of
from test_app_scorepad_phone_browser import SIX, make_table
from ui.parts.words import app_language
from ui.screens.scorepad_model import Scorepad

TABLET = {"width": 1024, "height": 768}
TEXT_AT_200 = {"fontSizes": {"standard": 32, "fixed": 26}}
"""A browser set to 200% text: the page's root font size is 32 px instead of 16."""
LABEL_SIZE = 14
"""The line labels' text size (ui/screens/scorepad_view.py), before the browser's scale."""

WRAPPED_LINES = """([text, width, fontPx]) => {
    // How many lines the shipped font (DejaVu Sans, installed with Chromium) needs for the
    // label's words in a box of this width, wrapping between words, and its widest word.
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = `${fontPx}px "DejaVu Sans"`;
    const words = text.split(/\\s+/).filter(Boolean);
    let lines = 1, line = '';
    for (const word of words) {
        const longer = line ? `${line} ${word}` : word;
        if (line && pen.measureText(longer).width > width) { lines += 1; line = word; }
        else { line = longer; }
    }
    return [lines, Math.max(...words.map(word => pen.measureText(word).width))];
}"""


@pytest.fixture(params=["phone", "tablet"])
def large_text(browser, request):
    """A phone (390x844) or a tablet (1024x768) with its browser's text at 200%."""
    with page_of(browser, viewport=PHONE if request.param == "phone" else TABLET) as page:
        page.context.new_cdp_session(page).send("Page.setFontSizes", TEXT_AT_200)
        yield page


def shown_in_full(page, identifier: str) -> dict:
    """Scroll the page down (as a finger does) until the control is in the screen's upper half,
    or as high as the page's end lets it come: Flutter puts only what is near the screen in its
    accessibility tree, and a node at the screen's edge gets the box of its visible part. Its
    box."""
    height = page.viewport_size["height"]
    page.mouse.move(page.viewport_size["width"] / 4, height * 2 / 3)
    before = None
    for _ in range(40):
        target = handle(page, identifier).first
        box = target.bounding_box() if target.count() else None
        if (box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height
                and (box["y"] <= height / 2 or box == before)):
            return box
        before = box
        page.mouse.wheel(0, 150)
        page.wait_for_timeout(150)  # the client needs a frame to move the page
    raise AssertionError(f"{identifier} never came wholly on screen")


def assert_label_whole(page, identifier: str, label: str, scale: float) -> dict:
    """The label's accessibility node says the whole label, lies inside the screen's width, is
    wider than each of its words and as tall as the lines its words need in that width."""
    box = shown_in_full(page, identifier)
    assert " ".join(text_of(page, identifier).split()) == label, identifier
    width = page.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (identifier, box)
    font_px = LABEL_SIZE * scale
    lines, widest = page.evaluate(WRAPPED_LINES, [label, box["width"], font_px])
    assert widest <= box["width"], f"{label!r} breaks inside a word in {box}"
    assert box["height"] >= lines * font_px, f"{label!r} needs {lines} lines; {box} cuts it"
    return box


def rows_of(session, code: str) -> list[tuple[str, str]]:
    words = app_language(code)
    return [(row.category, row.label) for row in Scorepad(session.result_in(words), words).rows]


@pytest.mark.parametrize("code", ["en", "de"])
def test_at_200_percent_text_every_line_label_is_whole_and_numbers_still_explain(
        app_server, large_text, code):
    session = make_table(app_server.db, SIX)
    page = large_text
    open_app(page, f"{app_server.url}/table/{session.table_id}/scorepad?lang={code}")
    wait_text(page, "column-0", "An")
    for category, label in rows_of(session, code):
        box = assert_label_whole(page, f"label-{category}", label, 2)
        # Stacked: the label has a line of its own, above its row of numbers.
        first = handle(page, f"line-{category}-0").first.bounding_box()
        assert first is not None and first["y"] >= box["y"] + box["height"] - 1, (label, first)
    towns = dict(rows_of(session, code))["towns"]
    page.mouse.wheel(0, -10_000)
    tap(page, "line-towns-0")
    wait_text(page, "explanation-title", f"^Ana · {towns}: ")


def test_at_the_usual_text_size_the_labels_stay_beside_the_numbers(app_server, phone):
    session = make_table(app_server.db, SIX)
    open_app(phone, f"{app_server.url}/table/{session.table_id}/scorepad")
    wait_text(phone, "column-0", "An")
    for category, label in rows_of(session, "en"):
        box = assert_label_whole(phone, f"label-{category}", label, 1)
        first = handle(phone, f"line-{category}-0").first.bounding_box()
        assert first is not None and first["x"] >= box["x"] + box["width"], (label, first)
        assert abs(first["y"] - box["y"]) <= 1, (label, first, box)
