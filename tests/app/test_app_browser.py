"""End to end, in headless Chromium: a person creates a table, enters valleys by tapping, reads
the totals, refreshes, restarts the server, shares. The totals on screen must be the library's."""

from __future__ import annotations

import re

from app_browser import (
    TABLET_TALL, export_and_score, handle, number_in, open_app, tap, tap_until, text_of,
    type_into, wait_text,
)
from scorer.games import parse_table, score
from scorer.sunflower_valley.models import CardDescription, Kind


TOWN_FIELD = {"kind": "town", "combination": ["field"], "points": 2, "villagers": 1}
TOWN_MOUNTAIN = {"kind": "town", "combination": ["mountain"], "points": 3, "villagers": 0}
FARMER = {"kind": "farmer", "combination": ["sheep", "field"], "points": 3, "villagers": 2}
DESCRIBED = [TOWN_FIELD, TOWN_MOUNTAIN, FARMER]
"""In the order the test describes them, so ``described-<index>`` offers them again."""

ANN = [  # 18 Valley cards, each beside one laid before it
    ((0, 1), "railroad"), ((0, 2), TOWN_FIELD), ((1, 2), "field"), ((0, -1), "railroad"),
    ((0, -2), TOWN_MOUNTAIN), ((1, -2), "mountain"), ((-1, 0), "mountain"), ((-1, -1), "field"),
    ((-1, 1), "field"), ((1, 0), "sheep"), ((1, -1), "sheep"), ((1, 1), "lake"),
    ((2, 0), FARMER), ((2, 1), "field"), ((2, 2), "lake"), ((2, -1), "sheep"),
    ((-2, 0), "field"), ((-2, -1), "lake"),
]
ANN_STOPS = [(0, 0), (0, -2)]
BOB = [((0, 1), "field"), ((0, 2), TOWN_FIELD), ((1, 0), "sheep"), ((1, 1), FARMER)]
CID = [((0, 1), "railroad"), ((0, 2), TOWN_MOUNTAIN), ((1, 2), "mountain")]
DEE = [((1, 0), "lake"), ((1, 1), "lake")]
NAMES = ("Ann", "Bob", "Cid", "Dee")


def table_file(goals=("boundless_field", "flocks_of_sheep", "long_way")) -> dict:
    """The same table written as a table file, independently of the app."""

    def cards(laid):
        out = [{"kind": "starting_town", "row": 0, "col": 0}]
        for (row, col), what in laid:
            card = dict(what) if isinstance(what, dict) else {"kind": what}
            out.append({**card, "row": row, "col": col})
        return out

    return {
        "game": "sunflower_valley",
        "goals": list(goals),
        "players": [
            {"name": "Ann", "valley": {"cards": cards(ANN),
                                       "express_stops": [list(s) for s in ANN_STOPS]}},
            {"name": "Bob", "valley": {"cards": cards(BOB)}},
            {"name": "Cid", "valley": {"cards": cards(CID)}},
            {"name": "Dee", "valley": {"cards": cards(DEE)}},
        ],
    }


def library_totals() -> list[int]:
    return [player.total for player in score(parse_table(table_file())).players]


def create_table(page, url: str, names=NAMES) -> None:
    open_app(page, url + "/")
    tap_until(page, "new-table", "goals-chosen", "^3 of 3 chosen")
    for index in range(2, len(names)):
        tap(page, "add-player")
        handle(page, f"player-name-{index}").wait_for(timeout=60_000)
    for index, name in enumerate(names):
        type_into(page, f"player-name-{index}", name)
    tap_until(page, "start-table", "player-total", r"^" + names[0] + ":")


def lay(page, laid, described: list) -> None:
    """Tap each card in: its kind (or a card described before) then its place."""
    brush = None
    already = number_in(text_of(page, "card-count"))
    for count, ((row, col), what) in enumerate(laid, start=already + 1):
        if what != brush:
            chosen = "^" + re.escape(f"Tap a place to lay a {brush_name(what)}.")
            if isinstance(what, dict) and what in described:
                tap_until(page, f"described-{described.index(what)}", "editor-message", chosen)
            elif isinstance(what, dict):
                describe(page, what)
                described.append(what)
            else:
                tap_until(page, f"palette-{what}", "editor-message", chosen)
            brush = what
        tap_until(page, f"cell-{row}-{col}", "card-count", rf"^{count} of 18 Valley cards")


def brush_name(what) -> str:
    if isinstance(what, dict):
        return CardDescription.model_validate(what).summary
    return Kind(what).label


def describe(page, card: dict) -> None:
    tap_until(page, f"palette-{card['kind']}", "picker-combination", "^nothing yet$")
    page.wait_for_timeout(800)  # a dialog ignores taps while it opens
    for count, kind in enumerate(card["combination"], start=1):
        tap_until(page, f"picker-add-{kind}", "picker-combination",
                  r"^[^+]+" + r"( \+ [^+]+)" * (count - 1) + "$")
    for name in ("points", "villagers"):  # one tap each, on the chip of the value
        if card[name]:
            tap_until(page, f"picker-{name}-{card[name]}", f"picker-{name}",
                      rf": {card[name]}$")
    tap_until(page, "picker-use", "editor-message",
              "^" + re.escape(f"Tap a place to lay a {brush_name(card)}."))


