"""axe-core on every screen and dialog the browser walks (test_app_names_browser.walk), on a
390x844 phone with Flutter's accessibility tree on (as a screen reader turns it on).

axe-core is the copy bundled with axe-playwright-python, pinned in the lock. Its rule
``label-content-name-mismatch`` is off by default (axe calls it experimental); it is on here:
it caught the player tabs, whose name was not the words they showed. A serious or critical
violation fails the walk, naming the screen, the rule and the node. A moderate or minor one
fails unless docs/decisions/accessibility.md lists its rule, saying why the app cannot change
it; ``meta-viewport`` is accepted only on the viewport tag Flutter's client writes itself."""

from __future__ import annotations

import re
from collections import defaultdict

from axe_playwright_python.sync_playwright import Axe

from app_browser import PHONE, ROOT
from conftest import page_of
from test_app_names_browser import screens, tables, walk  # noqa: F401 - tables: a fixture

DECISION = ROOT / "docs" / "decisions" / "accessibility.md"

OPTIONS = {"resultTypes": ["violations"],
           "rules": {"label-content-name-mismatch": {"enabled": True}}}
"""axe-core's default rules (WCAG 2.0-2.2 A and AA, best practices) and the one it leaves off."""

BLOCKING = {"serious", "critical"}


def accepted_rules() -> set[str]:
    """The rules the decision page's table of what remains lists: its rows' first cells,
    `rule-id` in backticks."""
    text = DECISION.read_text()
    section = text.split("## What axe-core still reports", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z-]+)` \|", section, flags=re.MULTILINE))


def accepted(violation: dict, node: dict, rules: set[str]) -> bool:
    """Whether a violation's node is one the decision page accepts."""
    if violation["impact"] in BLOCKING or violation["id"] not in rules:
        return False
    # Flutter's client replaces any viewport tag of the page with its own, marked flt-viewport;
    # one of the app's would be the app's to fix.
    return violation["id"] != "meta-viewport" or "flt-viewport" in node["html"]


def test_axe_finds_nothing_serious_on_any_screen_and_only_what_the_decision_page_lists(
        app_server, browser, tables):  # noqa: F811
    rules = accepted_rules()
    assert {"meta-viewport", "region"} <= rules, rules
    axe = Axe()
    found: dict[str, list[str]] = defaultdict(list)
    read = 0
    with page_of(browser, viewport=PHONE) as page:
        for screen, missed in walk(page, app_server.url, tables):
            if missed:
                found[screen].append(missed)
                continue
            read += 1
            for violation in axe.run(page, options=OPTIONS).response["violations"]:
                for node in violation["nodes"]:
                    if not accepted(violation, node, rules):
                        found[screen].append(
                            f"{violation['id']} ({violation['impact']}) on "
                            f"{' '.join(map(str, node['target']))}: {node['html'][:160]}")
    assert not found, "\n".join(f"{screen}: {problem}" for screen, problems in found.items()
                                for problem in problems)
    assert read == len(list(screens(tables)))  # every screen was read, none skipped
