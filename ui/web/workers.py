"""``scorepad app --workers N``: one address served by N processes, behind Debian's Caddy, which
keeps each client on its process (docs/decisions/workers.md).

Flet resumes a session only in the process that holds it, so a client must come back to the
process it started on: the parent (:func:`run_workers`) starts N single-worker app processes on
free loopback ports, each exactly ``scorepad app`` with the :data:`WORKER_VARIABLE` marker
(:class:`Worker`: it is worker k of N, serving the front's names on its own port, printing
nothing at start), and ``caddy run`` with a Caddyfile of its own (:func:`caddyfile`) on the
address asked for: ``reverse_proxy`` to the workers with ``lb_policy cookie`` (a client stays on
its worker; one whose worker is gone lands on another, and its cookie is replaced), active and
passive health checks, websockets proxied as they are. The parent starts again a worker or
Caddy that exits, and stops them all on Ctrl+C or SIGTERM. The workers share the tables, the
tickets and the upload secret through the PostgreSQL server (``ui.store.tickets``).
"""

from __future__ import annotations

import ctypes
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

WORKER_VARIABLE = "SCOREPAD_WORKER"
"""The marker of a worker process: ``K/N:PORT`` (worker K of N, listening on 127.0.0.1:PORT)."""
WORKER_HEADER = b"x-scorepad-worker"
"""The response header that names the worker that answered (its number: nothing more)."""
HEALTH_PATH = "/.scorepad/worker"
"""Answered by each worker itself (``worker K of N``), whatever the Host: Caddy's health check."""
STICKY_COOKIE = "scorepad-worker"
"""The cookie Caddy keeps a client on its worker with (a hash of the worker's address)."""
MOST_WORKERS = 64
START_SECONDS = 120.0
"""How long a worker (or Caddy) may take to answer after it is started."""
STOP_SECONDS = 10.0
"""How long the processes may take to stop on SIGTERM before they are killed."""
RESTART_MOST_SECONDS = 30.0
"""The longest wait before a process that keeps stopping as it starts is started again."""
STARTED_SECONDS = 30.0
"""A process that ran this long before it stopped is started again at once."""


class CannotServe(Exception):
    """The workers cannot be served; the message is the one line to print."""


@dataclass(frozen=True)
class Worker:
    """This process as one of ``scorepad app --workers N``'s: worker ``number`` of ``of``, on
    127.0.0.1:``port``."""

    number: int
    of: int
    port: int

    @property
    def marker(self) -> str:
        return f"{self.number}/{self.of}:{self.port}"

    @classmethod
    def from_environment(cls, environment=os.environ) -> Worker | None:
        """The marker the parent gave this process; None for an ordinary ``scorepad app``. A
        marker that does not read is a ``ValueError`` in words."""
        value = environment.get(WORKER_VARIABLE)
        if not value:
            return None
        try:
            numbers, port = value.split(":")
            number, of = numbers.split("/")
            worker = cls(int(number), int(of), int(port))
        except ValueError:
            raise ValueError(f"{WORKER_VARIABLE}={value}: not a worker's marker (K/N:PORT); "
                             f"it is set by scorepad app --workers, leave it unset") from None
        if not (1 <= worker.number <= worker.of and 0 < worker.port < 65536):
            raise ValueError(f"{WORKER_VARIABLE}={value}: not a worker's marker (K/N:PORT); "
                             f"it is set by scorepad app --workers, leave it unset")
        return worker


class WorkerMark:
    """ASGI wrapper of a worker: every HTTP answer names the worker (:data:`WORKER_HEADER`), and
    :data:`HEALTH_PATH` is answered here, before the Host check (Caddy's health check)."""

    def __init__(self, app, worker: Worker):
        self.app = app
        self.name = str(worker.number).encode()
        self.health = f"worker {worker.number} of {worker.of}\n".encode()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if scope["path"] == HEALTH_PATH:
            await send({"type": "http.response.start", "status": 200, "headers": [
                (b"content-type", b"text/plain; charset=utf-8"), (WORKER_HEADER, self.name),
                (b"content-length", str(len(self.health)).encode()),
                (b"cache-control", b"no-store")]})
            await send({"type": "http.response.body", "body": self.health})
            return

        async def named(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  (WORKER_HEADER, self.name)]}
            await send(message)

        return await self.app(scope, receive, named)


