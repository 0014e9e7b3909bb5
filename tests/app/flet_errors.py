"""Finding Flet's own error boxes on a page: the red box the client draws instead of a control it
cannot build shows its message, which reaches the accessibility tree as text."""

from __future__ import annotations

FLET_ERROR_WORDS = ("must be provided", "Unknown control", "Exception", "Error:", "error:")

SHOWN_TEXT = """() => [...document.querySelectorAll('flt-semantics, flt-semantics *')]
    .flatMap(n => [n.getAttribute('aria-label') || '', n.innerText || ''])
    .join('\\n')"""


def flet_errors(page) -> list[str]:
    """Each line of text on the page that reads like a Flet error."""
    shown = page.evaluate(SHOWN_TEXT)
    return sorted({line for line in shown.splitlines()
                   if any(words in line for words in FLET_ERROR_WORDS)})
