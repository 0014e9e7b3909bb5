"""An edit made again on a newer draft: how one table stays one table when two processes edit it
at once (issue 34), and how an undo undoes one edit, not the edits made since elsewhere.

A draft is plain JSON (objects, lists, numbers, text). An edit is the change from the draft it
was made on (``before``) to the draft it made (``after``); :func:`replayed` makes that change on
another draft: every place the edit changed gets the edit's value, every other place keeps the
other draft's. When another process saved the table meanwhile, the edits of this one are so made
again on the newest revision, and both processes' edits are kept; where both changed the same
place (the same card of the same valley), the edit saved last is what the table holds, as it
would be had the two been made one after the other on one phone.
"""

from __future__ import annotations

from typing import Any


def replayed(current: Any, before: Any, after: Any) -> Any:
    """``current`` with the change from ``before`` to ``after`` made on it. Objects are merged
    key by key, lists of one length place by place (a list whose length the edit changed, a card
    laid or removed in a list of cards, takes the edit's list whole); any other value changed by
    the edit takes its new value. Nothing is copied that the edit did not change: treat every
    draft as read-only (``TableSession.apply`` changes a copy)."""
    if before == after:
        return current
    if isinstance(before, dict) and isinstance(after, dict) and isinstance(current, dict):
        merged = dict(current)
        for key in before.keys() - after.keys():
            merged.pop(key, None)
        for key, value in after.items():
            if key in before and before[key] == value:
                continue  # the edit left it: the current draft's stands
            if key not in before or key not in current:
                merged[key] = value
            else:
                merged[key] = replayed(current[key], before[key], value)
        return merged
    if (isinstance(before, list) and isinstance(after, list) and isinstance(current, list)
            and len(before) == len(after)):
        merged_list = list(current)
        for index, (old, new) in enumerate(zip(before, after)):
            if old == new:
                continue
            if index < len(merged_list):
                merged_list[index] = replayed(merged_list[index], old, new)
            else:
                merged_list.append(new)
        return merged_list
    return after


def part_of_change(before: dict, after: dict) -> int | None:
    """The one player whose part changed from ``before`` to ``after`` (an edit made on another
    process, whose maker this one does not know); None when the table's own part changed, or
    several players'."""
    players_before, players_after = before.get("players"), after.get("players")
    if not (isinstance(players_before, list) and isinstance(players_after, list)
            and len(players_before) == len(players_after)):
        return None
    rest_same = ({key: value for key, value in before.items() if key != "players"}
                 == {key: value for key, value in after.items() if key != "players"})
    changed = [index for index, (old, new) in enumerate(zip(players_before, players_after))
               if old != new]
    return changed[0] if rest_same and len(changed) == 1 else None
