"""Reading a table file, with errors a player can act on: the file, the place in it, the problem.

Every error is a message (:mod:`scorer.message`), so it is said in the reader's language: a
located problem is "where: what", the file's name and the place in it as written, the problem in
words (:func:`problem_message`)."""

from __future__ import annotations

import json
import os
import re
import select
import stat
import sys
import time
from dataclasses import dataclass
from decimal import Decimal
from itertools import accumulate
from typing import IO, Any

from pydantic import BaseModel, ValidationError

from scorer.core.limits import ITEMS, LETTERS, Limit, LimitWords, counted
from scorer.core.text import shown
from scorer.games import GAMES, UnknownGame, parse_table
from scorer.message import Message, MessageError, Param, msg, msg_n, verbatim


class InputError(ValueError):
    """Something a user gave (a path, an upload, standard input) that cannot be read within its
    bounds; ``str()`` is one line naming it and saying what to do, in English, and ``message``
    says it in any language (``Language.render(error.message)``). Made from a message, or from
    an English ``str`` (said as it is in every language)."""

    def __init__(self, message: Message | str) -> None:
        self.message = verbatim(message) if isinstance(message, str) else message
        super().__init__(self.message.text)


class TableFileError(InputError):
    """A table file that cannot be read, parsed or validated; ``str()`` is the message to show
    (one line per problem), ``message`` the same in any language."""


MAX_TABLE_BYTES = 2_000_000
"""A table file is a few kilobytes; 2 MB leaves room for anything real and bounds the work."""
MAX_DEPTH = 32
"""Arrays and objects inside one another: a table nests about 8 deep."""
MAX_DIGITS = 15
"""Digits of a number in a table: every count is far smaller."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_CHANGE = {"[": 1, "{": 1, "]": -1, "}": -1}


class _Refused(ValueError):
    """A token the decoder met that a table never holds: the token, and why, in words."""

    def __init__(self, token: str, why: Message) -> None:
        super().__init__(why.text)
        self.token = token
        self.why = why


STANDARD_INPUT = "-"
"""The path that means standard input, as most command-line tools read it."""

_CHUNK = 65_536


def read_limited(source: str | os.PathLike | IO[bytes] | None, limit: int, *,
                 what: str | Message, timeout: float = 5.0) -> bytes:
    """THE way the project reads anything a user points it at: at most ``limit`` bytes.

    ``source`` is a path (``"-"`` or None: standard input) or a binary file object (an upload).
    ``what`` names the kind of file in messages ("a table file", "a backup": a message, or an
    English ``str``). At most
    ``limit + 1`` bytes are ever read, so a device like /dev/zero or a huge file costs nothing; a
    folder or a device is refused; a pipe (standard input, a FIFO) is read until its end or
    ``timeout`` seconds, whichever comes first, so one that no program writes to never blocks.
    Every problem is an InputError whose ``str()`` is one line: the file, the problem, what to do.
    """
    name = source_name(source)
    what = verbatim(what) if isinstance(what, str) else what
    if source is None or source == STANDARD_INPUT:
        return _read_stream(sys.stdin.buffer, name, limit, what, timeout)
    if not isinstance(source, (str, os.PathLike)):
        return _read_stream(source, name, limit, what, timeout)
    try:
        # Non-blocking, so that opening a FIFO no program writes to returns at once.
        descriptor = os.open(source, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise InputError(msg("files.no_such_file", "{file}: no such file; check the path",
                             file=name)) from None
    except OSError as error:
        raise InputError(msg("files.cannot_open", "{file}: cannot be opened ({reason}); check "
                             "the path and its permissions", file=name,
                             reason=error.strerror or str(error))) from None
    if stat.S_ISDIR(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise InputError(_not_a_file(name, _A_FOLDER, _give_the_path(what)))
    with open(descriptor, "rb", buffering=0) as stream:
        return _read_stream(stream, name, limit, what, timeout)


def source_name(source: str | os.PathLike | IO[bytes] | None) -> Message:
    """How messages name a source: its path, "standard input", or an upload's file name."""
    if source is None or source == STANDARD_INPUT:
        return _STANDARD_INPUT
    if isinstance(source, (str, os.PathLike)):
        return verbatim(os.fsdecode(source))
    name = getattr(source, "name", None)
    if isinstance(name, str) and name:
        return verbatim(name)
    return msg("files.source.upload", "the upload")


