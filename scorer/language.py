"""The languages scorepad speaks: gettext catalogues (managed with Babel, see README "Adding a
language") that say each :class:`~scorer.message.Message` again, per language, never per process.

A :class:`Language` is a value: two phones at one table each hold their own and read one result in
two languages at once (:func:`in_language`). The app's words use the same object (:meth:`say`,
:meth:`say_n`), with the app's catalogues added to the library's.

The catalogues are ``<dir>/<code>/LC_MESSAGES/<domain>.po``, compiled to ``.mo`` by
``script/catalogs compile`` (``script/bootstrap`` runs it). A ``.po`` newer than its ``.mo``, or
one never compiled, is compiled in memory when first read, so a checkout works before any build.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
import datetime as dt
import decimal
from functools import cache, cached_property
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from scorer.message import Message, Param, Spoken

LIBRARY_CATALOGS = Path(__file__).parent / "locale"

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "de": "Deutsch"}
"""The languages offered, each named in itself; English is the source language."""

PSEUDO = "pseudo"
"""Not a language players pick: every text accented and bracketed (``[Ŧőŵŉş …]``), so a test sees
at once any text that did not pass through a catalogue, and how longer words lay out."""

DEFAULT = "en"


class _PseudoTranslations(gettext.NullTranslations):
    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)


_PSEUDO_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ǻƀçđęƒğĥįĵķľɱŋőƥʠřşŧűʋŵxŷžǺƁÇĐĘƑĞĤĮĴĶĽМŊŐƤǪŘŞŦŰƲŴXŶŽ",
)
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: letters accented outside ``{placeholders}``, bracketed."""
    parts = _PLACEHOLDER.split(text)
    return "[" + "".join(part if index % 2 else part.translate(_PSEUDO_LETTERS)
                         for index, part in enumerate(parts)) + "]"


def _every_digit():
    """A decimal context that holds any float's digits: Babel rounds through the current one,
    whose 28 digits fail on a number of 26 digits or more (``decimal.InvalidOperation``)."""
    return decimal.localcontext(prec=FLOAT_DIGITS)


FLOAT_DIGITS = 340
"""Digits of the largest float (about 1.8e308) with a few decimals to spare."""


@dataclass(frozen=True, eq=False)
class Language:
    """One language's catalogues, and how it writes numbers and dates (Babel's locale data)."""

    code: str
    translations: gettext.NullTranslations

    @property
    def name(self) -> str:
        """The language's name in itself, as a language switch shows it."""
        return LANGUAGES.get(self.code, self.code)

    @cached_property
    def locale(self):  # -> babel.Locale; Babel is imported only when a number or date is shown
        from babel import Locale

        return Locale.parse(DEFAULT if self.code == PSEUDO else self.code)

    def template(self, message: Message) -> str:
        """``message``'s text in this language, placeholders unfilled."""
        if message.plural is None:
            return self.translations.pgettext(message.id, message.source)
        count = message.params.get("count")
        return self.translations.npgettext(message.id, message.source, message.plural,
                                           count if isinstance(count, int) else 2)

    def number(self, value: int | float) -> str:
        if isinstance(value, int) and abs(value) < 10_000:
            return str(value)  # no Babel for the numbers of a scorepad
        from babel.numbers import format_decimal

        with _every_digit():
            return format_decimal(value, locale=self.locale)

    def listing(self, items: Iterable[str]) -> str:
        """Items as this language lists them: "Ann and Dee", "Ana y Dee", "Ann und Dee"."""
        items = list(items)
        if len(items) < 2:
            return "".join(items)
        if self.code in (DEFAULT, PSEUDO):
            # No Babel for English: its locale data (about 25 ms to load) cost the command
            # line's scorepad, which lists its winners, more than scoring the table.
            return _english_listing(items)
        from babel.lists import format_list

        return format_list(items, locale=self.locale)

    def decimal(self, value: float, digits: int = 1) -> str:
        """A decimal with ``digits`` after the point: "12.5", "12,5"."""
        from babel.numbers import format_decimal

        with _every_digit():
            return format_decimal(round(value, digits), format=f"0.{'0' * digits}",
                                  locale=self.locale)

    def percent(self, value: float) -> str:
        """A share as a whole percentage: "67%", "67 %"."""
        from babel.numbers import format_percent

        return format_percent(value, locale=self.locale)

    def day(self, value: dt.date | dt.datetime) -> str:
        """A day and month, short: "Dec 1", "1 dic", "1. Dez."."""
        from babel.dates import format_skeleton

        return format_skeleton("MMMd", value, locale=self.locale)

    def date(self, value: dt.date | dt.datetime) -> str:
        """A date as this language writes it: "Dec 1, 2026", "1 dic 2026", "1. Dez. 2026"."""
        from babel.dates import format_skeleton

        return format_skeleton("yMMMd", value, locale=self.locale)

    def moment(self, value: dt.datetime) -> str:
        """A date and time of day (24-hour clock): "Dec 1, 2026 17:05", "1. Dez. 2026 17:05"."""
        from babel.dates import format_skeleton

        return f"{self.date(value)} {format_skeleton('Hm', value, locale=self.locale)}"

    def render(self, message: Message) -> str:
        """``message`` in this language."""
        return message.rendered(self).text

    def say(self, id: str, source: str, /, **params: Param) -> str:
        """The app's words: like :func:`scorer.message.msg`, rendered in this language."""
        return self.render(Message(id=id, source=source, params=params, text=""))

    def say_n(self, id: str, source: str, plural: str, /, count: int, **params: Param) -> str:
        """Like :func:`scorer.message.msg_n`, rendered in this language."""
        return self.render(Message(id=id, source=source, plural=plural,
                                   params={"count": count, **params}, text=""))


