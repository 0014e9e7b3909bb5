"""End to end, in headless Chromium: a Girasoles table started on the new-table screen, the
rulebook's example board entered by tapping tools and spaces, its total (18) read on screen and
checked against the library's score of the exported file; a table file imported by pasting its
text and by picking the file. Every tap waits for the editor to say what it did."""

from __future__ import annotations

import re
from pathlib import Path

from app_browser import (
    ROOT, export_and_score, handle, number_in, open_app, tap, tap_until, tap_until_gone, text_of,
    type_count, type_into, wait_text,
)
from girasoles_taps import plan
from scorer.files import load_table
from scorer.games import score
from ui.games.registry import APP_GAMES
from ui.games.girasoles.editor_model import BoardEditor
from ui.games.plugin import PlayerSetup
from ui.live.session import Sessions
from ui.store.storage import TableStore

PHONE = {"width": 360, "height": 740}
EXAMPLES = ROOT / "examples"
RULEBOOK = EXAMPLES / "girasoles" / "rulebook_scoring_example.json"


def tool_or_space(kind: str, value) -> str:
    """The identifier of what a planned step taps."""
    if kind == "space":
        return f"space-{value[0]}-{value[1]}"
    if kind == "shape":
        return f"tool-shape-{value.name.lower()}"
    return f"tool-{kind}-{value.value}"


def messages_of(steps, name: str, folder: Path) -> list[str]:
    """What the editor says after each step, from its own model on a throw-away table: the
    screen must say the same."""
    game = APP_GAMES["girasoles"]
    store = TableStore(folder / "expected.sqlite3")
    table_id = store.create(game.key, game.new_draft([PlayerSetup(name, "red")],
                                                     game.default_setup()))
    editor = BoardEditor(Sessions(store, APP_GAMES).get(table_id), 0)
    said = []
    for kind, value in steps:
        {"colour": editor.choose_colour, "shape": editor.choose_shape,
         "symbol": editor.choose_symbol, "space": editor.tap}[kind](value)
        said.append(editor.message)
    return said


def create_girasoles_table(page, url: str, names: list[str]) -> None:
    open_app(page, url + "/")
    tap_until(page, "new-table", "start-table", "Start the table")
    tap_until(page, "game-girasoles", "setup-board-size", r"^6 rows × 6 columns$")
    for extra in reversed(range(len(names), 2)):  # the form starts with 2 players
        tap_until_gone(page, f"remove-player-{extra}", f"player-name-{extra}")
    for index, name in enumerate(names):
        type_into(page, f"player-name-{index}", name)
    tap_until(page, "start-table", "player-total", "^" + re.escape(names[0]) + ":")


def test_the_rulebook_board_entered_by_tapping_shows_18_as_the_library_scores_it(
        app_server, tall_page, tmp_path):
    page = tall_page
    rulebook = load_table(RULEBOOK)
    steps = plan(rulebook.players[0].board)
    said = messages_of(steps, "Rulebook", tmp_path)
    assert all(before != after for before, after in zip(said, said[1:]))  # each tap shows

    create_girasoles_table(page, app_server.url, ["Rulebook"])
    tap_until(page, "panel-coins", "coins-line", "^Scored: coins worth 0 in all")
    type_count(page, "coins-total", "8")  # taken on Enter, or when left
    wait_text(page, "player-total", "^Rulebook: 8 points")
    tap_until(page, "panel-board", "board-count", "^0 of 36 spaces covered")

    for (kind, value), message in zip(steps, said):
        tap_until(page, tool_or_space(kind, value), "editor-message",
                  "^" + re.escape(message) + "$")
    assert len(steps) == 53  # the taps on tools and spaces for a full 6x6 board
    wait_text(page, "board-count", "^36 of 36 spaces covered · 12 symbols")
    wait_text(page, "player-total", r"^Rulebook: 18 points, rank 1$")
    assert number_in(wait_text(page, "total-0", "^18$")) == 18  # the scorepad beside the board

    # Undo takes back the last ladybug (the other one is then alone: +2), redo lays it again.
    tap_until(page, "undo", "editor-message",
              "^" + re.escape("Undone: Rulebook: put a ladybug on row 6, column 2."))
    wait_text(page, "player-total", "^Rulebook: 20 points")
    tap_until(page, "redo", "editor-message", "^Redone: ")
    wait_text(page, "player-total", "^Rulebook: 18 points")

    # The exported file: `scorepad score` and the library give what the screen shows.
    path, printed = export_and_score(page)
    assert printed == score(load_table(path)).model_dump(mode="json")
    assert [player["total"] for player in printed["players"]] == [18]
    assert score(load_table(path)) == score(rulebook)
    assert number_in(text_of(page, "total-0")) == 18

    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tap_until(page, "share-copy", "share-note", "^Copied")
    shared = page.evaluate("navigator.clipboard.readText()")
    assert "II. Bees" in shared
    assert number_in(shared.split("Total")[1].splitlines()[0]) == 18
    tap(page, "share-close")

    # A line explains itself and its spaces are highlighted on the board.
    explanation = tap_until(page, "line-bees-0", "explanation", "II. Bees")
    assert ("yellow bee at row 3, column 2: 3 sunflowers around, at row 2, column 3; row 3, "
            "column 1; row 3, column 3 -> 3") in explanation
    handle(page, "preview-3-2").wait_for()


def test_a_table_file_is_imported_by_pasting_its_text_or_picking_it(app_server, browser):
    page = browser.new_page(viewport=PHONE)
    try:
        open_app(page, app_server.url + "/")
        tap_until(page, "import-table", "import-go", "Import")
        broken = RULEBOOK.read_text().replace('"coins": 8', '"coins": -8')
        type_into(page, "import-text", broken, paste=True)
        status = tap_until(page, "import-go", "import-status", "coins")
        assert status.startswith("the pasted text: at players[0] (Rulebook) > coins: -8; at least 0")

        full_table = EXAMPLES / "girasoles" / "full_table.json"
        with page.expect_file_chooser(timeout=60_000) as chooser:
            tap(page, "import-pick")
        chooser.value.set_files(str(full_table))
        expected = [player.total for player in score(load_table(full_table)).players]
        wait_text(page, "total-0", rf"^{expected[0]}$")
        assert [number_in(text_of(page, f"total-{i}")) for i in range(4)] == expected

        # Another game, pasted.
        valley = EXAMPLES / "sunflower_valley" / "first_game_goals.json"
        open_app(page, app_server.url + "/")
        tap_until(page, "import-table", "import-go", "Import")
        type_into(page, "import-text", valley.read_text(), paste=True)
        expected = [player.total for player in score(load_table(valley)).players]
        tap_until(page, "import-go", "total-0", rf"^{expected[0]}$")
        assert [number_in(text_of(page, f"total-{i}")) for i in range(len(expected))] == expected
    finally:
        page.close()