_STANDARD_INPUT = msg("files.source.standard_input", "standard input")
_A_FOLDER = msg("files.kind.folder", "a folder")


def _not_a_file(name: Message, kind: Message, hint: Message) -> Message:
    return msg("files.not_a_file", "{file}: {kind}, not a file; {hint}", file=name, kind=kind,
               hint=hint)


def _give_the_path(what: Message) -> Message:
    return msg("files.hint.give_the_path", "give the path of {what}", what=what)


def _too_big(name: Param, size: Message, what: Param, most: int) -> Message:
    return msg("files.too_big", "{file}: {size}; {what} is at most {most}", file=name, size=size,
               what=what, most=_size(most))


def _read_stream(stream: IO[bytes], name: Message, limit: int, what: Message,
                 timeout: float) -> bytes:
    descriptor = _descriptor(stream)
    mode = os.fstat(descriptor).st_mode if descriptor is not None else None
    if mode is None or stat.S_ISREG(mode):  # an upload in memory, or a file on disk
        if mode is not None and (size := os.fstat(descriptor).st_size) > limit:
            raise InputError(_too_big(name, _size(size), what, limit))
        data = _read_until(stream.read, limit)
    elif stat.S_ISDIR(mode):
        raise InputError(_not_a_file(name, _A_FOLDER, _give_the_path(what)))
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = (msg("files.kind.terminal", "a terminal") if os.isatty(descriptor)
                else msg("files.kind.device", "a device"))
        hint = (msg("files.hint.send_it", "send {what} into it (< FILE) or give its path",
                    what=what) if name == _STANDARD_INPUT else _give_the_path(what))
        raise InputError(_not_a_file(name, kind, hint))
    else:  # a pipe, a FIFO or a socket: bytes come when a program writes them
        data = _read_until(_waiting_reader(descriptor, name, what, timeout), limit)
    if len(data) > limit:
        raise InputError(_too_big(name, msg("files.size.more_than", "more than {size}",
                                            size=_size(limit)), what, limit))
    return data


def _descriptor(stream: IO[bytes]) -> int | None:
    try:
        return stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None


def _read_until(read, limit: int) -> bytes:
    """Call ``read(n)`` until it returns nothing or ``limit + 1`` bytes came: one read may
    return less than asked (pipes, sockets), and never more."""
    chunks: list[bytes] = []
    received = 0
    while received <= limit:
        chunk = read(min(_CHUNK, limit + 1 - received))
        if not chunk:
            break
        chunks.append(chunk)
        received += len(chunk)
    return b"".join(chunks)


_WRITER_GRACE = 0.1
"""Seconds a FIFO with no program writing to it waits for one to start (one started just before
``scorepad`` may still be opening it)."""


def _waiting_reader(descriptor: int, name: Message, what: Message, timeout: float):
    """``read(n)`` on a pipe that waits for bytes at most until ``timeout`` seconds after the
    first call, then refuses in words. A FIFO that no program has open for writing waits only
    _WRITER_GRACE for one."""
    deadline = time.monotonic() + timeout
    first = None
    if not os.get_blocking(descriptor):  # a FIFO opened here: does a program write to it?
        try:
            first = os.read(descriptor, 1)  # b"": no program has it open for writing
        except BlockingIOError:  # a writer, with nothing written yet
            pass
        if first == b"":
            # Until a writer comes, waiting for bytes waits for it (not for the end).
            if not select.select([descriptor], [], [], min(timeout, _WRITER_GRACE))[0]:
                raise InputError(msg("files.no_writer", "{file}: no program is writing to "
                                     "this pipe; start the program that writes {what} into it, "
                                     "or give a file", file=name, what=what))

    def read(size: int) -> bytes:
        nonlocal first
        if first:
            chunk, first = first, None
            return chunk
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([descriptor], [], [], max(left, 0))
            if not ready:
                raise InputError(msg(
                    "files.timeout", "{file}: nothing more came within {seconds} seconds; give "
                    "{what} as a file, or make the program that writes it finish sooner",
                    file=name, seconds=_short(timeout), what=what))
            try:
                return os.read(descriptor, size)
            except BlockingIOError:  # woken with nothing to read: wait again
                continue

    return read


