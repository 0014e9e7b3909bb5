"""The public mode's retention and a device's own data (issue 35, item 3), without a browser, on
both engines: a table nobody opened for its days is deleted for good at the next sweep (one day
before, at and after the limit; a finished game by its own days), an opening starts the clock
again (written at most once an hour), a table open right now is skipped; *Forget this device*
forgets that device only; the settings' days are checked in words; the screens say the date in
the device's language, and only on a public server."""

from __future__ import annotations

import asyncio
import io
from datetime import datetime, timedelta, timezone

import pytest
from PIL import Image

from control_tree import identified, texts
from test_app_public_mode import PUBLIC, Page, device, new_table
from ui.cli import main
from ui.games.registry import APP_GAMES
from ui.live.session import Sessions, TableDeleted
from ui.screens.home_view import HomeView
from ui.screens.my_data_view import MyDataView
from ui.store.access import Access, device_id
from ui.store.my_data import forget_device, held_alone
from ui.store.photos import PhotoStore, safe_photo
from ui.store.presence import Presence
from ui.store.quotas import PublicLimits
from ui.store.retention import OPENED_EVERY, Retention
from ui.store.storage import TableStore
from ui.web import app as web_app
from ui.web.sweeper import Sweeper

T0 = datetime(2031, 3, 1, 12, 0, tzinfo=timezone.utc)
"""The tests' clock starts here: later than any table the test makes (made at the real time),
so that the first opening at T0 is written."""
DAY = timedelta(days=1)


class Clock:
    def __init__(self, now: datetime = T0):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture()
def store(db):
    return TableStore(db("t"))


@pytest.fixture()
def clock():
    return Clock()


@pytest.fixture()
def retention(store, clock):
    return Retention(store, table_days=90, finished_days=365, clock=clock)


def opened_at(retention: Retention, clock: Clock, table_id: int, when: datetime) -> None:
    clock.now = when
    retention.opened(table_id)


def drawable(context):
    """A test page that home can be drawn on too (its theme switch, its dialogs)."""
    context.page.theme_mode = None
    context.page.pop_dialog = lambda: None
    return context


def a_photo() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "green").save(out, "JPEG")
    return out.getvalue()


# The clock and the sweep

@pytest.mark.parametrize("finished, days", [(False, 90), (True, 365)])
@pytest.mark.parametrize("after, kept", [(-DAY, True), (timedelta(0), True), (DAY, False)])
def test_a_table_nobody_opened_for_its_days_is_deleted_for_good_and_not_before(
        store, retention, clock, finished, days, after, kept):
    table_id = new_table(store, device_id("maker"))
    other = new_table(store)  # opened on the day of the sweep: always kept
    if finished:
        store.finish(table_id, T0)
    opened_at(retention, clock, table_id, T0)
    assert retention.kept_until(store.get(table_id)) == T0 + timedelta(days=days)
    sweep_day = T0 + timedelta(days=days) + after
    opened_at(retention, clock, other, sweep_day)
    PhotoStore(store).add(table_id, None, safe_photo(a_photo(), "valley.jpg"))
    fresh = Retention(store, 90, 365, clock=clock)  # another process: only the store's clock
    assert fresh.sweep(sweep_day) == ([] if kept else [table_id])
    assert (store.get(table_id) is not None) == kept
    assert store.get(other) is not None
    if not kept:  # for good: its grants and photos too, nothing under Recently deleted
        assert Access(store).grants(table_id) == [] and store.list_deleted() == []
        assert PhotoStore(store).of_table(table_id) == []


def test_a_finished_game_is_kept_by_its_own_days(store, retention, clock):
    playing, finished = new_table(store), new_table(store)
    store.finish(finished, T0)
    for table_id in (playing, finished):
        opened_at(retention, clock, table_id, T0)
    assert retention.sweep(T0 + 100 * DAY) == [playing]
    assert store.get(finished) is not None


def test_opening_a_table_starts_its_clock_again(store, retention, clock):
    table_id = new_table(store)
    opened_at(retention, clock, table_id, T0)
    opened_at(retention, clock, table_id, T0 + 80 * DAY)
    assert retention.kept_until(store.get(table_id)) == T0 + 170 * DAY
    assert retention.sweep(T0 + 100 * DAY) == []
    assert retention.sweep(T0 + 171 * DAY) == [table_id]


