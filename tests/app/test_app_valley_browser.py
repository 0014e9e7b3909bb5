"""End to end at phone size (390x844), in headless Chromium: a Sunflower Valley valley entered as
it is read off the table, row by row from its top-left card. The grid grows at an edge in one tap,
a card not yet joined to the rest is shown as such without blocking the entry, places are named
as the grid labels them (row 1, column 1 at the top-left card), and a new Town card takes one tap
per kind, one for its points, one for its villagers and one to use it."""

from __future__ import annotations

import os
import re

from app_browser import handle, tap_until, text_of, wait_text
from test_app_browser import create_table

TOWN = {"kind": "town", "combination": ["field", "sheep"], "points": 3, "villagers": 1}
AS_IT_LIES = [  # row by row from the top-left card; the Starting Town is row 2, column 3
    ["field", "field", "sheep", "lake"],
    ["railroad", TOWN, "start", "railroad"],
    ["mountain", "field", "sheep", "lake"],
]
START = (1, 2)
"""Where the Starting Town lies in AS_IT_LIES; the app has it at (0, 0)."""


def describe_town(page) -> None:
    """Town…, its kinds, then one tap for the points, one for the villagers, one to use it."""
    tap_until(page, "palette-town", "picker-combination", "^nothing yet$")
    page.wait_for_timeout(800)  # a dialog ignores taps while it opens
    tap_until(page, "picker-add-field", "picker-combination", "^Field$")
    tap_until(page, "picker-add-sheep", "picker-combination", "^Field \\+ Sheep$")
    tap_until(page, "picker-points-3", "picker-points", ": 3$")
    tap_until(page, "picker-villagers-1", "picker-villagers", ": 1$")
    tap_until(page, "picker-use", "editor-message", "^Tap a place to lay a Town")


def test_a_valley_is_entered_row_by_row_from_its_top_left_card(app_server, phone):
    page = phone
    create_table(page, app_server.url, names=("Ann", "Bob"))
    # The grid shows one free place around the Starting Town; the valley reaches two columns to
    # its left: one tap grows the grid there.
    tap_until(page, "grow-left", "editor-message", "^The grid has a column on the left")
    brush = None
    laid = 0
    for row, line in enumerate(AS_IT_LIES):
        for col, what in enumerate(line):
            if what == "start":
                continue
            if what != brush:
                if what == TOWN:
                    describe_town(page)
                else:
                    tap_until(page, f"palette-{what}", "editor-message", "^Tap a place to lay")
                brush = what
            laid += 1
            cell = f"cell-{row - START[0]}-{col - START[1]}"
            tap_until(page, cell, "card-count", rf"^{laid} of 18 Valley cards")
            said = text_of(page, "editor-message")
            assert re.search(rf"at row {row + 1}, column {col + 1} on Ann's valley\.$", said), said
            if laid == 1:  # the top-left card does not touch the Starting Town yet: kept, shown
                problems = wait_text(page, "problems", "does not touch the valley")
                assert "Field at row 1, column 1 does not touch the valley" in problems
                assert text_of(page, "player-total").startswith("Ann: 0 points")
    # Every card joined: nothing is left out, and the grid is labelled as it lies.
    page.wait_for_function(
        "() => document.querySelector('[flt-semantics-identifier=\"problems\"]') === null")
    assert re.search(r"1\s*2\s*3\s*4", text_of(page, "grid-columns"))
    assert handle(page, "grid-sight").count() == 0  # 6 columns fit a phone's width
    assert page.get_by_text(re.compile("must be provided")).count() == 0
    if os.environ.get("SCOREPAD_SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["SCOREPAD_SCREENSHOTS"],
                                          "valley-row-by-row-phone.png"))
