"""Reading a table file, with errors a player can act on: the file, the place in it, the problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from scorer.games import UnknownGame, parse_table


class TableFileError(Exception):
    """A table file that cannot be read, parsed or validated; ``str()`` is the message to show."""


def load_table(path: str | Path) -> BaseModel:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TableFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise TableFileError(f"{path}: cannot be read ({error})") from None
    return table_from_json(text, source=str(path))


def table_from_json(text: str, source: str = "table") -> BaseModel:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TableFileError(
            f"{source}: line {error.lineno}, column {error.colno}: not valid JSON ({error.msg})"
        ) from None
    try:
        return parse_table(data)
    except UnknownGame as error:
        raise TableFileError(f"{source}: {error}") from None
    except ValidationError as error:
        raise TableFileError(describe_errors(error, data, source)) from None


def describe_errors(error: ValidationError, data: Any, source: str) -> str:
    """One line per problem: where it is (players named when they have a name) and what it is."""
    problems = []
    for item in error.errors(include_url=False):
        loc = item["loc"]
        # A discriminated union adds the game's tag to the path; the player does not need it.
        loc = tuple(part for part in loc if part not in ("sunflower_valley", "girasoles",
                                                         "maple_valley"))
        problems.append(f"{source}: at {place(loc, data)}: {_message(item)}")
    return "\n".join(problems)


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
