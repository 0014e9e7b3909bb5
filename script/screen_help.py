#!/usr/bin/env python3
"""Each screen's help in the guide: the app's words, written into docs/.

    script/screen_help.py           write the English text of each screen's help (the catalogue
                                    source, ``ui/screens/screen_help.py``) between its markers
    script/screen_help.py --check   change nothing; list each page whose help differs from the
                                    app's, exit 1 if one does

A page holds a screen's help between ``<!-- screen-help:TOPIC -->`` and ``<!-- /screen-help -->``
(TOPIC a key of ``ui.screens.screen_help.TOPICS``). The app is the one source: edit the text
there (then ``script/catalogs.py update help`` and the translations), and run this. The tests use
:func:`problems`, so a page and the app never say two things.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a file: the app's package beside this folder

from ui.screens.screen_help import TOPICS  # noqa: E402 - after the path

DOCS = ROOT / "docs"
BLOCK = re.compile(r"(<!-- screen-help:([\w-]+) -->\n)(.*?)(<!-- /screen-help -->)", re.S)
"""A page's help block: its opening marker, its topic, what is between, its closing marker."""


def english(topic: str) -> str:
    """The block's text for ``topic``: the app's English source between blank lines (so that
    Markdown reads its last point as a point, not as the marker's text)."""
    return "\n" + TOPICS[topic].text.source + "\n\n"


def pages() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


def written(text: str) -> str:
    """``text`` (a page) with each help block holding the app's words (unknown topics kept)."""
    return BLOCK.sub(lambda found: found[1] + (english(found[2]) if found[2] in TOPICS
                                               else found[3]) + found[4], text)


def problems() -> list[str]:
    """Every way docs/ and the app's help differ, one line each: a block that says other words
    than the app, a topic with no block or with two, a block of no topic."""
    found: list[str] = []
    where: dict[str, list[str]] = {}
    for page in pages():
        name = page.relative_to(ROOT).as_posix()
        for _, topic, between, _ in BLOCK.findall(page.read_text(encoding="utf-8")):
            where.setdefault(topic, []).append(name)
            if topic not in TOPICS:
                found.append(f"{name}: screen-help:{topic} is no screen's help (the app's are "
                             f"{', '.join(TOPICS)})")
            elif between != english(topic):
                found.append(f"{name}: the help of {topic} differs from the app's "
                             "(run script/screen_help.py)")
    for topic in TOPICS:
        if len(where.get(topic, [])) != 1:
            found.append(f"screen-help:{topic} is in {len(where.get(topic, []))} places of docs/ "
                         f"({', '.join(where.get(topic, [])) or 'none'}); it belongs in one")
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; list what differs, exit 1 if anything does")
    options = parser.parse_args(argv)
    if options.check:
        found = problems()
        print("\n".join(found) or "docs/ says each screen's help as the app does")
        return 1 if found else 0
    for page in pages():
        text = page.read_text(encoding="utf-8")
        if (new := written(text)) != text:
            page.write_text(new, encoding="utf-8")
            print(f"wrote {page.relative_to(ROOT).as_posix()}")
    found = problems()
    if found:
        print("\n".join(found), file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
