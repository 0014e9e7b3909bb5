"""The scorepad as text on a page of its own (``/table/<id>/text``): the same text as
``scorepad score``, selectable on a phone (long-press, then Select all) for when the browser
refuses the clipboard, as it does over plain http (``scorepad app --lan``)."""

from __future__ import annotations

import flet as ft

from ui.screens.scorepad_model import plain_text
from ui.parts.widgets import SaveMark, TOUCH, heading, labelled, tap_target
from ui.store.storage import NoSuchTable


class TextView:
    def __init__(self, context, table_id: int):
        self.context = context
        self.session = context.sessions.get(table_id) if context.may_open(table_id) else None
        if self.session is None:
            raise NoSuchTable(table_id)
        self._text = ft.Text(size=12, font_family="DejaVuMono", no_wrap=True)
        self._save_mark = SaveMark(self.session, context.words)
        back = f"/table/{table_id}/scorepad"
        words = context.words
        page = ft.Column([
            # The title has a line of its own under the buttons (beside them, large text broke
            # it mid-word).
            ft.Column([
                ft.Row([
                    tap_target(ft.Icon(ft.Icons.ARROW_BACK), lambda e: context.go(back),
                               "text-back", width=TOUCH, padding=0,
                               tooltip=words.say("ui.text.back", "Back to the scorepad")),
                    tap_target(ft.Row([ft.Icon(ft.Icons.CONTENT_COPY),
                                       ft.Text(words.say("ui.text.copy", "Copy"))], tight=True),
                               self._copy, "text-copy"),
                ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
                ft.Column([heading(words.say("ui.scorepad.as_text", "Scorepad as text"), 18),
                           self._save_mark.root], spacing=0, tight=True),
            ], spacing=4),
            labelled("text-note", ft.Text(words.say(
                "ui.text.note", "Long-press the text, then Select all, to copy it (or tap Copy)."),
                size=13, color=ft.Colors.ON_SURFACE_VARIANT)),
            # Its own scroll sideways keeps the columns of the text aligned on a narrow phone.
            ft.Row([ft.SelectionArea(content=labelled("scorepad-text", self._text))],
                   scroll=ft.ScrollMode.AUTO),
        ], spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
        self.root = ft.Container(page, padding=12, expand=True)
        self.render()

    def render(self) -> None:
        self._text.value = plain_text(self.session, self.context.words)
        self._save_mark.show()

    async def _copy(self, e=None) -> None:
        words = self.context.words
        try:
            await ft.Clipboard().set(self._text.value)
            self.context.toast(words.say("ui.text.copied", "Copied."))
        except Exception:  # noqa: BLE001 - refused on plain http: selecting still works
            self.context.toast(words.say("ui.text.refused", "This browser does not allow copying "
                                         "here: long-press the text and Select all."))
