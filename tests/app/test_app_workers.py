"""``scorepad app --workers 2 --db postgresql://…`` as a person starts it (ui/web/workers.py): two
worker processes behind Debian's Caddy on one port. Its start lines say the address and the
number of workers; both workers answer through Caddy; a client with a cookie jar stays on its
worker; a worker killed with SIGKILL is started again while its client is served by the other;
SIGTERM stops Caddy and every worker. A SQLite file with ``--workers 2`` is refused in one
line, and so is a machine without Caddy. Everything stays on 127.0.0.1."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from app_browser import ROOT, free_port
from ui.cli import main
from ui.web.workers import STICKY_COOKIE, WORKER_VARIABLE, answers, caddyfile, find_caddy

START_SECONDS = 180
"""A loaded 2-core machine starts two workers and Caddy within this."""
WAIT_SECONDS = 60


def until(condition, why: str, seconds: float = WAIT_SECONDS):
    """``condition()``'s first true value, asked again until ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, why
        time.sleep(0.1)


class Browser:
    """A client that keeps the cookies it is given (the sticky one among them)."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}

    def get(self, path: str = "/") -> tuple[int, str, dict[str, str]]:
        """The status, the worker that answered, and the cookies set by the answer."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in
                                          self.cookies.items())
        try:
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            answer.read()
        finally:
            connection.close()
        set_now = {}
        for header in answer.headers.get_all("Set-Cookie") or []:
            name, value = header.split(";", 1)[0].split("=", 1)
            set_now[name.strip()] = value.strip()
        self.cookies.update(set_now)
        return answer.status, answer.headers.get("X-Scorepad-Worker", ""), set_now