def _size(size: int) -> Message:
    """A file's size as people read it: "2 MB", "1.5 kB", "11 bytes"."""
    if size >= 1_000_000:
        return msg("files.size.mb", "{size} MB", size=_short(round(size / 1_000_000, 1)))
    if size >= 1_000:
        return msg("files.size.kb", "{size} kB", size=_short(round(size / 1_000, 1)))
    return msg_n("files.size.bytes", "{count} byte", "{count} bytes", size)


def _short(number: float) -> int | float:
    """A number without a ".0" (5.0 seconds: "5 seconds")."""
    return int(number) if float(number).is_integer() else number


def load_table(source: str | os.PathLike | IO[bytes] | None) -> BaseModel:
    """A table from a path (``"-"``: standard input) or an open binary file, read within
    MAX_TABLE_BYTES; every problem is a TableFileError naming the file."""
    return table_from_json(*read_json_text(source, A_TABLE_FILE))


A_TABLE_FILE = msg("files.what.table_file", "a table file")


def read_json_text(source: str | os.PathLike | IO[bytes] | None, what: str | Message,
                   limit: int = MAX_TABLE_BYTES,
                   error: type[InputError] = TableFileError) -> tuple[str, Message]:
    """The UTF-8 text of a JSON file the user gave (a table file, a deck file, a backup), read
    within ``limit`` bytes (a byte order mark is skipped, as editors on Windows write one), and
    the file's name for messages; every problem is one ``error``."""
    try:
        data = read_limited(source, limit, what=what)
    except InputError as problem:
        raise error(problem.message) from None
    name = source_name(source)
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as problem:
        raise error(msg("files.not_utf8", "{file}: not UTF-8 text at byte {byte} ({what} is "
                        "JSON text); save it as UTF-8", file=name, byte=problem.start + 1,
                        what=verbatim(what) if isinstance(what, str) else what)) from None


def table_from_json(text: str, source: str | Message = "table") -> BaseModel:
    """THE way table text becomes a table (files, pasted imports): bounded before parsing, and
    every problem is a TableFileError naming the place."""
    data = bounded_json(text, source)
    try:
        return parse_table(data)
    except UnknownGame as error:
        raise TableFileError(msg("files.problem", "{file}: {problem}", file=source,
                                 problem=error.message)) from None
    except ValidationError as error:
        raise TableFileError(describe_errors(error, data, source)) from None


@dataclass(frozen=True)
class JsonBounds:
    """How much JSON a kind of file may hold, checked before the decoder runs (numbers have at
    most MAX_DIGITS digits in every kind)."""

    what: str | Message
    """The kind of file, as messages name it ("a table file")."""
    most_bytes: int
    most_depth: int
    usual_depth: str | Message
    """How deep such a file nests, for the message ("a table nests about 8 deep")."""


TABLE_FILE = JsonBounds(A_TABLE_FILE, MAX_TABLE_BYTES, MAX_DEPTH,
                        msg("files.usual_depth.table", "a table nests about 8 deep"))


