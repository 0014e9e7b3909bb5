"""The front door and the guide stay alive: README.md fits on two screens and leads to the guide
(docs/index.md), which leads to every page; every link between pages, every picture, every path,
module and command a page names exists; a table file a page shows is a valid table; and no page
types a figure that a benchmark measures (those live in docs/benchmarks/, written by the scripts).
"""

from __future__ import annotations

import itertools
import json
import re
import shlex
import unicodedata
from pathlib import Path

import pytest

from scorer.deck import DeckFile
from scorer.games import parse_table, score
from tests.test_architecture import dotted_name_exists
from ui.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
RESULTS = DOCS / "benchmarks"
GUIDE = sorted(path for path in DOCS.rglob("*.md") if RESULTS not in path.parents)
"""The manual's pages: everything in docs/ but the results files the benchmarks write."""
PAGES = [README, *GUIDE, *sorted(RESULTS.glob("*.md"))]

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
CODE_BLOCK = re.compile(r"^```(?s:.*?)^```|^(?: {4}.*\n?)+", re.M)
BACKTICKED = re.compile(r"`([^`\n]+)`")
TOP_FOLDERS = ("scorer/", "ui/", "tests/", "docs/", "benchmarks/", "script/", "examples/", ".ci/")


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, blanks to -."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip()).lower()
    kept = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = CODE_BLOCK.sub("", page.read_text(encoding="utf-8"))
    return {slug(match) for match in re.findall(r"^#+ (.+)$", text, re.M)}


def links(page: Path) -> list[str]:
    return LINK.findall(CODE_BLOCK.sub("", page.read_text(encoding="utf-8")))


def local_links(page: Path) -> list[tuple[Path, str]]:
    """(target file, anchor) of every link of ``page`` that is not to another site."""
    found = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        found.append(((page.parent / file).resolve() if file else page, anchor))
    return found


def test_the_readme_fits_on_two_screens_and_leads_to_the_guide():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150
    assert (DOCS / "index.md").resolve() in {target for target, _ in local_links(README)}
    text = "\n".join(lines)
    assert "    script/server\n" in text and "    script/test\n" in text  # the two commands


@pytest.mark.parametrize("page", PAGES, ids=relative)
def test_every_link_and_picture_of_a_page_exists(page):
    broken = []
    for target, anchor in local_links(page):
        if not target.exists():
            broken.append(f"{relative(page)} -> {target}")
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            broken.append(f"{relative(page)} -> {relative(target)}#{anchor}")
    assert broken == []


def test_every_page_of_the_guide_is_two_clicks_from_the_readme():
    """README → docs/index.md → every page; results files one click further, from the page on
    the benchmarks."""
    index = DOCS / "index.md"
    from_index = {target for target, _ in local_links(index)}
    unreachable = [relative(page) for page in GUIDE
                   if page != index and page not in from_index]
    assert unreachable == []
    quoted = {target for target, _ in local_links(DOCS / "benchmarks.md")}
    assert [relative(page) for page in RESULTS.glob("*.md") if page not in quoted] == []


def test_every_picture_in_docs_is_shown_by_a_page():
    shown = {target for page in PAGES for target, _ in local_links(page)}
    named = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)
    unused = [relative(picture) for picture in DOCS.glob("*.png")
              if picture not in shown and relative(picture) not in named
              and not any(pattern_matches(pattern, picture) for pattern in globs(named))]
    assert unused == []


def globs(text: str) -> list[str]:
    return [name for name in BACKTICKED.findall(text) if "*" in name or "{" in name]


def expand_braces(pattern: str) -> list[str]:
    parts = re.split(r"\{([^{}]*)\}", pattern)
    choices = [[part] if index % 2 == 0 else part.split(",") for index, part in enumerate(parts)]
    return ["".join(combination) for combination in itertools.product(*choices)]


def pattern_matches(pattern: str, path: Path) -> bool:
    return any(path.match(str(ROOT / each)) for each in expand_braces(pattern))


def named_paths(page: Path) -> list[str]:
    """Repository paths a page names in backticks or code, as written (from the root)."""
    text = page.read_text(encoding="utf-8")
    words = [word for name in BACKTICKED.findall(text) for word in name.split()]
    words += [word for block in CODE_BLOCK.findall(text) for word in block.split()]
    return [word.strip("()[],;:") for word in words
            if word.startswith(TOP_FOLDERS) or word in ("pyproject.toml", "requirements.txt")]


def exists(name: str) -> bool:
    if re.search(r"<[^>]*>|NAME|\.\.\.|…", name):  # a placeholder: its folder must exist
        return (ROOT / re.split(r"<|NAME|\.\.\.|…", name)[0]).parent.exists()
    if "*" in name or "{" in name:
        return any(list(ROOT.glob(each)) for each in expand_braces(name))
    return (ROOT / name.split("#")[0].split("::")[0]).exists()


@pytest.mark.parametrize("page", PAGES, ids=relative)
def test_every_path_and_module_a_page_names_exists(page):
    missing = [name for name in named_paths(page) if not exists(name)]
    modules = [name for name in BACKTICKED.findall(page.read_text(encoding="utf-8"))
               if re.fullmatch(r"(scorer|ui)(\.\w+)+", name)]
    missing += [name for name in modules if not dotted_name_exists(name)]
    assert missing == []


