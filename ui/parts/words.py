"""The app's words in each device's language: the library's catalogues and the app's
(``ui/locale``), one :class:`~scorer.language.Language` per device (``AppContext.words``), never
one per process, so two phones at one table read it in two languages at once."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import flet as ft

from scorer.language import DEFAULT, LANGUAGES, LIBRARY_CATALOGS, Language, language
from scorer.message import Message, msg
from ui.parts.widgets import TOUCH

APP_CATALOGS = Path(__file__).resolve().parent.parent / "locale"


def app_language(code: str) -> Language:
    """The language ``code`` with the app's words as well as the library's."""
    return language(code, (LIBRARY_CATALOGS, APP_CATALOGS))


def locale_configuration(code: str) -> ft.LocaleConfiguration:
    """What Flutter's own words (date pickers, OK and Cancel, a field's menu) are said in: the
    languages the app speaks, the device's now (English for the pseudo-language)."""
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale(offered) for offered in LANGUAGES],
        current_locale=ft.Locale(code if code in LANGUAGES else DEFAULT))


def language_switch(words: Language, choose: Callable[[str], Awaitable[None]]) -> ft.Control:
    """A button opening the languages, each named in itself (a reader who cannot read the
    current one still finds theirs), the one read now checked; ``choose`` gets the code."""

    def chooser(code: str) -> Callable:
        async def chosen(e=None) -> None:
            await choose(code)

        return chosen

    return ft.Semantics(identifier="language-switch", button=True, content=ft.PopupMenuButton(
        content=ft.Container(ft.Icon(ft.Icons.TRANSLATE), width=TOUCH, height=TOUCH,
                             alignment=ft.Alignment.CENTER, border_radius=8,
                             border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)),
        tooltip=words.say("ui.language.switch", "Language: {name} (tap to change)",
                          name=words.name),
        items=[ft.PopupMenuItem(content=ft.Text(name), checked=code == words.code,
                                on_click=chooser(code)) for code, name in LANGUAGES.items()],
    ))


def spoken(words: Language, text: str | Message | None) -> str:
    """What a screen shows for ``text``: a message said in ``words``, a plain text (a name, or a
    sentence not yet a message) as it is, nothing as ""."""
    if isinstance(text, Message):
        return words.render(text)
    return text or ""


COLOURS = {
    "red": msg("ui.colour.red", "red"), "blue": msg("ui.colour.blue", "blue"),
    "green": msg("ui.colour.green", "green"), "yellow": msg("ui.colour.yellow", "yellow"),
    "purple": msg("ui.colour.purple", "purple"), "orange": msg("ui.colour.orange", "orange"),
    "teal": msg("ui.colour.teal", "teal"), "grey": msg("ui.colour.grey", "grey"),
}
"""The player colours' names (as ``scorer.core.players.COLOUR_NAMES`` spells them), as messages."""


def colour_name(words: Language, colour: str) -> str:
    """A player colour's name in ``words``; an unknown one as it is."""
    return words.render(COLOURS[colour]) if colour in COLOURS else colour
