"""requirements.txt, the lock that script/bootstrap installs: it pins every dependency within
pyproject.toml's ranges, and a lock made from other dependencies is refused in one line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^ ;\\]+)")


def locked_versions() -> dict[str, str]:
    pins = (PIN.match(line) for line in (ROOT / "requirements.txt").read_text().splitlines())
    return {canonicalize_name(pin[1]): pin[2] for pin in pins if pin}


def test_the_lock_pins_every_dependency_within_its_range():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wanted = [*pyproject["project"]["dependencies"],
              *pyproject["project"]["optional-dependencies"]["test"],
              *pyproject["build-system"]["requires"]]
    locked = locked_versions()
    for requirement in map(Requirement, wanted):
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} is not in requirements.txt: run script/lock"
        assert requirement.specifier.contains(locked[name], prereleases=True), (
            f"requirements.txt pins {name}=={locked[name]}, outside {requirement.specifier}")


def test_the_lock_has_hashes_for_every_pin():
    text = (ROOT / "requirements.txt").read_text()
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 3)[3])
    # A package may be pinned twice, each version for its Pythons (a marker): count pins.
    pins = [line for line in text.splitlines() if PIN.match(line)]
    assert len(blocks) == len(pins)
    assert all("--hash=sha256:" in block for block in blocks)


def stamp(checkout: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(checkout / "script" / "lockfile.py"), "stamp"],
                          capture_output=True, text=True)


@pytest.fixture
def checkout(tmp_path) -> Path:
    """The three files the check reads, in a folder of their own."""
    (tmp_path / "script").mkdir()
    shutil.copy(ROOT / "script" / "lockfile.py", tmp_path / "script")
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    shutil.copy(ROOT / "requirements.txt", tmp_path)
    return tmp_path


def test_the_lock_in_the_repository_is_current(checkout):
    made = stamp(checkout)
    assert made.returncode == 0, made.stderr
    assert re.fullmatch(r"[0-9a-f]{64}\n", made.stdout)


def test_a_dependency_added_without_relocking_is_refused_in_one_line(checkout):
    pyproject = checkout / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace(
        'dependencies = [\n', 'dependencies = [\n    "platformdirs>=4,<5",\n', 1))
    refused = stamp(checkout)
    assert refused.returncode == 1
    assert refused.stdout == ""
    assert refused.stderr == ("script/bootstrap: requirements.txt is stale: pyproject.toml's "
                              "dependencies changed since it was made; run script/lock and "
                              "commit requirements.txt\n")


def test_a_changed_range_is_refused_too(checkout):
    pyproject = checkout / "pyproject.toml"
    text = pyproject.read_text()
    assert '"pytest>=8,<10"' in text
    pyproject.write_text(text.replace('"pytest>=8,<10"', '"pytest>=8,<11"'))
    assert stamp(checkout).returncode == 1


def test_other_settings_keep_the_lock_but_remake_the_environment(checkout):
    """pytest's settings are no input of the lock, but pyproject.toml as a whole is one of
    .venv's (its entry points are installed there)."""
    before = stamp(checkout).stdout
    pyproject = checkout / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + "\n# a comment\n")
    after = stamp(checkout)
    assert after.returncode == 0
    assert after.stdout != before
