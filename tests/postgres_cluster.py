"""A throwaway PostgreSQL server for the tests: Debian's ``postgresql`` binaries, a cluster made by
``initdb`` in a temporary folder and started by ``pg_ctl`` on a free loopback port (its socket in
the same folder), stopped and removed at the end. Each test gets a database of its own.

initdb refuses to run as root, and the machines run the tests as root: then every server command
runs as the ``postgres`` user (``runuser``), in a folder that user owns. The cluster trusts every
local connection and does not fsync: it holds nothing worth keeping, and starts in about a second.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

INSTALL = ("PostgreSQL's server is needed for the tests on PostgreSQL: script/test installs it as "
           "root (apt-get install -y postgresql), or set SCOREPAD_PG_BINDIR to the folder of its "
           "initdb and pg_ctl")


class NoPostgres(RuntimeError):
    """No PostgreSQL server to start; ``str()`` says how to install one."""


def server_bindir() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: ``SCOREPAD_PG_BINDIR``, else Debian's newest
    ``/usr/lib/postgresql/*/bin``, else ``pg_config --bindir``."""
    if os.environ.get("SCOREPAD_PG_BINDIR"):
        return Path(os.environ["SCOREPAD_PG_BINDIR"])
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda path: int(Path(path).parent.parent.name)
                   if Path(path).parent.parent.name.isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    if shutil.which("pg_config"):
        return Path(subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                                   check=True).stdout.strip())
    raise NoPostgres(INSTALL)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """A started cluster; :meth:`new_database` gives each test an empty database's address."""

    def __init__(self) -> None:
        self.bindir = server_bindir()
        if not (self.bindir / "initdb").exists():
            raise NoPostgres(f"{INSTALL} (no initdb in {self.bindir})")
        self.as_postgres = os.geteuid() == 0
        # Under /tmp, not pytest's folder: that one is root's alone, and the server runs as
        # postgres.
        self.folder = Path(tempfile.mkdtemp(prefix="scorepad-postgres-"))
        if self.as_postgres:
            shutil.chown(self.folder, "postgres", "postgres")
        self.data = self.folder / "data"
        self.port = free_port()
        self._databases = 0
        self.running = False
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
        self.start_server()

    def start_server(self) -> None:
        """Start the server (again, after :meth:`stop_server`: same port, same databases);
        nothing when it runs."""
        if self.running:
            return
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=400")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"),
                  "-o", options, "-w", "-t", "60", "start")
        self.running = True

    def stop_server(self) -> None:
        """Stop the server as its administrator would (``-m fast``: every connection cut),
        keeping its data for :meth:`start_server`: for a test's own cluster (the run's shared
        one serves every other test). Not ``immediate``: without fsync, the last commits would
        be lost."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        self.running = False

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bindir / program), *args]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if done.returncode:
            log = self.folder / "server.log"
            raise NoPostgres(f"{program} failed ({done.returncode}): {done.stderr.strip()}"
                             + (f"\n{log.read_text()[-2000:]}" if log.exists() else ""))

    def address(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def admin(self, *statements: str) -> None:
        """Run statements on the server's own database, outside any transaction."""
        import psycopg

        with psycopg.connect(self.address(), autocommit=True) as connection:
            for statement in statements:
                connection.execute(statement)

    def new_database(self) -> str:
        """An empty database's address."""
        self._databases += 1
        name = f"test_{self._databases}"
        self.admin(f"CREATE DATABASE {name} TEMPLATE template0 STRATEGY FILE_COPY")
        return self.address(name)

    def drop_database(self, address: str) -> None:
        name = address.rsplit("/", 1)[1]
        self.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        try:
            if self.running:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def started() -> tuple[Cluster, float]:
    """A started cluster and the seconds its start took."""
    began = time.perf_counter()
    cluster = Cluster()
    return cluster, time.perf_counter() - began
