"""What script/bootstrap and script/lock need to know about requirements.txt, the lock.

The lock's first line records a hash of the pyproject.toml inputs it was made from (the required
Python, the dependencies, the test extra and the build backend), so a dependency added to
pyproject.toml without running script/lock is caught before anything is installed.

    python3 script/lockfile.py build-requires   # pyproject's build-system.requires, one a line
    python3 script/lockfile.py sign             # write the inputs line into requirements.txt
    python3 script/lockfile.py stamp            # the .venv stamp, or one line and exit 1 if stale
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.txt"
PYPROJECT = ROOT / "pyproject.toml"
INPUTS_PREFIX = "# pyproject.toml inputs: sha256="
MINIMUM_PYTHON = (3, 11)


def fail(message: str) -> None:
    print(f"script/bootstrap: {message}", file=sys.stderr)
    sys.exit(1)


def pyproject() -> dict:
    import tomllib  # Python 3.11+; checked before this is called

    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))


def build_requires() -> list[str]:
    return pyproject()["build-system"]["requires"]


def inputs_hash() -> str:
    """Changes exactly when what the lock is resolved from changes (not pytest's settings)."""
    project = pyproject()["project"]
    inputs = {
        "requires-python": project.get("requires-python", ""),
        "dependencies": project["dependencies"],
        "test": project["optional-dependencies"]["test"],
        "build": build_requires(),
    }
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def sign() -> None:
    lines = [line for line in LOCK.read_text(encoding="utf-8").splitlines(keepends=True)
             if not line.startswith(INPUTS_PREFIX)]
    LOCK.write_text(f"{INPUTS_PREFIX}{inputs_hash()}\n" + "".join(lines), encoding="utf-8")


def stamp() -> str:
    """What .venv was made from: the lock, pyproject.toml (the installed entry points) and the
    Python that runs it. Fails in one line when the lock does not match pyproject.toml."""
    if not LOCK.exists():
        fail("requirements.txt (the lock) is missing: run script/lock")
    recorded = LOCK.read_text(encoding="utf-8").partition("\n")[0].removeprefix(INPUTS_PREFIX)
    if recorded != inputs_hash():
        fail("requirements.txt is stale: pyproject.toml's dependencies changed since it was "
             "made; run script/lock and commit requirements.txt")
    made_from = hashlib.sha256()
    for path in (LOCK, PYPROJECT):
        made_from.update(path.read_bytes())
    made_from.update(f"{sys.version} {Path(sys.executable).resolve()}".encode())
    return made_from.hexdigest()


def main() -> None:
    if sys.version_info < MINIMUM_PYTHON:
        fail(f"scorepad needs Python 3.11 or newer; {sys.executable} is "
             f"{sys.version.split()[0]} (SCOREPAD_PYTHON=/path/to/python3.11 chooses another)")
    command = sys.argv[1] if len(sys.argv) == 2 else ""
    if command == "build-requires":
        print("\n".join(build_requires()))
    elif command == "sign":
        sign()
    elif command == "stamp":
        print(stamp())
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
