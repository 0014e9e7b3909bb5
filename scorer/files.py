"""Reading a table file, with errors a player can act on: the file, the place in it, the problem."""

from __future__ import annotations

import json
import os
import re
import select
import stat
import sys
import time
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel, ValidationError

from scorer.core.limits import Limit, LimitWords
from scorer.core.text import shown
from scorer.games import GAMES, UnknownGame, parse_table


class InputError(ValueError):
    """Something a user gave (a path, an upload, standard input) that cannot be read within its
    bounds; ``str()`` is one line naming it and saying what to do."""


class TableFileError(InputError):
    """A table file that cannot be read, parsed or validated; ``str()`` is the message to show."""


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

    def __init__(self, token: str, why: str) -> None:
        super().__init__(why)
        self.token = token
        self.why = why


STANDARD_INPUT = "-"
"""The path that means standard input, as most command-line tools read it."""

_CHUNK = 65_536


def read_limited(source: str | os.PathLike | IO[bytes] | None, limit: int, *, what: str,
                 timeout: float = 5.0) -> bytes:
    """THE way the project reads anything a user points it at: at most ``limit`` bytes.

    ``source`` is a path (``"-"`` or None: standard input) or a binary file object (an upload).
    ``what`` names the kind of file in messages ("a table file", "a backup"). At most
    ``limit + 1`` bytes are ever read, so a device like /dev/zero or a huge file costs nothing; a
    folder or a device is refused; a pipe (standard input, a FIFO) is read until its end or
    ``timeout`` seconds, whichever comes first, so one that no program writes to never blocks.
    Every problem is an InputError whose ``str()`` is one line: the file, the problem, what to do.
    """
    name = source_name(source)
    if source is None or source == STANDARD_INPUT:
        return _read_stream(sys.stdin.buffer, name, limit, what, timeout)
    if not isinstance(source, (str, os.PathLike)):
        return _read_stream(source, name, limit, what, timeout)
    try:
        # Non-blocking, so that opening a FIFO no program writes to returns at once.
        descriptor = os.open(source, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise InputError(f"{name}: no such file; check the path") from None
    except OSError as error:
        raise InputError(f"{name}: cannot be opened ({error.strerror}); check the path and its "
                         "permissions") from None
    if stat.S_ISDIR(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise InputError(f"{name}: a folder, not a file; give the path of {what}")
    with open(descriptor, "rb", buffering=0) as stream:
        return _read_stream(stream, name, limit, what, timeout)


def source_name(source: str | os.PathLike | IO[bytes] | None) -> str:
    """How messages name a source: its path, "standard input", or an upload's file name."""
    if source is None or source == STANDARD_INPUT:
        return "standard input"
    if isinstance(source, (str, os.PathLike)):
        return os.fsdecode(source)
    name = getattr(source, "name", None)
    return name if isinstance(name, str) and name else "the upload"


def _read_stream(stream: IO[bytes], name: str, limit: int, what: str, timeout: float) -> bytes:
    descriptor = _descriptor(stream)
    mode = os.fstat(descriptor).st_mode if descriptor is not None else None
    if mode is None or stat.S_ISREG(mode):  # an upload in memory, or a file on disk
        if mode is not None and (size := os.fstat(descriptor).st_size) > limit:
            raise InputError(f"{name}: {_size(size)}; {what} is at most {_size(limit)}")
        data = _read_until(stream.read, limit)
    elif stat.S_ISDIR(mode):
        raise InputError(f"{name}: a folder, not a file; give the path of {what}")
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "a terminal" if os.isatty(descriptor) else "a device"
        hint = (f"send {what} into it (< FILE) or give its path" if name == "standard input"
                else f"give the path of {what}")
        raise InputError(f"{name}: {kind}, not a file; {hint}")
    else:  # a pipe, a FIFO or a socket: bytes come when a program writes them
        data = _read_until(_waiting_reader(descriptor, name, what, timeout), limit)
    if len(data) > limit:
        raise InputError(f"{name}: more than {_size(limit)}; {what} is at most {_size(limit)}")
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


def _waiting_reader(descriptor: int, name: str, what: str, timeout: float):
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
                raise InputError(f"{name}: no program is writing to this pipe; start the "
                                 f"program that writes {what} into it, or give a file")

    def read(size: int) -> bytes:
        nonlocal first
        if first:
            chunk, first = first, None
            return chunk
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([descriptor], [], [], max(left, 0))
            if not ready:
                raise InputError(
                    f"{name}: nothing more came within {timeout:g} seconds; give {what} as a "
                    "file, or make the program that writes it finish sooner")
            try:
                return os.read(descriptor, size)
            except BlockingIOError:  # woken with nothing to read: wait again
                continue

    return read


def _size(size: int) -> str:
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB".replace(".0 MB", " MB")
    if size >= 1_000:
        return f"{size / 1_000:.1f} kB".replace(".0 kB", " kB")
    return f"{size} bytes"


def load_table(source: str | os.PathLike | IO[bytes] | None) -> BaseModel:
    """A table from a path (``"-"``: standard input) or an open binary file, read within
    MAX_TABLE_BYTES; every problem is a TableFileError naming the file."""
    return table_from_json(*read_json_text(source, "a table file"))


def read_json_text(source: str | os.PathLike | IO[bytes] | None, what: str,
                   limit: int = MAX_TABLE_BYTES,
                   error: type[InputError] = TableFileError) -> tuple[str, str]:
    """The UTF-8 text of a JSON file the user gave (a table file, a deck file, a backup), read
    within ``limit`` bytes (a byte order mark is skipped, as editors on Windows write one), and
    the file's name for messages; every problem is one ``error``."""
    try:
        data = read_limited(source, limit, what=what)
    except InputError as problem:
        raise error(str(problem)) from None
    name = source_name(source)
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as problem:
        raise error(f"{name}: not UTF-8 text at byte {problem.start + 1} ({what} is "
                    "JSON text); save it as UTF-8") from None


def table_from_json(text: str, source: str = "table") -> BaseModel:
    """THE way table text becomes a table (files, pasted imports): bounded before parsing, and
    every problem is a TableFileError naming the place."""
    data = bounded_json(text, source)
    try:
        return parse_table(data)
    except UnknownGame as error:
        raise TableFileError(f"{source}: {error}") from None
    except ValidationError as error:
        raise TableFileError(describe_errors(error, data, source)) from None


@dataclass(frozen=True)
class JsonBounds:
    """How much JSON a kind of file may hold, checked before the decoder runs (numbers have at
    most MAX_DIGITS digits in every kind)."""

    what: str
    """The kind of file, as messages name it ("a table file")."""
    most_bytes: int
    most_depth: int
    usual_depth: str
    """How deep such a file nests, for the message ("a table nests about 8 deep")."""


TABLE_FILE = JsonBounds("a table file", MAX_TABLE_BYTES, MAX_DEPTH, "a table nests about 8 deep")


def bounded_json(text: str, source: str, bounds: JsonBounds = TABLE_FILE,
                 error: type[InputError] = TableFileError) -> Any:
    """THE way user-given JSON text is decoded (table, deck and backup files): its size, depth
    and numbers bounded first, so no file can make the decoder recurse, run long or build huge
    numbers; every problem is one ``error`` naming the file and, when there is one, the place."""
    size = len(text.encode("utf-8", errors="replace"))
    if size > bounds.most_bytes:
        raise error(f"{source}: {_size(size)}; {bounds.what} is at most {_size(bounds.most_bytes)}")
    if _depth(text) > bounds.most_depth:
        raise error(
            f"{source}: arrays and objects nested more than {bounds.most_depth} deep; "
            f"{bounds.usual_depth} (check the brackets)"
        )
    try:
        return json.loads(text, parse_int=_integer, parse_constant=_no_constant)
    except json.JSONDecodeError as decoding:
        raise error(
            f"{source}: line {decoding.lineno}, column {decoding.colno}: not valid JSON "
            f"({decoding.msg})"
        ) from None
    except _Refused as refused:
        at = max(text.find(refused.token), 0)
        line = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        raise error(f"{source}: line {line}, column {column}: {refused.why}") from None


def _depth(text: str) -> int:
    """How deep brackets nest outside strings: a cheap scan, so deep nesting never reaches the
    JSON decoder's recursion."""
    brackets = _BRACKETS.sub("", _STRING.sub("", text))
    return max(accumulate(_DEPTH_CHANGE[bracket] for bracket in brackets), default=0)


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(digits, f"a number of {len(digits.lstrip('-'))} digits; numbers in a "
                               f"table have at most {MAX_DIGITS}")
    return int(digits)


def _no_constant(name: str) -> Any:
    raise _Refused(name, f"{name} is not a number a table can hold")


def describe_errors(error: ValidationError, data: Any, source: str) -> str:
    """One line per problem: where it is (players named when they have a name) and what it is,
    in the project's words (``problem_words``)."""
    problems = []
    for item in error.errors(include_url=False):
        if _only_echoes_an_item(item):
            continue
        problems.append(f"{source}: at {place(item['loc'], data)}: "
                        f"{problem_words(item, game_limits(data, item['loc']))}")
    return "\n".join(problems)


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


def place(loc: tuple, data: Any) -> str:
    """E.g. ``players[1] (Bob) > valley > cards[3]``; the top of the file is "the table". The
    tags a union adds to the path (the game, a bonus's kind) are left out: the file has no such
    key, and the player does not need it."""
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
    return " > ".join(parts) if parts else "the table"


def _child(node: Any, part: Any) -> Any:
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return None


_LIBRARY_PREFIXES = ("Value error, ", "Assertion failed, ")
_KINDS_OF_VALUE = {
    "int_type": "a whole number", "int_parsing": "a whole number", "string_type": "text",
    "bool_type": "true or false", "bool_parsing": "true or false", "dict_type": "an object {...}",
    "model_type": "an object {...}", "model_attributes_type": "an object {...}",
    "tuple_type": "a list [...]", "list_type": "a list [...]", "float_type": "a number",
    "datetime_type": "a date and time", "datetime_parsing": "a date and time",
}


def problem_words(item: dict, limits: LimitWords | None = None) -> str:
    """One problem of a pydantic ValidationError in the project's words: the models' own
    messages as they are, and the validation library's (limits, types) rewritten with the limit
    and, from ``limits`` (a game's, scorer.core.limits), what is counted and what the rulebook
    says. E.g. "7 players; at most 6 (the box has 6 Starting Towns and 6 sets of Valley
    cards)"."""
    kind, context, given = item["type"], item.get("ctx", {}), item.get("input")
    limit = _limit_of(item["loc"], limits or {})
    why = f" ({limit.why})" if limit.why else ""
    if kind in ("too_long", "too_short"):
        count = len(given) if isinstance(given, (list, tuple, dict, str)) else "?"
        noun = limit.noun or "items"
        bound = (f"at most {context['max_length']}" if kind == "too_long"
                 else f"at least {context['min_length']}")
        return f"{_counted(count, noun)}; {bound}{why}"
    if kind in ("string_too_long", "string_too_short"):
        count = len(given) if isinstance(given, str) else "?"
        bound = (f"at most {context['max_length']}" if kind == "string_too_long"
                 else f"at least {context['min_length']}")
        return f"{_counted(count, 'letters')}; {bound}{why}"
    bounds = {"less_than_equal": ("le", "at most"), "greater_than_equal": ("ge", "at least"),
              "less_than": ("lt", "less than"), "greater_than": ("gt", "more than")}
    if kind in bounds:
        key, words = bounds[kind]
        return f"{given!r}; {words} {context[key]}{why}"
    if kind in _KINDS_OF_VALUE:
        return f"{_KINDS_OF_VALUE[kind]} is expected here, not {_as_written(given)}"
    if kind == "string_unicode":
        return ("text cannot hold half of a character, a lone surrogate (a \\ud800 to \\udfff "
                "escape without its pair); write the character itself")
    if kind == "extra_forbidden":
        return "unknown field (check its spelling)"
    if kind == "missing":
        return "missing"
    if kind in ("literal_error", "enum"):
        choices = context["expected"]
        one_of = "one of " if " or " in choices else ""
        return f"{one_of}{choices} is expected here, not {_as_written(given)}"
    message = item["msg"]
    for prefix in _LIBRARY_PREFIXES:
        message = message.removeprefix(prefix)
    return message


def _limit_of(loc: tuple, limits: LimitWords) -> Limit:
    """The words for the field at ``loc``: its own, or its list's items' (``"field[]"``)."""
    if loc and isinstance(loc[-1], int) and len(loc) > 1 and f"{loc[-2]}[]" in limits:
        return limits[f"{loc[-2]}[]"]
    named = [part for part in loc if isinstance(part, str)]
    if named and not isinstance(loc[-1], int) and named[-1] in limits:
        return limits[named[-1]]
    return Limit("")


def _counted(count: int | str, noun: str) -> str:
    if count == 0:
        return f"no {noun}"
    if count == 1 and noun.endswith("s"):
        return f"1 {noun[:-1]}"
    return f"{count} {noun}"


def _as_written(value: Any) -> str:
    """A value as the file wrote it, cut short: ``"12"``, ``[1, 2]``."""
    try:
        written = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        written = repr(value)
    return written if len(written) <= 40 else written[:37] + "..."
