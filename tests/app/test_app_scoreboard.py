"""The scoreboard (issue 35, item 6) without a browser: a device joined by the scoreboard link
watches the board and nothing else, the server refusing it every other screen and action; the
board shows each edit of a phone with who made it, sending only the texts that changed; a revoke
sends the board home; *New code* ends the link; the board fits a TV and a tablet for every game
and one to six players."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import flet as ft
import pytest
import zxingcpp

from scorer.sunflower_valley.models import Kind
from ui.games.plugin import PlayerSetup
from ui.games.registry import APP_GAMES
from ui.live.session import LastChange, Sessions
from ui.screens.home_view import HomeView
from ui.screens.import_model import import_table
from ui.screens.invite_view import InviteDialog, join_link
from ui.screens.scoreboard_view import (AROUND_MARGIN, HIGHLIGHT, ScoreboardView, board_layout, change_words,
                                        signed)
from ui.screens.watch_view import WatchView
from ui.store.access import WATCH, Access, device_id, watch_code
from ui.store.presence import Presence
from ui.store.storage import TableStore
from ui.web.app import AppContext
from ui.parts.words import app_language

from app_browser import ROOT
from control_tree import identified, texts
from live_devices import Server
from test_app_fan_out import move, operations, two_valleys
from test_app_live_table import png_pixels

SV = APP_GAMES["sunflower_valley"]


@pytest.fixture()
def store(db):
    return TableStore(db("t"))


class Page(SimpleNamespace):
    """What the watch page and the Invite need of the browser's page: they are only drawn."""

    def update(self, *controls) -> None:
        self.updates += 1


def device(store, name: str, sessions: Sessions | None = None) -> AppContext:
    context = AppContext(Page(url="ws://192.0.2.2:8610", width=1024, height=768, updates=0,
                              route="/", theme_mode=ft.ThemeMode.SYSTEM),
                         store, sessions or Sessions(store, APP_GAMES), Access(store),
                         Presence(), device_id(name))
    context.go = lambda route: setattr(context, "went", route)
    return context


def test_a_watch_link_grants_only_watching_and_a_player_keeps_their_part(store):
    table_id = two_valleys(store, {})
    access = Access(store)
    code = access.watch_code(table_id)
    assert code != access.join_code(table_id) and len(code) >= 22
    assert access.table_for_code(code) is None  # never a join code

    tv = device(store, "tv")
    WatchView(tv, table_id, code)
    assert tv.went == f"/table/{table_id}/board"
    assert access.grant_of(tv.device, table_id).role == WATCH
    assert tv.may_watch(table_id) and not tv.may_open(table_id)
    assert tv.visible_tables() == []  # nothing to list, export or back up

    ann = device(store, "ann")
    access.grant(ann.device, table_id, "player", 0)
    WatchView(ann, table_id, code)  # Ann's phone shows the board too, and stays Ann's
    assert access.grant_of(ann.device, table_id).role == "player"
    assert ann.may_open(table_id) and ann.may_watch(table_id)


def test_a_watcher_can_open_no_screen_of_the_table_nor_act_on_it(store):
    async def run():
        table_id = two_valleys(store, {})
        server = Server(store)
        board = server.connect("tv", f"/table/{table_id}/board", table_id, None, width=1024,
                               height=768, role=WATCH)  # holds the Flet session
        tv = board.context
        assert isinstance(tv.view, ScoreboardView)
        for screen in ("scorepad", "valley/0", "settings", "finish", "text", ""):
            route = f"/table/{table_id}/{screen}"
            tv.show(route)
            assert isinstance(tv.view, HomeView), route
            assert "not shared with this device" in tv.view.message, route
        # The actions the server checks whatever a screen shows: deleting, restoring, a photo
        # upload (``may_open``), managing the table's devices and code.
        from ui.screens.deleted_tables import delete, restore

        assert delete(tv, table_id) is False
        assert store.get(table_id) is not None  # not deleted
        store.delete(table_id)
        restore(tv, table_id)
        assert store.get(table_id) is None  # nor restored
        assert not server.access.may_open("tv", table_id) and not tv.manages(table_id)

    asyncio.run(run())


def test_a_wrong_or_renewed_watch_code_is_refused_in_words(store):
    table_id = two_valleys(store, {})
    access = Access(store)
    old = access.watch_code(table_id)
    access.renew_code(table_id)  # New code
    assert access.watch_code(table_id) != old
    for code in (old, "not-a-code", access.join_code(table_id)):
        tv = device(store, "tv")
        page = WatchView(tv, table_id, code)
        assert not hasattr(tv, "went")
        assert "not valid any more" in " ".join(texts(page.root))
        assert not tv.may_watch(table_id)
    stranger = device(store, "stranger")
    WatchView(stranger, table_id + 1, watch_code(access.join_code(table_id)))  # another table
    assert not hasattr(stranger, "went")


