"""End to end, in headless Chromium: a person creates a 3-player Maple Valley table and enters the
rulebook's Final Scoring example through the app (typed names and counts, steppers, the card
dialog, cards offered again by name, the Festivity grid); Red's 64 is on screen, and the totals
on screen are the library's score of the exported file."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app_browser import (
    RETRY_AFTER, UI_TIMEOUT, exported_totals, handle, number_in, open_app, tap, tap_until, text_of,
    type_count, type_into, wait_text,
)
from maple_entry import example
from scorer.games import score
from scorer.maple_valley.models import (
    AlsoHave, Card, Favour, Friend, PerFriend, StoredSets, TypedBonus,
)
from ui.games.maple_valley.editor_model import CardForm

TABLET_TALL = {"width": 1280, "height": 1300}
"""Tall enough that a whole section is on screen (Flutter only exposes the visible part to the
accessibility tree)."""
PATIENCE = 25_000
"""Milliseconds to wait for the effect of a tap that must not act twice before tapping again."""
HEADINGS = {"Favour": r"^Favours brought \({}\)", "Friend": r"^Friends \({} besides",
            "Patch": r"^Patches \({} of 4\)"}


@pytest.fixture()
def tall_page(browser):
    context = browser.new_context(viewport=TABLET_TALL)
    page = context.new_page()
    yield page
    context.close()


def show(page, identifier: str, appears: str, patience: int = RETRY_AFTER) -> None:
    """Tap until the control ``appears`` is on screen (a section, a tab, a new player)."""
    for attempt in range(3):
        tap(page, identifier)
        try:
            handle(page, appears).wait_for(timeout=patience)
            return
        except PlaywrightTimeout:
            if attempt == 2:
                raise
        if handle(page, identifier).count() == 0:
            # The tap was taken: what it opened (a dialog) covers it and is still on its way.
            # Tapping again would land on the dialog's barrier and close it.
            handle(page, appears).wait_for(timeout=UI_TIMEOUT)
            return


def create_table(page, url: str, names: list[str]) -> None:
    open_app(page, url + "/")
    tap_until(page, "new-table", "start-table", "Start the table")
    show(page, "game-maple_valley", "maple-setup-note")
    for index in range(2, len(names)):
        show(page, "add-player", f"player-name-{index}", PATIENCE)
    for index, name in enumerate(names):
        type_into(page, f"player-name-{index}", name)
    tap_once(page, "start-table", "player-total", "^" + names[0] + ":")


def tap_once(page, identifier: str, watch: str, pattern: str) -> str:
    """Tap and wait for the effect. A tap that adds or toggles must not act twice, so it is
    repeated only after a long wait (far longer than a busy machine takes to answer), and only
    while its control is still there: a click the client dropped."""
    for attempt in range(3):
        tap(page, identifier)
        try:
            return wait_text(page, watch, pattern, timeout=PATIENCE)
        except PlaywrightTimeout:
            if attempt == 2 or handle(page, identifier).count() == 0:
                raise
    raise AssertionError("unreachable")


def step_to(page, identifier: str, value: int) -> None:
    """Tap plus (or minus) until the value shown is ``value``: it converges even when a slow
    answer makes one tap look dropped and it is tapped again."""
    for _ in range(3 * value + 3):
        shown = number_in(text_of(page, identifier))
        if shown == value:
            return
        tap(page, f"{identifier}-{'plus' if shown < value else 'minus'}")
        try:
            wait_text(page, identifier, rf"^(?!{shown}$)\d+$", timeout=RETRY_AFTER)
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"{identifier} did not reach {value}")


def describe(page, kind: str, card: Card) -> None:
    """Enter a card's face in the dialog, tap by tap, watching the preview line."""
    type_into(page, "card-name", card.name)
    wait_text(page, "card-preview", "^" + re.escape(card.name + ":"))
    if isinstance(card, Favour):
        tap_until(page, f"card-category-{card.category.value}", "card-preview",
                  re.escape(f": {card.category.value},"))
    step_to(page, "card-score", card.score)
    if isinstance(card, Friend):
        for number, travel in enumerate(card.travel, start=1):
            tap_once(page, f"card-travel-{travel.value}", "card-preview",
                      re.escape(" + ".join(t.value for t in card.travel[:number])) + "$")
    bonus = getattr(card, "bonus", None)
    if bonus is not None:
        tap_until(page, f"card-bonus-{bonus.kind}", "card-preview", r", \+0 ")
        step_to(page, "card-bonus-points", bonus.points)
        if isinstance(bonus, AlsoHave):
            type_into(page, "card-also-name", bonus.favour)
            wait_text(page, "card-preview", re.escape(f"also have {bonus.favour}") + "$")
        elif isinstance(bonus, StoredSets):
            for number, resource in enumerate(bonus.set, start=1):
                tap_once(page, f"card-set-add-{resource.value}", "card-set",
                          "^" + re.escape(" + ".join(r.value for r in bonus.set[:number])) + "$")
        elif isinstance(bonus, PerFriend):
            tap_until(page, f"card-per-{bonus.travel.value}", "card-preview",
                      re.escape(f"per {bonus.travel.value} Friend") + "$")
        else:
            assert isinstance(bonus, TypedBonus)
    form = CardForm(kind)
    form.load(card)
    assert text_of(page, "card-preview") == form.preview()


