"""The floors hold: ``lint-imports`` keeps every contract in pyproject.toml (which way imports go,
each game on its own, no cycles), and a wrong-way import or a cycle breaks them."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = "from importlinter.cli import lint_imports_command; lint_imports_command()"


def lint_imports(checkout: Path) -> subprocess.CompletedProcess:
    """``lint-imports`` run on ``checkout``'s own code and contracts (no cache left behind)."""
    return subprocess.run([sys.executable, "-c", LINT_IMPORTS, "--no-cache"], cwd=checkout,
                          env={**os.environ, "PYTHONPATH": str(checkout)}, capture_output=True,
                          text=True, timeout=300)


def test_every_import_contract_is_kept():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 6 kept, 0 broken." in done.stdout


def test_a_wrong_way_import_and_a_cycle_break_the_contracts(tmp_path):
    for folder in ("scorer", "ui"):
        shutil.copytree(ROOT / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with open(tmp_path / "scorer" / "report.py", "a", encoding="utf-8") as report:
        report.write("\nimport ui.store.storage  # the library reaching into the app\n")
    with open(tmp_path / "ui" / "store" / "presence.py", "a", encoding="utf-8") as presence:
        presence.write("\nfrom ui.screens import home_view  # stored data reaching a screen\n")
    with open(tmp_path / "scorer" / "girasoles" / "models.py", "a", encoding="utf-8") as models:
        models.write("\nfrom scorer.girasoles import scoring  # a model importing a rule\n")
    done = lint_imports(tmp_path)
    assert done.returncode == 1
    assert "The library never imports the app, Flet or the web server BROKEN" in done.stdout
    assert "No import cycles anywhere BROKEN" in done.stdout
    assert "scorer.report -> ui.store.storage" in done.stdout
    assert "ui.store.presence -> ui.screens.home_view" in done.stdout
    assert "No cycles are allowed in scorer.girasoles." in done.stdout
