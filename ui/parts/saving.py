"""Every change a device asks for that writes the tables file (a new, imported or finished table,
a join, a revoke, a deleted table, a deck card, a photo...) runs through here. When the file
refuses it (made read-only, full, deleted while the app runs: the store raises
:class:`~ui.store.storage.NotSaved`), the device that acted is told why in words, what was entered
stays on its screen, and the page goes on working. Without this, the exception would escape the
Flet handler and Flet would replace the whole page with its "session crashed" screen (it has no
hook for that). Edits of a table are told by the table's own session instead (``save_error``):
they are kept in memory and saved by the next save that works.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from typing import Any

from ui.store.storage import NotSaved, StoreUnavailable

logger = logging.getLogger(__name__)

Say = Callable[[str], None]
"""Shows a message in a screen's own place for it (a dialog's status line, a form's error)."""


def tell_not_saved(context, refused: NotSaved, say: Say | None = None) -> None:
    """Tell the device of ``context`` that a change was refused, and why: with ``say`` when the
    screen has a place for it (a dialog hides a snack bar), else in a snack bar."""
    logger.error("a change was not saved: %s", refused)
    try:
        host = context.is_host
    except (StoreUnavailable, OSError):  # the store cannot even be read: never say where
        host = False
    # After the reason: a refused change is all or nothing.
    message = context.words.say("ui.saving.nothing_changed", "{problem}; nothing changed; what "
                                "you entered stays here, to try again.",
                                problem=refused.message(host))
    if say is not None:
        say(message)
    else:
        context.toast(message)
    context.page.update()


def saving(context, change: Callable[[], Any], say: Say | None = None) -> bool:
    """Make ``change`` of the tables file; False when the file refused it (then told, see
    :func:`tell_not_saved`), so the caller leaves its screen as it is."""
    try:
        change()
    except NotSaved as refused:
        tell_not_saved(context, refused, say)
        return False
    return True


def saves(handler: Callable) -> Callable:
    """A view's handler (a method of an object with ``context``) that writes the tables file,
    sync or async: a refusal is told (in the view's ``say_not_saved(message)`` when it has one,
    else a snack bar) and the handler stops where it was, leaving its screen as it is."""

    def told(view, refused: NotSaved) -> None:
        tell_not_saved(view.context, refused, getattr(view, "say_not_saved", None))

    if inspect.iscoroutinefunction(handler):
        @functools.wraps(handler)
        async def run_async(view, *args, **kwargs):
            try:
                return await handler(view, *args, **kwargs)
            except NotSaved as refused:
                told(view, refused)
                return None

        return run_async

    @functools.wraps(handler)
    def run(view, *args, **kwargs):
        try:
            return handler(view, *args, **kwargs)
        except NotSaved as refused:
            told(view, refused)
            return None

    return run
