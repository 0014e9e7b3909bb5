"""The scorepad on a phone (390x844), in headless Chromium: a tapped number is explained in a sheet
whose sentence, highlighted valley and ruling summary are all in view; six players' columns can
all be reached while the line labels stay on screen."""

from __future__ import annotations

import pytest

from app_browser import handle, open_app, tap, wait_text
from scorer.rulings import ruling
from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games import APP_GAMES
from ui.new_table_model import NewTableForm
from ui.session import Sessions
from ui.storage import TableStore
from ui.sunflower_valley.editor_model import ValleyEditor

PHONE = {"width": 390, "height": 844}
TOWN = CardDescription(kind=Kind.TOWN, combination=(Kind.SHEEP, Kind.FIELD), points=3)
VALLEY = [((0, 1), Kind.RAILROAD), ((0, 2), TOWN), ((1, 2), Kind.FIELD), ((-1, 2), Kind.SHEEP),
          ((1, 1), Kind.MOUNTAIN)]
SIX = ["Ana", "Anabel", "Ben", "Chloé", "Dev", "Eve"]


def make_table(db, names: list[str]) -> Sessions:
    """A table made through the app's own logic; the first player's valley entered card by card."""
    store = TableStore(db)
    form = NewTableForm(APP_GAMES)
    for _ in range(len(names) - len(form.names)):
        form.add_player()
    form.names = list(names)
    table_id = form.create(store)
    session = Sessions(store, APP_GAMES).get(table_id)
    editor = ValleyEditor(session, 0)
    for cell, what in VALLEY:
        if isinstance(what, Kind):
            editor.choose_kind(what)
        else:
            editor.choose_description(what)
        editor.tap(cell)
    return session


@pytest.fixture()
def phone(browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    yield page
    context.close()


def box_in_view(page, identifier: str) -> dict:
    box = handle(page, identifier).first.bounding_box()
    assert box is not None, f"{identifier} is not shown"
    assert box["x"] >= 0 and box["y"] >= 0, (identifier, box)
    assert box["x"] + box["width"] <= PHONE["width"] + 1, (identifier, box)
    assert box["y"] + box["height"] <= PHONE["height"] + 1, (identifier, box)
    return box


def test_a_tapped_number_opens_a_sheet_with_sentence_board_and_ruling_in_view(app_server, phone):
    session = make_table(app_server.db, ["Ann", "Bob"])
    towns = session.result.players[0].row_lines("towns")
    cited = ruling(towns[0].rulings[0])
    open_app(phone, f"{app_server.url}/table/{session.table_id}/scorepad")
    tap(phone, "line-towns-0")
    wait_text(phone, "explanation-title", "^Ann · Towns: 3$")
    sentence = wait_text(phone, "explanation-line-0", "Town")
    assert towns[0].detail in sentence
    summary = wait_text(phone, f"explanation-ruling-{cited.id}", cited.title)
    assert cited.summary in summary
    for identifier in ("explanation-line-0", "explanation-board",
                       f"explanation-ruling-{cited.id}"):
        box_in_view(phone, identifier)
    # The highlighted cards are on the sheet's valley: the Town, its Sheep and its Field.
    for row, col in towns[0].cells:
        box_in_view(phone, f"preview-{row}-{col}")
    tap(phone, "explanation-open")
    wait_text(phone, "player-total", "^Ann:")