def test_an_opening_is_written_at_most_once_an_hour(store, retention, clock):
    table_id = new_table(store)
    opened_at(retention, clock, table_id, T0)
    opened_at(retention, clock, table_id, T0 + OPENED_EVERY / 2)
    assert store.get(table_id).opened == T0  # the second within the hour: not written
    # ...yet this process counts from it (its dates and its sweep).
    assert retention.last_opened(store.get(table_id)) == T0
    opened_at(retention, clock, table_id, T0 + OPENED_EVERY + timedelta(minutes=1))
    assert store.get(table_id).opened == T0 + OPENED_EVERY + timedelta(minutes=1)


def test_a_table_open_right_now_is_skipped(store, retention, clock):
    open_one, closed = new_table(store), new_table(store)
    for table_id in (open_one, closed):
        opened_at(retention, clock, table_id, T0)
    assert retention.sweep(T0 + 91 * DAY, open_now={open_one}) == [closed]
    assert store.get(open_one) is not None


def test_a_deleted_table_is_swept_too_and_restoring_it_starts_its_clock(store, retention, clock):
    gone, restored = new_table(store), new_table(store)
    for table_id in (gone, restored):
        opened_at(retention, clock, table_id, T0)
        store.delete(table_id)
    store.restore(restored)  # at the real time: before T0, so opened at T0 stands
    assert retention.sweep(T0 + 91 * DAY) == [gone, restored]
    assert store.list_deleted() == [] and store.list() == []


def test_a_table_imported_from_a_backup_starts_a_new_clock(store, retention, clock):
    """A backup is the way to keep a table longer: merged back, it is kept from its import, not
    from its last change (which the backup keeps)."""
    import json

    from ui.store.backup import backup_json, merge_backup, read_backup

    table_id = new_table(store)
    backup = json.loads(backup_json([store.get(table_id)]))
    backup["tables"][0]["updated"] = "2020-01-01T00:00:00+00:00"
    opened_at(retention, clock, table_id, T0)
    assert retention.sweep(T0 + 91 * DAY) == [table_id]
    merged = merge_backup(read_backup(json.dumps(backup), "backup.json"), store)
    restored = store.get(merged.added[0])
    assert restored.updated.year == 2020
    assert abs(restored.opened - datetime.now(timezone.utc)) < timedelta(minutes=5)


def test_migration_2_counts_the_clock_of_a_table_kept_before_from_its_last_change(store, db):
    table_id = new_table(store)
    updated = store.get(table_id).updated
    with store._writing() as connection:
        connection.execute("DROP INDEX tables_opened")
        connection.execute("ALTER TABLE tables DROP COLUMN opened")
        connection.execute("DELETE FROM schema_version WHERE version >= 2")  # 2 and after
    store.close()
    reopened = TableStore(db("t"))
    assert reopened.get(table_id).opened == updated


def test_the_sweeper_runs_off_the_event_loop_and_its_tables_refuse_edits(store, clock):
    """The hourly sweep's one turn: a table deleted for good while its session is held (opened
    on this process months ago) refuses the next edit in words, never saves into nothing."""
    retention = Retention(store, 90, 365, clock=clock)
    sessions, presence = Sessions(store, APP_GAMES), Presence()
    held, shown = new_table(store), new_table(store)
    for table_id in (held, shown):
        opened_at(retention, clock, table_id, T0)
    session = sessions.get(held)
    presence.arrive(shown, object(), None)
    clock.now = T0 + 91 * DAY
    sweeper = Sweeper(retention, presence, sessions, every=3600)
    assert sweeper.sweep_once() == [held]
    with pytest.raises(TableDeleted):
        session.apply("a change", lambda draft: draft.update(note="x"))
    assert sessions.get(held) is None and sessions.get(shown) is not None


def test_of_two_processes_on_one_store_one_sweeps_each_hour(db):
    """``scorepad app --workers`` or two computers on one PostgreSQL server: the sweep's lease
    in the store lets one of them sweep; another takes over once its holder stops renewing."""
    clock, sweepers = Clock(), []
    for holder in ("worker 1", "worker 2"):
        store = TableStore(db())
        sweeper = Sweeper(Retention(store, 90, 365, clock=clock), Presence(),
                          Sessions(store, APP_GAMES))
        sweeper.holder = holder
        sweepers.append(sweeper)
    first, second = sweepers
    assert first.holds_the_sweep() and not second.holds_the_sweep()
    assert first.holds_the_sweep()  # renewed, each hour, by its holder
    assert not second.holds_the_sweep()
    clock.now += timedelta(seconds=first.every + 1)  # the first stopped: its lease ran out
    assert second.holds_the_sweep() and not first.holds_the_sweep()


