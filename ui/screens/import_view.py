"""Import a table file (Flet): paste its text or pick the file; the library checks it and names
the place of any problem; a good file becomes a saved table, opened at its scorepad."""

from __future__ import annotations

import asyncio

import flet as ft

from ui.parts.dialogs import close_dialog, open_dialog
from ui.screens.import_model import import_table, text_of_file
from scorer.language import Language
from ui.parts.saving import saves
from ui.parts.widgets import labelled, tap_target
from ui.screens.screen_help import help_title


async def picked_text(e: ft.FilePickerResultEvent, say,
                      words: Language | None = None) -> tuple[str, str] | None:
    """The text of the file a picker chose and the file's name; None when there is none, after
    ``say(message)`` told why, in ``words`` (nothing chosen clears the message). Decoded on a
    worker thread: a file may be large (a backup up to 200 MB), and the event loop serves every
    phone at every table meanwhile."""
    if not e.files:
        say("", None)
        return None
    picked = e.files[0]
    text, problem = await asyncio.to_thread(text_of_file, picked.name, picked.bytes, words)
    if text is None:
        say(problem)
        return None
    return text, picked.name


class FileImport:
    """What a screen importing a picked file does around the picker: it says "Choosing a file…"
    while the picker is open, then hands the file's text to its ``import_text(text, name)`` (a
    file that cannot be read is told with its ``_say``); ``import_text`` reads and checks the
    text off the event loop."""

    def _say(self, text: str, colour: str | None = ft.Colors.ERROR) -> None:
        raise NotImplementedError

    async def import_text(self, text: str, source: str) -> None:
        raise NotImplementedError

    def _picking(self, e=None) -> None:
        self._say(choosing(self.context.words), ft.Colors.ON_SURFACE_VARIANT)

    async def _picked(self, e: ft.FilePickerResultEvent) -> None:
        picked = await picked_text(e, self._say, self.context.words)
        if picked is not None:
            await self.import_text(*picked)


def choosing(words: Language) -> str:
    return words.say("ui.import.choosing", "Choosing a file…")


class ImportDialog:
    def __init__(self, context):
        self.context = context
        self.importing = False
        """A file is being read, checked and saved (a second tap of Import waits for it)."""
        words = context.words
        self.text = ft.TextField(
            multiline=True, min_lines=5, max_lines=10, text_size=12,
            hint_text='{"game": "girasoles", "players": [...]}',
            border=ft.OutlineInputBorder(), on_change=self._edited,
        )
        self.status = ft.Text(size=13, color=ft.Colors.ERROR)
        # The browser opens a file picker only within a tap: the tap itself asks for it.
        self.picker = ft.FilePicker(on_result=self._picked)
        pick = tap_target(
            ft.Row([ft.Icon(ft.Icons.UPLOAD_FILE),
                    ft.Text(words.say("ui.import.pick", "Pick a file"), size=15)], tight=True),
            self._picking, "import-pick",
            action=ft.PickFiles(file_picker=self.picker, with_data=True,
                                file_type=ft.FilePickerFileType.CUSTOM,
                                allowed_extensions=["json"]),
        )
        self.dialog = ft.AlertDialog(
            title=help_title(ft.Text(words.say("ui.home.import", "Import a table file"), size=18),
                             context, "import"),
            content=ft.Column([
                ft.Text(words.say("ui.import.what", "A table file is the JSON that `scorepad "
                                  "score` reads and “Export table file” writes, for any of the "
                                  "three games. Paste its text here:"), size=13),
                ft.Semantics(identifier="import-text", content=self.text),
                pick,
                labelled("import-status", self.status),
            ], tight=True, spacing=10, width=520, scroll=ft.ScrollMode.AUTO),
            actions=[
                tap_target(words.say("ui.common.cancel", "Cancel"),
                           lambda e: close_dialog(self.context.page), "import-cancel"),
                tap_target(ft.Text(words.say("ui.import.go", "Import"), weight=ft.FontWeight.BOLD),
                           self._import_pasted,
                           "import-go", bgcolor=ft.Colors.PRIMARY_CONTAINER),
            ],
            scrollable=True,
        )

    def open(self) -> None:
        open_dialog(self.context.page, self.dialog)

    def _edited(self, e=None) -> None:
        if self.status.value:
            self.status.value = ""
            self.dialog.update()

    def _picking(self, e=None) -> None:
        self._say(choosing(self.context.words), ft.Colors.ON_SURFACE_VARIANT)

    async def _import_pasted(self, e=None) -> None:
        await self._import(self.text.value or "", None)

    async def _picked(self, e: ft.FilePickerResultEvent) -> None:
        picked = await picked_text(e, self._say, self.context.words)
        if picked is None:
            return
        # Shown in the box too, so a file with a problem can be mended here.
        self.text.value = picked[0]
        await self._import(*picked)

    @saves
    async def _import(self, text: str, source: str | None) -> None:
        """Read, check, score and save the table on a worker thread (a table file is up to the
        library's limits, a Sunflower Valley table's searches up to about half a second), so every
        phone at every table is served meanwhile; then open it here."""
        if self.importing:
            return  # a second tap while this import runs: its result is about to be shown
        refused = self.context.refuse_new_table()
        if refused is not None:
            self._say(self.context.words.render(refused))
            return
        self.importing = True
        try:
            imported = await asyncio.to_thread(import_table, text, self.context.store,
                                               self.context.games, source, self.context.words,
                                               self.context.device)
        finally:
            self.importing = False
        if imported.table_id is None:
            self._say(imported.message)
            return
        close_dialog(self.context.page)
        self.context.toast(imported.message)
        self.context.go(f"/table/{imported.table_id}/scorepad")

    def _say(self, text: str, colour: str | None = ft.Colors.ERROR) -> None:
        self.status.value = text
        self.status.color = colour
        self.dialog.update()

    say_not_saved = _say  # in the dialog: a snack bar would be under it