def caddyfile(host: str, port: int, worker_ports: list[int],
              trusted: tuple[str, ...] = ()) -> str:
    """The front's Caddyfile: plain HTTP on ``host``:``port`` (a TLS proxy in front, when
    public, is the host's own), to the workers on loopback. ``trusted``: proxies besides
    loopback whose ``X-Forwarded-For`` is kept (``FORWARDED_ALLOW_IPS``), so each worker counts
    the client's own address (uvicorn takes it from the header when Caddy, on loopback, sends
    it)."""
    bind = "" if host in ("0.0.0.0", "::") else f"\tbind {host}\n"
    upstreams = " ".join(f"127.0.0.1:{worker}" for worker in worker_ports)
    return (
        "{\n\tadmin off\n\tauto_https off\n"
        "\tservers {\n\t\ttimeouts {\n\t\t\tread_header 10s\n\t\t}\n\t}\n}\n\n"
        f"http://:{port} {{\n{bind}"
        "\trequest_body {\n\t\tmax_size 20MB\n\t}\n"
        f"\treverse_proxy {upstreams} {{\n"
        f"\t\tlb_policy cookie {STICKY_COOKIE}\n"
        "\t\tlb_try_duration 10s\n\t\tlb_try_interval 100ms\n"
        "\t\tfail_duration 5s\n"
        f"\t\thealth_uri {HEALTH_PATH}\n\t\thealth_interval 1s\n\t\thealth_timeout 2s\n"
        f"\t\ttrusted_proxies {' '.join(('127.0.0.1/8', '::1', *trusted))}\n"
        "\t}\n}\n")


def trusted_proxies() -> tuple[str, ...]:
    """The proxies named in ``FORWARDED_ALLOW_IPS`` (uvicorn's setting, for a TLS proxy on
    another computer), for Caddy to trust too; ``*`` trusts none more (Caddy would take any
    client's word for its address)."""
    names = [name.strip() for name in os.environ.get("FORWARDED_ALLOW_IPS", "").split(",")]
    return tuple(name for name in names if name and name != "*")


def find_caddy() -> str:
    found = shutil.which("caddy")
    if found is None:
        raise CannotServe("--workers needs Caddy in front of the workers, and caddy is not on "
                          "the PATH: install Debian's caddy (apt-get install caddy), or leave "
                          "out --workers")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(port: int, address: str = "127.0.0.1") -> bool:
    """Whether ``address``:``port`` answers :data:`HEALTH_PATH` with 200."""
    connection = http.client.HTTPConnection(address, port, timeout=5)
    try:
        connection.request("GET", HEALTH_PATH)
        return connection.getresponse().status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


def _die_with_parent() -> None:
    """In a child, before it runs: SIGTERM when the parent dies (Linux's PR_SET_PDEATHSIG), so
    a parent killed outright leaves no worker behind."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


class Child:
    """One supervised process: a worker or Caddy, started again when it exits."""

    def __init__(self, name: str, command: list[str], environment: dict[str, str],
                 ready: Callable[[], bool], output=None):
        self.name = name
        self.command = command
        self.environment = environment
        self.ready = ready
        self.output = output
        self.process: subprocess.Popen | None = None
        self.started = 0.0
        self.failures = 0
        self.due = 0.0
        """When it is started again, after it stopped."""

    def start(self) -> None:
        # A session of its own: Ctrl+C in the terminal reaches the parent alone, which stops
        # every child in order (the terminal's SIGINT to all at once would race the restarts).
        self.process = subprocess.Popen(
            self.command, env=self.environment, stdin=subprocess.DEVNULL,
            stdout=self.output, stderr=subprocess.STDOUT if self.output else None,
            start_new_session=True, preexec_fn=_die_with_parent)
        self.started = time.monotonic()

    def stopped(self) -> int | None:
        return self.process.poll() if self.process is not None else None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)

    def wait_stopped(self, until: float) -> None:
        if self.process is None:
            return
        try:
            self.process.wait(timeout=max(0.0, until - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@dataclass
class Front:
    """What the parent was asked to serve."""

    host: str
    port: int
    count: int
    worker_arguments: list[str]
    """``scorepad app``'s arguments for every worker (the address, the store, the mode)."""


