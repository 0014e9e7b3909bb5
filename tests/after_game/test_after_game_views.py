"""The after-game screens built without a browser: finish with a located date error, BG Stats link
and rematch, History with its filters, Statistics with both charts, Backup's import messages, the
photos as memories."""

from __future__ import annotations

import asyncio
import io
import threading
import json
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest
from flet.controls.context import _context_page
from PIL import Image

from scorer.deck import DeckFile, MapleValleyDeck
from scorer.maple_valley.models import Category, Favour
from ui.store.backup import backup_json
from ui.store.deck import Deck
from ui.screens import backup_view
from ui.screens.backup_view import BackupView
from ui.screens.finish_view import FinishView
from ui.games.registry import APP_GAMES
from ui.screens.history_view import HistoryView
from ui.screens.import_model import import_table
from ui.live.session import Sessions
from ui.screens.statistics_view import StatisticsView
from ui.store.photos import PhotoStore, safe_photo
from ui.store.storage import TableStore
from ui.parts.words import app_language
from tests.app.fake_page import PrivateServerContext

ROOT = Path(__file__).resolve().parents[2]


class FakeContext(PrivateServerContext):
    """What a screen needs from the app, without a page in a browser."""

    def __init__(self, store: TableStore):
        self.words = app_language("en")
        self.store = store
        self.games = APP_GAMES
        self.sessions = Sessions(store, APP_GAMES)
        self.device = "the host's browser"
        self.width, self.wide, self.is_host = 390, False, True
        self.routes: list[str] = []
        self.toasts: list[str] = []
        self.page = SimpleNamespace(update=lambda *controls: None, route="/")
        self.kept: dict = {}  # as AppContext.kept: what a form left unsaved held

    def visible_tables(self):
        return self.store.list()

    def may_open(self, table_id: int) -> bool:
        return True

    def go(self, route: str) -> None:
        self.routes.append(route)

    show = go

    def edited(self, table_id: int) -> None:
        pass

    def toast(self, text: str, *args) -> None:
        self.toasts.append(text)


def find(control, identifier: str):
    """The control under the Semantics handle ``identifier`` (searched through the tree)."""
    if isinstance(control, ft.Semantics) and control.identifier == identifier:
        return control.content
    children = []
    for name in ("content", "controls", "actions", "columns", "label", "rows", "cells"):
        value = getattr(control, name, None)
        children.extend(value if isinstance(value, list) else [value] if value else [])
    return next((found for child in children if (found := find(child, identifier)) is not None),
                None)


def texts(control) -> str:
    if isinstance(control, ft.Text):
        return control.value or ""
    parts = []
    for name in ("content", "controls", "actions", "columns", "label", "rows", "cells"):
        value = getattr(control, name, None)
        parts += [texts(child) for child in (value if isinstance(value, list)
                                             else [value] if value else [])]
    return " ".join(part for part in parts if part)


class StandInPage:
    """Hashable, as the page the actions' shared services are kept by."""

    _services = SimpleNamespace(register_service=lambda service: None)


@pytest.fixture(autouse=True)
def flet_page():
    """Client actions (open a link, copy) attach to the page of the running app: a stand-in."""
    token = _context_page.set(StandInPage())
    yield
    _context_page.reset(token)


@pytest.fixture()
def context(tmp_path) -> FakeContext:
    store = TableStore(tmp_path / "t.sqlite3")
    for name in ("sunflower_valley/first_game_goals.json", "maple_valley/four_players.json"):
        import_table((ROOT / "examples" / name).read_text(), store, APP_GAMES)
    return FakeContext(store)


def finish(context: FakeContext, table_id: int, day: str = "2026-01-05") -> FinishView:
    view = FinishView(context, table_id)
    view.form.day, view.form.time = day, "20:30"
    view.form.location = "Club"
    find(view.root, "starter-1").on_click(None)
    find(view.root, "finish-save").on_click(None)
    return view


def test_a_bad_date_is_named_and_nothing_is_finished(context):
    view = finish(context, 1, day="5/41/2026")
    assert "Date: write it as 1/31/2026 or as year-month-day" in find(view.root,
                                                                      "finish-error").value
    assert "5/41/2026" in find(view.root, "finish-error").value
    assert context.store.get(1).finished is None


def test_the_date_field_gives_an_example_in_the_devices_own_order(context):
    """Issue 32: a Spanish phone's field held '4/12/2026' under the label 'Fecha
    (año-mes-día)', an order it does not take that way; the label now shows the order it
    holds, by a day that cannot be a month."""
    labels = {}
    for code in ("es", "de", "en"):
        context.words = app_language(code)
        labels[code] = find(FinishView(context, 1).root, "finish-date").label
    assert labels == {"es": "Fecha, p. ej., 31/1/2026", "de": "Datum, z. B. 31.01.2026",
                      "en": "Date, e.g. 1/31/2026"}