def screen_totals(page, players: int = len(NAMES)) -> list[int]:
    return [number_in(text_of(page, f"total-{index}")) for index in range(players)]


def test_a_table_entered_by_tapping_scores_as_the_library_and_survives_refresh_and_restart(
        app_server, tall_page):
    page = tall_page
    expected = library_totals()
    create_table(page, app_server.url)
    described: list = []
    lay(page, ANN, described)

    tap_until(page, "mode-express", "editor-message", "^Tap the towns")
    for number, (row, col) in enumerate(ANN_STOPS, start=1):
        tap_until(page, f"cell-{row}-{col}", "editor-message",
                  "^Start the Express" if number == 1 else "^Add the")
    # Places named as the grid labels them, from the valley's top-left card (-2,-2):
    wait_text(page, "express-route", "route as entered: row 3, column 3 → row 3, column 1")

    for index, valley in ((1, BOB), (2, CID), (3, DEE)):
        tap_until(page, f"tab-player-{index}", "player-total", rf"^{NAMES[index]}:")
        lay(page, valley, described)
    assert described == DESCRIBED  # the others' Towns and Farmers were offered again

    wait_text(page, "total-3", rf"^{expected[3]}$")
    assert screen_totals(page) == expected
    assert number_in(text_of(page, "player-total").split(":")[1]) == expected[3]

    page.reload()
    open_app(page, page.url)
    wait_text(page, "total-0", rf"^{expected[0]}$")
    assert screen_totals(page) == expected
    assert text_of(page, "card-count").startswith("2 of 18"), text_of(page, "card-count")

    app_server.restart()
    open_app(page, f"{app_server.url}/table/1/valley/0")
    wait_text(page, "total-0", rf"^{expected[0]}$")
    assert screen_totals(page) == expected
    assert text_of(page, "card-count").startswith("18 of 18")

    # Share: the exported file gives `scorepad score` the same result.
    _, printed = export_and_score(page)
    assert [p["total"] for p in printed["players"]] == expected

    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tap_until(page, "share-copy", "share-note", "^Copied")
    shared = page.evaluate("navigator.clipboard.readText()")
    assert "Total" in shared and "Winner" in shared
    assert [number_in(n) for n in shared.split("Total")[1].splitlines()[0].split()] == expected
    tap(page, "share-close")

    # Tapping a line explains it and highlights what it used.
    explanation = tap_until(page, "line-towns-0", "explanation", "Towns")
    assert "Town at row 3, column 5 asks for Field" in explanation


def test_a_card_not_connected_is_shown_in_words_and_undo_takes_it_back(app_server, tall_page):
    page = tall_page
    create_table(page, app_server.url, names=("Cid", "Dee"))
    tap_until(page, "palette-lake", "editor-message", "^Tap a place to lay a Lake")
    # Diagonal to the Starting Town only:
    problems = tap_until(page, "cell-1-1", "problems", "does not touch the valley")
    assert "Lake at row 2, column 2" in problems
    assert text_of(page, "player-total").startswith("Cid: 0 points")
    tap_until(page, "undo", "card-count", r"^0 of 18")
    assert handle(page, "problems").count() == 0


def test_home_lists_tables_and_deleting_one_can_be_undone(app_server, browser):
    page = browser.new_page(viewport={"width": 360, "height": 740})
    try:
        open_app(page, f"{app_server.url}/table/1/scorepad")
        tap_until(page, "home", "db-path", "saved as you go")
        first = handle(page, "open-table-1")
        first.wait_for(timeout=60_000)
        assert "Sunflower Valley · Ann, Bob" in first.inner_text()
        assert "leader: Ann" in first.inner_text()
        assert str(app_server.db) in text_of(page, "db-path")
        tap(page, "delete-table-1")
        page.wait_for_function(
            "document.querySelector('[flt-semantics-identifier=\"open-table-1\"]') === null",
            timeout=60_000)
        page.get_by_role("button", name="Undo").click()
        handle(page, "open-table-1").wait_for(timeout=60_000)
    finally:
        page.close()


def test_a_card_laid_on_one_device_shows_on_another(app_server, browser):
    pages = [browser.new_context(viewport=TABLET_TALL).new_page() for _ in range(2)]
    try:
        for page in pages:
            open_app(page, f"{app_server.url}/table/1/valley/1")
            wait_text(page, "card-count", r"^4 of 18")
        tap_until(pages[0], "palette-lake", "editor-message", "^Tap a place to lay a Lake")
        tap_until(pages[0], "cell-0-3", "card-count", r"^5 of 18")
        wait_text(pages[1], "card-count", r"^5 of 18")
        tap_until(pages[1], "undo", "card-count", r"^4 of 18")
        wait_text(pages[0], "card-count", r"^4 of 18")
    finally:
        for page in pages:
            page.context.close()