# Settings

@pytest.mark.parametrize("setting, says", [
    ("table_days=0", "--limit table_days=0: 0 days: write a whole number from 1 to 36500"),
    ("finished_days=a year", "--limit finished_days=a year: 'a year' is not a number of days"),
    ("table_days=99999", "--limit table_days=99999: 99999 days"),
])
def test_the_days_are_settings_checked_in_words(setting, says, capsys, tmp_path):
    assert main(["app", "--no-browser", "--db", str(tmp_path / "t.sqlite3"),
                 "--public", "https://s.example.org", "--limit", setting]) == 2
    error = capsys.readouterr().err
    assert says in error and "Traceback" not in error


def test_the_days_default_to_90_and_365_and_are_set_by_name():
    assert (PublicLimits().table_days, PublicLimits().finished_days) == (90, 365)
    limits = PublicLimits.from_settings(["table_days=30", "finished-days=400"])
    assert (limits.table_days, limits.finished_days) == (30, 400)


# Forget this device

def test_forgetting_a_device_deletes_what_only_it_holds_and_leaves_the_rest(store):
    ann, bob = device_id("ann"), device_id("bob")
    access = Access(store, public=True)
    alone = new_table(store, ann)
    shared = new_table(store, ann)
    access.grant(bob, shared, "player", 1)
    bobs = new_table(store, bob)
    store.delete(deleted := new_table(store, ann))  # under Recently deleted: hers too
    PhotoStore(store).add(alone, None, safe_photo(a_photo(), "a.jpg"))
    assert held_alone(store, ann) == [alone, deleted]

    forgotten = forget_device(store, ann)

    assert forgotten.deleted == (alone, deleted) and forgotten.left == (shared,)
    assert store.get(alone) is None and store.list_deleted() == []
    assert PhotoStore(store).of_table(alone) == []
    assert access.table_ids(ann) == set() and not access.may_open(ann, shared)
    # Another device's tables survive, and a shared one stays for the others.
    assert access.table_ids(bob) == {shared, bobs}
    assert store.get(shared) is not None and store.get(bobs) is not None


def test_a_scoreboard_holds_no_table_for_forgetting(store):
    """A table only a scoreboard still watches is held by its player alone: forgetting the
    player deletes it; forgetting the scoreboard deletes nothing it watches."""
    ann, board, other_board = device_id("ann"), device_id("board"), device_id("board 2")
    access = Access(store, public=True)
    watched = new_table(store, ann)
    access.grant(board, watched, "watch")
    kept = new_table(store, ann)
    access.grant(other_board, kept, "watch")

    assert held_alone(store, board) == [] and held_alone(store, ann) == [watched, kept]
    assert forget_device(store, board).deleted == ()
    assert store.get(watched) is not None
    assert forget_device(store, ann).deleted == (watched, kept)
    assert store.get(watched) is None and store.get(kept) is None


def test_a_device_forgets_itself_only_and_starts_as_a_new_one(store, monkeypatch):
    """The server forgets the device that asks (its own id, from its browser's token): there is
    no way to name another; its tabs leave their tables; the browser gets a new id."""
    ann, bob = device(store, "ann"), device(store, "bob")
    for context in (ann, bob):
        context.edited = lambda table_id, told=[]: told.append(table_id)
    mine = new_table(store, ann.device)
    shared = new_table(store, bob.device)
    ann.access.grant(ann.device, shared, "player", 0)
    ann.presence.arrive(shared, ann, 0)
    session = ann.sessions.get(mine)

    async def new_identity(page):
        return device_id("ann, anew")

    monkeypatch.setattr(web_app, "new_identity", new_identity)
    forgotten = asyncio.run(ann.forget_this_device())

    assert forgotten.deleted == (mine,) and forgotten.left == (shared,)
    assert ann.device == device_id("ann, anew") and ann.visible_tables() == []
    assert not ann.may_open(shared) and ann.presence.tables() == set()
    assert [table.id for table in bob.visible_tables()] == [shared]
    with pytest.raises(TableDeleted):
        session.apply("a change", lambda draft: draft.update(note="x"))


def test_my_data_is_a_public_server_s_page_only(store):
    private = drawable(device(store, "host", public=None))
    private.show("/my-data")
    assert isinstance(private.view, HomeView)


# The screens

def screen_texts(view) -> str:
    return " ".join(text for text in texts(view.root) if text)


