"""The floors hold: ``lint-imports`` keeps every contract in pyproject.toml (which way imports go,
each game on its own, no cycles), and a wrong-way import or a cycle breaks them; the map of the
floors (docs/ARCHITECTURE.md) names only paths and modules that exist."""

import importlib
import os
import re
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


ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
CODE = [path for package in ("scorer", "ui") for path in (ROOT / package).rglob("*.py")]


def named_in_backticks() -> list[str]:
    return re.findall(r"`([^`\n]+)`", ARCHITECTURE.read_text(encoding="utf-8"))


def dotted_name_exists(name: str) -> bool:
    """``scorer.a.b.Name.attribute``: the longest prefix that is a module, then attributes."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:end])
        if base.with_suffix(".py").is_file() or (base / "__init__.py").is_file():
            found = importlib.import_module(".".join(parts[:end]))
            for attribute in parts[end:]:
                if not hasattr(found, attribute):
                    return False
                found = getattr(found, attribute)
            return True
    return False


def defined_in_the_code(identifier: str) -> bool:
    definition = re.compile(rf"^\s*(class|def) {identifier}\b|^{identifier}\s*[:=]", re.M)
    return any(definition.search(path.read_text(encoding="utf-8")) for path in CODE)


def test_every_path_and_name_the_architecture_page_mentions_exists():
    names = named_in_backticks()
    assert len(names) > 50, "the page names the modules it explains"
    missing = []
    for name in names:
        if "/" in name or re.fullmatch(r"[\w-]+\.(toml|md|txt)", name):  # from the root
            if not (ROOT / name).exists():
                missing.append(name)
        elif re.fullmatch(r"(scorer|ui)(\.\w+)+", name):
            if not dotted_name_exists(name):
                missing.append(name)
        elif name.endswith(".py"):  # a module named within its folder
            if not any(path.name == name for path in CODE):
                missing.append(name)
        elif re.fullmatch(r"[A-Z]\w*[a-z]\w*|[A-Z][A-Z_]+|[a-z]+_[a-z_]+", name):
            if not defined_in_the_code(name):  # a class, a constant or a function
                missing.append(name)
    assert missing == []


def test_a_stale_name_on_the_architecture_page_is_found():
    assert not dotted_name_exists("ui.store.storage.TableStore.no_such_method")
    assert not dotted_name_exists("ui.no_such_floor.module")
    assert not defined_in_the_code("NoSuchScreen")
    assert dotted_name_exists("ui.live.session.TableSession.apply")
