"""`scorepad app`'s port: one another program already serves is one line, exit code 2, nothing
else printed (no address, no "Stop with Ctrl+C", no traceback); the address printed answers from
the moment it is printed. Loopback only."""

import re
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_busy_port_is_told_in_one_line(tmp_path):
    with socket.socket() as other_program:
        other_program.bind(("127.0.0.1", 0))
        other_program.listen()
        port = other_program.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "ui", "app", "--port", str(port), "--db",
             str(tmp_path / "tables.sqlite3"), "--no-browser"],
            cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
            capture_output=True, text=True, timeout=120,
        )
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.splitlines() == [
        f"scorepad: Port {port} is in use: another program (perhaps scorepad itself) serves on "
        f"it; start with another port, e.g. scorepad app --port {port + 1}"
    ]
    assert not (tmp_path / "tables.sqlite3").exists(), "nothing is started on a busy port"


def test_the_address_printed_answers_at_once(tmp_path):
    """The app loads its screens before it serves (ui.web.warm_up): a browser that opens the
    address as soon as it is printed waits for the page, it is not refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = subprocess.Popen(
        [sys.executable, "-m", "ui", "app", "--port", str(port), "--db",
         str(tmp_path / "t.sqlite3"), "--no-browser"],
        cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        for line in app.stdout:
            lines.append(line)
            if line.startswith("Stop with Ctrl+C"):
                break
        assert re.search(rf"http://127\.0\.0\.1:{port}/", "".join(lines)), lines
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as response:
            assert response.status == 200
    finally:
        app.terminate()
        app.wait(timeout=30)
