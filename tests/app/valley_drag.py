"""Dragging a card of the valley editor onto a place, as a finger does: pressed on the card (a
palette kind or a known card's chip), moved onto the place, let go. The page is scrolled first
until both are in sight, as a player scrolls before dragging (a drag cannot scroll the page)."""

from __future__ import annotations

import json
import sys

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app_browser import RETRY_AFTER, UI_TIMEOUT, wait_text

TOUCH = 44
"""The least width of a card's part in sight that a drag starts on."""
EDGE = 4
"""Pixels a card and its place keep from the screen's edges: Flutter's accessibility tree gives a
place beyond the bottom edge of the screen (in the grid, which scrolls) a box ending at the edge,
as if it were there (Chromium 156)."""
NUDGE = 60
"""Pixels the page is scrolled at least when the place is at the bottom edge."""
SCROLLS = [0]
"""Scrolls of the page (or of the known cards' line) made to bring a card and its place into
sight together (a swipe on a phone; the benchmark says how many)."""
SETTLED = """([source, target, before]) => {
    const boxes = [source, target].map((id) => {
        const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
        if (!node) return null;
        const box = node.getBoundingClientRect();
        return [box.left, box.top, box.right, box.bottom].map(Math.round);
    });
    const now = JSON.stringify(boxes);
    const settled = window.scorepadDragBoxes === now && now !== before;
    window.scorepadDragBoxes = now;
    return settled && now;
}"""
"""The boxes of the card and the place (null when not drawn) once they are the same on two polls
in a row, and not ``before`` (as they were before the page was scrolled)."""
SCROLLED = 5_000
"""Milliseconds a scroll of the page has to move the card or the place."""


def boxes(page, source: str, target: str, before: str | None = None) -> str:
    """The boxes as :data:`SETTLED` gives them, in JSON; once the page has moved when a scroll
    left it ``before`` (a scroll that moves nothing, at the end of the page, is waited for
    :data:`SCROLLED` only)."""
    if before is not None:
        try:
            return page.wait_for_function(SETTLED, arg=[source, target, before], polling=100,
                                          timeout=SCROLLED).json_value()
        except PlaywrightTimeout:
            pass
    return page.wait_for_function(SETTLED, arg=[source, target, None], polling=100,
                                  timeout=UI_TIMEOUT).json_value()


def in_sight(page, source: str, target: str, turns: int = 8):
    """Scroll the page until the card ``source`` and the place ``target`` are both wholly on
    screen, then, for a known card beyond the edge of its line, the line sideways; their boxes
    (left, top, right, bottom)."""
    viewport = page.viewport_size
    width, height = viewport["width"], viewport["height"]
    seen = None
    for _ in range(turns):
        seen = boxes(page, source, target, seen)
        card, place = json.loads(seen)
        if card is not None and source.startswith("described-"):
            card = on_its_line(page, card)
        if card is not None and place is not None and card[1] >= EDGE \
                and place[3] <= height - EDGE and place[1] >= EDGE and card[3] <= height - EDGE:
            if card[0] >= 0 and card[2] <= width and card[2] - card[0] >= TOUCH:
                return card, place
            return sideways(page, source, target, card, place)
        if place is None or place[3] > height - EDGE:
            step = height / 3 if place is None else max(place[3] - height + 8, NUDGE)
            if card is not None:
                step = min(step, max(card[1] - 4, 0)) or step  # keep the card on screen
        else:
            step = (card[1] - 8) if card is not None else -height / 3
        page.mouse.move(width / 2, height / 2)
        page.mouse.wheel(0, step)
        SCROLLS[0] += 1
    raise AssertionError(f"{source} and {target} are never on screen together")


def on_its_line(page, card: list) -> list:
    """A known card's box, its top and bottom its line's. Once the line has scrolled sideways,
    Flutter's accessibility tree gives its cards' left and right right but their top and bottom
    off by the line's height or so (Chromium 156): the line's own box is right."""
    line = page.locator('[flt-semantics-identifier="described-line"]').bounding_box()
    return [card[0], round(line["y"]), card[2], round(line["y"]) + card[3] - card[1]]


def sideways(page, source: str, target: str, card: list, place: list):
    """Swipe the known cards' line sideways until ``card`` (its box, partly beyond the screen's
    edge) is wholly in sight; its box and the place's."""
    page.mouse.move(page.viewport_size["width"] / 2, (card[1] + card[3]) / 2)
    page.mouse.wheel(card[0] - 12, 0)
    SCROLLS[0] += 1
    moved, _ = json.loads(boxes(page, source, target))
    return on_its_line(page, moved), place


STEPS = 10
"""Moves of the pointer on its way from the card to the place."""
PULL = 24
"""Pixels the pointer first moves straight down: a known card is pulled down out of its line,
which scrolls sideways under a sideways move."""


def drag(page, source: str, target: str, finger=None) -> None:
    """Press on the card, move onto the place, let go: with the mouse, or with a ``finger`` (a
    DevTools session of a touch page: touch events, as a phone sends)."""
    card, place = in_sight(page, source, target)
    (x0, y0), (x1, y1) = [((box[0] + box[2]) / 2, (box[1] + box[3]) / 2) for box in (card, place)]
    pulled = y0 + PULL
    if finger is None:
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x0, pulled, steps=3)
        page.mouse.move(x1, y1, steps=STEPS)
        page.mouse.up()
        return
    path = [(x0, y0 + PULL * step / 3) for step in (1, 2, 3)] + [
        (x0 + (x1 - x0) * step / STEPS, pulled + (y1 - pulled) * step / STEPS)
        for step in range(1, STEPS + 1)]
    finger.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                             "touchPoints": [{"x": x0, "y": y0}]})
    for x, y in path:
        finger.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                                 "touchPoints": [{"x": x, "y": y}]})
    finger.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def drag_until(page, source: str, target: str, watch: str, pattern: str,
               attempts: int = 3, finger=None) -> str:
    """Drag the card ``source`` onto the place ``target`` until the control ``watch`` shows
    text matching ``pattern``; return that text."""
    for attempt in range(1, attempts + 1):
        try:
            drag(page, source, target, finger)
            return wait_text(page, watch, pattern,
                             timeout=UI_TIMEOUT if attempt == attempts else RETRY_AFTER)
        except PlaywrightTimeout:
            if attempt == attempts:
                raise
            print(f"drag of {source} onto {target} showed no effect; trying again",
                  file=sys.stderr)
    raise AssertionError("unreachable")
