"""*My data* (route ``/my-data``, a public server's only): what the server stores, for how long
and who can see it; a backup of every table this device made or joined; and *Forget this
device*, which the server does for this device only (``AppContext.forget_this_device``)."""

from __future__ import annotations

import asyncio

import flet as ft

from ui.parts.dialogs import close_dialog, open_dialog
from ui.parts.saving import saves
from ui.parts.widgets import PROBLEM, TOUCH, heading, labelled, tap_target, wrapping_target
from ui.screens.exports import save_export
from ui.screens.keeping import MY_DATA, retention_rule
from ui.store.backup import backup_json
from ui.store.my_data import held_alone
from ui.store.photos import PhotoStore

__all__ = ["MY_DATA", "MyDataView"]


class MyDataView:
    def __init__(self, context):
        self.context = context
        self.saved = ft.Column(spacing=4)
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO)
        self.render()

    def render(self) -> None:
        words = self.context.words
        count = len(self.context.visible_tables())
        items: list[ft.Control] = [
            ft.Row([
                tap_target(ft.Icon(ft.Icons.ARROW_BACK), lambda e: self.context.go("/"), "home",
                           width=TOUCH, padding=0,
                           tooltip=words.say("ui.my_data.saved_tables", "Saved tables")),
                ft.Container(heading(words.say("ui.my_data.title", "My data and privacy"), 20),
                             expand=True),
            ]),
            labelled("privacy-text", ft.Column(self._privacy(), spacing=8)),
            ft.Divider(),
            wrapping_target(ft.Icons.DOWNLOAD, words.say_n(
                "ui.my_data.backup", "Download a backup of my table ({count})",
                "Download a backup of my tables ({count})", count), self._backup,
                "my-data-backup"),
            ft.Text(words.say("ui.my_data.backup_note",
                              "Every table this device made or joined, with its photos; "
                              "Import a backup (in Backup) adds them back, here or on another "
                              "scorepad."), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            self.saved,
            ft.Divider(),
            wrapping_target(ft.Icons.DELETE_FOREVER, words.say(
                "ui.my_data.forget", "Forget this device"), self._confirm_forget,
                "my-data-forget", color=PROBLEM),
            ft.Text(words.say("ui.my_data.forget_note",
                              "The server forgets this device: the tables it joined, its place "
                              "at them, and the tables only it holds, deleted for good. It then "
                              "starts as a new device."), size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT),
        ]
        self.root.controls = [ft.Container(ft.Column(items, spacing=12), padding=12)]

    def _privacy(self) -> list[ft.Control]:
        """The privacy text: what is stored, for how long, who can see it (docs/privacy.md says
        the same)."""
        words = self.context.words
        sections = [
            (words.say("ui.my_data.stored_heading", "What this server stores"), words.say(
                "ui.my_data.stored",
                "Each table as it was entered (players' names, cards, notes, location), its "
                "dates and its photos (without their location data). For this device: a "
                "random token its browser keeps (the server keeps only a hash of it), the "
                "tables it made or joined and its mark on the photos it sent. The cards "
                "described at any table join this server's deck. No e-mail, no account, no "
                "tracker. Network addresses are counted in memory only, to bound what one "
                "network may make.")),
            (words.say("ui.my_data.how_long_heading", "For how long"),
             retention_rule(self.context) + " " + words.say(
                "ui.my_data.how_long",
                "Deleted tables too: the date shows beside each table. Opening a table keeps "
                "it longer; a backup keeps it as long as you like, and importing it brings "
                "the tables back. Forget this device deletes at once.")),
            (words.say("ui.my_data.who_heading", "Who can see it"), words.say(
                "ui.my_data.who",
                "A table is seen and changed by the devices that made it or joined it with "
                "its invitation (its link or QR code), and by no other: this server has no "
                "host who sees every table. Whoever runs the server can read its "
                "database.")),
        ]
        return [control for title, text in sections
                for control in (heading(title, 16), ft.Text(text, size=14))]

    async def _backup(self, e=None) -> None:
        tables = self.context.visible_tables()
        photos = PhotoStore(self.context.store)
        # On a worker thread: with photos, a backup is megabytes read and encoded. The deck is
        # the whole server's (every group's cards), so it is not this device's to take.
        text = await asyncio.to_thread(backup_json, tables, photos)
        await save_export(self.context, "scorepad-my-tables", "json", text, self.saved,
                          "my-data-saved")

    def _confirm_forget(self, e=None) -> None:
        words = self.context.words
        alone = len(held_alone(self.context.store, self.context.device))
        open_dialog(self.context.page, ft.AlertDialog(
            title=ft.Text(words.say("ui.my_data.forget_title", "Forget this device?"), size=18),
            content=labelled("forget-warning", ft.Text(words.say_n(
                "ui.my_data.forget_warning",
                "{count} table only this device holds will be deleted for good, with its "
                "photos; the tables shared with other devices stay for them. This cannot be "
                "undone: download a backup first to keep your tables.",
                "{count} tables only this device holds will be deleted for good, with their "
                "photos; the tables shared with other devices stay for them. This cannot be "
                "undone: download a backup first to keep your tables.", alone), size=14)),
            actions=[
                tap_target(words.say("ui.my_data.cancel", "Cancel"),
                           lambda e: close_dialog(self.context.page), "forget-cancel"),
                tap_target(words.say("ui.my_data.forget_confirm", "Forget"), self._forget,
                           "forget-confirm", color=PROBLEM),
            ],
        ))

    @saves
    async def _forget(self, e=None) -> None:
        close_dialog(self.context.page)
        await self.context.forget_this_device()
        self.context.go("/")
        self.context.toast(self.context.words.say(
            "ui.my_data.forgotten", "This device was forgotten: it starts as a new device."))
