"""The library's command line: ``scorepad score FILE [--json]``, ``scorepad schema`` and
``scorepad rulings`` (also ``python -m scorer ...``).

The app extends this parser with its own commands (``ui.cli``: ``app``, ``export-all``,
``import-all``); the ``scorepad`` entry point is that composed command, so the library never
imports the app.

Bad input never shows a traceback: the message names the file, the place and the problem (in the
language of ``--lang``), and the exit code is 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from scorer.files import TableFileError, load_table
from scorer.games import GAMES, score, table_schema
from scorer.language import DEFAULT, LANGUAGES, Language, in_language, language
from scorer.report import rulings_text, scorepad_text
from scorer.rulings import rulings_markdown

EXIT_BAD_INPUT = 2

LIBRARY_COMMANDS = ("score", "schema", "rulings")

AddCommands = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
"""Adds more sub-commands to the parser's commands (how the app extends the library's parser)."""


def build_parser(add_commands: AddCommands | None = None,
                 description: str = "Score a finished table of Sunflower Valley, Girasoles or "
                 "Maple Valley.") -> argparse.ArgumentParser:
    """The parser of the library's commands; ``add_commands`` adds the caller's beside them."""
    parser = argparse.ArgumentParser(prog="scorepad", description=description)
    commands = parser.add_subparsers(dest="command", required=True)
    score_command = commands.add_parser("score", help="score a table file and print the scorepad")
    score_command.add_argument("file", help="a table file (JSON, see README); - reads standard "
                               "input")
    score_command.add_argument("--json", action="store_true", help="print the result as JSON")
    _language_option(score_command, "the language of the scorepad", "; with --json, every "
                     "message's text is in it beside its id and parameters")
    schema = commands.add_parser("schema", help="print the JSON Schema of a table file")
    schema.add_argument("--deck", action="store_true",
                        help="of a deck file instead (the app's Deck screen exports and imports it)")
    rulings = commands.add_parser("rulings",
                                  help="print the rulings document (Markdown, docs/RULINGS.md)")
    _language_option(rulings, "the language of the document")
    if add_commands is not None:
        add_commands(commands)
    return parser


def _language_option(command: argparse.ArgumentParser, what: str, more: str = "") -> None:
    command.add_argument("--lang", default=DEFAULT, metavar="CODE",
                         help=f"{what}: {', '.join(LANGUAGES)} (default {DEFAULT}){more}")


def _language_asked(args: argparse.Namespace) -> Language | None:
    """The language of ``--lang``, or None once the refusal is printed."""
    try:
        return language(args.lang)
    except ValueError as error:
        print(f"scorepad: --lang: {error}", file=sys.stderr)
        return None


def run(args: argparse.Namespace) -> int:
    """Carry out one of the library's commands (``args.command`` in ``LIBRARY_COMMANDS``)."""
    if args.command == "schema":
        if args.deck:
            from scorer.deck import deck_schema  # here: scoring never needs the deck's models

            print(json.dumps(deck_schema(), indent=2))
        else:
            print(json.dumps(table_schema(), indent=2))
        return 0
    if args.command == "rulings":
        words = _language_asked(args)
        if words is None:
            return EXIT_BAD_INPUT
        print(rulings_markdown(words), end="")
        return 0
    words = _language_asked(args)
    if words is None:
        return EXIT_BAD_INPUT
    try:
        table = load_table(args.file)
    except TableFileError as error:
        print(f"scorepad: {words.render(error.message)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    result = in_language(score(table), words)
    if args.json:
        print(json.dumps(result.model_dump(mode="json"), indent=2))
    else:
        print(scorepad_text(result, GAMES[result.game].title, words)
              + rulings_text(result.rulings, words), end="")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m scorer``: the library's commands only."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] not in LIBRARY_COMMANDS and not argv[0].startswith("-"):
        # The app's commands are not the library's: say where they are instead of argparse's
        # list of choices.
        print(f"scorepad: '{argv[0]}' is not a scoring command; the app's commands are "
              f"`scorepad {argv[0]}` or `python -m ui {argv[0]}`", file=sys.stderr)
        return EXIT_BAD_INPUT
    return run(build_parser().parse_args(argv))
