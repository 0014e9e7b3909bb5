"""The command line: ``scorepad score FILE [--json]``, ``scorepad schema``, ``scorepad rulings``.

Bad input never shows a traceback: the message names the file, the place and the problem, and the
exit code is 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from scorer.files import TableFileError, load_table
from scorer.games import GAMES, score, table_schema
from scorer.report import rulings_text, scorepad_text
from scorer.rulings import rulings_markdown

EXIT_BAD_INPUT = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorepad",
        description="Score a finished table of Sunflower Valley, Girasoles or Maple Valley, "
        "or start the scorepad app.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    score_command = commands.add_parser("score", help="score a table file and print the scorepad")
    score_command.add_argument("file", help="a table file (JSON, see README)")
    score_command.add_argument("--json", action="store_true", help="print the result as JSON")
    commands.add_parser("schema", help="print the JSON Schema of a table file")
    commands.add_parser("rulings", help="print the rulings document (Markdown, docs/RULINGS.md)")
    app = commands.add_parser("app", help="start the scorepad app (web, works offline)")
    app.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    app.add_argument("--port", type=int, default=8550, help="port (default 8550)")
    app.add_argument("--lan", action="store_true",
                     help="bind all interfaces and print the address a phone opens")
    app.add_argument("--db", help="the SQLite file of saved tables (default: the user's data "
                     "directory, scorepad/tables.sqlite3)")
    app.add_argument("--no-browser", action="store_true", help="do not open a browser")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "app":
        return _app(args)
    if args.command == "schema":
        print(json.dumps(table_schema(), indent=2))
        return 0
    if args.command == "rulings":
        print(rulings_markdown(), end="")
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
        print(scorepad_text(result, GAMES[result.game].title) + rulings_text(result.rulings),
              end="")
    return 0


def _app(args: argparse.Namespace) -> int:
    # Imported here so that scoring never imports Flet.
    from ui.server import run_app
    from ui.storage import default_db_path

    host = "0.0.0.0" if args.lan else args.host
    run_app(host, args.port, args.db or default_db_path(), open_browser=not args.no_browser,
            lan=args.lan)
    return 0
