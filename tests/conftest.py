"""Fixtures for every test folder: the tables' store on each engine.

A test that takes ``db`` runs twice, on SQLite and on PostgreSQL (``[sqlite]``, ``[postgresql]``):
``db(name)`` is the address of an empty store of that name, a file in the test's folder or a
database of its own on a throwaway server (tests/postgres_cluster.py) started once per run. A test
about SQLite's files (read-only, deleted, damaged, not ours...) takes ``tmp_path`` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from postgres_cluster import Cluster, NoPostgres, started

ENGINES = ["sqlite", "postgresql"]

_started_in: list[float] = []


@pytest.fixture(scope="session")
def postgres_cluster():
    """The test run's PostgreSQL server, started when a test first needs it."""
    missing = None
    try:
        cluster, seconds = started()
    except NoPostgres as error:
        missing = str(error)
    if missing is not None:  # outside the except: said once, not as a chain of two errors
        pytest.fail(missing, pytrace=False)
    _started_in.append(seconds)
    yield cluster
    cluster.stop()


@pytest.fixture(params=ENGINES)
def engine(request) -> str:
    """The storage engine a test runs on."""
    return request.param


@pytest.fixture()
def db(engine, tmp_path, request, monkeypatch) -> Iterator[Callable[..., str | Path]]:
    """``db(name="tables")``: the address of an empty store on the test's engine; the same name
    gives the same store again (to reopen it)."""
    if engine == "sqlite":
        yield lambda name="tables": tmp_path / f"{name}.sqlite3"
        return
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    # A server's store keeps its exports in the user's data directory: the test's own here.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from ui.store import postgres_engine

    engines: list = []
    opening = postgres_engine.PostgresEngine.open

    def recorded(self, prepare):
        engines.append(self)
        return opening(self, prepare)

    monkeypatch.setattr(postgres_engine.PostgresEngine, "open", recorded)
    databases: dict[str, str] = {}

    def address(name: str = "tables") -> str:
        if name not in databases:
            databases[name] = cluster.new_database()
        return databases[name]

    yield address
    for opened in engines:  # their pools' connections, then the databases
        opened.close()
    for made in databases.values():
        cluster.drop_database(made)


BROWSER_GROUP = "browser"
"""The xdist group of every test in a ``*browser*`` file: script/test runs the suite on two
workers (``-n 2 --dist loadgroup``), and the browser tests all go to one of them, in turn, as
without xdist; the other worker runs the rest beside them. Two browser tests at once on 2 cores
would share the CPU that a headless Flutter page already uses most of."""


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items):
    for item in items:
        if BROWSER_GROUP in item.path.name:
            item.add_marker(pytest.mark.xdist_group(BROWSER_GROUP))


def pytest_sessionfinish(session):
    worker_output = getattr(session.config, "workeroutput", None)
    if worker_output is not None and _started_in:  # an xdist worker: told to the controller
        worker_output["postgres_started_in"] = _started_in[0]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    seconds = getattr(node, "workeroutput", {}).get("postgres_started_in")
    if seconds is not None:
        _started_in.append(seconds)


def pytest_terminal_summary(terminalreporter):
    if _started_in:
        terminalreporter.write_line("PostgreSQL test server started in "
                                    + ", ".join(f"{seconds:.2f} s" for seconds in _started_in))
