"""The command line: ``scorepad score FILE [--json]``, ``scorepad schema``, ``scorepad rulings``,
``scorepad app`` and the backup of the app's tables (``scorepad export-all FILE`` /
``scorepad import-all FILE``).

Bad input never shows a traceback: the message names the file, the place and the problem, and the
exit code is 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

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
    db_help = ("the SQLite file of saved tables (default: the user's data directory, "
               "scorepad/tables.sqlite3)")
    app.add_argument("--db", help=db_help)
    app.add_argument("--no-browser", action="store_true", help="do not open a browser")
    export_all = commands.add_parser("export-all", help="write every saved table (finished or "
                                     "not) to one backup file")
    export_all.add_argument("file", help="the backup file to write (JSON)")
    export_all.add_argument("--csv", action="store_true", help="write the finished games as CSV "
                            "instead (a row per player per game, a column per scorepad line)")
    export_all.add_argument("--db", help=db_help)
    import_all = commands.add_parser("import-all", help="add the tables of a backup file (tables "
                                     "already here are kept as they are)")
    import_all.add_argument("file", help="a backup file written by export-all or the app")
    import_all.add_argument("--db", help=db_help)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "app":
        return _app(args)
    if args.command in ("export-all", "import-all"):
        return _backup(args)
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
    from ui.web.server import CannotListen, run_app
    from ui.store.storage import StoreUnavailable, default_db_path

    host = "0.0.0.0" if args.lan else args.host
    try:
        run_app(host, args.port, args.db or default_db_path(), open_browser=not args.no_browser,
                lan=args.lan)
    except CannotListen as error:
        print(f"scorepad: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except StoreUnavailable as problem:
        print(f"scorepad app: cannot use the tables file: {problem} (--db FILE chooses it)",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0


def _backup(args: argparse.Namespace) -> int:
    # Imported here so that scoring never imports the app.
    from ui.store.backup import BackupError, backup_json, finished_csv, merge_backup, read_backup
    from ui.store.finished import finished_tables
    from ui.games.registry import APP_GAMES
    from ui.store.storage import TableStore, default_db_path

    store = TableStore(args.db or default_db_path())
    path = Path(args.file)
    try:
        if args.command == "export-all":
            tables = store.list()
            if args.csv:
                finished = finished_tables(tables, APP_GAMES)
                path.write_text(finished_csv(finished), encoding="utf-8")
                print(f"Wrote {len(finished)} finished games to {path}")
            else:
                path.write_text(backup_json(tables), encoding="utf-8")
                print(f"Wrote a backup of {len(tables)} tables to {path}")
            return 0
        merged = merge_backup(read_backup(path.read_text(encoding="utf-8-sig"), str(path)), store)
    except FileNotFoundError:
        print(f"scorepad: {path}: no such file", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (OSError, UnicodeDecodeError) as error:
        print(f"scorepad: {path}: cannot be read or written ({error})", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BackupError as error:
        print(f"scorepad: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(merged.message)
    return 0