def bounded_json(text: str, source: str | Message, bounds: JsonBounds = TABLE_FILE,
                 error: type[InputError] = TableFileError) -> Any:
    """THE way user-given JSON text is decoded (table, deck and backup files): its size, depth
    and numbers bounded first, so no file can make the decoder recurse, run long or build huge
    numbers; every problem is one ``error`` naming the file and, when there is one, the place."""
    size = len(text.encode("utf-8", errors="replace"))
    if size > bounds.most_bytes:
        raise error(_too_big(source, _size(size), bounds.what, bounds.most_bytes))
    if _depth(text) > bounds.most_depth:
        raise error(msg("files.too_deep", "{file}: arrays and objects nested more than {most} "
                        "deep; {usual} (check the brackets)", file=source,
                        most=bounds.most_depth, usual=bounds.usual_depth))
    try:
        return json.loads(text, parse_int=_integer, parse_float=_decimal,
                          parse_constant=_no_constant)
    except json.JSONDecodeError as decoding:
        raise error(msg("files.not_json", "{file}: line {line}, column {column}: not valid "
                        "JSON ({detail})", file=source, line=decoding.lineno,
                        column=decoding.colno,
                        detail=_DECODER_WORDS.get(decoding.msg, decoding.msg))) from None
    except _Refused as refused:
        at = max(text.find(refused.token), 0)
        line = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        raise error(msg("files.refused_token", "{file}: line {line}, column {column}: {problem}",
                        file=source, line=line, column=column, problem=refused.why)) from None


_DECODER_WORDS = {
    "Expecting value": msg("files.json.value", "Expecting value"),
    "Expecting ',' delimiter": msg("files.json.comma", "Expecting ',' delimiter"),
    "Expecting ':' delimiter": msg("files.json.colon", "Expecting ':' delimiter"),
    "Expecting property name enclosed in double quotes": msg(
        "files.json.name", "Expecting property name enclosed in double quotes"),
    "Unterminated string starting at": msg("files.json.unterminated",
                                           "Unterminated string starting at"),
    "Invalid control character at": msg("files.json.control", "Invalid control character at"),
    "Invalid \\escape": msg("files.json.escape", "Invalid \\escape"),
    "Invalid \\uXXXX escape": msg("files.json.unicode_escape", "Invalid \\uXXXX escape"),
    "Extra data": msg("files.json.extra", "Extra data"),
}
"""The JSON decoder's words for what it met, as messages (English: its own words); one it says
that is not here stays English."""


def _depth(text: str) -> int:
    """How deep brackets nest outside strings: a cheap scan, so deep nesting never reaches the
    JSON decoder's recursion."""
    brackets = _BRACKETS.sub("", _STRING.sub("", text))
    return max(accumulate(_DEPTH_CHANGE[bracket] for bracket in brackets), default=0)


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(digits, _too_many_digits(len(digits.lstrip("-"))))
    return int(digits)


def _decimal(text: str) -> float:
    """A number with a point or an exponent, bounded as integers are: by its digits written out
    plainly (``1e400`` has 401, ``1e-20`` 21), so no file makes the decoder build a huge number,
    none is rounded to infinity or to 0 on its way, and a message never echoes a long one."""
    digits = sum(character.isdigit() for character in text)
    if digits <= MAX_DIGITS:  # only then is the exponent short enough to work with
        _, mantissa, exponent = Decimal(text).as_tuple()
        whole = len(mantissa) + exponent
        digits = whole if exponent >= 0 else max(whole, 1) - exponent
    if digits > MAX_DIGITS:
        raise _Refused(text, _too_many_digits(digits))
    return float(text)


def _too_many_digits(count: int) -> Message:
    return msg("files.too_many_digits", "a number of {count} digits; numbers in a table have at "
               "most {most}", count=count, most=MAX_DIGITS)


def _no_constant(name: str) -> Any:
    raise _Refused(name, msg("files.constant", "{name} is not a number a table can hold",
                             name=name))


def describe_errors(error: ValidationError, data: Any, source: str | Message,
                    top: Message | None = None) -> Message:
    """One line per problem: where it is (players named when they have a name; ``top`` names
    the top of the file, "the table" by default) and what it is, in the project's words
    (:func:`problem_message`)."""
    return _one_per_line([
        msg("files.located", "{file}: at {place}: {problem}", file=source,
            place=place(item["loc"], data, top),
            problem=problem_message(item, game_limits(data, item["loc"])))
        for item in error.errors(include_url=False) if not _only_echoes_an_item(item)])


def problems_message(error: ValidationError, limits: LimitWords | None = None) -> Message:
    """Every problem of ``error`` in the project's words (:func:`problem_message`), without
    places, one after another ("a; b"): what a form shows about what was typed into it."""
    return _one_after_another([problem_message(item, limits)
                               for item in error.errors(include_url=False)])


