"""Each screen's help on a phone (issue 33, item 4), in headless Chromium at 390x844: the **?**
of a few screens, in English, Spanish and German, opens that screen's help in the device's
language, with nothing past the screen's left or right edge (read from the accessibility tree's
bounds), and Close closes it. Every screen's help is opened by the pseudo-language walk
(test_app_pseudo_browser.py); the words of each are checked without a browser
(test_app_screen_help.py). ``SCOREPAD_HELP_SHOTS=DIR`` keeps a screenshot of each help."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from app_browser import PHONE, UI_TIMEOUT, handle, open_app, wait_text
from conftest import page_of
from test_app_maple_valley_browser import show
from test_app_names_browser import seed_tables
from ui.parts.words import app_language
from ui.screens.screen_help import BUTTON, CLOSE, TEXT, TOPICS, paragraphs

OUTSIDE = """([text, close, width]) => {
    // Every node of the help's text and its Close whose box leaves the screen sideways.
    const nodes = [...document.querySelectorAll(
        `[flt-semantics-identifier="${text}"], [flt-semantics-identifier="${text}"] *, `
        + `[flt-semantics-identifier="${close}"]`)];
    return [nodes.length, nodes.map(node => [node.innerText || node.getAttribute('aria-label')
                                              || node.tagName, node.getBoundingClientRect()])
        .filter(([, box]) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
        .map(([what, box]) => `${what.slice(0, 40)}: ${box.left}..${box.right}`)];
}"""

SCREENS = {
    # language: (topic, address, the opener of a dialog that is a screen of its own, or None)
    "en": [("home", "/", None), ("sunflower-valley", "/table/{sunflower_valley}/valley/0", None),
           ("settings", "/table/{sunflower_valley}/settings", None)],
    "es": [("join", "/join/{code}", None), ("girasoles", "/table/{girasoles}/valley/0", None),
           ("import", "/", "import-table")],
    "de": [("scorepad", "/table/{sunflower_valley}/scorepad", None),
           ("maple-valley", "/table/{maple_valley}/valley/0", None),
           ("invite", "/table/{maple_valley}/valley/0", "table-invite")],
}
"""A few screens per language: together every kind of place the **?** is in (a screen's top, a
table's row of actions, a dialog's title), the longest help (the scorepad's) in German."""
DIALOG_SHOWS = {"import-table": "import-text", "table-invite": "invite-close"}


@pytest.fixture(scope="module")
def addresses(app_server) -> dict[str, object]:
    """What the addresses of :data:`SCREENS` name: the example tables' numbers, a join code."""
    from ui.store.access import Access
    from ui.store.storage import TableStore

    tables = seed_tables(app_server.db)
    code = Access(TableStore(app_server.db)).join_code(tables["sunflower_valley"])
    return {**tables, "code": code}


def opening_words(text: str) -> str:
    """A pattern of the help's first words, as the screen shows them."""
    return re.escape(" ".join(paragraphs(text)[0].split()[:4]))


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_the_help_opens_in_the_devices_language_within_the_screen(app_server, browser, addresses,
                                                                   language):
    words = app_language(language)
    shots = os.environ.get("SCOREPAD_HELP_SHOTS")
    cut = {}
    with page_of(browser, viewport=PHONE, locale=language) as page:
        for topic, address, opener in SCREENS[language]:
            open_app(page, app_server.url + address.format(**addresses) + f"?lang={language}")
            if opener is not None:
                show(page, opener, DIALOG_SHOWS[opener])
            # The dialog's ? is the last: under an open dialog the screen is out of the tree.
            button = handle(page, BUTTON).last
            button.wait_for(timeout=UI_TIMEOUT)
            box = button.bounding_box()
            assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"], (topic, box)
            button.click()
            said = wait_text(page, TEXT, opening_words(words.render(TOPICS[topic].text)))
            assert said, topic
            handle(page, CLOSE).wait_for(timeout=UI_TIMEOUT)
            seen, outside = page.evaluate(OUTSIDE, [TEXT, CLOSE, PHONE["width"]])
            if seen < 2 or outside:
                cut[topic] = outside or ["nothing read"]
            if shots:
                Path(shots).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(Path(shots) / f"help-{topic}-{language}.png"))
            handle(page, CLOSE).click()
            handle(page, TEXT).wait_for(state="detached", timeout=UI_TIMEOUT)
            if opener is not None:  # Close closes the help alone: the dialog under it stays
                handle(page, DIALOG_SHOWS[opener]).wait_for(timeout=UI_TIMEOUT)
    assert cut == {}, cut
