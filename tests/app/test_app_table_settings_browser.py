"""The table settings screen at phone size (390x844), in headless Chromium: a clashing rename is
refused in words and changes nothing; goals and a table option changed mid-table move the scorepad
on another device; a removed player comes back with the toast's Undo and with the screen's Undo."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app_browser import UI_TIMEOUT, handle, open_app, tap, tap_until, text_of, \
    type_into, wait_text
from flet_errors import flet_errors
from ui.games.registry import APP_GAMES
from ui.games.plugin import PlayerSetup
from ui.store.storage import TableStore

PHONE = {"width": 390, "height": 844}
SUNFLOWER = APP_GAMES["sunflower_valley"]


def new_table(app_server, names, goals, lakes) -> int:
    """A Sunflower Valley table in the app's store; ``lakes``: per player, the places of Lakes."""
    draft = SUNFLOWER.new_draft(
        [PlayerSetup(name, colour) for name, colour in zip(names, ("red", "blue", "green"))],
        {"goals": list(goals)})
    for player, cells in zip(draft["players"], lakes):
        player["cards"] += [{"kind": "lake", "row": row, "col": col} for row, col in cells]
    return TableStore(app_server.db).create(SUNFLOWER.key, draft)


def stored(app_server, table_id) -> dict:
    return TableStore(app_server.db).get(table_id).draft


def on_screen(page, identifier: str) -> None:
    """Scroll the page (as a finger would) until the control is inside the phone's screen: the
    settings are longer than a phone is tall."""
    target = handle(page, identifier)
    target.wait_for(state="attached", timeout=UI_TIMEOUT)
    for _ in range(20):
        box = target.bounding_box()
        if box and box["y"] >= 120 and box["y"] + box["height"] <= PHONE["height"]:
            return
        page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
        page.mouse.wheel(0, 300 if box is None or box["y"] > PHONE["height"] / 2 else -300)
        try:
            page.wait_for_function(
                """([id, y]) => {
                    const n = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                    return n && n.getBoundingClientRect().y !== y;
                }""", arg=[identifier, box["y"] if box else -1], timeout=2_000)
        except PlaywrightTimeout:
            pass
    raise AssertionError(f"{identifier} never came on screen")


def words_at(page, identifier: str) -> str:
    """The words shown with a text field (its label and, under it, its error)."""
    return handle(page, identifier).evaluate("(node) => node.parentElement.innerText")


def settle_tap(page, identifier: str, watch: str, pattern: str) -> str:
    on_screen(page, identifier)
    return tap_until(page, identifier, watch, pattern)


def submit(page, identifier: str, text: str) -> None:
    on_screen(page, identifier)
    type_into(page, identifier, text)
    page.keyboard.press("Enter")


def test_a_clashing_rename_is_refused_in_words_and_a_good_one_is_everywhere(app_server, phones):
    table_id = new_table(app_server, ["Ann", "Bob", "Cat"], [], [[], [], []])
    before = stored(app_server, table_id)
    page = phones()
    open_app(page, f"{app_server.url}/table/{table_id}/valley/0")
    tap(page, "table-settings")
    handle(page, "rename-2").wait_for(timeout=UI_TIMEOUT)
    submit(page, "rename-2", "ann ")
    message = wait_text(page, "settings-message", "keeps the name")
    assert message == "Cat keeps the name: two players are called Ann; give each a different name."
    assert "two players are called Ann" in words_at(page, "rename-2"), "said next to the field"
    assert stored(app_server, table_id) == before
    assert "Cat" in text_of(page, "tab-player-2")
    submit(page, "rename-2", "Cy")
    wait_text(page, "tab-player-2", "Cy")
    assert [p["name"] for p in stored(app_server, table_id)["players"]] == ["Ann", "Bob", "Cy"]
    settle_tap(page, "player-colour-0", "colour-teal", "")
    tap(page, "colour-teal")
    wait_text(page, "settings-message", "^Give Ann the colour teal")
    assert stored(app_server, table_id)["players"][0]["colour"] == "teal"
    assert flet_errors(page) == []
    page.screenshot(path=str(app_server.db.parent / "settings-rename.png"))


def test_a_pasted_name_with_a_direction_override_gets_the_librarys_message(app_server, phones):
    """The name field says what the library says (scorer.core.players.name_problem), with the
    place of the character, and keeps the old name."""
    table_id = new_table(app_server, ["Ann", "Bob"], [], [[], []])
    before = stored(app_server, table_id)
    page = phones()
    open_app(page, f"{app_server.url}/table/{table_id}/valley/0")
    tap(page, "table-settings")
    on_screen(page, "rename-1")
    type_into(page, "rename-1", "Bo\u202eb", paste=True)
    page.keyboard.press("Enter")
    message = wait_text(page, "settings-message", "keeps the name")
    assert message == ("Bob keeps the name: a name cannot hold direction controls: character 3 "
                       "is U+202E RIGHT-TO-LEFT OVERRIDE, which reorders the text after it "
                       "(right-to-left letters need none); remove it.")
    assert "direction controls" in words_at(page, "rename-1"), "said next to the field"
    assert stored(app_server, table_id) == before
    assert flet_errors(page) == []