def _one_after_another(problems: list[Message]) -> Message:
    if len(problems) == 1:
        return problems[0]
    # Halves, not one after the rest: thousands of problems nest only a few messages deep.
    half = len(problems) // 2
    return msg("files.problems", "{problem}; {more}", problem=_one_after_another(problems[:half]),
               more=_one_after_another(problems[half:]))


def _one_per_line(messages: list[Message]) -> Message:
    """Messages one below another, as one message (one line each)."""
    if len(messages) == 1:
        return messages[0]
    # Halves, not one after the rest: thousands of problems nest only a few messages deep.
    half = len(messages) // 2
    return msg("files.lines", "{line}\n{more}", line=_one_per_line(messages[:half]),
               more=_one_per_line(messages[half:]))


def game_limits(data: Any, loc: tuple) -> LimitWords:
    """The limits of the game a problem is in: the table's ``"game"``, or the game that the path
    starts with (a deck file keeps each game's cards under its key)."""
    key = data.get("game") if isinstance(data, dict) else None
    if key not in GAMES and loc and loc[0] in GAMES:
        key = loc[0]
    return GAMES[key].limits if key in GAMES else {}


def _only_echoes_an_item(item: dict) -> bool:
    """pydantic also reports a list as too short when one of its items failed: the item's own
    error says it all."""
    given = item.get("input")
    return (item["type"] == "too_short" and isinstance(given, (list, tuple))
            and len(given) >= item.get("ctx", {}).get("min_length", 0))


def place(loc: tuple, data: Any, top: Message | None = None) -> Message:
    """E.g. ``players[1] (Bob) > valley > cards[3]``, as the file names it (in every language);
    the top of the file is ``top``, "the table" by default. The tags a union adds to the path
    (the game, a bonus's kind) are left out: the file has no such key, and the player does not
    need it."""
    parts: list[str] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part not in node and part in (node.get("game"),
                                                                   node.get("kind")):
            continue
        child = _child(node, part)
        if isinstance(part, int) and parts:
            parts[-1] += f"[{part}]"
            if isinstance(child, dict) and isinstance(child.get("name"), str):
                parts[-1] += f" ({shown(child['name'])})"
        else:
            parts.append(str(part))
        node = child
    if not parts:
        return top or msg("files.the_table", "the table")
    return verbatim(" > ".join(parts))


def _child(node: Any, part: Any) -> Any:
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return None


_LIBRARY_PREFIXES = ("Value error, ", "Assertion failed, ")
_KINDS_OF_VALUE = {
    "int_type": msg("files.kind_of_value.whole_number", "a whole number"),
    "string_type": msg("files.kind_of_value.text", "text"),
    "bool_type": msg("files.kind_of_value.bool", "true or false"),
    "dict_type": msg("files.kind_of_value.object", "an object {{...}}"),
    "list_type": msg("files.kind_of_value.list", "a list [...]"),
    "float_type": msg("files.kind_of_value.number", "a number"),
    "datetime_type": msg("files.kind_of_value.datetime", "a date and time"),
}
_KINDS_OF_VALUE |= {
    "int_parsing": _KINDS_OF_VALUE["int_type"], "bool_parsing": _KINDS_OF_VALUE["bool_type"],
    "model_type": _KINDS_OF_VALUE["dict_type"],
    "model_attributes_type": _KINDS_OF_VALUE["dict_type"],
    "tuple_type": _KINDS_OF_VALUE["list_type"],
    "datetime_parsing": _KINDS_OF_VALUE["datetime_type"],
}


def problem_words(item: dict, limits: LimitWords | None = None) -> str:
    """One problem of a pydantic ValidationError in the project's words, in English (see
    :func:`problem_message`)."""
    return problem_message(item, limits).text


