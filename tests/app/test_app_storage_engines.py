"""The two storage engines behind the store's one interface: which address names which, one
schema history for both, and a PostgreSQL server that fails said in words like a file."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from postgres_cluster import free_port
from ui.cli import main
from ui.store.access import Access
from ui.store.schema import SCHEMA_VERSION
from ui.store.storage import NotSaved, StoreUnavailable, TableStore

DRAFT = {"game": "sunflower_valley", "players": [{"name": "Ann"}, {"name": "Bob"}]}


def schema_versions(store: TableStore) -> list[int]:
    with store._reading() as connection:
        return [row[0] for row in connection.execute(
            "SELECT version FROM schema_version ORDER BY version").fetchall()]


def test_a_new_store_records_every_migration_once(db):
    store = TableStore(db("t"))
    assert schema_versions(store) == list(range(1, SCHEMA_VERSION + 1))
    assert schema_versions(TableStore(db("t"))) == list(range(1, SCHEMA_VERSION + 1))


def test_a_file_from_before_the_migrations_opens_and_is_recorded(tmp_path):
    """A file of the releases before migrations (issue 33's layout, ``user_version`` 1 and no
    ``schema_version``) keeps its tables and gets its history."""
    store = TableStore(tmp_path / "t.sqlite3")
    table_id = store.create("sunflower_valley", DRAFT)
    store.close()
    with sqlite3.connect(tmp_path / "t.sqlite3") as connection:
        connection.execute("DROP TABLE schema_version")
    reopened = TableStore(tmp_path / "t.sqlite3")
    assert reopened.get(table_id).draft == DRAFT
    assert schema_versions(reopened) == list(range(1, SCHEMA_VERSION + 1))


def test_servers_opening_one_database_together_migrate_it_once(postgres_cluster):
    """Each opening has its own connection, as separate processes would: the advisory lock
    lets one migrate, the others find nothing left to do."""
    address = postgres_cluster.new_database()
    stores, errors = [], []

    def open_store():
        try:
            stores.append(TableStore(address))
        except Exception as error:  # noqa: BLE001 - collected and shown below
            errors.append(error)

    openings = [threading.Thread(target=open_store) for _ in range(4)]
    for opening in openings:
        opening.start()
    for opening in openings:
        opening.join()
    try:
        assert errors == [] and len(stores) == 4
        assert schema_versions(stores[0]) == list(range(1, SCHEMA_VERSION + 1))
    finally:
        for store in stores:
            store.close()
        postgres_cluster.drop_database(address)


@pytest.mark.parametrize("address", ["mysql://root@127.0.0.1/tables", "sqlite:///tables.db",
                                     "https://example.org/tables",
                                     "postgresql:/postgres@127.0.0.1:5432/postgres"])
def test_an_address_of_another_kind_is_refused_in_words_and_never_becomes_a_file(
        address, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    scheme = address.split(":")[0]
    refusal = (f"{scheme}:// is not a place scorepad keeps tables: --db takes a file's path"
               if "://" in address else f"{scheme}:/… is neither a file's path nor an address: "
               "a database's address starts postgresql:// (two slashes)")
    with pytest.raises(StoreUnavailable) as refused:
        TableStore(address)
    assert str(refused.value).startswith(refusal)
    backup = tmp_path / "all.json"
    backup.write_text(json.dumps({"scorepad_backup": 1, "exported": "2026-01-01T00:00:00+00:00",
                                  "tables": []}))
    assert main(["import-all", str(backup), "--db", address]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"scorepad import-all: cannot use the tables database: {refusal}")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["all.json"]


def test_a_server_that_cannot_be_reached_is_one_line_without_the_password(tmp_path, monkeypatch,
                                                                           capsys):
    """What a new user typing a wrong port meets: one line, exit code 2, no file made."""
    monkeypatch.chdir(tmp_path)
    port = free_port()  # nothing listens there
    backup = tmp_path / "all.json"
    backup.write_text(json.dumps({"scorepad_backup": 1, "exported": "2026-01-01T00:00:00+00:00",
                                  "tables": []}))
    assert main(["import-all", str(backup), "--db",
                 f"postgresql://postgres:s3cret@127.0.0.1:{port}/postgres"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(
        f"scorepad import-all: cannot use the tables database: the database server cannot be "
        f"reached (server 127.0.0.1:{port}, database postgres): check that PostgreSQL runs at "
        "that address and lets its user in, then try again (")
    assert "s3cret" not in line and "Connection refused" in line
    assert sorted(path.name for path in tmp_path.iterdir()) == ["all.json"]


@pytest.mark.parametrize("problem", ["closed port", "no such database", "no such user"])
def test_scorepad_app_on_a_server_it_cannot_use_says_one_line_and_exits_2(
        postgres_cluster, problem, tmp_path):
    """``scorepad app --db postgresql://...`` run as a person runs it: one line naming the
    server, the database and libpq's reason (what to check), exit code 2, no traceback, no
    password; the server is never started (nothing listens on its port)."""
    port, database, user = postgres_cluster.port, "postgres", "postgres"
    reason = {"closed port": "Connection refused",
              "no such database": 'database "nosuchdb" does not exist',
              "no such user": 'role "nobody" does not exist'}[problem]
    if problem == "closed port":
        port = free_port()
    elif problem == "no such database":
        database = "nosuchdb"
    else:
        user = "nobody"
    done = subprocess.run(
        [sys.executable, "-m", "ui", "app", "--no-browser", "--port", str(free_port()), "--db",
         f"postgresql://{user}:s3cret@127.0.0.1:{port}/{database}"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
             "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"scorepad app: cannot use the tables database: the database server cannot be reached "
        f"(server 127.0.0.1:{port}, database {database}): check that PostgreSQL runs at that "
        f"address and lets its user in, then try again ({reason}) (--db chooses it: a file's "
        "path, or postgresql://USER:PASSWORD@HOST:PORT/DATABASE)\n")


def test_an_address_that_cannot_be_read_is_refused_without_repeating_it():
    with pytest.raises(StoreUnavailable) as refused:
        TableStore("postgresql://postgres:s3cret@[::1/postgres")
    assert str(refused.value) == ("the address is not a PostgreSQL address that can be read; "
                                  "write it as postgresql://USER:PASSWORD@HOST:PORT/DATABASE")


def test_the_store_says_where_the_tables_are_never_the_password(postgres_cluster, monkeypatch,
                                                                tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    address = postgres_cluster.new_database()
    database = address.rsplit("/", 1)[1]
    with_password = address.replace("postgres@", "postgres:unused@")  # trusted: not checked
    store = TableStore(with_password)
    try:
        assert store.where == (f"PostgreSQL, server 127.0.0.1:{postgres_cluster.port}, "
                               f"database {database}")
        assert store.path is None and store.exports_folder == tmp_path / "scorepad" / "exports"
    finally:
        store.close()
        postgres_cluster.drop_database(address)


def test_a_database_holding_another_programs_tables_is_left_as_it_is(postgres_cluster):
    address = postgres_cluster.new_database()
    import psycopg

    with psycopg.connect(address) as connection:
        connection.execute("CREATE TABLE tables (name TEXT, legs INTEGER)")
    try:
        with pytest.raises(StoreUnavailable, match=r"^the database is not scorepad's \(server "
                                                   r".*\): it has a table named \"tables\" of "
                                                   "another program"):
            TableStore(address)
        with psycopg.connect(address) as connection:
            assert connection.execute(
                "SELECT count(*) FROM information_schema.tables "
                "WHERE table_schema = 'public'").fetchone()[0] == 1
    finally:
        postgres_cluster.drop_database(address)


def test_a_server_gone_while_the_app_runs_refuses_in_words_and_comes_back(postgres_cluster):
    """The server stops taking connections (a restart, a maintenance): every change is refused
    with NotSaved in words (the host is told the server, another device the database only),
    every read with StoreUnavailable; once it is back, the next change is saved at once."""
    address = postgres_cluster.new_database()
    database = address.rsplit("/", 1)[1]
    store = TableStore(address)
    try:
        kept = store.create("sunflower_valley", DRAFT)
        postgres_cluster.admin(
            f"ALTER DATABASE {database} ALLOW_CONNECTIONS false",
            f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}'")
        with pytest.raises(NotSaved) as refused:
            store.create("sunflower_valley", DRAFT)
        assert str(refused.value) == (
            f"the database server cannot be reached (server 127.0.0.1:{postgres_cluster.port}, "
            f"database {database}): check that PostgreSQL runs at that address and lets its "
            "user in, then try again")
        assert refused.value.words(host=False) == (
            f"Not saved: the database server cannot be reached (database {database}): check "
            "that PostgreSQL runs at that address and lets its user in, then try again")
        with pytest.raises(StoreUnavailable, match="^the database server cannot be reached"):
            Access(store).is_host("a device")
        postgres_cluster.admin(f"ALTER DATABASE {database} ALLOW_CONNECTIONS true")
        again = store.create("sunflower_valley", DRAFT)  # at once: no pool's pause to wait out
        assert [table.id for table in store.list()] == [again, kept]
    finally:
        store.close()
        postgres_cluster.drop_database(address)


@pytest.mark.parametrize("number", [0, -1, 2**31, 2**63 - 1])
def test_a_number_no_table_can_have_is_no_table_on_either_engine(db, number):
    """Beyond a 32-bit column's range (PostgreSQL's ``INTEGER``), up to the largest number an
    address may name (tests/app/test_app_route_numbers.py), it is simply no table."""
    store = TableStore(db("t"))
    store.create("sunflower_valley", DRAFT)
    assert store.get(number) is None
    assert Access(store).join_code(number) is None
