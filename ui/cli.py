"""The ``scorepad`` command: the library's commands (``scorer.cli``: ``score``, ``schema``,
``rulings``) extended with the app's: ``scorepad app`` and the backup of the app's tables
(``scorepad export-all FILE`` / ``scorepad import-all FILE``). Also ``python -m ui ...``.

The app's modules are imported only when an app command runs, so ``scorepad score`` never loads
Flet or the server.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorer import cli as library_cli
from scorer.cli import EXIT_BAD_INPUT

EXIT_STOPPED = 128 + 2
"""The exit code of a program stopped by Ctrl+C (SIGINT), as the shell reports one."""

DB_HELP = ("where the tables are saved: a SQLite file's path (default: the user's data "
           "directory, scorepad/tables.sqlite3) or a PostgreSQL database's address, "
           "postgresql://USER:PASSWORD@HOST:PORT/DATABASE")


def add_app_commands(commands: argparse._SubParsersAction) -> None:
    """The app's sub-commands, beside the library's."""
    app = commands.add_parser("app", help="start the scorepad app (web, works offline)")
    app.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    app.add_argument("--port", type=int, default=8550, help="port (default 8550)")
    app.add_argument("--lan", action="store_true",
                     help="bind all interfaces and print the address a phone opens")
    app.add_argument("--db", help=DB_HELP)
    app.add_argument("--no-browser", action="store_true", help="do not open a browser")
    app.add_argument("--new-host-key", action="store_true",
                     help="replace the host key: the old address stops working and every host "
                     "device stops being one (for a lost phone or a shared address)")
    app.add_argument("--public", metavar="URL",
                     help="serve every group that opens URL (https://…, the address of the TLS "
                     "proxy in front of the app, which listens on --host): no host key, each "
                     "device manages the tables it makes, quotas bound what each makes "
                     "(docs/hosting.md)")
    app.add_argument("--workers", type=int, default=1, metavar="N",
                     help="serve the address from N processes behind Caddy, which keeps each "
                     "browser on its process (needs a postgresql:// --db and Debian's caddy; "
                     "default 1: one process, no Caddy; docs/hosting.md)")
    app.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                     help="with --public: change one quota, e.g. tables_per_device=50/day or "
                     "tables_kept_per_device=500, or how many days a table nobody opens is "
                     "kept, table_days=90 and finished_days=365 (every NAME and its default: "
                     "docs/hosting.md)")
    export_all = commands.add_parser("export-all", help="write every saved table (finished or "
                                     "not) to one backup file")
    export_all.add_argument("file", help="the backup file to write (JSON)")
    export_all.add_argument("--csv", action="store_true", help="write the finished games as CSV "
                            "instead (a row per player per game, a column per scorepad line)")
    export_all.add_argument("--no-photos", action="store_true", help="leave the tables' photos "
                            "out (a smaller file; about a megabyte less per photo)")
    export_all.add_argument("--db", help=DB_HELP)
    import_all = commands.add_parser("import-all", help="add the tables of a backup file (tables "
                                     "already here are kept as they are)")
    import_all.add_argument("file", help="a backup file written by export-all or the app")
    import_all.add_argument("--db", help=DB_HELP)


def build_parser() -> argparse.ArgumentParser:
    return library_cli.build_parser(
        add_app_commands,
        description="Score a finished table of Sunflower Valley, Girasoles or Maple Valley, "
        "or start the scorepad app.")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "app":
        return _app(args)
    if args.command in ("export-all", "import-all"):
        return _backup(args)
    return library_cli.run(args)


def _app(args: argparse.Namespace) -> int:
    # Imported here so that scoring never imports Flet.
    from ui.store.storage import NotSaved, StoreUnavailable, default_db_path
    from ui.web.server import CannotListen, run_app, run_workers
    from ui.web.workers import Worker

    host = "0.0.0.0" if args.lan else args.host
    try:
        public, limits = _public_mode(args)
        worker = Worker.from_environment()
        _check_workers(args)
    except ValueError as error:
        print(f"scorepad: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        if args.workers > 1 and worker is None:
            run_workers(host, args.port, args.db, args.workers, _worker_arguments(args),
                        open_browser=not args.no_browser, lan=args.lan,
                        new_host_key=args.new_host_key, public=public)
        else:
            run_app(host, args.port, args.db or default_db_path(),
                    open_browser=not args.no_browser and worker is None, lan=args.lan,
                    new_host_key=args.new_host_key and worker is None, public=public,
                    limits=limits, worker=worker)
    except CannotListen as error:
        print(f"scorepad: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (StoreUnavailable, NotSaved) as problem:  # NotSaved: the host key not remembered
        return _unusable_store("scorepad app", problem, args.db)
    except KeyboardInterrupt:
        # Ctrl+C while the app was still starting (the web server stops on it by itself once
        # it runs): an ordinary stop, not a traceback.
        print("scorepad app: stopped", file=sys.stderr)
        return EXIT_STOPPED
    return 0


def _public_mode(args: argparse.Namespace):
    """The public address and quotas ``--public`` and ``--limit`` ask for (None, None without
    them); a ``ValueError`` in words for options that do not go together or do not parse."""
    from ui.store.quotas import PublicLimits
    from ui.web.public import public_address

    if args.public is None:
        if args.limit:
            raise ValueError("--limit sets a quota of the public mode: add --public URL")
        return None, None
    if args.lan:
        raise ValueError("--public and --lan do not go together: a public server listens on "
                         "--host (127.0.0.1 by default) behind its TLS proxy")
    if args.new_host_key:
        raise ValueError("--public has no host key to replace: leave out --new-host-key")
    return public_address(args.public), PublicLimits.from_settings(args.limit)


def _check_workers(args: argparse.Namespace) -> None:
    """``--workers N``: a number from 1 to the most, and, past 1, a database server (a
    ``ValueError`` in words otherwise)."""
    from ui.store.storage import is_server_address
    from ui.web.workers import MOST_WORKERS

    if not 1 <= args.workers <= MOST_WORKERS:
        raise ValueError(f"--workers {args.workers}: write a number of processes from 1 to "
                         f"{MOST_WORKERS}")
    if args.workers > 1 and (args.db is None or not is_server_address(args.db)):
        raise ValueError(f"--workers {args.workers} needs a PostgreSQL database (--db "
                         "postgresql://USER:PASSWORD@HOST:PORT/DATABASE): the workers share the "
                         "tables only through a database server; a SQLite file is served by one "
                         "process (leave out --workers)")


def _worker_arguments(args: argparse.Namespace) -> list[str]:
    """``scorepad app``'s arguments for each worker of ``--workers``: the same address, store
    and mode; the host key is replaced once, by the parent, and no worker opens a browser."""
    arguments = ["--host", args.host, "--port", str(args.port), "--db", args.db, "--no-browser"]
    if args.lan:
        arguments.append("--lan")
    if args.public is not None:
        arguments += ["--public", args.public]
    for limit in args.limit:
        arguments += ["--limit", limit]
    return arguments


def _unusable_store(command: str, problem: object, address: str | None) -> int:
    from ui.store.storage import is_server_address

    if address is not None and is_server_address(address):
        print(f"{command}: cannot use the tables database: {problem} (--db chooses it: a "
              "file's path, or postgresql://USER:PASSWORD@HOST:PORT/DATABASE)", file=sys.stderr)
    else:
        print(f"{command}: cannot use the tables file: {problem} (--db FILE chooses it)",
              file=sys.stderr)
    return EXIT_BAD_INPUT


def _backup(args: argparse.Namespace) -> int:
    # Imported here so that scoring never imports the app.
    from ui.games.registry import APP_GAMES, app_store
    from scorer.files import InputError
    from ui.store.backup import backup_json, finished_csv, merge_backup, read_backup_file
    from ui.store.deck import Deck
    from ui.store.finished import finished_tables
    from ui.store.file_problems import file_problem
    from ui.store.photos import PhotoStore
    from ui.store.storage import NotSaved, StoreUnavailable, default_db_path

    try:
        store = app_store(args.db or default_db_path())
    except StoreUnavailable as problem:
        return _unusable_store(f"scorepad {args.command}", problem, args.db)
    path = Path(args.file)
    try:
        if args.command == "export-all":
            tables = store.list()
            if args.csv:
                finished = finished_tables(tables, APP_GAMES)
                path.write_text(finished_csv(finished), encoding="utf-8")
                print(f"Wrote {len(finished)} finished games to {path}")
            else:
                photos = None if args.no_photos else PhotoStore(store)
                path.write_text(backup_json(tables, photos, Deck(store).export()),
                                encoding="utf-8")
                print(f"Wrote a backup of {len(tables)} tables to {path}")
            return 0
        merged = merge_backup(read_backup_file(path), store)
    except InputError as error:  # the backup read, bounded, decoded and checked
        print(f"scorepad: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:  # the export cannot be written
        print(f"scorepad: {file_problem(error, path)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (NotSaved, StoreUnavailable) as refused:  # the store stopped working meanwhile
        return _unusable_store(f"scorepad {args.command}", refused, args.db)
    print(merged.message)
    return 0
