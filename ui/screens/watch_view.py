"""A table's scoreboard link (``/watch/<id>/<code>``, in the Invite dialog beside the join link):
a tablet or a TV that opens it may watch the table's board (``/table/<id>/board``) and nothing
else. Its code is derived from the table's join code (``ui.store.access.watch_code``), so *New
code* and a revoke end it as they end the join link.

A device that opens a valid link and may not yet watch is granted the ``watch`` role, then shown
the board; a device that may already open the table (a player's, the host's) keeps its grant: a
scoreboard link never takes a right away. A wrong or old link says so, in words."""

from __future__ import annotations

import flet as ft

from ui.parts.saving import saving
from ui.parts.widgets import heading, labelled, tap_target
from ui.store.access import WATCH


def watch_path(table_id: int, code: str) -> str:
    return f"/watch/{table_id}/{code}"


def board_path(table_id: int) -> str:
    return f"/table/{table_id}/board"


class WatchView:
    """What ``/watch/<id>/<code>`` shows: at once the board when the link is valid (the grant
    is given on the way); else why not, with the way home."""

    def __init__(self, context, table_id: int, code: str):
        self.context = context
        self.table_id = table_id
        words = context.words
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=12)
        self.problem: str | None = None
        """Why this device was not let in, in words; None when it went to the board."""
        refused = context.take_quota("join")
        if refused is not None:
            self.problem = words.render(refused)
        elif context.access.table_for_watch(table_id, code) is None:
            self.problem = words.say(
                "ui.watch.invalid", "This scoreboard link is not valid any more: ask the table "
                "for the new one (Invite, Scoreboard).")
        elif not context.access.may_watch(context.device, table_id) and not saving(
                context, lambda: context.access.grant(context.device, table_id, WATCH)):
            self.problem = words.say("ui.watch.not_saved", "This device could not be let in: "
                                     "the server could not save it. Open the link again.")
        self.render()
        if self.problem is None:
            context.go(board_path(table_id))

    def render(self) -> None:
        words = self.context.words
        if self.problem is None:
            items = [heading(words.say("ui.watch.opening", "Opening the scoreboard…"), 22)]
        else:
            items = [heading(words.say("ui.watch.title", "Scoreboard"), 22),
                     labelled("watch-invalid", ft.Text(self.problem, size=15)),
                     tap_target(ft.Row([ft.Icon(ft.Icons.HOME),
                                        ft.Text(words.say("ui.table.home", "Saved tables"),
                                                size=15)], tight=True),
                                lambda e: self.context.go("/"), "watch-home")]
        self.root.controls = [ft.Container(ft.Column(items, spacing=12), padding=16)]


def watch_link(join_link: str, table_id: int, code: str) -> str:
    """The scoreboard link beside a table's join link (the same address and port)."""
    base = join_link.split("/join/", 1)[0]
    return base + watch_path(table_id, code)


def scoreboard_invite(context, table_id: int, link: str, show_qr: bool, qr_png, copy) -> list:
    """The Invite dialog's scoreboard part: what the link is for, its QR code (when a tablet can
    open it), the link and its copy button (``copy(link)``)."""
    words = context.words
    items: list[ft.Control] = [
        ft.Divider(),
        ft.Text(words.say("ui.watch.invite_title", "Scoreboard"), size=16,
                weight=ft.FontWeight.BOLD),
        ft.Text(words.say("ui.watch.invite_how", "For a tablet or a TV in the middle of the "
                          "table: it shows every score live and can change nothing. New code "
                          "ends this link too."), size=13),
    ]
    if show_qr:
        items.append(labelled("scoreboard-qr", ft.Image(
            src=qr_png(link), width=200, height=200,
            semantics_label=words.say("ui.watch.qr", "QR code of the scoreboard link"))))

    async def copy_link(e=None) -> None:
        await copy(link)

    items += [
        labelled("scoreboard-link", ft.Text(link, size=13)),
        tap_target(ft.Row([ft.Icon(ft.Icons.COPY),
                           ft.Text(words.say("ui.watch.copy", "Copy the scoreboard link"),
                                   size=14)], tight=True), copy_link, "scoreboard-copy"),
    ]
    return items