def commands(page: Path) -> list[str]:
    """Every ``scorepad …`` command line a page shows, in code or in backticks."""
    text = page.read_text(encoding="utf-8")
    lines = [line.strip() for block in CODE_BLOCK.findall(text) for line in block.splitlines()]
    lines += BACKTICKED.findall(text)
    found = []
    for line in lines:
        line = re.sub(r"^(\.venv/bin/|script/server\b)", lambda m: "" if m.group(1).startswith(
            ".") else "scorepad app", line)
        line = re.sub(r"^(SCOREPAD_\w+=\S+ )+", "", line)
        if re.match(r"scorepad (score|schema|rulings|app|export-all|import-all) \S", line):
            found.append(line.split("#")[0].split(" < ")[0].split(" > ")[0].split(" && ")[0])
    return found


def scorepad_arguments(line: str) -> list[str]:
    """The arguments of a command as a page writes it: optional parts ([--db FILE]) taken,
    placeholders (FILE, ...) given a value, alternatives (`--lang es` or `de`) as written."""
    words = shlex.split(line.replace("[", " ").replace("]", " "))[1:]
    return [word for word in words if word not in ("...", "…")]


@pytest.mark.parametrize("page", PAGES, ids=relative)
def test_every_scorepad_command_a_page_shows_is_one_the_command_takes(page, capsys):
    parser = build_parser()
    refused = []
    for line in commands(page):
        try:
            parser.parse_args(scorepad_arguments(line))
        except SystemExit:
            refused.append(line)
    capsys.readouterr()
    assert refused == []


SCRIPT = re.compile(r"(?<![\w/])((?:benchmarks|docs)/[\w-]+\.py|script/[\w-]+(?:\.py)?)(?![\w-]|\.\w)((?: --?[\w-]+)*)")
PASSES_ON = ("script/test", "script/server", "script/lock")
"""Scripts that hand their options to another program: pytest, `scorepad app`, uv."""


@pytest.mark.parametrize("page", PAGES, ids=relative)
def test_every_script_and_option_a_page_names_exists(page):
    text = page.read_text(encoding="utf-8")
    missing = []
    for script, options in SCRIPT.findall(text):
        source = ROOT / script
        if not source.exists():
            missing.append(script)
            continue
        if script in PASSES_ON:
            continue
        code = source.read_text(encoding="utf-8")
        if "add_write_option(" in code:  # benchmarks.results gives it --write
            code += '"--write"'
        missing += [f"{script} {option}" for option in re.findall(r"--[\w-]+", options)
                    if f'"{option}"' not in code]
    assert missing == []


def json_blocks(page: Path) -> list[dict]:
    return [json.loads(block) for block in
            re.findall(r"^```json\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)]


def test_every_table_and_deck_the_table_file_page_shows_is_valid():
    blocks = json_blocks(DOCS / "table-file.md") + json_blocks(DOCS / "deck.md")
    tables = [block for block in blocks if "game" in block]
    assert sorted(table["game"] for table in tables) == [
        "girasoles", "maple_valley", "sunflower_valley"]
    for table in tables:
        assert score(parse_table(table)).players
    decks = [block for block in blocks if "deck" in block]
    assert len(decks) == 1
    DeckFile.model_validate(decks[0])


MEASURED = re.compile(
    r"\b\d+(?:\.\d+)? ?ms\b|load average \d|passed in \d|\bp95 \d|median \d"
    r"|\d ?(?:[KMG]i?B|s) (?:per (?:phone|edit|session|socket)|of (?:CPU|the event loop))\b"
    r"|(?:\babout|\+)\s?\d[\d,.]* ?[KMG]i?B\b|\btimes (?:slower|faster|as much)\b")
"""What only a benchmark or a test run can say: milliseconds, load averages, medians, a run's
count; memory or seconds per phone, edit, session or socket, or of CPU; an amount of memory
"about" so much or grown by so much; how many times slower or faster. (A limit, "at most
20 MB", is a setting, not a measure.)"""


@pytest.mark.parametrize("page", [README, *GUIDE], ids=relative)
def test_no_page_types_a_measured_figure(page):
    text = page.read_text(encoding="utf-8")
    assert MEASURED.findall(text) == []


def test_the_checks_find_what_is_broken(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("[gone](nowhere.md) ![](missing.png) [here](#no-such-heading)\n# A title\n")
    assert [target.name for target, _ in local_links(page)] == ["nowhere.md", "missing.png",
                                                                 "page.md"]
    assert anchors(page) == {"a-title"}
    assert slug("After the game: finish, history, BG Stats") == "after-the-game-finish-history-bg-stats"
    assert not exists("ui/no_such_module.py") and exists("ui/games/<game>/")
    assert exists("docs/app-{es,de}-*-phone.png") and not exists("docs/app-{fr}-*-phone.png")
    assert MEASURED.findall("63 ms, 1.5 ms") == ["63 ms", "1.5 ms"]
    assert MEASURED.findall("the median 63 and p95 84") == ["median 6", "p95 8"]
    assert MEASURED.findall("load average 3.1; 1523 passed in 25") == ["load average 3", "passed in 2"]
    assert MEASURED.findall("a photo is at most 20 MB; 30 s without an answer") == []
    assert MEASURED.findall("0.4 MB per phone, 5 s of the event loop, 12 s of CPU") == [
        "4 MB per phone", "5 s of the event loop", "2 s of CPU"]
    assert MEASURED.findall("about 80 KB each (500 → +38 MB), two to three times slower") == [
        "about 80 KB", "+38 MB", "times slower"]
    assert SCRIPT.findall("see docs/benchmarks/bench.md, `script/lock --upgrade`") == [
        ("script/lock", " --upgrade")]
    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(scorepad_arguments("scorepad app --no-such-option"))