def problem_message(item: dict, limits: LimitWords | None = None) -> Message:
    """One problem of a pydantic ValidationError in the project's words, as a message: a
    model's own refusal as it said it (a :class:`~scorer.message.MessageError`'s message; a
    plain ``ValueError``'s English as it is), and the validation library's (limits, types)
    rewritten by error type with the limit and, from ``limits`` (a game's,
    scorer.core.limits), what is counted and what the rulebook says. E.g. "7 players; at most 6
    (the box has 6 Starting Towns and 6 sets of Valley cards)". An error type the project has
    no words for keeps the library's English."""
    kind, context, given = item["type"], item.get("ctx", {}), item.get("input")
    limit = _limit_of(item["loc"], limits or {})
    if kind in ("too_long", "too_short", "string_too_long", "string_too_short"):
        count = len(given) if isinstance(given, (list, tuple, dict, str)) else "?"
        noun = LETTERS if kind.startswith("string") else limit.noun or ITEMS
        bound = (_bound("max_length", context["max_length"]) if kind.endswith("too_long")
                 else _bound("min_length", context["min_length"]))
        return _because(msg("files.bound", "{given}; {bound}", given=counted(count, noun),
                            bound=bound), limit.why)
    bounds = {"less_than_equal": "le", "greater_than_equal": "ge", "less_than": "lt",
              "greater_than": "gt"}
    if kind in bounds:
        written = (given if isinstance(given, (int, float)) and not isinstance(given, bool)
                   else repr(given))
        return _because(msg("files.bound", "{given}; {bound}", given=written,
                            bound=_bound(bounds[kind], context[bounds[kind]])), limit.why)
    if kind in _KINDS_OF_VALUE:
        return msg("files.expected", "{expected} is expected here, not {given}",
                   expected=_KINDS_OF_VALUE[kind], given=_as_written(given))
    if kind == "string_unicode":
        return msg("files.lone_surrogate", "text cannot hold half of a character, a lone "
                   "surrogate (a \\ud800 to \\udfff escape without its pair); write the "
                   "character itself")
    if kind == "extra_forbidden":
        return msg("files.unknown_field", "unknown field (check its spelling)")
    if kind == "missing":
        return msg("files.missing", "missing")
    if kind in ("literal_error", "enum"):
        # pydantic lists the choices in English: "'a', 'b' or 'c'".
        choices, _, last = context["expected"].rpartition(" or ")
        if choices:
            return msg("files.expected.one_of", "one of {choices} or {last} is expected here, "
                       "not {given}", choices=choices, last=last, given=_as_written(given))
        return msg("files.expected", "{expected} is expected here, not {given}",
                   expected=last, given=_as_written(given))
    if isinstance(context.get("error"), MessageError):
        return context["error"].message
    message = item["msg"]
    for prefix in _LIBRARY_PREFIXES:
        message = message.removeprefix(prefix)
    return verbatim(message)


def _bound(kind: str, limit: Param) -> Message:
    """"at most 6": a bound of pydantic's (its context's key)."""
    if kind in ("max_length", "le"):
        return msg("files.at_most", "at most {limit}", limit=limit)
    if kind in ("min_length", "ge"):
        return msg("files.at_least", "at least {limit}", limit=limit)
    if kind == "lt":
        return msg("files.less_than", "less than {limit}", limit=limit)
    return msg("files.more_than", "more than {limit}", limit=limit)


def _because(problem: Message, why: Message | str) -> Message:
    """A problem and, when there is one, what the rulebook says about it."""
    if not why:
        return problem
    return msg("files.because", "{problem} ({why})", problem=problem, why=why)


def _limit_of(loc: tuple, limits: LimitWords) -> Limit:
    """The words for the field at ``loc``: its own, or its list's items' (``"field[]"``)."""
    if loc and isinstance(loc[-1], int) and len(loc) > 1 and f"{loc[-2]}[]" in limits:
        return limits[f"{loc[-2]}[]"]
    named = [part for part in loc if isinstance(part, str)]
    if named and not isinstance(loc[-1], int) and named[-1] in limits:
        return limits[named[-1]]
    return Limit()


def _as_written(value: Any) -> str:
    """A value as the file wrote it, cut short: ``"12"``, ``[1, 2]``."""
    try:
        written = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        written = repr(value)
    return written if len(written) <= 40 else written[:37] + "..."
