"""End to end at phone size (390x844), in headless Chromium: counts typed into a Maple Valley Pack
field and a Girasoles coin field. Each tap into the field selects its whole text, so typing
replaces the count (a field showing 0 takes a typed 8 as 8). What is not a whole count ("3.5",
"1e3", "-5", "-2" typed over 35) is refused beside the field, in words, and leaves the score as
it was."""

from __future__ import annotations

import re

from app_browser import handle, tap_until, text_of, type_count, wait_text
from test_app_girasoles_browser import create_girasoles_table
from test_app_maple_valley_browser import create_table, show

REFUSED = ("3.5", "1e3", "-5")


def refused_in_words(page, identifier: str, text: str, noun: str) -> None:
    """The field keeps the typed text and says beside it why it is not a count."""
    said = wait_text(page, f"{identifier}-error", "^" + re.escape(f"{text} is not a count of"))
    assert said == f"{text} is not a count of {noun}: type a whole number from 0 to " + (
        "99." if noun != "coins" else "999.")


def check_bad_counts(page, identifier: str, noun: str, score: str, score_of) -> None:
    """From a field showing 0: 8 typed, the refused texts, 35, then -2 over it; the score
    (``score_of(count)``, a pattern for the control ``score``) follows only the counts."""
    # No select-all by hand: each tap into the field selects its whole text, typing replaces it.
    type_count(page, identifier, "8")
    wait_text(page, score, score_of(8))
    for text in REFUSED:
        type_count(page, identifier, text)
        refused_in_words(page, identifier, text, noun)
        assert re.search(score_of(8), text_of(page, score)), text_of(page, score)
    type_count(page, identifier, "35")
    wait_text(page, score, score_of(35))
    error = handle(page, f"{identifier}-error")
    assert error.count() == 0 or error.inner_text().strip() == ""  # no reason when it counts
    type_count(page, identifier, "-2")
    refused_in_words(page, identifier, "-2", noun)
    # The plus button counts from the count kept (35), not from anything typed since.
    tap_until(page, f"{identifier}-plus", score, score_of(36))


def test_a_maple_valley_count_keeps_what_is_typed_and_refuses_what_is_no_count(
        app_server, phone):
    page = phone
    create_table(page, app_server.url, ["Ann", "Bob"])
    show(page, "section-pack", "count-Acorns")
    check_bad_counts(page, "count-Acorns", "Acorns", "editor-message",
                     lambda count: "^" + re.escape(f"Set Ann's Acorns to {count}."))


def test_a_girasoles_coin_count_keeps_what_is_typed_and_refuses_what_is_no_count(
        app_server, phone):
    page = phone
    create_girasoles_table(page, app_server.url, ["Ana"])
    tap_until(page, "panel-coins", "coins-line", "^Scored: coins worth 0 in all")
    check_bad_counts(page, "coins-total", "coins", "coins-line",
                     lambda count: f"^Scored: coins worth {count} in all")
