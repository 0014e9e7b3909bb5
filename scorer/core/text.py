"""Free text a player types (names, card names, reasons, locations, notes): every script and every
emoji is kept as typed; what is not text is refused in words.

Refused, because the scorepad, the terminal and the app would not show it as typed:
- control characters (Unicode category Cc): a line break splits a name over two lines of the
  scorepad, an escape (ESC, U+001B) starts a terminal command that can recolour or clear the
  screen, a carriage return overwrites the line. A note may hold line breaks and tabs, nothing
  else of the kind.
- the direction overrides, embeddings and isolates (U+202A-U+202E, U+2066-U+2069): they reorder
  how the text after them is shown, beyond the name itself (the "Trojan Source" trick: a name
  that makes the numbers beside it read differently). Right-to-left scripts need none of them:
  Arabic or Hebrew letters carry their direction.
- line and paragraph separators (U+2028, U+2029): line breaks by another name.
- a lone surrogate (U+D800-U+DFFF, only possible through a JSON escape): half of a character,
  which no output can print.
Kept: every other format character (category Cf), as scripts and emoji need them: the zero-width
joiner (U+200D) of emoji sequences such as a family or a flag and of Indic scripts, the
zero-width non-joiner (U+200C) of Persian, the marks that set the direction of a single
position (U+200E, U+200F, U+061C), the soft hyphen, tag characters of subdivision flags.
"""

from __future__ import annotations

import unicodedata

from pydantic import AfterValidator

from scorer.message import Message, MessageError, msg, verbatim

DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: they change how the text after them is shown."""

_CONTROL_WORDS = {
    "\n": lambda code: msg("core.text.line_break", "a line break ({code})", code=code),
    "\r": lambda code: msg("core.text.carriage_return", "a carriage return ({code})", code=code),
    "\t": lambda code: msg("core.text.tab", "a tab ({code})", code=code),
    "\x1b": lambda code: msg("core.text.escape",
                              "an escape ({code}), which starts terminal commands", code=code),
    "\x00": lambda code: msg("core.text.null", "a null character ({code})", code=code),
    "\x7f": lambda code: msg("core.text.delete", "a delete character ({code})", code=code),
}
"""The words for a control character, given its code ("U+000A")."""
_ONE_LINE = "\n\r\t\u2028\u2029"


def unprintable(text: str, what: str | Message, *, lines: bool = False) -> str | None:
    """Why ``text`` cannot be ``what`` (e.g. "a name"), in English words, or None when every
    character is printable text (:func:`unprintable_message` says it in any language).

    E.g. "a name cannot hold control characters: character 4 is a line break (U+000A); write it
    on one line"."""
    problem = unprintable_message(text, what, lines=lines)
    return problem.text if problem else None


def unprintable_message(text: str, what: str | Message, *,
                        lines: bool = False) -> Message | None:
    """Why ``text`` cannot be ``what`` (a message, e.g. ``msg("core.what.name", "a name")``; a
    ``str`` is said as it is), as a message, or None when every character is printable text. With
    ``lines``, line breaks and tabs are allowed (a note)."""
    if text.isprintable():
        return None  # every character refused below is one Python does not print
    for position, character in enumerate(text, start=1):
        if lines and character in "\n\t":
            continue
        refused = _not_text(character)
        if refused:
            kind, problem = refused
            fix = (msg("core.text.fix.one_line", "write it on one line")
                   if character in _ONE_LINE and not lines
                   else msg("core.text.fix.remove", "remove it"))
            return msg("core.text.refused", "{what} cannot hold {kind}: character {position} is "
                       "{problem}; {fix}", what=verbatim(what) if isinstance(what, str) else what,
                       kind=kind, position=position, problem=problem, fix=fix)
    return None


def shown(text: str) -> str:
    """``text`` as a message may show it: each character ``unprintable`` refuses written as its
    code (``\\u001b``), so a message about bad text stays one line of plain text."""
    return "".join(f"\\u{ord(character):04x}" if _not_text(character) else character
                   for character in text)


def _not_text(character: str) -> tuple[Message, Message] | None:
    """What kind of character that is not text ``character`` is, and what it is; or None."""
    code = f"U+{ord(character):04X}"
    category = unicodedata.category(character)
    if category == "Cc":
        words = _CONTROL_WORDS.get(character, _a_control_character)
        return msg("core.text.kind.control", "control characters"), words(code)
    if character in DIRECTION_CONTROLS:
        return (msg("core.text.kind.direction", "direction controls"),
                msg("core.text.direction", "{code} {name}, which reorders the text after it "
                    "(right-to-left letters need none)", code=code,
                    name=unicodedata.name(character)))
    if category in ("Zl", "Zp"):
        return (msg("core.text.kind.line_separator", "line separators"),
                msg("core.text.line_separator", "a line separator ({code})", code=code))
    if category == "Cs":
        return (msg("core.text.kind.broken", "broken characters"),
                msg("core.text.surrogate", "half of a character, a lone surrogate ({code})",
                    code=code))
    return None


def _a_control_character(code: str) -> Message:
    return msg("core.text.control", "a control character ({code})", code=code)


def printable(what: str | Message, *, lines: bool = False) -> AfterValidator:
    """For a pydantic field of free text: refuses what ``unprintable`` refuses, as ``what``
    (e.g. ``Annotated[str, printable(msg("mv.what.card_name", "a card name"))]``), with a
    :class:`~scorer.message.MessageError` any language can say."""

    def check(text: str) -> str:
        problem = unprintable_message(text, what, lines=lines)
        if problem:
            raise MessageError(problem)
        return text

    return AfterValidator(check)
