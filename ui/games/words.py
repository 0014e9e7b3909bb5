"""Words every game's editor says alike, in the device's language."""

from __future__ import annotations


def highlighted_name(name: str, words) -> str:
    """A cell's name for a screen reader when a scorepad line used it: "row 2, column 3: Sheep,
    highlighted" (the cell differs from the dimmed ones by more than colour)."""
    return words.say("ui.games.cell.highlighted", "{cell}, highlighted", cell=name)
