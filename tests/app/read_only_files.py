"""Files and folders made unwritable for a test, as a full or read-only disk makes them."""

from __future__ import annotations

import os
import subprocess
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def read_only(*paths: Path):
    """The files and folders stop being writable while the block runs (root ignores
    permissions, so it makes them immutable)."""
    root = os.geteuid() == 0
    for path in paths:
        if root:
            subprocess.run(["chattr", "+i", str(path)], check=True)
        else:
            path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        yield
    finally:
        for path in paths:
            if root:
                subprocess.run(["chattr", "-i", str(path)], check=True)
            else:
                path.chmod(0o755 if path.is_dir() else 0o644)
