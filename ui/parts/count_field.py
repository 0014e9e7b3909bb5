"""A count typed in a number field (Flet), the same in every game: the phone's numeric keyboard,
the text kept exactly as typed, a whole number in range taken as the count, anything else refused
in words under the field while the count stays as it was."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.language import DEFAULT, Language, language
from scorer.message import Message

from ui.live.editing import parse_count
from ui.parts.widgets import PROBLEM, TOUCH, labelled

NUMBER_FIELD = "number-field"
"""The semantics identifier that gives a field's input ``inputmode="numeric"`` (the phone's number
keyboard) while the accessibility tree is on: ui/web/assets/number_fields.js."""


class CountField:
    """``field`` goes where the number is shown, ``message`` under it (blank while the text is a
    count). The text is checked as it is typed and taken when the field is left or Enter (the
    phone keyboard's Done) is pressed: ``on_count(count)`` makes the edit. So "3.5" never counts
    as 3 on its way. A redraw calls :meth:`show` with the draft's count: it never writes into the
    field while it is being typed in nor over a refused text the draft has not moved past."""

    def __init__(self, identifier: str, noun: str | Message, most: int,
                 on_count: Callable[[int], None], *, least: int = 0, width: int = 72,
                 words: Language | None = None):
        """``noun``: what is counted (best a message, said in ``words``, the device's
        language)."""
        self.noun = noun
        self.words = words or language(DEFAULT)
        self.most = most
        self.least = least
        self.on_count = on_count
        self.focused = False
        self.agreed: int | None = None
        """The draft's count as last shown or taken from the field."""
        self.text_field = ft.TextField(
            width=width, height=TOUCH, text_align=ft.TextAlign.CENTER, text_size=17,
            keyboard_type=ft.KeyboardType.NUMBER, border=ft.OutlineInputBorder(),
            # The label is also the field's name for a screen reader (a hint is named only
            # while the field is empty).
            label=noun if isinstance(noun, str) else self.words.render(noun),
            label_style=ft.TextStyle(size=11),
            content_padding=ft.Padding.symmetric(horizontal=4, vertical=8),
            on_change=self._changed, on_focus=self._focus, on_blur=self._blur,
            on_submit=self._take, on_selection_change=self._selection_moved,
        )
        self.error = ft.Text("", size=13, color=PROBLEM)
        self.field = ft.Semantics(identifier=NUMBER_FIELD,
                                  content=labelled(identifier, self.text_field))
        self.message = labelled(f"{identifier}-error", self.error)

    @property
    def refused(self) -> bool:
        return bool(self.error.value)

    def show(self, count: int) -> None:
        """Show the draft's count (after an edit elsewhere: a stepper, an undo, another device)."""
        if self.focused or (self.refused and count == self.agreed):
            return
        self._say("")
        self.agreed = count
        if self.text_field.value != str(count):
            self.text_field.value = str(count)

    def _parse(self, e) -> int | None:
        count, why = parse_count(e.control.value or "", self.noun, self.most, self.least,
                                 self.words)
        self._say(why)
        return count

    def _changed(self, e) -> None:
        self._parse(e)

    def _take(self, e) -> None:
        count = self._parse(e)
        if count is None:
            return
        self.text_field.value = str(count)
        if count != self.agreed:
            self.agreed = count
            self.on_count(count)

    def _say(self, why: str) -> None:
        self.error.value = why

    def _focus(self, e) -> None:
        """Select the whole text: typing replaces it, as on a calculator (0 then 8 is 8)."""
        self.focused = True
        self.text_field.selection = ft.TextSelection(base_offset=0,
                                                     extent_offset=len(self.text_field.value or ""))

    def _selection_moved(self, e) -> None:
        """Nothing to do here: having a handler is what counts. The client re-applies the
        selection it was last sent at every redraw of the field; with a handler it records each
        caret move as the field's selection, so a redraw after the first key typed no longer
        selects that key's digit again (for the next key to replace)."""

    def _blur(self, e) -> None:
        self.focused = False
        self._take(e)
