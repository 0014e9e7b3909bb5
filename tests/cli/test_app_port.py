"""`scorepad app` on a port another program already serves: one line, exit code 2, nothing else
printed (no address, no "Stop with Ctrl+C", no traceback). Loopback only."""

import socket
import subprocess
import sys
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