def children_of(parent: int) -> dict[int, str]:
    """The processes whose parent is ``parent``: pid -> their worker marker ("" for Caddy)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) != parent:
                continue
            environment = (entry / "environ").read_bytes().split(b"\0")
        except (OSError, IndexError, ValueError):
            continue
        marker = next((item.split(b"=", 1)[1].decode() for item in environment
                       if item.startswith(WORKER_VARIABLE.encode() + b"=")), "")
        found[int(entry.name)] = marker
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@contextmanager
def started_workers(postgres_cluster, folder: Path, *options: str):
    """``scorepad app --workers 2`` on a database of its own, started (its start lines
    printed); killed with every child if the test leaves it running."""
    if shutil.which("caddy") is None:
        pytest.fail("Caddy is needed for the tests of --workers: script/test installs it as "
                    "root, or apt-get install -y caddy", pytrace=False)
    port = free_port()
    log = folder / "server.log"
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(folder / "data")}
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "ui", "app", "--workers", "2", "--db",
             postgres_cluster.new_database(), "--no-browser", "--port", str(port), *options],
            cwd=ROOT, env=environment, stdout=out, stderr=subprocess.STDOUT)
    try:
        def started() -> bool:
            assert server.poll() is None, log.read_text()
            return "Stop with Ctrl+C." in log.read_text()

        until(started, "the workers did not start", START_SECONDS)
        yield server, port, log
    finally:
        left = children_of(server.pid)
        if server.poll() is None:
            server.kill()
            server.wait()
        for pid in left:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.fixture()
def workers(postgres_cluster, tmp_path):
    with started_workers(postgres_cluster, tmp_path) as started:
        yield started


def test_two_workers_behind_caddy_keep_each_client_stand_in_for_each_other_and_stop(workers):
    server, port, log = workers
    lines = log.read_text().splitlines()
    assert re.fullmatch(rf"scorepad app: http://127\.0\.0\.1:{port}/\?key=[\w-]+ "
                        r"\(2 workers behind Caddy\)", lines[0]), lines
    assert lines[2].startswith("Tables saved in PostgreSQL, server 127.0.0.1:")
    assert "Traceback" not in log.read_text()
    children = children_of(server.pid)
    assert sorted(children.values()) == ["", f"1/2:{_port(children, 1)}",
                                         f"2/2:{_port(children, 2)}"]

    # Both workers answer through Caddy: new clients land on either.
    seen = set()
    for _ in range(200):
        status, worker, cookies = Browser(port).get()
        assert status == 200 and STICKY_COOKIE in cookies
        seen.add(worker)
        if seen == {"1", "2"}:
            break
    assert seen == {"1", "2"}

    # A client keeps its worker.
    phone = Browser(port)
    first = phone.get()[1]
    assert {phone.get()[1] for _ in range(30)} == {first}
    other = "2" if first == "1" else "1"

    # Its worker killed outright: the other serves it at once, and the cookie names the other.
    killed = next(pid for pid, marker in children.items() if marker.startswith(f"{first}/"))
    os.kill(killed, signal.SIGKILL)
    status, worker, cookies = phone.get()
    assert (status, worker) == (200, other) and STICKY_COOKIE in cookies
    assert {phone.get()[1] for _ in range(10)} == {other}

    # ... and started again by the parent, on its port: it answers through Caddy again.
    again = until(lambda: next((pid for pid, marker in children_of(server.pid).items()
                                if marker.startswith(f"{first}/") and pid != killed), None),
                  "the killed worker was not started again")
    until(lambda: any(Browser(port).get()[1] == first for _ in range(20)),
          "the worker started again does not answer", START_SECONDS)
    assert phone.get()[1] == other  # its client stays where it went
    assert f"worker {first} stopped (signal 9); starting it again" in log.read_text()

    # SIGTERM stops Caddy and every worker, and the parent ends with 0.
    everyone = set(children_of(server.pid)) | {again}
    server.send_signal(signal.SIGTERM)
    assert server.wait(timeout=60) == 0
    assert not [pid for pid in everyone if alive(pid)]
    assert "Traceback" not in log.read_text()


def _port(children: dict[int, str], number: int) -> str:
    return next(marker.split(":")[1] for marker in children.values()
                if marker.startswith(f"{number}/"))


def test_the_public_mode_runs_on_workers_and_ctrl_c_stops_them(postgres_cluster, tmp_path):
    public = f"http://127.0.0.1:{free_port()}"  # a loopback address may be plain http
    with started_workers(postgres_cluster, tmp_path, "--public", public) as (server, port, log):
        lines = log.read_text().splitlines()
        assert lines[0] == f"scorepad app, public: {public} (2 workers behind Caddy)"
        assert "key=" not in log.read_text()
        status, worker, _ = Browser(port).get()
        assert status == 200 and worker in ("1", "2")
        children = set(children_of(server.pid))
        assert len(children) == 3
        server.send_signal(signal.SIGINT)  # Ctrl+C
        assert server.wait(timeout=60) == 0
        assert not [pid for pid in children if alive(pid)]


def test_a_stop_sent_to_every_process_at_once_starts_none_again(postgres_cluster, tmp_path):
    """systemd stops a unit by sending SIGTERM to each of its processes together: the workers
    that stop first are not taken for crashed ones."""
    with started_workers(postgres_cluster, tmp_path) as (server, port, log):
        children = set(children_of(server.pid))
        for pid in children:
            os.kill(pid, signal.SIGTERM)
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=60) == 0
        assert not [pid for pid in children if alive(pid)]
        assert "starting it again" not in log.read_text()


def test_the_client_s_own_address_reaches_a_worker_through_two_proxies(tmp_path):
    """The public mode with workers: the host's TLS proxy (on loopback, sending the client's
    address in X-Forwarded-For), then the workers' Caddy (its Caddyfile as ``--workers`` writes
    it), then a worker's uvicorn (trusting loopback): the worker counts the client's own
    address (the quotas, the sockets per address), never a proxy's."""
    import threading

    import uvicorn

    async def echo(scope, receive, send):  # a worker that answers with the address it sees
        if scope["type"] != "http":
            return
        body = scope["client"][0].encode()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    worker_port, front_port = free_port(), free_port()
    worker = uvicorn.Server(uvicorn.Config(echo, host="127.0.0.1", port=worker_port,
                                           log_level="warning"))
    thread = threading.Thread(target=worker.run, daemon=True)
    thread.start()
    (tmp_path / "Caddyfile").write_text(caddyfile("127.0.0.1", front_port, [worker_port]))
    home = tmp_path / "home"
    environment = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
                   "XDG_CONFIG_HOME": str(home / "config")}
    with open(tmp_path / "caddy.log", "wb") as log:
        caddy = subprocess.Popen([find_caddy(), "run", "--adapter", "caddyfile", "--config",
                                  str(tmp_path / "Caddyfile")], env=environment, stdout=log,
                                 stderr=subprocess.STDOUT)
    try:
        until(lambda: answers(front_port), "Caddy did not answer")

        def seen(forwarded: str | None) -> str:
            connection = http.client.HTTPConnection("127.0.0.1", front_port, timeout=30)
            connection.request("GET", "/", headers={"X-Forwarded-For": forwarded}
                               if forwarded else {})
            return connection.getresponse().read().decode()

        assert seen("203.0.113.9") == "203.0.113.9"  # through the host's proxy on loopback
        assert seen(None) == "127.0.0.1"  # a browser on this computer, straight to Caddy
    finally:
        caddy.terminate()
        caddy.wait(timeout=30)
        worker.should_exit = True
        thread.join(timeout=30)


def test_workers_with_a_sqlite_file_are_refused_in_one_line(tmp_path, capsys):
    assert main(["app", "--workers", "2", "--db", str(tmp_path / "t.sqlite3"),
                 "--no-browser", "--port", str(free_port())]) == 2
    error = capsys.readouterr().err
    assert error.startswith("scorepad: --workers 2 needs a PostgreSQL database (--db "
                            "postgresql://") and error.count("\n") == 1
    assert not (tmp_path / "t.sqlite3").exists()
    assert main(["app", "--workers", "0", "--no-browser"]) == 2
    assert capsys.readouterr().err == ("scorepad: --workers 0: write a number of processes "
                                       "from 1 to 64\n")


def test_workers_without_caddy_are_refused_in_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no caddy there
    assert main(["app", "--workers", "2", "--db", "postgresql://u@127.0.0.1:1/none",
                 "--no-browser", "--port", str(free_port())]) == 2
    error = capsys.readouterr().err
    assert error.startswith("scorepad: --workers needs Caddy in front of the workers, and caddy "
                            "is not on the PATH") and error.count("\n") == 1


def test_a_worker_s_marker_that_does_not_read_is_refused_in_one_line(monkeypatch, capsys):
    monkeypatch.setenv(WORKER_VARIABLE, "three")
    assert main(["app", "--no-browser", "--port", str(free_port())]) == 2
    assert capsys.readouterr().err.startswith(f"scorepad: {WORKER_VARIABLE}=three: not a "
                                              "worker's marker")
