"""Words every game's editor says alike, in the device's language."""

from __future__ import annotations


def total_words(editor, solo: bool = False) -> str:
    """A player's total on top of their editor, in the editor's words: "Ann: 12 points, rank 1"
    ("Ann: 53 points" in a solo game, "Ann: not scored yet" while the table does not score)."""
    words, name = editor.words, editor.name
    result = editor.player_result()
    if result is None:
        return words.say("ui.games.total.none", "{name}: not scored yet", name=name)
    if solo:
        return words.say_n("ui.games.total.solo", "{name}: {count} point",
                           "{name}: {count} points", result.total, name=name)
    return words.say_n("ui.games.total", "{name}: {count} point, rank {rank}",
                       "{name}: {count} points, rank {rank}", result.total, name=name,
                       rank=result.rank)


def highlighted_name(name: str, words) -> str:
    """A cell's name for a screen reader when a scorepad line used it: "row 2, column 3: Sheep,
    highlighted" (the cell differs from the dimmed ones by more than colour)."""
    return words.say("ui.games.cell.highlighted", "{cell}, highlighted", cell=name)
