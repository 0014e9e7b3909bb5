"""Backup (route ``/backup``): download every table this device sees as one backup file, the
finished games as CSV, and import a backup back (tables already here are kept as they are)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import flet as ft

from ui.screens.after_game_views import screen_top
from ui.screens.exports import save_export
from ui.store.backup import (BackupError, Merged, backup_json, finished_csv, merge_backup,
                              read_backup)
from ui.store.deck import Deck
from ui.store.finished import finished_tables
from ui.store.photos import PhotoStore
from ui.screens.import_view import FileImport
from ui.parts.saving import saves
from ui.parts.widgets import PROBLEM, labelled, tap_target


WORKING = ft.Colors.ON_SURFACE_VARIANT
"""The ink of what the screen is doing (then the result's, green, or the problem's)."""


class BackupView(FileImport):
    def __init__(self, context):
        self.context = context
        self.status = ft.Text(size=14)
        self.saved = ft.Column(spacing=4)
        self.picker = ft.FilePicker(on_result=self._picked)
        self.with_photos = ft.Checkbox(value=True)
        self.photos_label = ft.Text(size=14)
        self.importing = False
        """A backup is being read or merged (a second one waits for it)."""
        self.root = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO)
        self.render()

    def render(self) -> None:
        count = len(self.context.visible_tables())
        words = self.context.words
        items = [
            screen_top(self.context, "/backup"),
            ft.Text(words.say_n(
                "ui.backup.explained",
                "One file with the {count} table you see here, finished or not, with its date, "
                "location and notes. Importing it adds the tables that are not here yet: "
                "importing it twice adds nothing.",
                "One file with all {count} tables you see here, finished or not, with their "
                "dates, locations and notes. Importing it adds the tables that are not here yet: "
                "importing it twice adds nothing.", count), size=14),
            self._photos_choice(),
            ft.Row([
                tap_target(ft.Row([ft.Icon(ft.Icons.DOWNLOAD), ft.Text(words.say("ui.backup.download", "Download backup"))],
                                  tight=True), self._backup, "backup-download"),
                tap_target(ft.Row([ft.Icon(ft.Icons.TABLE_VIEW), ft.Text(words.say("ui.backup.csv", "Finished games (CSV)"))],
                                  tight=True), self._csv, "backup-csv"),
            ], wrap=True, spacing=8),
            self.saved,
            ft.Divider(),
            tap_target(ft.Row([ft.Icon(ft.Icons.UPLOAD_FILE), ft.Text(words.say("ui.backup.import", "Import a backup"))],
                              tight=True), self._picking, "backup-import",
                       action=ft.PickFiles(file_picker=self.picker, with_data=True,
                                           file_type=ft.FilePickerFileType.CUSTOM,
                                           allowed_extensions=["json"])),
            labelled("backup-status", self.status),
            ft.Text(words.say("ui.backup.commands",
                              "On the computer running scorepad: scorepad export-all FILE and "
                              "scorepad import-all FILE do the same."),
                    size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ]
        self.root.controls = [ft.Container(ft.Column(items, spacing=12), padding=12)]

    def _photos_choice(self) -> ft.Control:
        """The photos' checkbox and its label, a text of its own that wraps (a checkbox's label
        stays on one line, cut on a phone) and toggles it too; one node for a screen reader."""
        photos = PhotoStore(self.context.store)
        count = sum(len(photos.of_table(table.id)) for table in self.context.visible_tables())
        self.photos_label.value = self.context.words.say(
            "ui.backup.with_photos", "With the tables' photos ({count}; about a megabyte each: "
            "leave them out for a small file)", count=count)
        return labelled("backup-photos", ft.MergeSemantics(ft.Row([
            self.with_photos,
            ft.Container(self.photos_label, expand=True, on_click=self._toggle_photos),
        ])))

    def _toggle_photos(self, e=None) -> None:
        self.with_photos.value = not self.with_photos.value

    async def _backup(self, e=None) -> None:
        photos = PhotoStore(self.context.store) if self.with_photos.value else None
        # On a worker thread: with photos, a backup is megabytes read and encoded.
        text = await asyncio.to_thread(lambda: backup_json(
            self.context.visible_tables(), photos, Deck(self.context.store).export()))
        await self._save("scorepad-backup", "json", text)

    async def _csv(self, e=None) -> None:
        finished = finished_tables(self.context.visible_tables(), self.context.games)
        await self._save("scorepad-finished-games", "csv", finished_csv(finished))

    async def _save(self, stem: str, extension: str, text: str) -> None:
        await save_export(self.context, stem, extension, text, self.saved, "backup-saved")

    @saves
    async def import_text(self, text: str, source: str) -> None:
        """Check the backup and add its new tables on a worker thread (a backup is up to 200 MB,
        each photo decoded and re-encoded), so every phone at every table is still served
        meanwhile: the screen says how far it got, then what was added, or why not."""
        if self.importing:
            self._say(self.context.words.say(
                "ui.backup.busy", "A backup is being imported: wait for it to end, then import "
                "this one."))
            return
        refused = self.context.take_quota("import")
        if refused is not None:
            self._say(self.context.words.render(refused))
            return
        self.importing = True
        self._say(self.context.words.say("ui.backup.checking",
                                         "Checking {file}: its tables and photos…", file=source),
                  WORKING)
        try:
            merged = await asyncio.to_thread(self._merge, text, source,
                                             self._progress(asyncio.get_running_loop()))
        except BackupError as error:
            self._say(self.context.words.render(error.message))
            return
        finally:
            self.importing = False
        self._say(self._added(merged), ft.Colors.GREEN_900)
        self.render()
        self.context.page.update()

    def _added(self, merged: Merged) -> str:
        words = self.context.words
        said = [words.say_n("ui.backup.added", "Added {count} table; {here} already here.",
                            "Added {count} tables; {here} already here.", len(merged.added),
                            here=merged.already_here)]
        if merged.cards_added:
            said.append(words.say_n("ui.backup.cards_added", "Added {count} card to the deck.",
                                    "Added {count} cards to the deck.", merged.cards_added))
        if merged.cards_named_twice:
            said.append(words.say_n(
                "ui.backup.cards_named_twice",
                "{count} of them is named like a card here with another description: both are "
                "kept (see Deck).",
                "{count} of them are named like cards here with other descriptions: both are "
                "kept (see Deck).", merged.cards_named_twice))
        return " ".join(said)

    def _merge(self, text: str, source: str, progress: Callable[[int, int], None]) -> Merged:
        """On the worker thread: read, check and merge; the new tables are this device's."""
        return merge_backup(read_backup(text, source), self.context.store,
                            self.context.may_open, progress, self.context.device)

    def _progress(self, loop: asyncio.AbstractEventLoop) -> Callable[[int, int], None]:
        """``progress(done, total)`` for the worker thread: the screen says it on the event
        loop, at each tenth of the tables (a large backup is never a redraw per table)."""
        said: set[int] = set()

        def progress(done: int, total: int) -> None:
            tenth = done * 10 // max(total, 1)
            if tenth not in said and done < total:
                said.add(tenth)
                loop.call_soon_threadsafe(self._say, self.context.words.say(
                    "ui.backup.adding", "Adding the tables: {done} of {total} done…", done=done,
                    total=total), WORKING)

        return progress

    def _say(self, text: str, colour: str | None = PROBLEM) -> None:
        self.status.value = text
        self.status.color = colour
        self.context.page.update()

    say_not_saved = _say
