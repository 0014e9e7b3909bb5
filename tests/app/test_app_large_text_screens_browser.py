"""Large text (issue 20, item 8), every screen: a 390x844 phone with the browser's text at 200% (Chromium's
font-size setting, as a person sets it; Flutter's web client scales its text by the page's root
font size) walks every screen and dialog the names test opens, in English and in German (its
words are long), and fails on a text that is cut: a word broken or a text with less room than
it needs, or a control pushed past the screen's edge.

How a cut is seen without reading pixels: every text and every control is a node of Flutter's
accessibility tree with the rectangle it was given on screen and its whole text (the tree keeps
the words an ellipsis or a clip hides). The check measures the text with the shipped font
(DejaVu Sans) at a size no text of the app goes under at 200% (11 px x 2), so a text that does
not fit even at that size is cut for sure. Nodes scrolled partly out of sight, and icons, cells
and colour swatches (named for a screen reader, not written on screen), are not read."""

from __future__ import annotations

import json

import pytest

from app_browser import PHONE, UI_TIMEOUT, open_app
from conftest import page_of
from test_app_names_browser import tables, walk  # noqa: F401 - tables: a fixture

LARGE_TEXT = {"fontSizes": {"standard": 32, "fixed": 26}}
"""A browser set to 200% text: Chromium's default sizes (16 and 13 px) doubled."""

CUT = """() => {
    const FONT = 22, LINE = FONT * 1.16, SLACK = 1.05, SMALL = 64;
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = `${FONT}px "DejaVu Sans"`;
    const width = (text) => pen.measureText(text).width;
    const within = (r, o, x) => x ? r.left >= o.left - 0.5 && r.right <= o.right + 0.5
                                  : r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5;
    const touching = (r, o, x) => x ? r.left <= o.left + 0.5 || r.right >= o.right - 0.5
                                    : r.top <= o.top + 0.5 || r.bottom >= o.bottom - 0.5;
    const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
    const cut = [];
    for (const node of document.querySelectorAll('flt-semantics')) {
        if (node.querySelector('flt-semantics')) continue;  // a group: its texts are read
        const r = node.getBoundingClientRect();
        const written = node.querySelector('span') !== null;  // a text, drawn as it reads
        const field = node.querySelector('input, textarea');
        if (r.width <= SMALL && r.height <= SMALL) continue;
        // A scroller clips what is scrolled partly out of sight, rectangle and all.
        let scrolled = touching(r, screen, false) || !within(r, screen, false);
        let sideways = false;
        for (let up = node.parentElement; up && up.tagName === 'FLT-SEMANTICS';
             up = up.parentElement) {
            const o = up.getBoundingClientRect();
            for (const x of [true, false]) {
                if ((x ? up.style.overflowX : up.style.overflowY) !== 'scroll') continue;
                sideways ||= x;
                scrolled ||= touching(r, o, x) || !within(r, o, x);
            }
        }
        const beyond = !sideways && (r.left < -0.5 || r.right > innerWidth + 0.5);
        if (scrolled && !beyond) continue;
        // A control's own text comes after its tooltip, on the last line; a field's is its
        // label, on one line above what it holds.
        const lines = written ? node.textContent.split('\\n')
            : field ? [field.getAttribute('aria-label') || '']
            : [node.getAttribute('aria-label') || node.textContent.split('\\n').pop()];
        const text = lines.map(line => line.trim()).filter(Boolean);
        if (!text.length) continue;
        const rows = field && field.tagName === 'INPUT' ? 1 : Math.max(1, Math.floor(r.height / LINE));
        // A link or a path may break at any letter.
        const words = text.flatMap(line => line.split(/\\s+/)).filter(word => !word.includes('/'));
        const widest = words.reduce((most, word) => Math.max(most, width(word)), 0);
        const needed = text.reduce((sum, line) => sum + width(line), 0);
        const why = beyond ? 'past the screen'
            : widest > r.width * SLACK ? 'a word broken'
            : needed > rows * r.width * SLACK ? 'cut short' : null;
        if (why) {
            const holder = node.closest('[flt-semantics-identifier]');
            cut.push([holder ? holder.getAttribute('flt-semantics-identifier') : '',
                      text.join(' / ').slice(0, 80), why,
                      `${Math.round(r.width)}x${Math.round(r.height)}`]);
        }
    }
    return cut;
}"""
"""The texts cut on screen: [handle of the control holding it, its text, why, its size]."""

SETTLED = f"""() => {{
    const now = JSON.stringify(({CUT})());
    const settled = window.scorepadCut === now;
    window.scorepadCut = now;
    return settled && now;
}}"""
"""The cut texts once the screen has settled: the same twice running (a scroller is marked as
one only once its content is laid out wider than it)."""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_200_percent_text_no_text_is_cut(app_server, browser, tables, lang):  # noqa: F811
    cut: dict[str, list] = {}
    with page_of(browser, viewport=PHONE) as page:
        page.context.new_cdp_session(page).send("Page.setFontSizes", LARGE_TEXT)
        open_app(page, f"{app_server.url}/?lang={lang}")  # remembered by this browser
        for screen, missed in walk(page, app_server.url, tables):
            if missed:
                cut[screen] = [missed]
                continue
            settled = page.wait_for_function(SETTLED, polling=700, timeout=UI_TIMEOUT)
            found = json.loads(settled.json_value())
            if found:
                cut[screen] = found
    assert cut == {}, "\n".join(f"{screen}: {nodes}" for screen, nodes in cut.items())