def _english_listing(items: list[str]) -> str:
    """Two items or more as English lists them, as Babel's locale data says it (a test compares
    them): "Ann and Dee", "Ann, Bob, and Dee"."""
    if len(items) == 2:
        return f"{items[0]} and {items[1]}"
    return f"{', '.join(items[:-1])}, and {items[-1]}"


@cache
def language(code: str, catalogs: tuple[Path, ...] = (LIBRARY_CATALOGS,)) -> Language:
    """The language ``code`` (one of :data:`LANGUAGES`, or :data:`PSEUDO`) with the catalogues
    under each of ``catalogs``. An unknown code raises ValueError naming the known ones."""
    if code == PSEUDO:
        return Language(code, _PseudoTranslations())
    if code not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise ValueError(f"'{code}' is not a language scorepad speaks; it speaks {known}")
    if code == DEFAULT:
        return Language(code, gettext.NullTranslations())
    return Language(code, _catalogues(code, catalogs))


def _catalogues(code: str, catalogs: Iterable[Path]) -> gettext.NullTranslations:
    from babel.support import Translations

    merged = Translations()
    for directory in catalogs:
        for po in sorted((directory / code / "LC_MESSAGES").glob("*.po")):
            merged.merge(Translations(io.BytesIO(_compiled(po)), domain=po.stem))
    return merged


def _compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of a catalogue: the compiled file when it is up to date, else compiled
    now from the ``.po``."""
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        return mo.read_bytes()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, locale=po.parent.parent.name)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    return compiled.getvalue()


def best_language(wanted: Iterable[str]) -> str:
    """The offered language closest to ``wanted`` (a device's languages, most wanted first, e.g.
    ``["de-AT", "en"]``); English when none is offered."""
    for tag in wanted:
        primary = tag.strip().replace("_", "-").split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return DEFAULT


def accepted_languages(header: str) -> list[str]:
    """The languages of an HTTP ``Accept-Language`` header, most wanted first."""
    weighted = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*":
            weighted.append((-quality, position, tag))
    return [tag for _, _, tag in sorted(weighted)]


Model = TypeVar("Model")


def in_language(value: Model, language: Language) -> Model:
    """``value`` (a result, a line, a message, or a tuple or dict of them) with every message in
    it rendered in ``language``; everything else is kept as it is."""
    return _translated(value, language)


def _translated(value: Any, language: Language) -> Any:
    if isinstance(value, Message):
        return value.rendered(language)
    if isinstance(value, BaseModel):
        update = {name: _translated(getattr(value, name), language)
                  for name in type(value).model_fields if name != "said"}
        if isinstance(value, Spoken):
            update |= value.spoken_in(language)
        return value.model_copy(update=update)
    if isinstance(value, tuple):
        return tuple(_translated(item, language) for item in value)
    if isinstance(value, dict):
        return {key: _translated(item, language) for key, item in value.items()}
    return value
