"""The command line: ``scorepad score FILE [--json]`` and ``scorepad schema``.

Bad input never shows a traceback: the message names the file, the place and the problem, and the
exit code is 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from scorer.files import TableFileError, load_table
from scorer.games import GAMES, score, table_schema
from scorer.report import scorepad_text

EXIT_BAD_INPUT = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorepad",
        description="Score a finished table of Sunflower Valley, Girasoles or Maple Valley.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    score_command = commands.add_parser("score", help="score a table file and print the scorepad")
    score_command.add_argument("file", help="a table file (JSON, see README)")
    score_command.add_argument("--json", action="store_true", help="print the result as JSON")
    commands.add_parser("schema", help="print the JSON Schema of a table file")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "schema":
        print(json.dumps(table_schema(), indent=2))
        return 0
    try:
        table = load_table(args.file)
    except TableFileError as error:
        print(f"scorepad: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    result = score(table)
    if args.json:
        print(json.dumps(result.model_dump(mode="json"), indent=2))
    else:
        print(scorepad_text(result, GAMES[result.game].title), end="")
    return 0
