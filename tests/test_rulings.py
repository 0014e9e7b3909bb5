"""The rulings as data (scorer.rulings): docs/RULINGS.md is generated from them word for word, and
every ruling id the scorer cites exists."""

import re
from pathlib import Path

from scorer.rulings import GAMES, RULINGS, ruling, rulings_markdown

ROOT = Path(__file__).resolve().parents[1]


def test_the_rulings_document_is_the_generated_text_word_for_word():
    document = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    assert document == rulings_markdown(), (
        "docs/RULINGS.md is out of date: run `scorepad rulings > docs/RULINGS.md`"
    )


def test_the_document_holds_every_ruling_with_its_summary_and_text():
    document = rulings_markdown()
    for each in RULINGS.values():
        assert f"### {each.id} {each.title}\n" in document
        for words in (each.summary, each.text):
            assert " ".join(words.split()) in " ".join(document.split())


def test_ids_are_numbered_from_1_within_each_game():
    for game in GAMES:
        assert [each.id for each in game.rulings] == [
            f"{game.code}-{number}" for number in range(1, len(game.rulings) + 1)
        ]


def test_every_ruling_has_a_title_a_one_sentence_summary_and_a_text():
    for each in RULINGS.values():
        assert each.title and each.text and "\n" not in each.title
        assert each.summary.endswith(".") and "\n" not in each.summary
        assert not re.search(r"[.!?] [A-Z]", each.summary), f"{each.id}: more than one sentence"


def test_ruling_finds_by_id():
    assert ruling("SV-5").title.startswith("With no stops entered")
    assert ruling("SV-99") is None


def test_every_ruling_the_scorer_cites_exists():
    cited = set()
    for path in (ROOT / "scorer").rglob("*.py"):
        if path.name != "rulings.py":
            cited |= set(re.findall(r'"((?:SV|GI|MV)-\d+)"', path.read_text(encoding="utf-8")))
    assert cited and cited <= set(RULINGS)