def test_a_finish_form_left_unsaved_is_there_when_the_screen_opens_again(context):
    """Back (or any way off the screen) with the form half-filled: the next opening on this
    device goes on with it; once saved, the form is the stored table's."""
    view = FinishView(context, 1)
    for identifier, typed in (("finish-date", "5/1/2026"), ("finish-location", "Café Zoë")):
        field = find(view.root, identifier)
        field.value = typed
        field.on_change(SimpleNamespace(control=field))
    find(view.root, "starter-1").on_click(None)
    again = FinishView(context, 1)  # Back, then the flag again
    assert find(again.root, "finish-date").value == "5/1/2026"
    assert find(again.root, "finish-location").value == "Café Zoë"
    assert again.form.start_player == 1
    assert FinishView(context, 2).form.location == ""  # another table's form is its own
    find(again.root, "finish-save").on_click(None)
    assert context.store.get(1).location == "Café Zoë"
    assert context.kept == {}


def test_finishing_keeps_the_details_and_offers_bg_stats_and_a_rematch(context):
    finish(context, 1)
    stored = context.store.get(1)
    assert stored.finished.strftime("%Y-%m-%d %H:%M") == "2026-01-05 20:30"
    assert (stored.location, stored.start_player) == ("Club", 1)
    view = FinishView(context, 1)
    assert find(view.root, "bgstats-link").value.startswith(
        "https://app.bgstatsapp.com/createPlay.html?data=")
    assert "Winner: Paul" in find(view.root, "finish-summary").value
    find(view.root, "rematch").on_click(None)
    new_id = max(table.id for table in context.store.list())
    assert context.routes[-1] == f"/table/{new_id}/valley/0"
    rematch = context.store.get(new_id)
    assert rematch.finished is None
    assert rematch.draft["described"] == stored.draft["described"] != []
    find(view.root, "finish-reopen").on_click(None)
    assert context.store.get(1).finished is None


def test_history_lists_finished_games_and_filters_by_player(context):
    finish(context, 1)
    finish(context, 2, day="2026-01-06")
    view = HistoryView(context)
    assert find(view.root, "history-count").value == "2 finished games"
    assert "Maple Valley" in texts(find(view.root, "history-2"))
    assert "Winners: Ben and Cat" in texts(find(view.root, "history-2"))
    find(view.root, "history-player-Paul").on_click(None)
    assert find(view.root, "history-count").value == "1 finished game"
    assert find(view.root, "history-2") is None
    find(view.root, "history-1").on_click(None)
    assert context.routes[-1] == "/table/1/scorepad"


def test_statistics_draw_both_charts_and_the_tables(context):
    finish(context, 2)
    view = StatisticsView(context)
    assert find(view.root, "chart-lines") is not None
    assert find(view.root, "chart-totals") is not None
    players = texts(find(view.root, "statistics-players"))
    assert "Ben 1 1 100% 50.0 50" in players and "Ann 1 0 0% 44.0 44" in players
    assert "Favours" in texts(find(view.root, "statistics-lines"))


def test_statistics_turned_to_a_wider_page_keep_the_game_chosen_and_take_the_width(context):
    finish(context, 1)
    finish(context, 2)
    view = StatisticsView(context)
    view._choose("maple_valley")
    narrow = find(view.root, "chart-totals").width
    context.width = 844  # the phone turned (AppContext.resized calls relayout)
    view.relayout()
    assert view.game == "maple_valley"
    assert "Favours" in texts(find(view.root, "statistics-lines"))
    assert find(view.root, "chart-totals").width > narrow


def test_a_line_name_keeps_a_gap_to_its_bars(context):
    """Issue 32, row 13: the names ("Seen", "Tal der Schafe") touched the first bar."""
    import flet_charts as charts

    from ui.screens.statistics_view import LABEL_GAP

    finish(context, 2)
    chart = find(StatisticsView(context).root, "chart-lines").content
    assert isinstance(chart, charts.BarChart)
    for label in chart.bottom_axis.labels:
        name = label.label.content
        assert name.alignment == ft.Alignment.CENTER_RIGHT
        assert name.padding.right >= LABEL_GAP >= 8


def test_backup_import_says_what_it_added_or_where_the_problem_is(context, tmp_path):
    view = BackupView(context)
    asyncio.run(view.import_text(backup_json(context.store.list()), "b.json"))
    assert find(view.root, "backup-status").value == "Added 0 tables; 2 already here."
    asyncio.run(view.import_text(
        '{"scorepad_backup": 1, "exported": "2026-01-01T00:00:00Z", "tables": 3}', "b.json"))
    assert "b.json: at tables: a list [...] is expected here, not 3" in find(view.root,
                                                                  "backup-status").value


