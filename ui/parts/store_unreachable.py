"""The screen a device sees when the tables cannot be read as it opens one (the database server
stopped, restarting or unreachable; the tables file gone): a few words and *Try again*, which
opens the same address again, never Flet's red error page or a traceback (issue 34).

Nothing is lost meanwhile: the edits of a table already open stay in memory and are saved by
themselves once the store answers (``ui.live.session``). The device is not told where the store
is (a server's address is the host's business): the host reads that in the server's log.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import flet as ft

from ui.parts.widgets import heading, labelled, wrapping_target

logger = logging.getLogger(__name__)


class StoreUnreachableView:
    """What a screen shows instead of itself while the store cannot be read; ``try_again``
    opens the screen again (the address it was opened at)."""

    def __init__(self, context, problem: BaseException, try_again: Callable[[], None]):
        logger.error("a screen could not be opened: %s", problem)
        words = context.words
        self.root = ft.Container(ft.Column([
            heading(words.say("ui.unreachable.title", "Not reachable just now"), 22),
            labelled("store-unreachable", ft.Text(words.say(
                "ui.unreachable.why", "The tables cannot be reached just now: the place where "
                "scorepad keeps them does not answer (a database server stopping or restarting). "
                "What was already entered is kept. Try again in a moment."), size=15)),
            wrapping_target(ft.Icons.REFRESH, words.say("ui.unreachable.try_again", "Try again"),
                            lambda e: try_again(), "unreachable-try-again"),
        ], scroll=ft.ScrollMode.AUTO, spacing=12), padding=16, expand=True)
