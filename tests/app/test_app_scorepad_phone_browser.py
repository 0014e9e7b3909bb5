"""The scorepad on a phone (390x844), in headless Chromium: a tapped number is explained in a sheet
whose sentence, highlighted valley and ruling summary are all in view; six players' columns can
all be reached while the line labels stay on screen."""

from __future__ import annotations

from app_browser import PHONE, handle, open_app, tap, text_of, wait_text
from scorer.rulings import ruling
from scorer.sunflower_valley.models import CardDescription, Kind
from ui.games.registry import APP_GAMES
from ui.screens.new_table_model import NewTableForm
from ui.screens.scorepad_model import plain_text
from ui.live.session import Sessions
from ui.store.storage import TableStore
from ui.games.sunflower_valley.editor_model import ValleyEditor
from valley_taps import enter_valley

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
    enter_valley(ValleyEditor(session, 0), VALLEY)
    return session


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
    # The editor opens at that place: the line's cards highlighted, and said so.
    wait_text(phone, "editor-message", "^Highlighted: the cards the scorepad line used")


def test_six_players_columns_scroll_sideways_behind_fixed_line_labels(app_server, phone):
    session = make_table(app_server.db, SIX)
    open_app(phone, f"{app_server.url}/table/{session.table_id}/scorepad")
    wait_text(phone, "total-0", f"^{session.result.players[0].total}$")
    # Column headers are short names that tell Ana from Anabel; the full name comes on a tap.
    assert "Ana" in text_of(phone, "column-0").split()
    assert "Anab" in text_of(phone, "column-1").split()
    shown = ("() => [...document.querySelectorAll('span')]"
             ".filter(span => span.textContent.trim() === 'Anabel').length")
    before = phone.evaluate(shown)
    tap(phone, "column-1")  # the full name comes in a message at the bottom
    phone.wait_for_function(f"() => ({shown})() > {before}")
    first_label = box_in_view(phone, "label-towns")
    box_in_view(phone, "line-towns-0")
    sixth = handle(phone, "line-towns-5").first
    assert not _in_view(sixth.bounding_box()), "the sixth column should start off-screen"
    # Scroll the players' columns sideways, as a finger does, until the last column is in view.
    column = box_in_view(phone, "line-towns-2")
    phone.mouse.move(column["x"] + column["width"] / 2, column["y"] + column["height"] / 2)
    for _ in range(10):
        if _in_view(handle(phone, "line-towns-5").first.bounding_box()):
            break
        phone.mouse.wheel(120, 0)
        phone.wait_for_timeout(100)  # the client needs a frame to move the columns
    box_in_view(phone, "line-towns-5")
    box_in_view(phone, "total-5")
    label = box_in_view(phone, "label-towns")
    assert (label["x"], label["y"]) == (first_label["x"], first_label["y"])


def _in_view(box: dict | None) -> bool:
    return (box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
            and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 1)


def test_four_players_totals_ranks_and_winner_fit_a_phone_without_scrolling_sideways(
        app_server, phone):
    session = make_table(app_server.db, SIX[:4])
    open_app(phone, f"{app_server.url}/table/{session.table_id}/scorepad")
    wait_text(phone, "winners", "^Winner: Ana$")
    for identifier in ("winners", "tie-break", *(f"{key}-{index}" for key in ("total", "rank")
                                                 for index in range(4))):
        box = handle(phone, identifier).first.bounding_box()  # scrolling down is fine
        assert box is not None and box["x"] >= 0, identifier
        assert box["x"] + box["width"] <= PHONE["width"] + 1, (identifier, box)


def test_the_scorepad_text_has_a_page_of_its_own_to_select_from(app_server, phone):
    session = make_table(app_server.db, ["Ann", "Bob"])
    open_app(phone, f"{app_server.url}/table/{session.table_id}/scorepad")
    tap(phone, "share-copy")
    wait_text(phone, "share-note", "(Copied|did not allow copying)")
    tap(phone, "share-text")
    shown = wait_text(phone, "scorepad-text", "Total")
    expected = plain_text(session)
    assert " ".join(shown.split()) == " ".join(expected.split())  # the tree folds blanks
    box_in_view(phone, "text-note")
    tap(phone, "text-back")
    handle(phone, "share-copy").wait_for()
