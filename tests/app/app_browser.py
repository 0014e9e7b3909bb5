"""Driving the Flet web client: load a page, turn on its accessibility tree, find controls by the
identifiers the app gives them (``flt-semantics-identifier``)."""

from __future__ import annotations

import re

UI_TIMEOUT = 60_000


def open_app(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=UI_TIMEOUT)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")


def handle(page, identifier: str):
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def tap(page, identifier: str) -> None:
    target = handle(page, identifier)
    target.wait_for(timeout=UI_TIMEOUT)
    target.click()


def type_into(page, identifier: str, text: str) -> None:
    """Focus a text field (Flutter then puts a DOM input under the cursor) and type."""
    tap(page, identifier)
    page.wait_for_function(
        "document.activeElement && ['INPUT', 'TEXTAREA'].includes(document.activeElement.tagName)",
        timeout=UI_TIMEOUT,
    )
    page.keyboard.type(text)
    page.wait_for_function("(text) => document.activeElement.value === text", arg=text,
                           timeout=UI_TIMEOUT)


TEXT_OF_NODE = """(node) => {
    const labels = [node, ...node.querySelectorAll('[aria-label]')]
        .map(n => n.getAttribute('aria-label')).filter(Boolean);
    return [node.innerText || '', ...labels].join('\\n').trim();
}"""


def text_of(page, identifier: str) -> str:
    """The text a control shows: its text and the labels Flutter gives some groups of texts."""
    target = handle(page, identifier)
    target.wait_for(timeout=UI_TIMEOUT)
    return target.evaluate(TEXT_OF_NODE)


def wait_text(page, identifier: str, pattern: str) -> str:
    """Wait until the control's text matches ``pattern`` (a regular expression); return it."""
    page.wait_for_function(
        f"""([id, pattern]) => {{
            const node = document.querySelector(`[flt-semantics-identifier="${{id}}"]`);
            return node !== null && new RegExp(pattern).test(({TEXT_OF_NODE})(node));
        }}""",
        arg=[identifier, pattern],
        timeout=UI_TIMEOUT,
    )
    return text_of(page, identifier)


def number_in(text: str) -> int:
    return int(re.search(r"-?\d+", text).group())