def enter_card(page, kind: str, card: Card, held: int, described: dict[str, list[str]]) -> None:
    """"Add a <kind>", then either the card offered again by name or its description."""
    lower = kind.lower()
    tap_once(page, f"add-{lower}", "card-preview", "^name\\?:")
    page.wait_for_timeout(600)  # a dialog ignores taps while it opens
    known = described.setdefault(kind, [])
    if card.name in known:
        position = known.index(card.name)  # offered in the order first described
        assert text_of(page, f"card-known-{position}").startswith(card.name)
        tap_once(page, f"card-known-{position}", f"heading-{lower}",
                 HEADINGS[kind].format(held + 1))
        return
    describe(page, kind, card)
    tap_once(page, "card-use", f"heading-{lower}", HEADINGS[kind].format(held + 1))
    known.append(card.name)


def enter_count(page, who: str, item: str, count: int) -> None:
    """A single one by the plus button, more by typing the number (typing sets it outright)."""
    done = "^" + re.escape(f"Set {who}'s {item} to {count}.")
    if count == 1:
        tap_once(page, f"count-{item}-plus", "editor-message", done)
    else:
        type_count(page, f"count-{item}", str(count))  # taken on Enter, or when left
        wait_text(page, "editor-message", done)


def test_the_rulebook_example_entered_in_the_app_scores_64_as_the_library(app_server,
                                                                           tall_page):
    page = tall_page
    rulebook = example()
    names = [player.name for player in rulebook.players]
    create_table(page, app_server.url, names)

    # The Festivities: their names, and every player's cubes in one grid.
    show(page, "section-festivities", "festivity-name-0")
    for number, name in enumerate(rulebook.festivity_names):
        type_into(page, f"festivity-name-{number}", name)
        wait_text(page, "editor-message", re.escape(f"'{name}'"))
    for index, player in enumerate(rulebook.players):
        for number, festivity in enumerate(rulebook.festivity_names):
            step_to(page, f"cubes-{index}-{number}", rulebook.cubes_of(player, festivity))
        wait_text(page, f"cubes-placed-{index}", f"^{sum(player.cubes.values())} of 10")

    described: dict[str, list[str]] = {}
    for index, player in enumerate(rulebook.players):
        if index:
            tap_until(page, f"tab-player-{index}", "player-total", f"^{player.name}:")
        show(page, "section-cards", "add-favour")
        for kind, cards in (("Favour", rulebook.favours_of(player)),
                            ("Friend", rulebook.friends_of(player)[1:]),
                            ("Patch", rulebook.patches_of(player))):
            for held, card in enumerate(cards):
                enter_card(page, kind, card, held, described)
        show(page, "section-pack", "count-Acorns")
        for item, count in player.resources.items():
            enter_count(page, player.name, item, count)

    # Red's 64, on the editor and on the scorepad.
    tap_until(page, "tab-player-0", "player-total", "^Red: 64 points, rank 1$")
    tap_until(page, "tab-scorepad", "total-0", "^64$")
    on_screen = [number_in(text_of(page, f"total-{index}")) for index in range(3)]
    assert on_screen == [64, 40, 40] == [p.total for p in score(rulebook).players]
    assert "Bug Jar holds 2 sets of Bugs + Herbs" in text_of(page, "notes-0")
    assert re.search(r"Yellow and Blue tie on 40", text_of(page, "tie-break"))

    # The exported file gives `scorepad score` the same totals.
    assert exported_totals(page) == on_screen

    # A line explains itself with the allocation the scorer chose.
    explanation = tap_once(page, "line-favours-0", "explanation", "Bug Jar")
    assert "2 sets stored (Herbs 2, Bugs 2)" in explanation


def test_a_second_copy_of_a_patch_is_refused_on_screen(app_server, tall_page):
    page = tall_page
    create_table(page, app_server.url, ["Ann", "Bob"])
    tap_once(page, "add-patch", "card-preview", "^name\\?:")
    page.wait_for_timeout(600)
    type_into(page, "card-name", "Rock Skipping")
    step_to(page, "card-score", 2)
    tap_once(page, "card-use", "heading-patch", r"^Patches \(1 of 4\)")
    tap_once(page, "add-patch", "card-preview", "^name\\?:")
    page.wait_for_timeout(600)
    refusal = tap_until(page, "card-known-0", "card-message", "already has")
    assert refusal == ("Ann already has the Patch Rock Skipping: a player may not have two of "
                       "the same Patch.")
    # Going to another screen (a link, the back button) closes the editor's dialog.
    open_app(page, page.url.replace("/valley/0", "/scorepad"))
    wait_text(page, "total-0", "^2$")
    assert handle(page, "card-preview").count() == 0
    tap_until(page, "tab-player-0", "heading-patch", r"^Patches \(1 of 4\)")
    tap_until(page, "undo", "heading-patch", r"^Patches \(0 of 4\)")
