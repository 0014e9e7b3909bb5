"""Reading a screen's Flet controls without a browser: the texts it shows, the control under a
test handle."""

from __future__ import annotations

import flet as ft

_CHILDREN = ("content", "controls", "actions")


def _children(control) -> list:
    found = []
    for name in _CHILDREN:
        value = getattr(control, name, None)
        found.extend(value if isinstance(value, list) else [value] if value else [])
    return found


def texts(control) -> list[str]:
    """Every text under ``control``, in order."""
    if isinstance(control, ft.Text):
        return [control.value]
    return [text for child in _children(control) for text in texts(child)]


def identified(control, identifier: str):
    """The control under the Semantics handle ``identifier``, or None."""
    if isinstance(control, ft.Semantics) and control.identifier == identifier:
        return control.content
    for child in _children(control):
        found = identified(child, identifier)
        if found is not None:
            return found
    return None