def test_download_backup_carries_the_tables_and_the_deck(context, monkeypatch):
    kazoo = Favour(name="Kazoo", category=Category.ENTERTAINMENT, score=7)
    Deck(context.store).add("maple_valley", "Favour", kazoo)
    saved = []

    async def save_export(context, stem, extension, text, *shown):
        saved.append((stem, extension, json.loads(text)))

    monkeypatch.setattr(backup_view, "save_export", save_export)
    asyncio.run(BackupView(context)._backup())
    [(stem, extension, backup)] = saved
    assert (stem, extension, len(backup["tables"])) == ("scorepad-backup", "json", 2)
    assert kazoo.model_dump(mode="json", exclude_defaults=True) in backup["deck"][
        "maple_valley"]["favours"]


def test_backup_import_says_the_decks_cards_it_added_in_the_devices_language(context):
    """A backup whose deck has two Favours at no table here, one named like a card here."""
    deck = DeckFile(maple_valley=MapleValleyDeck(favours=(
        Favour(name="Kazoo", category=Category.ENTERTAINMENT, score=7),
        Favour(name="Harp", category=Category.ENTERTAINMENT, score=4))))
    Deck(context.store).add("maple_valley", "Favour",
                            Favour(name="Harp", category=Category.ENTERTAINMENT, score=2))
    context.words = app_language("de")
    view = BackupView(context)
    asyncio.run(view.import_text(backup_json(context.store.list(), deck=deck), "b.json"))
    assert find(view.root, "backup-status").value == (
        "0 Tische hinzugefügt; 2 schon hier. 2 Karten zum Deck hinzugefügt. 1 davon heißt wie "
        "eine Karte hier, mit anderer Beschreibung: beide bleiben (siehe Deck).")


def test_a_backup_is_imported_off_the_event_loop_saying_how_far_it_got(context, tmp_path,
                                                                       monkeypatch):
    """Three tables from another database: the merge runs on a worker thread while the event
    loop goes on (it releases the merge), and the screen says each step, then the result."""
    other = TableStore(tmp_path / "other.sqlite3")
    for name in ("Zoe", "Yan", "Xia"):
        import_table((ROOT / "examples" / "sunflower_valley" / "first_game_goals.json")
                     .read_text().replace('"Mary"', f'"{name}"'), other, APP_GAMES)
    view = BackupView(context)
    said = []
    shown = view._say
    view._say = lambda text, colour=None: (said.append(text), shown(text, colour))
    merging, released = [], threading.Event()
    merge = backup_view.merge_backup

    def merge_when_released(*args):
        merging.append(threading.current_thread())
        assert released.wait(timeout=60), "the event loop was held during the import"
        return merge(*args)

    monkeypatch.setattr(backup_view, "merge_backup", merge_when_released)

    async def run() -> None:
        importing = asyncio.create_task(view.import_text(backup_json(other.list()), "b.json"))
        while not merging:  # the loop runs while the backup is read and checked
            await asyncio.sleep(0.01)
        released.set()
        await importing

    asyncio.run(run())
    assert merging[0] is not threading.main_thread()
    assert said == ["Checking b.json: its tables and photos…",
                    "Adding the tables: 0 of 3 done…", "Adding the tables: 1 of 3 done…",
                    "Adding the tables: 2 of 3 done…", "Added 3 tables; 0 already here."]
    assert len(context.store.list()) == 5 and not view.importing


def test_a_finished_table_and_its_history_entry_show_its_photos_and_a_backup_may_leave_them_out(
        context, tmp_path):
    photos = PhotoStore(context.store)
    out = io.BytesIO()
    Image.new("RGB", (320, 240), "red").save(out, "JPEG")
    for player in ("Ann", None):
        photos.add(1, player, safe_photo(out.getvalue(), "valley.jpg"))
    finish(context, 1)
    finish(context, 2, day="2026-01-06")
    strip = find(FinishView(context, 1).root, "finish-photos")
    assert len(strip.controls) == 2
    assert find(FinishView(context, 2).root, "finish-photos") is None
    history = HistoryView(context)
    assert len(find(history.root, "history-photos-1").controls) == 2
    assert find(history.root, "history-photos-2") is None

    view = BackupView(context)
    assert find(view.root, "backup-photos") is not None
    choice = view.with_photos
    assert choice.value is True and view.photos_label.value.startswith("With the tables' photos (2;")
    view._toggle_photos()  # a tap on the label
    assert choice.value is False
    view._toggle_photos()
    saved = []

    async def keep(stem, extension, text):
        saved.append(json.loads(text))

    view._save = keep
    asyncio.run(view._backup())
    choice.value = False
    asyncio.run(view._backup())
    assert sorted(len(table.get("photos", [])) for table in saved[0]["tables"]) == [0, 2]
    assert all("photos" not in table for table in saved[1]["tables"])