def test_a_revoke_renews_the_watch_code(store):
    table_id = two_valleys(store, {})
    access = Access(store)
    tv = device(store, "tv")
    code = access.watch_code(table_id)
    WatchView(tv, table_id, code)
    access.revoke(tv.device, table_id)
    assert not tv.may_watch(table_id)
    again = device(store, "tv")
    WatchView(again, table_id, code)
    assert not hasattr(again, "went") and not again.may_watch(table_id)


def test_the_invite_shows_the_scoreboard_link_whose_qr_code_decodes_to_it(store):
    table_id = two_valleys(store, {})
    host = device(store, "host")
    dialog = InviteDialog(host, table_id)
    dialog.render()
    link = texts(identified(dialog.content, "scoreboard-link"))[0]
    code = host.access.watch_code(table_id)
    assert link == f"http://192.0.2.2:8610/watch/{table_id}/{code}"
    assert join_link(host, table_id).endswith(f"/join/{host.access.join_code(table_id)}")
    image = identified(dialog.content, "scoreboard-qr")
    decoded = zxingcpp.read_barcodes(png_pixels(image.src))
    assert [barcode.text for barcode in decoded] == [link]
    german = device(store, "de")
    german.speak("de")
    dialog = InviteDialog(german, table_id)
    dialog.render()
    assert "Anzeigetafel" in " ".join(texts(dialog.content))


def test_the_board_shows_a_phones_edit_and_who_made_it_sending_only_what_changed(store):
    async def run():
        # A Mountain beside no Field scores 0; moved beside the Field at (0, 1) it scores 1.
        table_id = two_valleys(store, {(0, 1): Kind.FIELD, (1, 0): Kind.MOUNTAIN})
        server = Server(store)
        ann = server.connect("ann", f"/table/{table_id}/valley/0", table_id, 0)
        board = server.connect("tv", f"/table/{table_id}/board", table_id, None, width=1024,
                               height=768, role=WATCH)
        await server.settle()
        view = board.view
        assert isinstance(view, ScoreboardView)
        total = identified(view.root, "board-total-0")
        before = int(total.value)
        cards = list(view._cards)
        board.take_sent()

        move(ann, (1, 0), (1, 1))
        await server.settle()

        assert total.value == str(before + 1)
        banner = identified(view.root, "board-last-change").content.value
        assert banner.startswith("Ann: move the card")
        assert view._cards[0].moved_box.visible and view._cards[0].moved.value == "+1"
        assert not view._cards[1].moved_box.visible
        changed_cells = [key for key, (box, _) in view._cells.items() if box.bgcolor == HIGHLIGHT]
        assert changed_cells and all(player == 0 for _, player in changed_cells)
        # Kept controls: the board is not built again, and only what changed is sent.
        assert view._cards == cards
        sent = {control for control, _, _ in operations(board.take_sent())}
        kept = {id(control) for control in (view.frame, view.body)}
        assert sent and not sent & kept
        assert len(sent) < 12

        # Bob's phone undoes it: the board says who undid what.
        bob = server.connect("bob", f"/table/{table_id}/valley/1", table_id, 1)
        await server.settle()
        bob.view.editor._undo()
        await server.settle()
        assert total.value == str(before)
        assert identified(view.root, "board-last-change").content.value.startswith("Bob undid: ")
        assert view._cards[0].moved.value == signed(-1)

    asyncio.run(run())


def test_a_revoked_board_goes_home_at_once(store):
    async def run():
        table_id = two_valleys(store, {})
        server = Server(store)
        ann = server.connect("ann", f"/table/{table_id}/valley/0", table_id, 0)
        board = server.connect("tv", f"/table/{table_id}/board", table_id, None, width=1920,
                               height=1080, role=WATCH)
        await server.settle()
        assert isinstance(board.view, ScoreboardView)
        server.access.revoke("tv", table_id)
        ann.context.edited(table_id)  # what the Invite's revoke does
        await server.settle()
        assert isinstance(board.view, HomeView)
        assert not server.access.may_watch("tv", table_id)

    asyncio.run(run())


def test_the_last_change_is_said_in_each_devices_language():
    edit = LastChange(3, "lay a Town", 0, "edit", "Ann")
    assert change_words(app_language("en"), edit) == "Ann: lay a Town"
    assert change_words(app_language("en"), None).startswith("Live")
    assert change_words(app_language("de"), LastChange(4, "lay a Town", 0, "undo", "Ann")) \
        .startswith("Ann hat rückgängig gemacht")
    assert change_words(app_language("es"), LastChange(4, "x", None, "redo")).startswith(
        "Rehecho")


