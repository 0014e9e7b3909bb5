"""Each screen's help (issue 33, item 4), without a browser: every screen shows its **?**
(``screen-help``), which opens that screen's help in the device's language (English, Spanish,
German), and the guide in docs/ says each help in the app's English words (one source: the
catalogue's messages, written into docs/ by script/screen_help.py)."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

import flet as ft
import pytest

from control_tree import identified, texts
from live_devices import Server
from ui.games.registry import APP_GAMES
from ui.parts.words import app_language
from ui.screens.import_model import import_table
from ui.screens.screen_help import BUTTON, CLOSE, TEXT, TOPICS, editor_topic, paragraphs, shown
from ui.store.storage import TableStore

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("screen_help_script",
                                               ROOT / "script" / "screen_help.py")
screen_help_script = importlib.util.module_from_spec(_spec)
sys.modules["screen_help_script"] = screen_help_script
_spec.loader.exec_module(screen_help_script)

EXAMPLES = {"sunflower_valley": "first_game_goals.json",
            "girasoles": "rulebook_scoring_example.json",
            "maple_valley": "rulebook_final_scoring.json"}


def test_the_guide_says_each_screens_help_in_the_apps_words():
    assert screen_help_script.problems() == []


def test_the_guide_check_sees_a_block_that_drifted(tmp_path, monkeypatch):
    page = tmp_path / "page.md"
    page.write_text("<!-- screen-help:home -->\nold words\n<!-- /screen-help -->\n")
    monkeypatch.setattr(screen_help_script, "pages", lambda: [page])
    monkeypatch.setattr(screen_help_script, "ROOT", tmp_path)
    found = screen_help_script.problems()
    assert "page.md: the help of home differs from the app's (run script/screen_help.py)" in found
    assert any("screen-help:deck is in 0 places" in problem for problem in found)
    page.write_text(screen_help_script.written(page.read_text()))
    assert not any("home" in problem for problem in screen_help_script.problems())


def test_every_games_editor_has_its_help():
    assert {editor_topic(key) for key in APP_GAMES} <= set(TOPICS)


def test_a_help_text_shows_its_points_with_bullets():
    lines = paragraphs("What it is.\n\n- one\n- two\n\nLast.")
    assert [shown(line) for line in lines] == [["What it is."], ["•", "one"], ["•", "two"],
                                               ["Last."]]


def screens(tables: dict[str, int], code: str) -> list[tuple[str, str, str | None]]:
    """(topic, address, a control to tap first that opens the screen's dialog, or None)."""
    valley = tables["sunflower_valley"]
    return [("home", "/", None), ("import", "/", "import-table"), ("new-table", "/new", None),
            *[(editor_topic(game), f"/table/{table}/valley/0", None)
              for game, table in tables.items()],
            ("scorepad", f"/table/{valley}/scorepad", None),
            ("settings", f"/table/{valley}/settings", None),
            ("invite", f"/table/{valley}/scorepad", "table-invite"),
            ("finish", f"/table/{valley}/finish", None),
            ("join", f"/join/{code}", None),
            ("history", "/history", None), ("statistics", "/statistics", None),
            ("backup", "/backup", None), ("deck", "/deck", None)]


def shown_now(page: ft.Page) -> ft.Control:
    """What the page shows on top: its topmost open dialog, else the screen."""
    open_dialogs = [dialog for dialog in page._dialogs.controls if dialog.open]  # noqa: SLF001
    return open_dialogs[-1] if open_dialogs else page.controls[0]


@pytest.mark.parametrize("code", ["en", "es", "de"])
def test_every_screen_opens_its_own_help_in_the_devices_language(tmp_path, code):
    store = TableStore(tmp_path / "t.sqlite3")
    tables = {game: import_table((ROOT / "examples" / game / name).read_text(), store,
                                 APP_GAMES).table_id for game, name in EXAMPLES.items()}
    words = app_language(code)

    async def run() -> dict[str, str]:
        server = Server(store)
        valley = tables["sunflower_valley"]
        phone = server.connect("ann", "/", valley, 0)
        for table in tables.values():
            server.access.grant(phone.context.device, table, "player", 0)
        join_code = server.access.join_code(valley)
        phone.context.speak(code)
        wrong = {}
        assert sorted(topic for topic, *_ in screens(tables, join_code)) == sorted(TOPICS)
        for topic, address, opener in screens(tables, join_code):
            phone.context.show(address)
            page = phone.context.page
            if opener is not None:
                identified(page.controls[0], opener).on_click(None)
            under = shown_now(page)
            # A dialog that is a screen of its own has its **?** in its title.
            button = identified(getattr(under, "title", None) or under, BUTTON)
            if button is None:
                wrong[topic] = "no screen-help"
                continue
            assert button.tooltip == words.render(TOPICS[topic].title)
            button.on_click(None)
            dialog = shown_now(page)
            said = texts(identified(dialog, TEXT))
            expected = [text for line in paragraphs(words.render(TOPICS[topic].text))
                        for text in shown(line)]
            if said != expected or dialog.title.value != words.render(TOPICS[topic].title):
                wrong[topic] = f"shows {said[:1]}, not {expected[:1]}"
            identified(dialog, CLOSE).on_click(None)
            assert not dialog.open, "Close closes the help, and only it"
            if opener is not None:
                assert shown_now(page) is not dialog and shown_now(page) in page._dialogs.controls
        return wrong

    assert asyncio.run(run()) == {}


def test_the_help_is_in_every_language_not_the_english_source():
    for code in ("es", "de"):
        words = app_language(code)
        for topic, help in TOPICS.items():
            assert words.render(help.text) != help.text.source, (code, topic)
            assert words.render(help.title) != help.title.source, (code, topic)
