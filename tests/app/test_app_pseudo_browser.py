"""Every word on screen passed through a catalogue (issue 20, item 5): the app in the
pseudo-language (``?lang=pseudo``: every catalogue text accented and bracketed, ``[Ŧőŧǻľ]``)
walked screen by screen in headless Chromium, reading what Flutter's accessibility tree shows
(texts, names of controls, what fields hold). A word left in plain English is a text that did not
pass through a catalogue. Names players typed, game titles, numbers, dates, paths and links are
allowed as they are.

:data:`CHECKED` is every screen and panel the names walk opens (a test of it fails when a screen
is added to the walk and not here); the walk opens each screen's help too (its **?**), every
help once."""

from __future__ import annotations

import json
import re

from app_browser import ROOT, TABLET_TALL, open_app
from conftest import page_of
from scorer.games import GAMES
from test_app_names_browser import (EXAMPLES, SCREEN_HELP, screens, tables,  # noqa: F401
                                     walk)  # tables: a fixture
from ui.screens.screen_help import TOPICS

CHECKED = (
    # At the table (the app and its screens)
    "home", "import", "new table", "scorepad", "explanation", "invite", "settings", "finish",
    "text page", "join", "export", "remove a player?", "choose a colour", "share as text",
    "empty the bin?",
    # The game editors and their panels
    "sunflower_valley editor", "girasoles editor", "maple_valley editor", "photo viewer",
    "girasoles coins", "maple card dialog", "valley card picker", "valley card chosen",
    "girasoles objectives",
    "maple pack", "maple festivities",
    # After the game
    "history", "statistics", "backup", "deck",
)
"""The screens whose every word is a message: every screen the walk opens."""

TEXTS = """() => {
    // What a person reads: each leaf of the accessibility tree's text, every control's name,
    // what each field holds.
    const out = [];
    for (const node of document.querySelectorAll('flt-semantics, input, textarea')) {
        const name = node.getAttribute('aria-label');
        if (name) out.push(name.trim());
        if (node.matches('input, textarea')) {
            if (node.value) out.push(node.value);
        } else if (!node.querySelector('flt-semantics')) {
            const text = (node.innerText || '').trim();
            if (text) out.push(text);
        }
    }
    return [...new Set(out)];
}"""

PLAIN = [
    re.compile(r"^\{.*\}$"),  # a table file's JSON, as the import's example shows it
    re.compile(r"https?://\S+|\S*/\S*"),  # links and paths
    re.compile(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}\b"),  # dates
    re.compile(r"\b[0-9a-f]{6}\b"),  # a device's short id
    re.compile(r"\b[A-Z]{2}-\d+\b"),  # a ruling's id
]
"""What is shown as it is in every language (Babel writes the pseudo-language's dates in
English)."""
FLUTTER = ("Alert",)
"""Flutter's own words (a dialog's name), said by Flutter in the page's locale: English for the
pseudo-language."""
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
"""Two plain letters running: the pseudo-language turns every letter of a catalogue text into an
accented one (but x), so such a run is a word that skipped the catalogues."""


def allowed_names() -> list[str]:
    """The names shown as typed: the players of the example tables, their cards' names (Maple
    Valley's Favours and Friends) and Festivities, the finished table's location, the games'
    titles, the app's name and the pseudo-language's own."""
    names = {title.title for title in GAMES.values()} | {"scorepad", "pseudo", "Club", *FLUTTER}
    for game, example in [*EXAMPLES.items(), ("sunflower_valley", "full_table.json")]:
        data = json.loads((ROOT / "examples" / game / example).read_text())
        names |= set(typed_names(data)) | set(data.get("festivities", []))
    return sorted(names, key=len, reverse=True)


def typed_names(data) -> list[str]:
    """Every ``name`` a table file holds: its players' and their cards'."""
    if isinstance(data, list):
        return [name for item in data for name in typed_names(item)]
    if isinstance(data, dict):
        own = [data["name"]] if isinstance(data.get("name"), str) else []
        return own + [name for value in data.values() for name in typed_names(value)]
    return []


def untranslated(text: str, names: list[str]) -> list[str]:
    """The plain English words of a text, once names and what is shown as it is are left out."""
    for pattern in PLAIN:
        text = pattern.sub(" ", text)
    # Names listed as the locale lists them (Babel's "Ann and Dee", "Ann, Bob, and Cy").
    listed = "|".join(re.escape(name) for name in names)
    text = re.sub(rf"(?<![A-Za-z])({listed}),? and (?=({listed})(?![A-Za-z]))", r"\1, ", text)
    for name in names:
        text = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " ", text)
    # A name cut short to fit a column ("Rulebo") is still the name.
    return [word for word in ENGLISH_WORD.findall(text)
            if not any(name.startswith(word) for name in names)]


def test_the_untranslated_check_sees_plain_english_and_lets_names_through():
    names = ["Paul", "Sunflower Valley"]
    assert untranslated("[Ŵįŋŋęř: Paul]", names) == []
    assert untranslated("Sunflower Valley · Paul Dec 1, 2026 18:42 · [ľęǻđęř: Paul (25)]",
                        names) == []
    assert untranslated("[Ęxƥőřŧ ŧǻƀľę ƒįľę] /tmp/x_1/tables.sqlite3 http://10.0.0.2:8000/j/a",
                        names) == []
    assert untranslated("[Ŵįŋŋęřş: Paul and Sunflower Valley]", names) == []
    assert untranslated("Tap a number [Şŧǻŧş]", names) == ["Tap", "number"]
    assert untranslated("[Ŧĥę şçőřę and Paul]", names) == ["and"]
    assert untranslated("Pau Paul", names) == []
    assert untranslated("[Ŧĥę şçőřę: Paula]", names) == ["Paula"]


def test_the_walk_opens_every_screens_help():
    assert sorted(SCREEN_HELP.values()) == sorted(TOPICS)
    assert set(SCREEN_HELP) <= set(CHECKED)


def test_every_word_on_the_checked_screens_passed_through_a_catalogue(app_server, browser,
                                                                       tables):  # noqa: F811
    assert set(CHECKED) == {screen for screen, *_ in screens(tables)}, "a screen not checked"
    names = allowed_names()
    plain: dict[str, list[str]] = {}
    with page_of(browser, viewport=TABLET_TALL) as page:
        open_app(page, app_server.url + "/?lang=pseudo")  # remembered by this browser
        for screen, missed in walk(page, app_server.url, tables, CHECKED.__contains__,
                                   helps=True):
            if missed:
                plain[screen] = [missed]
                continue
            texts = page.evaluate(TEXTS)
            found = [text for text in texts if untranslated(text, names)]
            if not texts or found:
                plain[screen] = found or ["no text read"]
    assert plain == {}, "\n".join(f"{screen}: {' | '.join(texts)}"
                                  for screen, texts in plain.items())
