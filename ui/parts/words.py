"""The app's words in each device's language: the library's catalogues and the app's
(``ui/locale``), one :class:`~scorer.language.Language` per device (``AppContext.words``), never
one per process, so two phones at one table read it in two languages at once."""

from __future__ import annotations

from pathlib import Path

from scorer.language import LIBRARY_CATALOGS, Language, language

APP_CATALOGS = Path(__file__).resolve().parent.parent / "locale"


def app_language(code: str) -> Language:
    """The language ``code`` with the app's words as well as the library's."""
    return language(code, (LIBRARY_CATALOGS, APP_CATALOGS))
