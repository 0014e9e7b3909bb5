"""Reading a table file, with errors a player can act on: the file, the place in it, the problem."""

from __future__ import annotations

import json
import re
from itertools import accumulate
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from scorer.games import UnknownGame, parse_table


class TableFileError(Exception):
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


def load_table(path: str | Path) -> BaseModel:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_TABLE_BYTES:
            raise TableFileError(f"{path}: {_megabytes(size)}; a table file is at most 2 MB")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TableFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise TableFileError(f"{path}: cannot be read ({error})") from None
    return table_from_json(text, source=str(path))


def table_from_json(text: str, source: str = "table") -> BaseModel:
    """THE way table text becomes a table (files, pasted imports): bounded before parsing, and
    every problem is a TableFileError naming the place."""
    data = _parse_json(text, source)
    try:
        return parse_table(data)
    except UnknownGame as error:
        raise TableFileError(f"{source}: {error}") from None
    except ValidationError as error:
        raise TableFileError(describe_errors(error, data, source)) from None


def _parse_json(text: str, source: str) -> Any:
    size = len(text.encode("utf-8", errors="replace"))
    if size > MAX_TABLE_BYTES:
        raise TableFileError(f"{source}: {_megabytes(size)}; a table file is at most 2 MB")
    if _depth(text) > MAX_DEPTH:
        raise TableFileError(
            f"{source}: arrays and objects nested more than {MAX_DEPTH} deep; a table nests "
            "about 8 deep (check the brackets)"
        )
    try:
        return json.loads(text, parse_int=_integer, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise TableFileError(
            f"{source}: line {error.lineno}, column {error.colno}: not valid JSON ({error.msg})"
        ) from None
    except _Refused as error:
        at = max(text.find(error.token), 0)
        line = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        raise TableFileError(f"{source}: line {line}, column {column}: {error.why}") from None


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


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def describe_errors(error: ValidationError, data: Any, source: str) -> str:
    """One line per problem: where it is (players named when they have a name) and what it is."""
    problems = []
    for item in error.errors(include_url=False):
        if _only_echoes_an_item(item):
            continue
        loc = item["loc"]
        # A discriminated union adds the game's tag to the path; the player does not need it.
        loc = tuple(part for part in loc if part not in ("sunflower_valley", "girasoles",
                                                         "maple_valley"))
        problems.append(f"{source}: at {place(loc, data)}: {_message(item)}")
    return "\n".join(problems)


def _only_echoes_an_item(item: dict) -> bool:
    """pydantic also reports a list as too short when one of its items failed: the item's own
    error says it all."""
    given = item.get("input")
    return (item["type"] == "too_short" and isinstance(given, (list, tuple))
            and len(given) >= item.get("ctx", {}).get("min_length", 0))


def place(loc: tuple, data: Any) -> str:
    """E.g. ``players[1] (Bob) > valley > cards[3]``; the top of the file is "the table"."""
    parts: list[str] = []
    node = data
    for part in loc:
        child = _child(node, part)
        if isinstance(part, int) and parts:
            parts[-1] += f"[{part}]"
            if isinstance(child, dict) and isinstance(child.get("name"), str):
                parts[-1] += f" ({child['name']})"
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


def _message(item: dict) -> str:
    message = item["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        if message.startswith(prefix):
            message = message[len(prefix):]
    if item["type"] == "extra_forbidden":
        return "unknown field (check its spelling)"
    if item["type"] == "missing":
        return "missing"
    if item["type"] == "literal_error":
        return f"{message}; got {item.get('input')!r}"
    return message