@pytest.mark.parametrize("code, kept", [
    ("en", "kept until Jun 29, 2031"), ("es", "se guarda hasta el 29 jun 2031"),
    ("de", "bleibt bis 29. Juni 2031")])
def test_home_says_each_table_s_date_in_the_device_s_language(store, clock, code, kept):
    maker = drawable(device(store, "maker"))
    maker.retention = Retention(store, 120, 365, clock=clock)
    from ui.parts.words import app_language

    maker.words = app_language(code)
    table_id = new_table(store, maker.device)
    opened_at(maker.retention, clock, table_id, T0)
    home = HomeView(maker)
    row = identified(home.root, f"kept-until-{table_id}")
    assert row is not None and row.value == kept
    assert "120" in " ".join(texts(identified(home.root, "retention-rule")))
    # The private mode keeps everything, and says nothing of it.
    private = drawable(device(store, "maker", public=None))
    private.retention = maker.retention
    assert identified(HomeView(private).root, f"kept-until-{table_id}") is None


def test_my_data_says_what_is_kept_and_counts_the_device_s_tables(store):
    maker = device(store, "maker")
    maker.retention = Retention(store)
    new_table(store, maker.device)
    text = screen_texts(MyDataView(maker))
    assert "What this server stores" in text and "Who can see it" in text
    assert "90 days" in text and "365 days" in text
    assert "Download a backup of my table (1)" in text


def test_a_store_kept_by_a_private_server_loses_nothing_at_its_first_public_start(
        store, retention, clock):
    """Its tables' clocks are months old: the public mode notes when it began, and no table
    goes sooner than its days after that, each date on the screens all along."""
    old = new_table(store)
    opened_at(retention, clock, old, T0 - 400 * DAY)
    clock.now = T0
    public = Retention(store, 90, 365, clock=clock)
    assert public.begin() == T0
    assert Retention(store, clock=Clock(T0 + DAY)).begin() == T0  # noted once, for good
    assert public.kept_until(store.get(old)) == T0 + 90 * DAY
    assert public.sweep(T0 + 89 * DAY) == []
    assert public.sweep(T0 + 91 * DAY) == [old]


def test_a_table_this_process_never_saw_opened_is_dated_by_the_store(store, clock):
    """Another process (or an earlier run) opened it: the store's clock alone says its date."""
    table_id = new_table(store)
    opened_at(Retention(store, clock=clock), clock, table_id, T0)
    assert Retention(store, clock=clock).kept_until(store.get(table_id)) == T0 + 90 * DAY


def test_opening_a_table_s_screen_starts_its_clock_on_the_writer_and_shows_its_date(store,
                                                                                    clock):
    """Through the app's router on a real Flet session: the scorepad's address notes the
    opening (written by the storage writer, off the event loop) and says the date under it."""
    import msgpack
    from flet.messaging.session import Session

    from live_devices import ENCODE, RecordingConnection, Server
    from ui.web.app import AppContext

    async def run() -> None:
        server = Server(store)
        retention = Retention(store, clock=clock, writer=server.sessions.writer)
        table_id = new_table(store, device_id("ann"))
        session = Session(RecordingConnection(server.hub, asyncio.get_running_loop()))
        session.apply_page_patch({"width": 390, "height": 844})
        msgpack.packb(session.get_page_patch(), default=ENCODE)
        context = AppContext(session.page, store, server.sessions, Access(store, public=True),
                             server.presence, device_id("ann"), (), None, PUBLIC, None,
                             retention)
        context.show(f"/table/{table_id}/scorepad")
        await server.settle()
        assert store.get(table_id).opened == T0
        assert server.presence.tables() == {table_id}
        notice = identified(context.view.root, "scorepad-kept-until")
        assert texts(notice) == ["Kept on this server until May 30, 2031; download a backup to "
                                 "keep it longer."]

    asyncio.run(run())


def test_recently_deleted_says_each_table_s_date_too(store, clock):
    maker = drawable(device(store, "maker"))
    maker.retention = Retention(store, 90, 365, clock=clock)
    table_id = new_table(store, maker.device)
    opened_at(maker.retention, clock, table_id, T0)
    store.delete(table_id)
    home = HomeView(maker)
    assert identified(home.root, f"open-table-{table_id}") is None  # not in the lists
    assert identified(home.root, f"kept-until-{table_id}").value == "kept until May 30, 2031"
    assert "Kept until you empty them, or until the date beside each" in screen_texts(home)