def test_goals_and_options_changed_mid_table_move_the_scorepad(app_server, phones):
    # Ann: 7 Lakes, row 0 holds 5 cards with a gap (4 in a row), row 1 holds 3.
    # Bob: 3 Lakes in a row (with the Starting Town 4 cards).
    table_id = new_table(app_server, ["Ann", "Bob"],
                         ["boundless_field", "flocks_of_sheep", "long_way"],
                         [[(0, 2), (0, 3), (0, 4), (0, 5), (1, 0), (1, 1), (1, 2)],
                          [(0, 1), (0, 2), (0, 3)]])
    settings, scorepad = phones(), phones()
    open_app(scorepad, f"{app_server.url}/table/{table_id}/scorepad")
    wait_text(scorepad, "total-0", "^7$")
    wait_text(scorepad, "total-1", "^3$")
    open_app(settings, f"{app_server.url}/table/{table_id}/settings")

    # Long Way out, Vast Land in: with two goals chosen the table keeps its three.
    settle_tap(settings, "goal-long_way", "goals-note", "keeps 3 goals")
    settle_tap(settings, "goal-vast_land", "goals-chosen", "Vast Land")
    # Vast Land, consecutive cards (SV-9): Ann 4 and Bob 4 tie for the 6 points: 3 each.
    wait_text(scorepad, "total-0", "^10$")
    wait_text(scorepad, "total-1", "^6$")

    # Every card of a row: Ann 5 beats Bob 4 and takes the 6 points.
    settle_tap(settings, "option-vast_land-whole_line", "settings-message", "Whole line")
    wait_text(scorepad, "total-0", "^13$")
    wait_text(scorepad, "total-1", "^3$")
    assert stored(app_server, table_id)["options"] == {"vast_land": "whole_line"}

    settle_tap(settings, "goals-none", "goals-chosen", "0 of 3")
    wait_text(scorepad, "total-0", "^7$")
    wait_text(scorepad, "total-1", "^3$")
    assert stored(app_server, table_id)["goals"] == []
    assert flet_errors(settings) == [] and flet_errors(scorepad) == []


def test_a_removed_player_comes_back_with_undo(app_server, phones):
    table_id = new_table(app_server, ["Ann", "Bob", "Cat"], [],
                         [[(0, 1)], [(0, 1), (1, 1)], [(1, 0)]])
    before = stored(app_server, table_id)
    page, cats_phone = phones(), phones()
    open_app(cats_phone, f"{app_server.url}/table/{table_id}/valley/2")
    wait_text(cats_phone, "player-total", "^Cat")
    open_app(page, f"{app_server.url}/table/{table_id}/settings")
    settle_tap(page, "remove-player-1", "remove-question", "What Bob entered goes with them")
    assert stored(app_server, table_id) == before, "asks first"
    tap(page, "remove-confirm")
    wait_text(page, "tab-player-1", "Cat")
    after = stored(app_server, table_id)
    assert [p["name"] for p in after["players"]] == ["Ann", "Cat"]
    assert after["players"] == [before["players"][0], before["players"][2]], "the others' kept"
    # Cat's phone showed the third player's part: it now shows Cat, the second and last.
    cats_phone.wait_for_url(f"**/table/{table_id}/valley/1", timeout=UI_TIMEOUT)
    wait_text(cats_phone, "player-total", "^Cat")

    page.get_by_role("button", name="Undo", exact=True).click()  # the toast's
    wait_text(page, "tab-player-1", "Bob")
    assert stored(app_server, table_id) == before

    settle_tap(page, "remove-player-1", "remove-question", "Bob")
    tap(page, "remove-confirm")
    wait_text(page, "tab-player-1", "Cat")
    settle_tap(page, "settings-undo", "tab-player-1", "Bob")
    assert stored(app_server, table_id) == before
    assert flet_errors(page) == []


def test_the_table_options_are_said_in_german_on_a_phone(app_server, phones):
    """``?lang=de``: each option's title (its ruling's), sentence and choices, and the change it
    makes, in German."""
    table_id = new_table(app_server, ["Ann", "Bob"], [], [[], []])
    page = phones()
    open_app(page, f"{app_server.url}/table/{table_id}/settings?lang=de")
    on_screen(page, "option-vast_land")
    # Flutter lists the chips' texts, then the title and sentence (its labels).
    wait_text(page, "option-vast_land", "Weites Land zählt")
    assert set(text_of(page, "option-vast_land").split("\n")) == {
        "Weites Land zählt aufeinanderfolgende Karten (SV-9)",
        "Weites Land zählt aufeinanderfolgende Karten ohne Lücke („Aufeinanderfolgend“) oder "
        "jede Karte einer Reihe oder Spalte („Ganze Linie“).",
        "Aufeinanderfolgend (die Entscheidung SV-9)", "Ganze Linie (ersetzt SV-9)"}
    assert set(text_of(page, "option-farmers_count_as_fields").split("\n")) == {
        "Bauern sind Feldkarten, überall (SV-1)",
        "Bauern sind Feldkarten für Kombinationen, Berge und Zielkarten.",
        "Ja (die Entscheidung SV-1)", "Nein (ersetzt SV-1)"}
    settle_tap(page, "option-vast_land-whole_line", "settings-message", "Ganze Linie")
    assert text_of(page, "settings-message") == (
        "Weites Land zählt aufeinanderfolgende Karten (Entscheidung SV-9) auf Ganze Linie setzen.")
    assert stored(app_server, table_id)["options"] == {"vast_land": "whole_line"}
    on_screen(page, "option-vast_land-whole_line")
    assert flet_errors(page) == []
    page.screenshot(path=str(app_server.db.parent / "settings-options-de.png"))