@pytest.mark.parametrize("screen", [(1920, 1080), (1024, 768)])
def test_the_board_fits_a_tv_and_a_tablet_for_one_to_six_players(screen):
    """Every column and every line in sight, without scrolling, for up to ten lines (the
    games' scorepads have at most eight in the examples), and the totals large on a TV."""
    width, height = screen
    for players in range(1, 7):
        for lines in (4, 8, 10):
            layout = board_layout(width, height, players, lines)
            across = 2 * layout.padding + layout.label_width + players * (
                layout.column_width + 8)
            assert across <= width, (screen, players, layout)
            tall = (2 * layout.padding + 48 + layout.change_size * 2.4 + 16 + 4 * 12
                    + layout.name_size * 1.4 + layout.total_size * 1.2
                    + layout.rank_size * 1.4 + 40 + AROUND_MARGIN + lines * (layout.row_height + 4))
            assert tall <= height, (screen, players, lines, layout)
            # A total of three digits fits its column.
            assert 3 * 0.7 * layout.total_size <= layout.column_width, (screen, players)
            if screen == (1920, 1080):
                assert layout.total_size >= 80 and layout.line_size >= 28


@pytest.mark.parametrize("example", sorted((ROOT / "examples").glob("*/*.json")),
                         ids=lambda path: path.stem)
def test_the_board_shows_every_games_totals_and_lines(store, example):
    table_id = import_table(example.read_text(), store, APP_GAMES).table_id
    tv = device(store, "tv")
    tv.access.grant(tv.device, table_id, WATCH)
    tv.page.width, tv.page.height = 1920, 1080
    board = ScoreboardView(tv, table_id)
    result = board.session.result
    assert [identified(board.root, f"board-total-{index}").value
            for index in range(len(result.players))] == [str(p.total) for p in result.players]
    for row in result.rows:
        for index, player in enumerate(result.players):
            cell = identified(board.root, f"board-line-{row.category}-{index}")
            assert cell.content.value == str(player.row_points(row.category))
    # Nothing on the board edits: its only buttons are the language and the theme.
    assert buttons(board.root) == {"language-switch", "theme-switch"}


def buttons(control) -> set[str]:
    """The identifiers of every button under ``control``."""
    found = set()
    if isinstance(control, ft.Semantics) and control.button:
        found.add(control.identifier)
    for name in ("content", "controls"):
        value = getattr(control, name, None)
        for child in value if isinstance(value, list) else [value] if value else []:
            found |= buttons(child)
    return found



def test_a_board_of_a_table_that_does_not_score_says_so_then_shows_the_scores(store):
    table_id = two_valleys(store, {})
    tv = device(store, "tv")
    tv.access.grant(tv.device, table_id, WATCH)
    session = tv.sessions.get(table_id)
    scored = session.result
    session._scored = (session.revision, session.checked, None)  # as a table with no valid part
    board = ScoreboardView(tv, table_id)
    assert board.empty.visible and board.empty.content.visible
    assert board._cards == []
    session._scored = (session.revision, session.checked, scored)
    board.show_changes(here=False)
    assert not board.empty.visible
    assert identified(board.root, "board-total-0").value == str(scored.players[0].total)


def test_on_a_public_server_the_scoreboard_link_carries_the_public_address(store):
    from ui.web.public import public_address

    table_id = two_valleys(store, {})
    maker = device(store, "maker")
    maker.public = public_address("https://scores.example.org")
    maker.access = Access(store, public=True)
    maker.access.grant(maker.device, table_id, "creator")
    dialog = InviteDialog(maker, table_id)
    dialog.render()
    code = maker.access.watch_code(table_id)
    assert texts(identified(dialog.content, "scoreboard-link")) == [
        f"https://scores.example.org/watch/{table_id}/{code}"]
    assert identified(dialog.content, f"revoke-{maker.device[:6]}") is not None  # it manages


def test_a_board_fits_itself_to_a_new_screen_size_and_ignores_a_resize_that_changes_nothing(
        store):
    table_id = two_valleys(store, {})
    tv = device(store, "tv")
    tv.access.grant(tv.device, table_id, WATCH)
    board = ScoreboardView(tv, table_id)
    tablet_size = board._cards[0].total.size
    tv.page.updates = 0
    board.resized()  # the same size: nothing built, nothing sent
    assert tv.page.updates == 0
    tv.page.width, tv.page.height = 1920, 1080
    board.resized()
    assert tv.page.updates == 1
    assert board._cards[0].total.size > tablet_size
    assert board._cards[0].total.size == board_layout(1920, 1080, 2, len(
        board.session.result.rows)).total_size