def run_workers(front: Front, announce: Callable[[], None],
                stop: threading.Event | None = None) -> None:
    """Serve ``front`` until Ctrl+C or SIGTERM (or ``stop``): the workers, then Caddy; once
    both answer, ``announce()`` prints the start lines. Raises :class:`CannotServe` when they
    cannot start."""
    caddy = find_caddy()
    stop = stop or threading.Event()
    for stopping in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stopping, lambda number, frame: stop.set())
    folder = Path(tempfile.mkdtemp(prefix="scorepad-workers-"))
    children: list[Child] = []
    log = None
    try:
        root = str(Path(__file__).resolve().parents[2])  # where ``ui`` is imported from
        path = os.environ.get("PYTHONPATH")
        base = {**os.environ, "PYTHONPATH": root + (os.pathsep + path if path else "")}
        ports = [free_port() for _ in range(front.count)]
        for number, port in enumerate(ports, start=1):
            marker = Worker(number, front.count, port).marker
            children.append(Child(
                f"worker {number}", [sys.executable, "-m", "ui", "app", *front.worker_arguments],
                {**base, WORKER_VARIABLE: marker},
                lambda port=port: answers(port)))
        for child in children:
            child.start()
        _wait_ready(children, stop)
        if stop.is_set():  # stopped while the workers started
            return
        (folder / "Caddyfile").write_text(caddyfile(front.host, front.port, ports,
                                                    trusted_proxies()))
        home = folder / "home"
        home.mkdir()
        caddy_environment = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
                             "XDG_CONFIG_HOME": str(home / "config")}
        log = open(folder / "caddy.log", "ab")
        address = "127.0.0.1" if front.host in ("0.0.0.0", "::") else front.host
        front_child = Child("Caddy", [caddy, "run", "--adapter", "caddyfile", "--config",
                                      str(folder / "Caddyfile")], caddy_environment,
                            lambda: answers(front.port, address), log)
        children.append(front_child)
        front_child.start()
        try:
            _wait_ready([front_child], stop)
        except CannotServe:
            raise CannotServe(f"Caddy could not serve port {front.port}: "
                              f"{_last_line(folder / 'caddy.log')}") from None
        if not stop.is_set():
            announce()
        _supervise(children, stop)
    finally:
        until = time.monotonic() + STOP_SECONDS
        for child in children:
            child.stop()
        for child in children:
            child.wait_stopped(until)
        if log is not None:
            log.close()
        shutil.rmtree(folder, ignore_errors=True)


def _wait_ready(children: list[Child], stop: threading.Event) -> None:
    deadline = time.monotonic() + START_SECONDS
    waiting = list(children)
    while waiting and not stop.is_set():
        for child in list(waiting):
            if child.stopped() is not None:
                raise CannotServe(f"{child.name} stopped as it started (exit code "
                                  f"{child.stopped()}); its own words are above")
            if child.ready():
                waiting.remove(child)
        if waiting:
            if time.monotonic() > deadline:
                raise CannotServe(f"{waiting[0].name} did not answer within "
                                  f"{START_SECONDS:.0f} s")
            stop.wait(0.1)


def _supervise(children: list[Child], stop: threading.Event) -> None:
    """Start again each child that exits (at once when it had run a while, else after a wait
    that doubles, up to :data:`RESTART_MOST_SECONDS`), until ``stop``."""
    while not stop.wait(0.2):
        now = time.monotonic()
        for child in children:
            code = child.stopped()
            if code is None:
                continue
            if stop.is_set():  # a stop for all at once (systemd's): not a crash
                return
            if child.due == 0.0:
                ran = now - child.started
                child.failures = 0 if ran >= STARTED_SECONDS else child.failures + 1
                wait = min(RESTART_MOST_SECONDS, 2.0 ** child.failures - 1)
                child.due = now + wait
                how = f"signal {-code}" if code < 0 else f"exit code {code}"
                print(f"scorepad app: {child.name} stopped ({how}); starting it again"
                      + (f" in {wait:.0f} s" if wait >= 1 else ""), file=sys.stderr, flush=True)
            if now >= child.due:
                child.due = 0.0
                child.start()


def _last_line(log: Path) -> str:
    try:
        lines = [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
    except OSError:
        return "no log"
    return lines[-1][-300:] if lines else "no log"
